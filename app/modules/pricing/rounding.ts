/**
 * The one place money is rounded (decision 0014): integer minor units in, integer minor units
 * out, exact BigInt arithmetic, halves rounded away from zero. Every other pricing function
 * rounds through these.
 */

/** numerator / denominator, rounded half away from zero. */
export function divideRounded(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n !== denominator < 0n;
  const absolute = (numerator < 0n ? -numerator : numerator) * 2n;
  const divisor = denominator < 0n ? -denominator : denominator;
  const quotient = (absolute + divisor) / (2n * divisor);
  return negative ? -quotient : quotient;
}

/** amount × numerator / denominator, rounded half away from zero (amounts in minor units). */
export function scaleRounded(amount: number, numerator: number, denominator: number): number {
  return Number(divideRounded(BigInt(amount) * BigInt(numerator), BigInt(denominator)));
}

/** A share of an amount in basis points (500 = 5 %): discounts and VAT. */
export function basisPointsOf(amount: number, rateBp: number): number {
  return scaleRounded(amount, rateBp, 10_000);
}

/** A net amount with VAT in basis points added (2100 = 21 %). */
export function addVat(netMinor: number, vatRateBp: number): number {
  return scaleRounded(netMinor, 10_000 + vatRateBp, 10_000);
}
