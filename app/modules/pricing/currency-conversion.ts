import { divideRounded } from './rounding.ts';

/**
 * Converts an amount in EUR cents into minor units of another currency at a decimal rate
 * (1 EUR = rate), rounding half away from zero. Exact: BigInt arithmetic, no floats.
 */
export function convertFromEur(eurCents: number, rate: string, minorUnits: number): number {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(rate.trim());
  if (!match) throw new RangeError(`invalid exchange rate ${rate}`);
  const fraction = match[2] ?? '';
  const rateScaled = BigInt(`${match[1]}${fraction}`);
  const rateScale = 10n ** BigInt(fraction.length);
  // eurCents / 100 * rate * 10^minorUnits
  const numerator = BigInt(eurCents) * rateScaled * 10n ** BigInt(minorUnits);
  const denominator = 100n * rateScale;
  return Number(divideRounded(numerator, denominator));
}
