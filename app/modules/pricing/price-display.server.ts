import type { Database } from '#app/db/client.server.ts';
import { getCurrencyRates } from '#app/modules/currency/exchange-rates.server.ts';
import type { StorefrontSelection } from '#app/modules/i18n/storefront-request.server.ts';
import type { PriceDisplay } from './price-display.ts';
import { displayVatRateBp } from './vat.ts';

/** How this visitor sees prices: their currency at the stored rate, with or without the store's VAT. */
export async function priceDisplayFor(db: Database, { storefront, currency, includeVat }: StorefrontSelection): Promise<PriceDisplay> {
  const rate = (await getCurrencyRates(db)).get(currency);
  if (!rate) throw new Error(`no exchange rate for ${currency}`);
  return {
    locale: storefront.code,
    currency,
    minorUnits: rate.minorUnits,
    rate: rate.rate,
    vatRateBp: displayVatRateBp[storefront.code],
    includeVat,
  };
}
