import { sql } from 'drizzle-orm';
import type { Database } from '#app/db/client.server.ts';
import { currencies, exchangeRates, localeCurrencies, locales } from '#app/db/schema.ts';
import { currencyDefinitions, storefronts } from './locales.ts';

/**
 * Starting exchange rates (1 EUR = rate). Only inserted when a currency has no rate yet;
 * the shop owner's updates are never overwritten.
 */
export const initialEuroRates: Record<string, string> = {
  EUR: '1',
  USD: '1.1600',
  GBP: '0.8700',
  DKK: '7.4600',
  NOK: '11.7000',
  PLN: '4.2500',
  SEK: '10.9500',
  CHF: '0.9300',
  AUD: '1.7800',
  CAD: '1.6200',
  CZK: '24.3000',
  HKD: '9.0500',
  JPY: '178.0000',
  RUB: '95.0000',
};

/** Makes the locale and currency tables match the storefront configuration. Idempotent. */
export async function ensureReferenceData(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(currencies)
      .values(currencyDefinitions.map((c) => ({ code: c.code, symbol: c.symbol, name: c.name, minorUnits: c.minorUnits })))
      .onConflictDoUpdate({
        target: currencies.code,
        set: { symbol: sql`excluded.symbol`, name: sql`excluded.name`, minorUnits: sql`excluded.minor_units` },
      });
    await tx
      .insert(exchangeRates)
      .values(currencyDefinitions.map((c) => ({ currencyCode: c.code, rate: initialEuroRates[c.code] ?? '1' })))
      .onConflictDoNothing();
    await tx
      .insert(locales)
      .values(
        storefronts.map((s, position) => ({
          code: s.code,
          pathPrefix: s.prefix,
          language: s.language,
          name: s.name,
          countryCode: s.countryCode,
          defaultCurrencyCode: s.currencies[0],
          pricesIncludeVat: s.pricesIncludeVat,
          position,
        })),
      )
      .onConflictDoUpdate({
        target: locales.code,
        set: {
          pathPrefix: sql`excluded.path_prefix`,
          language: sql`excluded.language`,
          name: sql`excluded.name`,
          countryCode: sql`excluded.country_code`,
          defaultCurrencyCode: sql`excluded.default_currency_code`,
          pricesIncludeVat: sql`excluded.prices_include_vat`,
          position: sql`excluded.position`,
        },
      });
    await tx.delete(localeCurrencies);
    await tx
      .insert(localeCurrencies)
      .values(storefronts.flatMap((s) => s.currencies.map((currencyCode, position) => ({ localeCode: s.code, currencyCode, position }))));
  });
}
