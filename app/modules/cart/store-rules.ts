import type { BusinessRules } from '#app/modules/config/business-rules.ts';

/** At most one free sample per product, and at most this many samples per order. (Prices and cut lengths: `pricing/`.) */
export const maxSamplesPerOrder = 5;

/**
 * The most one order may take of a variant that has `stock` left (decision 0018): a share of the
 * stock, but always a minimum so small stocks still sell; a verified business may take it all.
 */
export function maxPerOrder(stock: number, rules: Pick<BusinessRules, 'maxStockSharePercent' | 'maxStockShareMinQuantity'>, verifiedBusiness: boolean): number {
  if (verifiedBusiness) return stock;
  return Math.min(stock, Math.max(rules.maxStockShareMinQuantity, Math.floor((stock * rules.maxStockSharePercent) / 100)));
}
