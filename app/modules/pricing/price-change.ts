import { basisPointsOf } from './rounding.ts';

/**
 * A change of catalogue prices made in bulk in the admin (issue 16): by a percentage in basis
 * points (1000 = +10 %, -500 = -5 %) or by an amount in EUR cents (already converted from the
 * currency the staff member typed it in). A price never drops below zero.
 */
export type PriceChange = { kind: 'percent'; basisPoints: number } | { kind: 'amount'; eurCents: number };

export function changedPriceCents(priceCents: number, change: PriceChange): number {
  const delta = change.kind === 'percent' ? basisPointsOf(priceCents, change.basisPoints) : change.eurCents;
  return Math.max(0, priceCents + delta);
}
