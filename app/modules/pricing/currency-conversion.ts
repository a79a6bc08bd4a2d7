import { divideRounded } from './rounding.ts';

/** A decimal rate "1.0825" as an exact fraction: 10825 / 10^4. */
function rateFraction(rate: string): { scaled: bigint; scale: bigint } {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(rate.trim());
  if (!match) throw new RangeError(`invalid exchange rate ${rate}`);
  const fraction = match[2] ?? '';
  return { scaled: BigInt(`${match[1]}${fraction}`), scale: 10n ** BigInt(fraction.length) };
}

/**
 * Converts an amount in EUR cents into minor units of another currency at a decimal rate
 * (1 EUR = rate), rounding half away from zero. Exact: BigInt arithmetic, no floats.
 */
export function convertFromEur(eurCents: number, rate: string, minorUnits: number): number {
  const { scaled, scale } = rateFraction(rate);
  // eurCents / 100 * rate * 10^minorUnits
  return Number(divideRounded(BigInt(eurCents) * scaled * 10n ** BigInt(minorUnits), 100n * scale));
}

/** The inverse: minor units of a currency at a decimal rate (1 EUR = rate) back into EUR cents, rounded half away from zero. */
export function convertToEur(minor: number, rate: string, minorUnits: number): number {
  const { scaled, scale } = rateFraction(rate);
  if (scaled === 0n) throw new RangeError(`invalid exchange rate ${rate}`);
  // minor / 10^minorUnits / rate * 100
  return Number(divideRounded(BigInt(minor) * 100n * scale, scaled * 10n ** BigInt(minorUnits)));
}
