/**
 * The storefronts: one per locale, each under its own path prefix, with the currencies of
 * spec §3 (the first is the default). Shared by server and browser, so plain data only.
 */
export interface StorefrontLocale {
  /** Storefront code, also the BCP 47 tag used for Intl formatting. */
  code: LocaleCode;
  /** Lowercase URL prefix without slash. */
  prefix: string;
  /** ISO 639-1 language of the storefront. */
  language: string;
  /** The storefront's own name for itself, in its language. */
  name: string;
  /** The shop's country for this storefront; null for the international store. */
  countryCode: string | null;
  currencies: readonly [CurrencyCode, ...CurrencyCode[]];
  /** Italy shows prices including VAT, every other store excluding (spec §9). */
  pricesIncludeVat: boolean;
}

export const currencyCodes = ['AUD', 'CAD', 'CHF', 'CZK', 'DKK', 'EUR', 'GBP', 'HKD', 'JPY', 'NOK', 'PLN', 'RUB', 'SEK', 'USD'] as const;
export type CurrencyCode = (typeof currencyCodes)[number];

export const localeCodes = ['en-US', 'en', 'pl-PL', 'nl-NL', 'de-DE', 'da-DK', 'en-GB', 'es-ES', 'fr-FR', 'it-IT', 'sv-SE'] as const;
export type LocaleCode = (typeof localeCodes)[number];

export const storefronts: readonly StorefrontLocale[] = [
  { code: 'en-US', prefix: 'en-us', language: 'en', name: 'United States', countryCode: 'US', currencies: ['USD'], pricesIncludeVat: false },
  {
    code: 'en',
    prefix: 'en',
    language: 'en',
    name: 'International',
    countryCode: null,
    currencies: ['EUR', 'GBP', 'DKK', 'NOK', 'PLN', 'SEK', 'CHF', 'USD'],
    pricesIncludeVat: false,
  },
  { code: 'pl-PL', prefix: 'pl-pl', language: 'pl', name: 'Polska', countryCode: 'PL', currencies: ['PLN', 'EUR'], pricesIncludeVat: false },
  { code: 'nl-NL', prefix: 'nl-nl', language: 'nl', name: 'Nederland', countryCode: 'NL', currencies: ['EUR'], pricesIncludeVat: false },
  { code: 'de-DE', prefix: 'de-de', language: 'de', name: 'Deutschland', countryCode: 'DE', currencies: ['EUR', 'CHF'], pricesIncludeVat: false },
  { code: 'da-DK', prefix: 'da-dk', language: 'da', name: 'Danmark', countryCode: 'DK', currencies: ['DKK', 'EUR'], pricesIncludeVat: false },
  { code: 'en-GB', prefix: 'en-gb', language: 'en', name: 'United Kingdom', countryCode: 'GB', currencies: ['GBP', 'EUR'], pricesIncludeVat: false },
  { code: 'es-ES', prefix: 'es-es', language: 'es', name: 'España', countryCode: 'ES', currencies: ['EUR', 'USD'], pricesIncludeVat: false },
  { code: 'fr-FR', prefix: 'fr-fr', language: 'fr', name: 'France', countryCode: 'FR', currencies: ['EUR'], pricesIncludeVat: false },
  { code: 'it-IT', prefix: 'it-it', language: 'it', name: 'Italia', countryCode: 'IT', currencies: ['EUR'], pricesIncludeVat: true },
  { code: 'sv-SE', prefix: 'sv-se', language: 'sv', name: 'Sverige', countryCode: 'SE', currencies: ['SEK', 'EUR'], pricesIncludeVat: false },
];

export interface CurrencyDefinition {
  code: CurrencyCode;
  symbol: string;
  name: string;
  /** Decimal places of the currency's minor unit (JPY has none). */
  minorUnits: number;
}

export const currencyDefinitions: readonly CurrencyDefinition[] = [
  { code: 'AUD', symbol: 'A$', name: 'Australian dollar', minorUnits: 2 },
  { code: 'CAD', symbol: 'C$', name: 'Canadian dollar', minorUnits: 2 },
  { code: 'CHF', symbol: 'CHF', name: 'Swiss franc', minorUnits: 2 },
  { code: 'CZK', symbol: 'Kč', name: 'Czech koruna', minorUnits: 2 },
  { code: 'DKK', symbol: 'kr.', name: 'Danish krone', minorUnits: 2 },
  { code: 'EUR', symbol: '€', name: 'Euro', minorUnits: 2 },
  { code: 'GBP', symbol: '£', name: 'Pound sterling', minorUnits: 2 },
  { code: 'HKD', symbol: 'HK$', name: 'Hong Kong dollar', minorUnits: 2 },
  { code: 'JPY', symbol: '¥', name: 'Japanese yen', minorUnits: 0 },
  { code: 'NOK', symbol: 'kr', name: 'Norwegian krone', minorUnits: 2 },
  { code: 'PLN', symbol: 'zł', name: 'Polish złoty', minorUnits: 2 },
  { code: 'RUB', symbol: '₽', name: 'Russian rouble', minorUnits: 2 },
  { code: 'SEK', symbol: 'kr', name: 'Swedish krona', minorUnits: 2 },
  { code: 'USD', symbol: '$', name: 'US dollar', minorUnits: 2 },
];

export const baseCurrency: CurrencyCode = 'EUR';
export const fallbackLocale: LocaleCode = 'en-US';

export function storefrontByCode(code: string): StorefrontLocale | undefined {
  return storefronts.find((s) => s.code === code);
}

export function storefrontByPrefix(prefix: string): StorefrontLocale | undefined {
  return storefronts.find((s) => s.prefix === prefix);
}

/**
 * The shop's own time zone (the warehouse is in the Netherlands): dates of orders and invoices
 * read the same on the server, in every browser and on paper.
 */
export const shopTimeZone = 'Europe/Amsterdam';
