import { FieldMessage } from '#app/components/forms/form-fields.tsx';
import type { FormFailure } from '#app/lib/forms/field-errors.ts';
import { useI18n } from '#app/modules/i18n/i18n.tsx';

/**
 * The bulk actions under the products list: each action is its own button of the list's form, so
 * it works without JavaScript; the fields an action needs sit next to its button.
 */
export function ProductBulkActions({
  categories,
  currencies,
  failure,
}: {
  categories: { id: number; name: string; level: number }[];
  currencies: string[];
  failure?: FormFailure;
}) {
  const { t } = useI18n();
  const value = (name: string, fallback = '') => failure?.values[name] ?? fallback;
  const button = (intent: string, label: string) => (
    <button type="submit" name="intent" value={intent} className="button admin-button">
      {label}
    </button>
  );
  const invalid = (name: string) => (failure?.fieldErrors[name] ? { 'aria-invalid': true, 'aria-describedby': `bulk-${name}-error` } : {});
  return (
    <fieldset className="admin-bulk">
      <legend>{t('admin.catalogue.bulk.label')}</legend>
      <div className="admin-bulk__group">
        {button('activate', t('admin.catalogue.bulk.activate'))}
        {button('deactivate', t('admin.catalogue.bulk.deactivate'))}
      </div>
      <div className="admin-bulk__group">
        <div className="form-field">
          <label htmlFor="bulk-categoryId">{t('admin.catalogue.bulk.category')}</label>
          <select id="bulk-categoryId" name="categoryId" defaultValue={value('categoryId')} {...invalid('categoryId')}>
            <option value="">–</option>
            {categories.map((category) => (
              <option key={category.id} value={category.id}>
                {`${'– '.repeat(Math.max(0, category.level - 1))}${category.name}`}
              </option>
            ))}
          </select>
          <FieldMessage id="bulk-categoryId-error" error={failure?.fieldErrors.categoryId} />
        </div>
        {button('move', t('admin.catalogue.bulk.move'))}
      </div>
      <div className="admin-bulk__group">
        <div className="form-field">
          <label htmlFor="bulk-priceMode">{t('admin.catalogue.bulk.priceMode')}</label>
          <select id="bulk-priceMode" name="priceMode" defaultValue={value('priceMode', 'percent')}>
            <option value="percent">{t('admin.catalogue.bulk.byPercent')}</option>
            <option value="amount">{t('admin.catalogue.bulk.byAmount')}</option>
          </select>
        </div>
        <div className="form-field">
          <label htmlFor="bulk-priceValue">{t('admin.catalogue.bulk.priceValue')}</label>
          <input id="bulk-priceValue" name="priceValue" inputMode="decimal" defaultValue={value('priceValue')} {...invalid('priceValue')} />
          <FieldMessage id="bulk-priceValue-error" error={failure?.fieldErrors.priceValue} />
        </div>
        <div className="form-field">
          <label htmlFor="bulk-currency">{t('admin.catalogue.bulk.currency')}</label>
          <select id="bulk-currency" name="currency" defaultValue={value('currency', 'EUR')}>
            {currencies.map((currency) => (
              <option key={currency} value={currency}>
                {currency}
              </option>
            ))}
          </select>
        </div>
        {button('price', t('admin.catalogue.bulk.changePrices'))}
      </div>
      <div className="admin-bulk__group">
        <div className="form-field">
          <label htmlFor="bulk-stockMode">{t('admin.catalogue.bulk.stockMode')}</label>
          <select id="bulk-stockMode" name="stockMode" defaultValue={value('stockMode', 'set')}>
            <option value="set">{t('admin.catalogue.bulk.stockSet')}</option>
            <option value="add">{t('admin.catalogue.bulk.stockAdd')}</option>
          </select>
        </div>
        <div className="form-field">
          <label htmlFor="bulk-stockQuantity">{t('admin.catalogue.bulk.quantityLabel')}</label>
          <input id="bulk-stockQuantity" name="stockQuantity" inputMode="numeric" defaultValue={value('stockQuantity')} {...invalid('stockQuantity')} />
          <FieldMessage id="bulk-stockQuantity-error" error={failure?.fieldErrors.stockQuantity} />
        </div>
        {button('stock', t('admin.catalogue.bulk.changeStock'))}
      </div>
    </fieldset>
  );
}
