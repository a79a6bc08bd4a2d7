import { scaleRounded } from './rounding.ts';

/** Cut-to-length pieces come in half-metre steps, up to the product's longest continuous length. */
export const pieceStepCm = 50;
/** The longest piece when a product does not say (its `max_continuous_length` specification). */
export const defaultMaxPieceMetres = 100;

/** A piece length in centimetres for `metres`, or null when it is not one the shop cuts. */
export function pieceLengthCm(metres: number, maxMetres: number): number | null {
  const lengthCm = Math.round(metres * 100);
  if (!Number.isFinite(metres) || Math.abs(metres * 100 - lengthCm) > 1e-6) return null;
  return lengthCm >= pieceStepCm && lengthCm % pieceStepCm === 0 && lengthCm <= maxMetres * 100 ? lengthCm : null;
}

/** The piece the shop would cut for a length asked for: the nearest half metre, within the limits. */
export function nearestPieceMetres(metres: number, maxMetres: number): number {
  return Math.min(Math.max(Math.round(metres * 2) / 2, pieceStepCm / 100), maxMetres);
}

/** One piece of `lengthCm` at a price per metre (both EUR cents excl. VAT), rounded once. */
export function cutPiecePriceEurCents(perMetreEurCents: number, lengthCm: number): number {
  return scaleRounded(perMetreEurCents, lengthCm, 100);
}
