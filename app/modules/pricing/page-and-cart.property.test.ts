import { describe, expect, it } from 'vitest';
import type { CurrencyCode } from '#app/modules/i18n/locales.ts';
import { type PricingLine, priceCart } from './cart-totals.ts';
import { displayAmount, type PriceDisplay, shownAmount } from './price-display.ts';
import { piecePriceEurCents, type TieredPrice, unitPriceEurCents } from './unit-price.ts';

/** mulberry32: a small seeded generator, so a failure can be replayed from its seed. */
function seededRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return { int, pick: <T>(items: readonly T[]) => items[int(0, items.length - 1)]!, chance: (p: number) => next() < p };
}

const currencies: { code: CurrencyCode; rate: string; minorUnits: number }[] = [
  { code: 'EUR', rate: '1', minorUnits: 2 },
  { code: 'GBP', rate: '0.8700', minorUnits: 2 },
  { code: 'SEK', rate: '10.9500', minorUnits: 2 },
  { code: 'CHF', rate: '0.9300', minorUnits: 2 },
  { code: 'JPY', rate: '178.0000', minorUnits: 0 },
  { code: 'USD', rate: '1.1637', minorUnits: 2 },
];
const destinations = [
  { country: 'NL', vatBp: 2100 },
  { country: 'DE', vatBp: 1900 },
  { country: 'IT', vatBp: 2200 },
  { country: 'US', vatBp: 0 },
];

/** A variant like the catalogue's: a base price and falling quantity breaks. */
function randomVariant(random: ReturnType<typeof seededRandom>): TieredPrice {
  const priceCents = random.int(49, 25_000);
  let threshold = 1;
  let unit = priceCents;
  const tiers = [];
  for (let count = random.int(0, 4); count > 0; count--) {
    threshold += random.int(1, 20);
    unit = Math.max(1, unit - random.int(1, Math.max(1, Math.floor(unit / 8))));
    tiers.push({ minQuantity: threshold, unitPriceCents: unit });
  }
  return { priceCents, tiers };
}

describe('property: the product page’s price × quantity is the cart line', () => {
  it('holds for 500 random carts in every currency, for pieces and cut lengths', () => {
    const seed = 20_261_125;
    const random = seededRandom(seed);
    for (let run = 0; run < 500; run++) {
      const currency = random.pick(currencies);
      const destination = random.pick(destinations);
      const includeVat = random.chance(0.5);
      const bought = Array.from({ length: random.int(1, 5) }, (_, index) => {
        const variant = randomVariant(random);
        const lengthCm = random.chance(0.4) ? 50 * random.int(1, 60) : null;
        return { id: index + 1, variant, quantity: random.int(1, 40), lengthCm };
      });
      // What the cart loader does: the unit price at the tier the line reaches.
      const lines: PricingLine[] = bought.map(({ id, variant, quantity, lengthCm }) => ({
        id,
        quantity,
        lengthCm,
        isSample: false,
        weightGrams: 100,
        unitPriceEurCents: unitPriceEurCents(variant, { quantity, lengthCm }),
      }));
      const totals = priceCart({
        lines,
        currency,
        coupon: null,
        customer: { destinationCountry: destination.country, businessVatNumber: null },
        poundsPerEuro: '0.8700',
        shipping: null,
        minimumOrderEurCents: 0,
      });
      const display: PriceDisplay = {
        locale: 'en',
        currency: currency.code,
        rate: currency.rate,
        minorUnits: currency.minorUnits,
        vatRateBp: destination.vatBp,
        includeVat,
      };
      bought.forEach(({ variant, quantity, lengthCm }, index) => {
        const context = `seed ${seed}, run ${run}, line ${index}: ${quantity} × ${lengthCm ?? 'piece'} in ${currency.code}`;
        // The product page's price of one piece for this quantity (its tier table, or its cut-to-length price).
        const pagePiece = piecePriceEurCents(variant, { quantity, lengthCm });
        const line = totals.lines[index]!;
        expect(displayAmount(pagePiece, { ...display, includeVat: false }) * quantity, context).toBe(line.rowTotal);
        // One piece reads the same on both, with or without VAT.
        if (quantity === 1) expect(shownAmount(line.rowTotal, totals.vatRateBp, includeVat), context).toBe(displayAmount(pagePiece, display));
      });
      expect(totals.subtotal).toBe(totals.lines.reduce((sum, line) => sum + line.rowTotal, 0));
    }
  });
});
