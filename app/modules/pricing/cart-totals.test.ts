import { describe, expect, it } from 'vitest';
import { type PricingInput, type PricingLine, priceCart } from './cart-totals.ts';

const euro = { code: 'EUR', rate: '1', minorUnits: 2 };
const dutchConsumer = { customer: { destinationCountry: 'NL', businessVatNumber: null }, poundsPerEuro: '0.87' };
const pieces = (unitPriceEurCents: number, quantity: number, extra: Partial<PricingLine> = {}): PricingLine => ({
  id: 1,
  unitPriceEurCents,
  quantity,
  lengthCm: null,
  isSample: false,
  weightGrams: 100,
  ...extra,
});
const cart = (lines: PricingLine[], extra: Partial<PricingInput> = {}) =>
  priceCart({ lines, currency: euro, coupon: null, ...dutchConsumer, shipping: null, minimumOrderEurCents: 1_000, ...extra });

describe('cart volume discount', () => {
  it.each([
    // goods (EUR cents) → rate, discount, next tier
    [4_999, 0, 0, { remaining: 1, rateBp: 500 }],
    [5_000, 500, 250, { remaining: 5_000, rateBp: 1_000 }],
    [9_999, 500, 500, { remaining: 1, rateBp: 1_000 }], // 499.95
    [10_000, 1_000, 1_000, null],
    [123_457, 1_000, 12_346, null], // 12345.7
  ])('%i of goods: %i bp, %i off, next %o', (goods, rateBp, discount, next) => {
    expect(cart([pieces(goods, 1)])).toMatchObject({ subtotal: goods, volumeDiscountBp: rateBp, volumeDiscount: discount, discount, nextVolumeTier: next });
  });
});

describe('coupons', () => {
  it.each([
    // goods, coupon, coupon discount, shipping (NL home delivery)
    [2_000, { code: 'TEN', kind: 'percent', value: 1_000 }, 200, 395],
    [6_000, { code: 'TEN', kind: 'percent', value: 1_000 }, 570, 395], // 10 % of what the volume discount left (5700)
    [2_000, { code: 'FIVE', kind: 'fixed', value: 500 }, 500, 395],
    [300, { code: 'FIVE', kind: 'fixed', value: 500 }, 300, 395], // never more than the goods
    [2_000, { code: 'SHIP', kind: 'free_shipping', value: 0 }, 0, 0],
  ] as const)('%i of goods with %o: %i off, shipping %i', (goods, coupon, couponDiscount, shipping) => {
    const totals = cart([pieces(goods, 1)], { coupon, shipping: { method: 'home_delivery', countryCode: 'NL' } });
    expect(totals).toMatchObject({ couponDiscount, shipping, freeShipping: coupon.kind === 'free_shipping' });
    expect(totals.total).toBe(totals.subtotal - totals.discount + totals.shipping! + totals.tax);
  });

  it('converts a fixed coupon set in euros into the order currency', () => {
    const totals = cart([pieces(2_000, 1)], { coupon: { code: 'FIVE', kind: 'fixed', value: 500 }, currency: { code: 'GBP', rate: '0.87', minorUnits: 2 } });
    expect(totals).toMatchObject({ subtotal: 1_740, couponDiscount: 435 });
  });
});

