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

/** Adds VAT in basis points to a net amount, rounding half away from zero. */
export function addVat(netMinor: number, vatRateBp: number): number {
  return Number(divideRounded(BigInt(netMinor) * BigInt(10_000 + vatRateBp), 10_000n));
}

function divideRounded(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n;
  const absolute = negative ? -numerator : numerator;
  const quotient = (absolute * 2n + denominator) / (2n * denominator);
  return negative ? -quotient : quotient;
}
