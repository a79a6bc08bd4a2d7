import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCart } from '#app/modules/cart/cart.server.ts';
import { checkCoupon } from '#app/modules/cart/coupons.server.ts';
import { checkGiftCard } from '#app/modules/checkout/gift-cards.server.ts';
import { createTestDatabase, type TestDatabase, testDrivers } from './database.ts';
import { createCart, createCoupon, createCustomer, createGiftCard, createProduct } from './factories.ts';

/** The factories make rows the shop's own code reads as it reads its own (no demo catalogue needed). */
describe.each(testDrivers)('test data factories on %s', (driver) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(driver);
  });
  afterAll(() => database?.destroy());

  it('makes a product, a cart of it, a coupon and a gift card the shop accepts', async () => {
    const { db } = database;
    const product = await createProduct(db, {
      name: 'Paracord 550 Black',
      variants: [{ priceCents: 1_000, tiers: [{ minQuantity: 10, unitPriceCents: 900 }] }, { priceCents: 1_500 }],
    });
    expect(product.kind).toBe('configurable');
    expect(product.variants.map((variant) => variant.priceCents)).toEqual([1_000, 1_500]);
    const customer = await createCustomer(db);
    const cartId = await createCart(db, { customerId: customer.id, lines: [{ variantId: product.variants[0]!.id, quantity: 10 }] });
    const { cart } = await loadCart(db, cartId, customer.id, 'de-DE');
    expect(cart?.lines).toMatchObject([{ name: 'Paracord 550 Black', quantity: 10, inStock: true }]);
    const coupon = await createCoupon(db, { minSubtotalEurCents: 5_000 });
    expect(await checkCoupon(db, coupon.code, 9_000, null)).toMatchObject({ ok: true });
    expect(await checkCoupon(db, coupon.code, 4_000, null)).toEqual({ ok: false, reason: 'min-subtotal' });
    const card = await createGiftCard(db, { initialCents: 5_000 });
    expect(await checkGiftCard(db, card.code, 'EUR')).toMatchObject({ ok: true, card: { balanceCents: 5_000 } });
  });
});
