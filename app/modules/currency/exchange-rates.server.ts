import type { Database } from '#app/db/client.server.ts';
import { currencies, exchangeRates } from '#app/db/schema.ts';
import { eq } from 'drizzle-orm';
import { minuteCache } from '#app/lib/cache/minute-cache.server.ts';

export interface CurrencyRate {
  rate: string;
  minorUnits: number;
  symbol: string;
}

const cached = minuteCache<Map<string, CurrencyRate>>(1);

/** Exchange rates against EUR with each currency's minor units; cached for a minute. */
export function getCurrencyRates(db: Database): Promise<Map<string, CurrencyRate>> {
  return cached(db, 'rates', () => loadRates(db));
}

async function loadRates(db: Database): Promise<Map<string, CurrencyRate>> {
  const rows = await db
    .select({ code: currencies.code, minorUnits: currencies.minorUnits, symbol: currencies.symbol, rate: exchangeRates.rate })
    .from(currencies)
    .innerJoin(exchangeRates, eq(exchangeRates.currencyCode, currencies.code));
  return new Map(rows.map((row) => [row.code, { rate: row.rate, minorUnits: row.minorUnits, symbol: row.symbol }]));
}
