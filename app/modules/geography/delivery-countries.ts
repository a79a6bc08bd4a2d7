/**
 * The countries we deliver to. Names come from Intl.DisplayNames in the shopper's language
 * (locale-formats.ts), so they need no translation files. `stateRequired`: addresses there need a
 * state or province.
 */
export interface DeliveryCountry {
  code: string;
  inEu: boolean;
  stateRequired: boolean;
}

const eu = [
  'AT',
  'BE',
  'BG',
  'HR',
  'CY',
  'CZ',
  'DK',
  'EE',
  'FI',
  'FR',
  'DE',
  'GR',
  'HU',
  'IE',
  'IT',
  'LV',
  'LT',
  'LU',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SK',
  'SI',
  'ES',
  'SE',
];
const nonEu = ['GB', 'CH', 'NO', 'IS', 'LI', 'US', 'CA', 'AU', 'NZ', 'HK', 'JP'];
const statesRequired = new Set(['US', 'CA', 'AU']);

export const deliveryCountries: readonly DeliveryCountry[] = [
  ...eu.map((code) => ({ code, inEu: true, stateRequired: false })),
  ...nonEu.map((code) => ({ code, inEu: false, stateRequired: statesRequired.has(code) })),
];

export const deliveryCountryByCode = (code: string) => deliveryCountries.find((country) => country.code === code);
