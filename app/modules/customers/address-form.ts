import { postcodeValidator, postcodeValidatorExistsForCountry } from 'postcode-validator';
import { z } from 'zod';
import { checkbox, minimumLength, nameFields, optionalText, required } from './customer-forms.ts';
import { addressFormatOf } from './address-format.ts';
import { deliveryCountryByCode } from './countries.ts';
import { isValidVatNumber } from './vat-number.ts';

export const addressFields = [
  'firstName',
  'lastName',
  'companyName',
  'vatNumber',
  'street',
  'houseNumber',
  'city',
  'state',
  'countryCode',
  'zipCode',
  'phone',
  'isDefaultBilling',
  'isDefaultShipping',
] as const;
export type AddressField = (typeof addressFields)[number];

/** Spec §5 address rules; the zip code must match the chosen country's format. */
export const addressSchema = z
  .object({
    ...nameFields,
    companyName: optionalText(minimumLength.companyName),
    vatNumber: optionalText(minimumLength.vatNumber),
    street: required(minimumLength.street),
    // Required where the country writes it in its own field (address-format.ts); elsewhere it is part of the street line.
    houseNumber: z.string().trim().max(20, 'validation.invalid'),
    city: required(minimumLength.city),
    state: z.string().trim(),
    countryCode: z
      .string()
      .trim()
      .min(1, 'validation.required')
      .refine((code) => deliveryCountryByCode(code) !== undefined, 'validation.country'),
    zipCode: required(minimumLength.zipCode).transform((zip) => zip.toUpperCase()),
    phone: required(minimumLength.phone).refine(
      (phone) => /^\+?[\d\s().-]+$/.test(phone) && phone.replace(/\D/g, '').length >= minimumLength.phone,
      'validation.phone',
    ),
    isDefaultBilling: checkbox,
    isDefaultShipping: checkbox,
  })
  .superRefine((address, context) => {
    const country = deliveryCountryByCode(address.countryCode);
    if (!country) return;
    const format = addressFormatOf(country.code);
    if (format.houseNumber === 'separate' && address.houseNumber === '')
      context.addIssue({ code: 'custom', path: ['houseNumber'], message: 'validation.required' });
    if (format.state === 'required' && address.state === '') context.addIssue({ code: 'custom', path: ['state'], message: 'validation.required' });
    if (postcodeValidatorExistsForCountry(country.code) && !postcodeValidator(address.zipCode, country.code)) {
      context.addIssue({ code: 'custom', path: ['zipCode'], message: 'validation.zipFormat' });
    }
    if (address.vatNumber && !isValidVatNumber(address.vatNumber, country.code)) {
      context.addIssue({ code: 'custom', path: ['vatNumber'], message: 'validation.vatFormat' });
    }
  })
  .transform(({ state, ...address }) => ({ ...address, state: addressFormatOf(address.countryCode).state === 'none' ? null : state || null }));
export type AddressInput = z.output<typeof addressSchema>;