describe('rows, samples, minimum order and VAT', () => {
  it('prices a cut piece once and multiplies: the row is the piece price × pieces', () => {
    const totals = cart([pieces(189, 3, { lengthCm: 50 })]);
    expect(totals.lines).toEqual([{ id: 1, unitPrice: 95, rowTotal: 285, vatRateBp: 2100, taxCents: 60 }]);
  });

  it('converts a piece once in any currency, also without minor units', () => {
    const yen = cart([pieces(1_000, 3)], { currency: { code: 'JPY', rate: '162.5', minorUnits: 0 } });
    expect(yen.lines[0]).toMatchObject({ unitPrice: 1_625, rowTotal: 4_875 });
    const pounds = cart([pieces(50, 3)], { currency: { code: 'GBP', rate: '0.87', minorUnits: 2 } });
    expect(pounds.lines[0]).toMatchObject({ unitPrice: 44, rowTotal: 132 }); // 43.5 rounds once, per piece
  });

  it('gives samples away and exempts sample-only carts from the minimum order', () => {
    expect(cart([pieces(1_000, 1, { isSample: true })])).toMatchObject({ subtotal: 0, lines: [{ unitPrice: 0, rowTotal: 0 }], minimumOrder: null });
    expect(cart([pieces(400, 2)], { minimumOrderEurCents: 1_000 })).toMatchObject({ minimumOrder: { amount: 1_000, remaining: 200 } });
    expect(cart([pieces(500, 2)], { minimumOrderEurCents: 1_000 }).minimumOrder).toBeNull();
  });

  it('adds VAT once, on goods and shipping after discounts', () => {
    const totals = cart([pieces(1_000, 2)], { shipping: { method: 'home_delivery', countryCode: 'NL' } });
    expect(totals).toMatchObject({ vat: { kind: 'standard', rateBp: 2_100 }, tax: 503, total: 2_898 }); // (2000 + 395) × 21 % = 502.95
  });

  it('puts the UK limit on the goods after discounts, in pounds, without shipping', () => {
    const british = (goods: number) =>
      cart([pieces(goods, 1)], {
        customer: { destinationCountry: 'GB', businessVatNumber: null },
        currency: { code: 'GBP', rate: '0.87', minorUnits: 2 },
        shipping: { method: 'home_delivery', countryCode: 'GB' },
      });
    // €172.41 of goods − 10 % = €155.17 → £135.00: VAT at the sale; a cent more in pounds is over.
    expect(british(17_241).vat).toEqual({ kind: 'standard', rateBp: 2_000 });
    expect(british(17_242).vat).toEqual({ kind: 'export', rateBp: 0 });
  });
});

describe('free shipping from the store’s threshold (issue 22)', () => {
  const toNl = { shipping: { method: 'home_delivery', countryCode: 'NL' } } as const;
  it('says how much more is needed, and ships free once reached', () => {
    const short = cart([pieces(1_760, 1)], { ...toNl, freeShippingFromEurCents: 3_000 });
    expect(short.freeShippingProgress).toEqual({ threshold: 3_000, remaining: 1_240 });
    expect(short.shipping).toBe(395);
    const reached = cart([pieces(3_000, 1)], { ...toNl, freeShippingFromEurCents: 3_000 });
    expect(reached.freeShippingProgress).toEqual({ threshold: 3_000, remaining: 0 });
    expect(reached.shipping).toBe(0);
  });

  it('measures the goods after discounts, in the cart currency', () => {
    // 6000 with 5 % volume discount is 5700: still 300 short of 6000.
    expect(cart([pieces(6_000, 1)], { freeShippingFromEurCents: 6_000 }).freeShippingProgress).toEqual({ threshold: 6_000, remaining: 300 });
    const pounds = cart([pieces(1_000, 1)], { currency: { code: 'GBP', rate: '0.85', minorUnits: 2 }, freeShippingFromEurCents: 9_000 });
    expect(pounds.freeShippingProgress).toEqual({ threshold: 7_650, remaining: 6_800 });
  });

  it('says nothing without a threshold, for free samples alone, or with a free-shipping coupon', () => {
    expect(cart([pieces(1_000, 1)]).freeShippingProgress).toBeNull();
    expect(cart([pieces(1_000, 1, { isSample: true })], { freeShippingFromEurCents: 3_000 }).freeShippingProgress).toBeNull();
    expect(
      cart([pieces(1_000, 1)], { freeShippingFromEurCents: 3_000, coupon: { code: 'SHIP', kind: 'free_shipping', value: 0 } }).freeShippingProgress,
    ).toBeNull();
  });
});
