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

/**
 * Makes the locale and currency tables match the storefront configuration. Idempotent, and writes
 * only what differs: every start calls it, and each write statement (even one that changes no row)
 * tells every process to drop its pages and caches (decision 0019).
 */
export async function ensureReferenceData(db: Database): Promise<void> {
  const wantedCurrencies = currencyDefinitions.map((c) => ({ code: c.code, symbol: c.symbol, name: c.name, minorUnits: c.minorUnits }));
  const wantedLocales = storefronts.map((s, position) => ({
    code: s.code,
    pathPrefix: s.prefix,
    language: s.language,
    name: s.name,
    countryCode: s.countryCode,
    defaultCurrencyCode: s.currencies[0],
    pricesIncludeVat: s.pricesIncludeVat,
    position,
  }));
  const wantedLocaleCurrencies = storefronts.flatMap((s) => s.currencies.map((currencyCode, position) => ({ localeCode: s.code, currencyCode, position })));

  await db.transaction(async (tx) => {
    if (!allPresent(wantedCurrencies, await tx.select().from(currencies), ['code'])) {
      await tx
        .insert(currencies)
        .values(wantedCurrencies)
        .onConflictDoUpdate({
          target: currencies.code,
          set: { symbol: sql`excluded.symbol`, name: sql`excluded.name`, minorUnits: sql`excluded.minor_units` },
        });
    }
    const rated = new Set((await tx.select({ code: exchangeRates.currencyCode }).from(exchangeRates)).map((row) => row.code));
    const unrated = currencyDefinitions.filter((c) => !rated.has(c.code));
    if (unrated.length > 0) {
      await tx
        .insert(exchangeRates)
        .values(unrated.map((c) => ({ currencyCode: c.code, rate: initialEuroRates[c.code] ?? '1' })))
        .onConflictDoNothing();
    }
    if (!allPresent(wantedLocales, await tx.select().from(locales), ['code'])) {
      await tx
        .insert(locales)
        .values(wantedLocales)
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
    }
    const currentLocaleCurrencies = await tx.select().from(localeCurrencies);
    if (
      currentLocaleCurrencies.length !== wantedLocaleCurrencies.length ||
      !allPresent(wantedLocaleCurrencies, currentLocaleCurrencies, ['localeCode', 'currencyCode'])
    ) {
      await tx.delete(localeCurrencies);
      await tx.insert(localeCurrencies).values(wantedLocaleCurrencies);
    }
  });
}

/** Whether every wanted row is in `current` (found by its key columns) with the same values. */
function allPresent<Row extends Record<string, unknown>>(wanted: readonly Row[], current: readonly Row[], key: readonly (keyof Row)[]): boolean {
  const keyOf = (row: Row) => key.map((column) => String(row[column])).join('\u0000');
  const currentByKey = new Map(current.map((row) => [keyOf(row), row]));
  return wanted.every((row) => {
    const found = currentByKey.get(keyOf(row));
    return found !== undefined && Object.keys(row).every((column) => (row[column] ?? null) === (found[column] ?? null));
  });
}
