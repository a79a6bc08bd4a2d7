import { cutPiecePriceEurCents } from './cut-to-length.ts';

/** A quantity break: from `minQuantity` price units on, each costs `unitPriceCents` (EUR cents excl. VAT). */
export interface PriceTier {
  minQuantity: number;
  unitPriceCents: number;
}

/** A variant's catalogue price: per piece, per pack or per metre, with its quantity breaks. */
export interface TieredPrice {
  priceCents: number;
  tiers: readonly PriceTier[];
}

/** What a line buys: pieces (or packs), each cut to `lengthCm` for cut-to-length products. */
export interface LineQuantity {
  quantity: number;
  lengthCm: number | null;
}

/**
 * How many price units a line buys, the quantity a tier is chosen by (decision 0014): pieces for
 * pieces, packs for packs, metres (pieces × length) for cut-to-length lines.
 */
export function priceUnits({ quantity, lengthCm }: LineQuantity): number {
  return lengthCm === null ? quantity : (quantity * lengthCm) / 100;
}

/** The price of one unit (piece, pack or metre) for a line: the highest tier its units reach, else the base price. */
export function unitPriceEurCents(price: TieredPrice, line: LineQuantity): number {
  const units = priceUnits(line);
  let reached: PriceTier | null = null;
  for (const tier of price.tiers) if (units >= tier.minQuantity && (!reached || tier.minQuantity > reached.minQuantity)) reached = tier;
  return reached?.unitPriceCents ?? price.priceCents;
}

/** One piece as it is bought: the unit price, or a cut piece of the line's length at the per-metre price. */
export function pieceEurCents(unitPriceEurCents: number, lengthCm: number | null): number {
  return lengthCm === null ? unitPriceEurCents : cutPiecePriceEurCents(unitPriceEurCents, lengthCm);
}

/** What one piece of a line costs with the tier the whole line reaches (EUR cents excl. VAT). */
export function piecePriceEurCents(price: TieredPrice, line: LineQuantity): number {
  return pieceEurCents(unitPriceEurCents(price, line), line.lengthCm);
}

/** What a tier saves on the base price, in whole percent, for the tier table. */
export function tierSavingPercent(price: TieredPrice, tier: PriceTier): number {
  return Math.round(((price.priceCents - tier.unitPriceCents) / price.priceCents) * 100);
}
