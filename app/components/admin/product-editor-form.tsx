import { Form, useNavigation } from 'react-router';
import { CheckboxField, CsrfField, FieldMessage, FormAlert, TextField } from '#app/components/forms/form-fields.tsx';
import type { ProductForEditing } from '#app/modules/catalogue-admin/product-editor.server.ts';
import { fieldName, formatTiers, newVariantId, relatedKinds, translationParts } from '#app/modules/catalogue-admin/product-editor-fields.ts';
import { minorUnitsToDecimal } from '#app/modules/currency/money.ts';
import type { FieldError } from '#app/lib/forms/field-errors.ts';
import { useI18n } from '#app/modules/i18n/i18n.tsx';
import { localeCodes, storefrontByCode } from '#app/modules/i18n/locales.ts';
import { tierSavingPercent } from '#app/modules/pricing/unit-price.ts';

interface EditorFailure {
  fieldErrors: Record<string, FieldError | undefined>;
  values: Record<string, string | undefined>;
  formError?: FieldError;
  conflict?: boolean;
}

/**
 * The product editor's one form: flags, texts per locale (a disclosure per language that says
 * what is still missing), specifications, variants and related products. After a refused save
 * every field shows what was typed, with its message next to it.
 */
export function ProductEditorForm({ editing, canWrite, failure }: { editing: ProductForEditing; canWrite: boolean; failure?: EditorFailure }) {
  const { t } = useI18n();
  const navigation = useNavigation();
  const { product } = editing;
  const value = (name: string, stored: string) => failure?.values[name] ?? stored;
  const error = (name: string) => failure?.fieldErrors[name];
  const checked = (name: string, stored: boolean) => (failure ? failure.values[name] === 'on' : stored);
  const localeHasError = (locale: string) => translationParts.some((part) => error(fieldName.text(locale, part)));
  return (
    <Form method="post" noValidate className="admin-panel admin-form admin-product-editor" aria-labelledby="product-editor-heading">
      <h2 id="product-editor-heading" className="visually-hidden">
        {t('admin.catalogue.details')}
      </h2>
      <CsrfField />
      <input type="hidden" name="version" value={product.version} />
      {failure?.formError && <FormAlert error={failure.formError} />}
      {failure?.conflict && (
        <p>
          <a href="?">{t('admin.catalogue.reloadLatest')}</a>
        </p>
      )}
      <fieldset disabled={!canWrite} className="admin-product-section">
        <legend>{t('admin.catalogue.general')}</legend>
        <p>
          {t('admin.catalogue.sku')}: <code>{product.sku}</code> · {t('admin.catalogue.filters.type')}: {product.productType}
          {editing.categories.length > 0 && ` · ${t('admin.catalogue.filters.category')}: ${editing.categories.map((category) => category.name).join(', ')}`}
        </p>
        <CheckboxField idPrefix="product" name="isActive" label={t('admin.catalogue.isActive')} defaultChecked={checked('isActive', product.isActive)} />
        <CheckboxField idPrefix="product" name="hasSample" label={t('admin.catalogue.hasSample')} defaultChecked={checked('hasSample', product.hasSample)} />
        <CheckboxField
          idPrefix="product"
          name="soldByLength"
          label={t('admin.catalogue.soldByLength')}
          defaultChecked={checked('soldByLength', product.soldByLength)}
        />
      </fieldset>

      <fieldset disabled={!canWrite} className="admin-product-section">
        <legend>{t('admin.catalogue.texts')}</legend>
        <p className="form-field__hint">{t('admin.catalogue.textsHint')}</p>
        {localeCodes.map((locale) => {
          const missing = editing.missing[locale];
          const storefront = storefrontByCode(locale)!;
          const stored = editing.texts[locale];
          return (
            <details key={locale} className="admin-locale" open={localeHasError(locale) || undefined}>
              <summary>
                <span className="admin-locale__code">{locale}</span> {storefront.name}{' '}
                <span className={`admin-badge admin-badge--${missing.length === 0 ? 'active' : 'disabled'}`}>
                  {missing.length === 0
                    ? t('admin.catalogue.complete')
                    : t('admin.catalogue.missing', { parts: missing.map((part) => t(`admin.catalogue.parts.${part}`)).join(', ') })}
                </span>
              </summary>
              <div className="admin-locale__fields">
                <TextField
                  idPrefix="product"
                  name={fieldName.text(locale, 'name')}
                  label={t('admin.catalogue.partIn', { part: t('admin.catalogue.parts.name'), locale })}
                  defaultValue={value(fieldName.text(locale, 'name'), stored?.name ?? '')}
                  error={error(fieldName.text(locale, 'name'))}
                />
                <TextField
                  idPrefix="product"
                  name={fieldName.text(locale, 'urlKey')}
                  label={t('admin.catalogue.partIn', { part: t('admin.catalogue.parts.urlKey'), locale })}
                  hint={t('admin.catalogue.urlKeyHint')}
                  defaultValue={value(fieldName.text(locale, 'urlKey'), stored?.urlKey ?? '')}
                  error={error(fieldName.text(locale, 'urlKey'))}
                />
                <TextField
                  idPrefix="product"
                  name={fieldName.text(locale, 'description')}
                  rows={6}
                  label={t('admin.catalogue.partIn', { part: t('admin.catalogue.parts.description'), locale })}
                  hint={t('admin.catalogue.descriptionHint')}
                  defaultValue={value(fieldName.text(locale, 'description'), stored?.description ?? '')}
                  error={error(fieldName.text(locale, 'description'))}
                />
                <TextField
                  idPrefix="product"
                  name={fieldName.text(locale, 'metaDescription')}
                  rows={2}
                  label={t('admin.catalogue.partIn', { part: t('admin.catalogue.parts.metaDescription'), locale })}
                  defaultValue={value(fieldName.text(locale, 'metaDescription'), stored?.metaDescription ?? '')}
                  error={error(fieldName.text(locale, 'metaDescription'))}
                />
                {stored?.urlKey && (
                  <p>
                    <a href={`/${storefront.prefix}/${stored.urlKey}`} target="_blank" rel="noreferrer">
                      {t('admin.catalogue.preview', { locale })}
                    </a>
                  </p>
                )}
              </div>
            </details>
          );
        })}
      </fieldset>

      <fieldset disabled={!canWrite} className="admin-product-section">
        <legend>{t('admin.catalogue.specifications')}</legend>
        <div className="admin-spec-grid">
          {editing.specifications.map((attribute) => {
            const name = fieldName.specification(attribute.id);
            const id = `product-${name}`;
            const fieldError = error(name);
            return (
              <div key={attribute.id} className="form-field">
                <label htmlFor={id}>
                  {attribute.label}
                  {attribute.unit && ` (${attribute.unit})`}
                </label>
                {attribute.valueType === 'select' ? (
                  <select
                    id={id}
                    name={name}
                    multiple
                    size={Math.min(4, attribute.options.length + 1)}
                    defaultValue={failure ? (failure.values[name] ?? '').split(',') : attribute.selected.map(String)}
                  >
                    {attribute.options.map((option) => (
                      <option key={option.id} value={option.id}>
                        {option.label}
                      </option>
                    ))}
                  </select>
                ) : (
                  <input
                    id={id}
                    name={name}
                    inputMode={attribute.valueType === 'number' ? 'decimal' : undefined}
                    defaultValue={value(name, attribute.value)}
                    aria-invalid={fieldError ? true : undefined}
                    aria-describedby={fieldError ? `${id}-error` : undefined}
                  />
                )}
                <FieldMessage id={`${id}-error`} error={fieldError} />
              </div>
            );
          })}
        </div>
      </fieldset>

      <fieldset disabled={!canWrite} className="admin-product-section">
        <legend>{t('admin.catalogue.variants')}</legend>
        <p className="form-field__hint">{t('admin.catalogue.tiersHint')}</p>
        {editing.variants.map((variant, index) => (
          <VariantFields
            key={variant.id}
            editing={editing}
            variant={variant}
            heading={t('admin.catalogue.variantNumber', { number: index + 1, sku: variant.sku })}
            value={value}
            error={error}
            checked={checked}
          />
        ))}
        <VariantFields editing={editing} variant={null} heading={t('admin.catalogue.newVariant')} value={value} error={error} checked={checked} />
      </fieldset>

      <fieldset disabled={!canWrite} className="admin-product-section">
        <legend>{t('admin.catalogue.related')}</legend>
        {relatedKinds.map((kind) => (
          <TextField
            key={kind}
            idPrefix="product"
            name={fieldName.related(kind)}
            label={t(`admin.catalogue.relatedKinds.${kind}`)}
            hint={t('admin.catalogue.relatedHint')}
            defaultValue={value(fieldName.related(kind), editing.related[kind])}
            error={error(fieldName.related(kind))}
          />
        ))}
      </fieldset>
      {canWrite && (
        <div className="admin-product-editor__save">
          <button type="submit" name="intent" value="save" className="button admin-button button--primary" disabled={navigation.state === 'submitting'}>
            {t('admin.save')}
          </button>
        </div>
      )}
    </Form>
  );
}

