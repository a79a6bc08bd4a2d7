import { useState } from 'react';
import { type AddressFormat, addressFormatOf, localityFieldOrder } from '#app/modules/customers/address-format.ts';
import type { AddressField } from '#app/modules/customers/address-form.ts';
import { countryOptions } from '#app/modules/customers/countries.ts';
import type { FieldErrors } from '#app/lib/forms/field-errors.ts';
import { useI18n } from '#app/modules/i18n/i18n.tsx';
import { CheckboxField, TextField } from '#app/components/forms/form-fields.tsx';
import { Field } from '#app/components/ui/field.tsx';

type AddressValues = Partial<Record<AddressField, string | boolean | null>>;

const text = (value: string | boolean | null | undefined) => (typeof value === 'string' ? value : '');
const checked = (value: string | boolean | null | undefined) => value === true || value === 'on';

/**
 * The fields of an address (spec §5), shared by the account and the checkout, in the order and
 * words of the destination (address-format.ts): one first line with the house number for the UK
 * and the US, postcode before the city where that is local usage, a state only where the post
 * uses one. The form follows the country chosen (at once with JavaScript, after sending without).
 * `values` is a stored address or what the shopper typed before a failed check; `namePrefix`
 * tells a second address in the same form apart (the billing address on the shipping step).
 */
export function AddressFields({
  values,
  errors,
  withDefaults,
  idPrefix = 'address',
  namePrefix = '',
  withVatNumber = true,
}: {
  values: AddressValues;
  errors: FieldErrors<AddressField>;
  withDefaults?: boolean;
  idPrefix?: string;
  namePrefix?: string;
  withVatNumber?: boolean;
}) {
  const { t, locale } = useI18n();
  const [countryCode, setCountryCode] = useState(text(values.countryCode));
  const format = addressFormatOf(countryCode);
  const field = (name: AddressField) => ({ name: `${namePrefix}${name}`, idPrefix, defaultValue: text(values[name]), error: errors[name] });
  const countryId = `${idPrefix}-${namePrefix}countryCode`;
  const locality = {
    zipCode: <TextField key="zipCode" {...field('zipCode')} label={t(zipLabelKey(format))} autoComplete="postal-code" required />,
    city: <TextField key="city" {...field('city')} label={t('address.city')} autoComplete="address-level2" required />,
    state: <TextField key="state" {...field('state')} label={t('address.state')} autoComplete="address-level1" required />,
  };
  return (
    <>
      <div className="form-row">
        <TextField {...field('firstName')} label={t('account.firstName')} autoComplete="given-name" required />
        <TextField {...field('lastName')} label={t('account.lastName')} autoComplete="family-name" required />
      </div>
      <div className="form-row">
        <TextField {...field('companyName')} label={t('account.companyName')} autoComplete="organization" />
        {withVatNumber && <TextField {...field('vatNumber')} label={t('account.vatNumber')} />}
      </div>
      <div className="form-row">
        <Field id={countryId} label={t('address.country')} error={errors.countryCode}>
          {(control) => (
            <select
              id={control.id}
              name={`${namePrefix}countryCode`}
              autoComplete="country"
              required
              value={countryCode}
              onChange={(event) => setCountryCode(event.target.value)}
              aria-invalid={control['aria-invalid']}
              aria-describedby={control['aria-describedby']}
            >
              <option value="">{t('address.chooseCountry')}</option>
              {countryOptions(locale).map((country) => (
                <option key={country.code} value={country.code}>
                  {country.name}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      {/* One structure for both formats, so a street typed before the country changed stays typed. */}
      <div className={format.houseNumber === 'separate' ? 'form-row form-row--street' : 'form-row'}>
        <TextField
          {...field('street')}
          // One first line: an address saved with the number in its own field shows it in that line.
          defaultValue={format.houseNumber === 'separate' ? text(values.street) : [text(values.houseNumber), text(values.street)].filter(Boolean).join(' ')}
          label={t(streetLabelKey(format))}
          autoComplete="address-line1"
          required
        />
        {format.houseNumber === 'separate' && <TextField {...field('houseNumber')} label={t('address.houseNumber')} autoComplete="address-line2" required />}
      </div>
      <div className="form-row">{localityFieldOrder(format).map((name) => locality[name])}</div>
      <TextField {...field('phone')} type="tel" label={t('address.phone')} autoComplete="tel" required />
      {withDefaults && (
        <>
          <CheckboxField
            name="isDefaultShipping"
            idPrefix={idPrefix}
            label={t('account.useAsDefaultShipping')}
            defaultChecked={checked(values.isDefaultShipping)}
          />
          <CheckboxField
            name="isDefaultBilling"
            idPrefix={idPrefix}
            label={t('account.useAsDefaultBilling')}
            defaultChecked={checked(values.isDefaultBilling)}
          />
        </>
      )}
    </>
  );
}

const zipLabelKey = (format: AddressFormat) => (format.postcodeWord === 'zip' ? 'address.zipCodeUs' : 'address.zipCode');
const streetLabelKey = (format: AddressFormat) => (format.houseNumber === 'separate' ? 'address.street' : 'address.addressLine1');

/**
 * The address fields of a form in page order with their ids and labels (as AddressFields draws
 * them for the country), for the error summary's links.
 */
export function useAddressLabels(countryCode: string, idPrefix: string, namePrefix = ''): { name: string; id: string; label: string }[] {
  const { t } = useI18n();
  const format = addressFormatOf(countryCode);
  const labels: [AddressField, string][] = [
    ['firstName', t('account.firstName')],
    ['lastName', t('account.lastName')],
    ['companyName', t('account.companyName')],
    ['countryCode', t('address.country')],
    ['street', t(streetLabelKey(format))],
    ...(format.houseNumber === 'separate' ? [['houseNumber', t('address.houseNumber')] as [AddressField, string]] : []),
    ...localityFieldOrder(format).map((name): [AddressField, string] => [name, name === 'zipCode' ? t(zipLabelKey(format)) : t(`address.${name}`)]),
    ['phone', t('address.phone')],
  ];
  return labels.map(([name, label]) => ({ name: `${namePrefix}${name}`, id: `${idPrefix}-${namePrefix}${name}`, label }));
}
