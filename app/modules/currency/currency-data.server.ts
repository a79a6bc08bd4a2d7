import type { StorefrontLocale } from '#app/modules/i18n/locales.ts';
import type { CurrencyRate } from './exchange-rates.server.ts';

/** The shop's prices are kept in euros; every exchange rate is from EUR. */
export const baseCurrencyCode = 'EUR';

export interface CurrencyData {
  base_currency_code: string;
  available_currency_codes: string[];
  exchange_rates: { currency_to: string; rate: number }[];
}

/**
 * The currency query of spec §7: the base currency, the currencies a store offers (every currency
 * with a rate when no store is named) and the rate from the base currency to each of them.
 */
export function currencyData(rates: Map<string, CurrencyRate>, storefront: StorefrontLocale | null): CurrencyData {
  const available = storefront ? storefront.currencies.filter((code) => rates.has(code)) : [...rates.keys()].sort();
  return {
    base_currency_code: baseCurrencyCode,
    available_currency_codes: available,
    exchange_rates: available.map((code) => ({ currency_to: code, rate: Number(rates.get(code)!.rate) })),
  };
}