type Variant = ProductForEditing['variants'][number];

/** One variant's fields; `variant` null: the row of a new variant (saved once it has an article number). */
function VariantFields({
  editing,
  variant,
  heading,
  value,
  error,
  checked,
}: {
  editing: ProductForEditing;
  variant: Variant | null;
  heading: string;
  value: (name: string, stored: string) => string;
  error: (name: string) => FieldError | undefined;
  checked: (name: string, stored: boolean) => boolean;
}) {
  const { t } = useI18n();
  const id = variant?.id ?? newVariantId;
  const field = (part: Parameters<typeof fieldName.variant>[1]) => fieldName.variant(id, part);
  return (
    <section className="admin-variant" aria-label={heading}>
      <h3>{heading}</h3>
      <div className="admin-variant__fields">
        {editing.variantAttributes.map((attribute) => {
          const name = fieldName.variantOption(id, attribute.id);
          return (
            <div key={attribute.id} className="form-field">
              <label htmlFor={`product-${name}`}>{attribute.label}</label>
              <select
                id={`product-${name}`}
                name={name}
                defaultValue={value(name, String(variant?.options[attribute.id] ?? ''))}
                aria-invalid={error(name) ? true : undefined}
                aria-describedby={error(name) ? `product-${name}-error` : undefined}
              >
                <option value="">–</option>
                {attribute.options.map((option) => (
                  <option key={option.id} value={option.id}>
                    {option.label}
                  </option>
                ))}
              </select>
              <FieldMessage id={`product-${name}-error`} error={error(name)} />
            </div>
          );
        })}
        <TextField
          idPrefix="product"
          name={field('sku')}
          label={t('admin.catalogue.sku')}
          required={variant !== null}
          defaultValue={value(field('sku'), variant?.sku ?? '')}
          error={error(field('sku'))}
        />
        <TextField
          idPrefix="product"
          name={field('price')}
          label={t('admin.catalogue.priceEur')}
          required={variant !== null}
          defaultValue={value(field('price'), variant ? minorUnitsToDecimal(variant.priceCents) : '')}
          error={error(field('price'))}
        />
        <TextField
          idPrefix="product"
          name={field('stock')}
          label={t('admin.catalogue.stockColumn')}
          required={variant !== null}
          defaultValue={value(field('stock'), variant ? String(variant.stockQuantity) : '0')}
          error={error(field('stock'))}
        />
        <TextField
          idPrefix="product"
          name={field('tiers')}
          label={t('admin.catalogue.tiers')}
          defaultValue={value(field('tiers'), formatTiers(variant?.tiers ?? []))}
          error={error(field('tiers'))}
          hint={
            variant && variant.tiers.length > 0
              ? variant.tiers
                  .map((tier) =>
                    t('admin.catalogue.tierSaving', {
                      quantity: tier.minQuantity,
                      percent: tierSavingPercent({ priceCents: variant.priceCents, tiers: variant.tiers }, tier),
                    }),
                  )
                  .join(' · ')
              : undefined
          }
        />
        <CheckboxField
          idPrefix="product"
          name={field('active')}
          label={t('admin.catalogue.variantActive')}
          defaultChecked={checked(field('active'), variant?.isActive ?? true)}
        />
      </div>
    </section>
  );
}
