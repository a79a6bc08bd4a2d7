import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carts, giftCards, mailOutbox, orders } from '#app/db/schema.ts';
import type { CheckoutDetails } from '#app/modules/checkout/checkout-details.ts';
import { checkoutSummary } from '#app/modules/checkout/checkout-summary.server.ts';
import { paymentStepSchema } from '#app/modules/checkout/payment-forms.ts';
import { submitPayment, submitPaymentMessage, type SubmitPaymentResult } from '#app/modules/checkout/submit-payment.server.ts';
import { getCurrencyRates } from '#app/modules/currency/exchange-rates.server.ts';
import { parseIntent } from '#app/lib/forms/field-errors.ts';
import { storefrontByCode } from '#app/modules/i18n/locales.ts';
import { createTestDatabase, type TestDatabase, testDrivers } from '../support/database.ts';
import { createCart, createGiftCard, createProduct } from '../support/factories.ts';
import { testServices } from '../support/services.ts';

const dutchStore = storefrontByCode('nl-NL')!;
const address = { firstName: 'Anna', lastName: 'Jansen', street: 'Dorpsstraat', houseNumber: '1', zipCode: '3511 AB', city: 'Utrecht', countryCode: 'NL' };
const ready: CheckoutDetails = { email: 'anna@example.com', shippingAddress: address, shippingMethod: 'home_delivery', billingSameAsShipping: true };

/** Issue 13: the payment step's action as a use case (spec §3 step 4), on the form as the step posts it. */
describe.each(testDrivers)('submitting the payment step on %s', (driver) => {
  let database: TestDatabase;
  let variantId: number;
  beforeAll(async () => {
    database = await createTestDatabase(driver);
    variantId = (await createProduct(database.db, { variants: [{ priceCents: 2_000, stockQuantity: 50 }] })).variants[0]!.id;
  });
  afterAll(() => database?.destroy());

  async function submit(cartId: string, fields: Record<string, string>, placedHere = false): Promise<SubmitPaymentResult | { parseError: string }> {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    const parsed = parseIntent(paymentStepSchema, form, 'place-order');
    if (!parsed.ok) return { parseError: parsed.error.key };
    const services = testServices(database.db);
    const summary = await checkoutSummary(database.db, await getCurrencyRates(database.db), dutchStore, 'EUR', cartId, null, false);
    return submitPayment(services, { storefront: dutchStore, currency: 'EUR', cartId, customerId: null, summary, placedHere: () => placedHere }, parsed.data);
  }

  it('applies and removes a gift card code, and refuses an unknown one', async () => {
    const cartId = await createCart(database.db, { checkout: ready, lines: [{ variantId }] });
    const card = await createGiftCard(database.db);
    expect(await submit(cartId, { intent: 'apply-gift-card', giftCardCode: ' ' })).toEqual({ parseError: 'validation.required' });
    const unknown = await submit(cartId, { intent: 'apply-gift-card', giftCardCode: 'NOPE-NOPE' });
    expect(unknown).toMatchObject({ kind: 'gift-card-refused' });
    expect(submitPaymentMessage(unknown as Extract<SubmitPaymentResult, { kind: 'gift-card-refused' }>)).toMatch(/^(checkout|giftCards)\./);
    expect(await submit(cartId, { intent: 'apply-gift-card', giftCardCode: card.code })).toEqual({ kind: 'gift-card-saved' });
    expect((await database.db.select({ checkout: carts.checkout }).from(carts).where(eq(carts.id, cartId)))[0]!.checkout).toMatchObject({
      giftCardCode: card.code,
    });
    expect(await submit(cartId, { intent: 'remove-gift-card' })).toEqual({ kind: 'gift-card-saved' });
    expect((await database.db.select({ checkout: carts.checkout }).from(carts).where(eq(carts.id, cartId)))[0]!.checkout).toMatchObject({ giftCardCode: null });
  });

  it('places the order once; a replay answers it only to the browser that placed it', async () => {
    const cartId = await createCart(database.db, { checkout: ready, lines: [{ variantId, quantity: 2 }] });
    expect(await submit(cartId, { paymentMethod: 'bank_transfer' })).toEqual({ kind: 'order-refused', reason: 'terms' });
    const placed = await submit(cartId, { paymentMethod: 'bank_transfer', terms: 'on' });
    expect(placed).toMatchObject({ kind: 'placed', created: true, keepCart: false, next: expect.stringMatching(/^\/nl-nl\/checkout\/success\?order=/) });
    const orderNumber = (placed as Extract<SubmitPaymentResult, { kind: 'placed' }>).orderNumber;
    expect(await database.db.select({ totalCents: orders.totalCents }).from(orders).where(eq(orders.orderNumber, orderNumber))).toHaveLength(1);
    // The confirmation waits in the outbox.
    expect(await database.db.select({ to: mailOutbox.toAddress }).from(mailOutbox).where(eq(mailOutbox.toAddress, 'anna@example.com'))).not.toHaveLength(0);
    expect(await submit(cartId, { paymentMethod: 'bank_transfer', terms: 'on' }, false)).toEqual({ kind: 'placed-elsewhere' });
    expect(await submit(cartId, { paymentMethod: 'bank_transfer', terms: 'on' }, true)).toMatchObject({ kind: 'placed', orderNumber, created: false });
  });

  it('pays the whole order with a gift card', async () => {
    const card = await createGiftCard(database.db, { initialCents: 100_000 });
    const cartId = await createCart(database.db, { checkout: { ...ready, giftCardCode: card.code }, lines: [{ variantId }] });
    const placed = await submit(cartId, { paymentMethod: 'gift_card', terms: 'on' });
    expect(placed).toMatchObject({ kind: 'placed', created: true });
    const [left] = await database.db.select({ balanceCents: giftCards.balanceCents }).from(giftCards).where(eq(giftCards.id, card.id));
    expect(left!.balanceCents).toBeLessThan(100_000);
  });
});
