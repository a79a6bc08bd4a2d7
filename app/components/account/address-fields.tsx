import type { AddressField } from '../../modules/customers/address-form.ts';
import { countryOptions } from '../../modules/customers/countries.ts';
import type { FieldErrors } from '../../modules/forms/field-errors.ts';
import { useI18n } from '../../modules/i18n/i18n.tsx';
import { CheckboxField, FieldMessage, TextField } from '../forms/form-fields.tsx';

type AddressValues = Partial<Record<AddressField, string | boolean | null>>;

const text = (value: string | boolean | null | undefined) => (typeof value === 'string' ? value : '');
const checked = (value: string | boolean | null | undefined) => value === true || value === 'on';

/**
 * The fields of an address (spec §5), shared by the account and the checkout. `values` is a
 * stored address or what the shopper typed before a failed check.
 */
export function AddressFields({ values, errors, withDefaults, idPrefix = 'address' }: { values: AddressValues; errors: FieldErrors<AddressField>; withDefaults?: boolean; idPrefix?: string }) {
  const { t, locale } = useI18n();
  const field = (name: AddressField) => ({ name, idPrefix, defaultValue: text(values[name]), error: errors[name] });
  const countryId = `${idPrefix}-countryCode`;
  return (
    <>
      <div className="form-row">
        <TextField {...field('firstName')} label={t('account.firstName')} autoComplete="given-name" required />
        <TextField {...field('lastName')} label={t('account.lastName')} autoComplete="family-name" required />
      </div>
      <div className="form-row">
        <TextField {...field('companyName')} label={t('account.companyName')} autoComplete="organization" />
        <TextField {...field('vatNumber')} label={t('account.vatNumber')} />
      </div>
      <div className="form-row form-row--street">
        <TextField {...field('street')} label={t('address.street')} autoComplete="address-line1" required />
        <TextField {...field('houseNumber')} label={t('address.houseNumber')} autoComplete="address-line2" required />
      </div>
      <div className="form-row">
        <TextField {...field('zipCode')} label={t('address.zipCode')} autoComplete="postal-code" required />
        <TextField {...field('city')} label={t('address.city')} autoComplete="address-level2" required />
      </div>
      <div className="form-row">
        <div className="form-field">
          <label htmlFor={countryId}>{t('address.country')}</label>
          <select
            id={countryId}
            name="countryCode"
            autoComplete="country"
            required
            defaultValue={text(values.countryCode)}
            aria-invalid={errors.countryCode ? true : undefined}
            aria-describedby={errors.countryCode ? `${countryId}-error` : undefined}
          >
            <option value="">{t('address.chooseCountry')}</option>
            {countryOptions(locale).map((country) => (
              <option key={country.code} value={country.code}>
                {country.name}
              </option>
            ))}
          </select>
          <FieldMessage id={`${countryId}-error`} error={errors.countryCode} />
        </div>
        <TextField {...field('state')} label={t('address.state')} autoComplete="address-level1" hint={t('address.stateHint')} />
      </div>
      <TextField {...field('phone')} type="tel" label={t('address.phone')} autoComplete="tel" required />
      {withDefaults && (
        <>
          <CheckboxField name="isDefaultShipping" idPrefix={idPrefix} label={t('account.useAsDefaultShipping')} defaultChecked={checked(values.isDefaultShipping)} />
          <CheckboxField name="isDefaultBilling" idPrefix={idPrefix} label={t('account.useAsDefaultBilling')} defaultChecked={checked(values.isDefaultBilling)} />
        </>
      )}
    </>
  );
}
