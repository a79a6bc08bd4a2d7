import { describe, expect, it } from 'vitest';
import { piecePriceEurCents, priceUnits, type TieredPrice, tierSavingPercent, unitPriceEurCents } from './unit-price.ts';

// The demo catalogue's quantity breaks: 5+ saves 5 %, 10+ 10 %, 25+ 15 %.
const perMetreCord: TieredPrice = {
  priceCents: 189,
  tiers: [
    { minQuantity: 5, unitPriceCents: 180 },
    { minQuantity: 10, unitPriceCents: 170 },
    { minQuantity: 25, unitPriceCents: 161 },
  ],
};
const buckle: TieredPrice = {
  priceCents: 1_000,
  tiers: [
    { minQuantity: 5, unitPriceCents: 950 },
    { minQuantity: 10, unitPriceCents: 900 },
    { minQuantity: 25, unitPriceCents: 850 },
  ],
};
const packOfTen: TieredPrice = {
  priceCents: 2_490,
  tiers: [
    { minQuantity: 5, unitPriceCents: 2_366 },
    { minQuantity: 10, unitPriceCents: 2_241 },
  ],
};

describe('unit price by tier: one rule for pieces, packs and metres (decision 0014)', () => {
  it.each([
    // pieces: every boundary
    ['pieces', buckle, 1, null, 1_000],
    ['pieces', buckle, 4, null, 1_000],
    ['pieces', buckle, 5, null, 950],
    ['pieces', buckle, 9, null, 950],
    ['pieces', buckle, 10, null, 900],
    ['pieces', buckle, 24, null, 900],
    ['pieces', buckle, 25, null, 850],
    ['pieces', buckle, 1_000, null, 850],
    // packs count as packs, never as what is inside them
    ['packs', packOfTen, 1, null, 2_490],
    ['packs', packOfTen, 4, null, 2_490],
    ['packs', packOfTen, 5, null, 2_366],
    ['packs', packOfTen, 10, null, 2_241],
    // metres: pieces × length, every boundary
    ['metres', perMetreCord, 1, 50, 189],
    ['metres', perMetreCord, 1, 450, 189],
    ['metres', perMetreCord, 1, 500, 180],
    ['metres', perMetreCord, 1, 950, 180],
    ['metres', perMetreCord, 1, 1_000, 170],
    ['metres', perMetreCord, 1, 1_200, 170], // issue 13: one piece of 12 m
    ['metres', perMetreCord, 1, 2_450, 170],
    ['metres', perMetreCord, 1, 2_500, 161],
    ['metres', perMetreCord, 2, 250, 180], // 2 × 2.5 m = 5 m
    ['metres', perMetreCord, 3, 150, 189], // 4.5 m
    ['metres', perMetreCord, 10, 50, 180], // ten half-metre pieces are 5 m, not 10 pieces
    ['metres', perMetreCord, 2, 600, 170], // 12 m in two pieces
    ['metres', perMetreCord, 5, 500, 161], // 25 m
  ] as const)('%s: %i × %s cm → %i cents a unit', (_kind, price, quantity, lengthCm, expected) => {
    expect(unitPriceEurCents(price, { quantity, lengthCm })).toBe(expected);
  });

  it('counts price units: pieces, or metres for cut-to-length lines', () => {
    expect(priceUnits({ quantity: 7, lengthCm: null })).toBe(7);
    expect(priceUnits({ quantity: 3, lengthCm: 250 })).toBe(7.5);
  });

  it('takes the highest tier reached, in whatever order the tiers come, and the base price below the first', () => {
    const unordered: TieredPrice = {
      priceCents: 500,
      tiers: [
        { minQuantity: 10, unitPriceCents: 400 },
        { minQuantity: 3, unitPriceCents: 450 },
      ],
    };
    expect([1, 3, 9, 10].map((quantity) => unitPriceEurCents(unordered, { quantity, lengthCm: null }))).toEqual([500, 450, 450, 400]);
    expect(unitPriceEurCents({ priceCents: 500, tiers: [] }, { quantity: 99, lengthCm: null })).toBe(500);
  });
});

describe('the price of one piece as bought', () => {
  it.each([
    // per-metre price at the line's tier × length, rounded once, half away from zero
    [perMetreCord, 1, 1_200, 2_040], // €20.40, on the product page and in the cart alike
    [perMetreCord, 1, 50, 95], // 94.5
    [perMetreCord, 1, 250, 473], // 472.5
    [perMetreCord, 2, 250, 450], // at the 5 m tier: 2 × €4.50
    [perMetreCord, 1, 2_500, 4_025],
    [perMetreCord, 3, 850, 1_369], // 25.5 m reach the 25 m tier: 161 × 8.5 = 1368.5
    [buckle, 12, null, 900],
  ] as const)('%#: %i × %s cm → %i cents a piece', (price, quantity, lengthCm, expected) => {
    expect(piecePriceEurCents(price, { quantity, lengthCm })).toBe(expected);
  });

  it('shows what each tier saves in whole percent', () => {
    expect(perMetreCord.tiers.map((tier) => tierSavingPercent(perMetreCord, tier))).toEqual([5, 10, 15]);
  });
});
