import type { Database } from '../../db/client.server.ts';
import { currencies, exchangeRates } from '../../db/schema.ts';
import { eq } from 'drizzle-orm';

export interface CurrencyRate {
  rate: string;
  minorUnits: number;
  symbol: string;
}

const cacheMs = 60_000;
let cached: { at: number; rates: Map<string, CurrencyRate> } | undefined;

/** Exchange rates against EUR with each currency's minor units; cached for a minute. */
export async function getCurrencyRates(db: Database): Promise<Map<string, CurrencyRate>> {
  if (cached && Date.now() - cached.at < cacheMs) return cached.rates;
  const rows = await db
    .select({ code: currencies.code, minorUnits: currencies.minorUnits, symbol: currencies.symbol, rate: exchangeRates.rate })
    .from(currencies)
    .innerJoin(exchangeRates, eq(exchangeRates.currencyCode, currencies.code));
  const rates = new Map(rows.map((row) => [row.code, { rate: row.rate, minorUnits: row.minorUnits, symbol: row.symbol }]));
  cached = { at: Date.now(), rates };
  return rates;
}
