import { formatCurrencyDecimal } from '#app/modules/i18n/locale-formats.ts';
import { currencyDefinitions } from '#app/modules/i18n/locales.ts';

/**
 * Money is handled as integer minor units. These helpers turn an amount into an exact decimal
 * string, formatted as Intl would without going through floating point (locale-formats.ts).
 */
export function minorUnitsToDecimal(amount: number, minorUnits = 2): string {
  if (!Number.isSafeInteger(amount)) throw new RangeError(`not an integer amount: ${amount}`);
  const sign = amount < 0 ? '-' : '';
  const digits = String(Math.abs(amount)).padStart(minorUnits + 1, '0');
  if (minorUnits === 0) return `${sign}${digits}`;
  return `${sign}${digits.slice(0, -minorUnits)}.${digits.slice(-minorUnits)}`;
}

export function formatMoney(amount: number, currency: string, locale: string, minorUnits = 2): string {
  return formatCurrencyDecimal(minorUnitsToDecimal(amount, minorUnits), currency, locale);
}

/** An amount kept in an order's own currency (minor units from the currency list, e.g. JPY 0). */
export function formatCurrencyAmount(amount: number, currency: string, locale: string): string {
  return formatMoney(amount, currency, locale, currencyDefinitions.find((definition) => definition.code === currency)?.minorUnits ?? 2);
}

/** Staff's typed amount: "12,50", "12.50" or "12" in a currency → minor units; null when it is not an amount. */
export function parseAmount(input: string, minorUnits: number): number | null {
  const match = /^(\d{1,9})(?:[.,](\d+))?$/.exec(input.trim());
  if (!match || (match[2] && match[2].length > minorUnits)) return null;
  return Number(match[1]) * 10 ** minorUnits + Number((match[2] ?? '').padEnd(minorUnits, '0') || 0);
}
