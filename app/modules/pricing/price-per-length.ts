import { scaleRounded } from './rounding.ts';

/**
 * Unit prices of goods sold by length (EU Price Indication Directive, Germany's PAngV): what one
 * metre, or one foot, of a piece or pack costs. Amounts in minor units of any currency — the
 * price as shown (converted, with or without VAT) — so the unit price agrees with the price next
 * to it; rounded half away from zero (decision 0014).
 */

const centimetresPerMetre = 100;
/** one foot is exactly 30.48 cm: 3,048 tenths of a millimetre */
const tenthsOfMillimetrePerFoot = 3_048;

/** The price of one metre, for an amount that buys `lengthCm` centimetres. */
export function pricePerMetre(amountMinor: number, lengthCm: number): number {
  if (!Number.isInteger(lengthCm) || lengthCm <= 0) throw new RangeError(`not a length in centimetres: ${lengthCm}`);
  return scaleRounded(amountMinor, centimetresPerMetre, lengthCm);
}

/** The price of one foot, for an amount that buys `lengthCm` centimetres. */
export function pricePerFoot(amountMinor: number, lengthCm: number): number {
  if (!Number.isInteger(lengthCm) || lengthCm <= 0) throw new RangeError(`not a length in centimetres: ${lengthCm}`);
  return scaleRounded(amountMinor, tenthsOfMillimetrePerFoot, lengthCm * 100);
}

/** Centimetres of a length given in metres (a length option's value, 2.5 → 250). */
export const metresToCm = (metres: number): number => Math.round(metres * centimetresPerMetre);
