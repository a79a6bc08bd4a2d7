import { demoBankAccount } from '#app/modules/payments/bank-account.ts';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartItems, carts, giftCards, mailOutbox, orderItems, orders, products, productTranslations, productVariants } from '#app/db/schema.ts';
import { addToCart } from '#app/modules/cart/add-to-cart.server.ts';
import { loadCart } from '#app/modules/cart/cart.server.ts';
import type { CheckoutDetails } from '#app/modules/checkout/checkout-details.ts';
import { checkoutSummary } from '#app/modules/checkout/checkout-summary.server.ts';
import { checkGiftCard } from '#app/modules/checkout/gift-cards.server.ts';
import { placeOrder } from '#app/modules/checkout/place-order.server.ts';
import { getCurrencyRates } from '#app/modules/currency/exchange-rates.server.ts';
import { balanceLookupLimit, lookUpBalance } from '#app/modules/gift-cards/gift-card-balance.server.ts';
import {
  checkLetter,
  codeAlphabet,
  generateGiftCardCode,
  hasValidCheckLetter,
  looksGenerated,
  normaliseGiftCardCode,
} from '#app/modules/gift-cards/gift-card-codes.ts';
import { buyGiftCard } from '#app/modules/gift-cards/gift-card-page.server.ts';
import { shopToday } from '#app/modules/gift-cards/gift-card-purchase.ts';
import { boughtGiftCards, deliverDueGiftCards } from '#app/modules/gift-cards/sold-gift-cards.server.ts';
import { storefrontByCode } from '#app/modules/i18n/locales.ts';
import { storefrontSitemapXml } from '#app/modules/seo/sitemap.server.ts';
import { serverTranslator } from '#app/modules/i18n/translator.server.ts';
import { orderInvoiceDocuments } from '#app/modules/orders/invoice-documents.server.ts';
import { applyOrderChange } from '#app/modules/orders/order-status.server.ts';
import { createTestDatabase, type TestDatabase, testDrivers } from '../support/database.ts';
import { createCustomer } from '../support/factories.ts';
import { testServices } from '../support/services.ts';

const dutchStore = storefrontByCode('nl-NL')!;
const address = {
  firstName: 'Anna',
  lastName: 'Jansen',
  street: 'Dorpsstraat',
  houseNumber: '1',
  zipCode: '3511 AB',
  city: 'Utrecht',
  countryCode: 'NL',
  phone: '+31 30 123 4567',
};
const ready: CheckoutDetails = { email: 'anna@example.com', shippingAddress: address, shippingMethod: 'home_delivery', billingSameAsShipping: true };
const tomorrow = () => shopToday(new Date(Date.now() + 86_400_000));

const giftForm = (fields: Record<string, string> = {}) => {
  const form = new FormData();
  const values = {
    amount: '40',
    senderName: 'Ben',
    recipientName: 'Lotte',
    recipientEmail: 'lotte@example.nl',
    message: 'Veel knoopplezier!',
    deliverOn: tomorrow(),
    ...fields,
  };
  for (const [name, value] of Object.entries(values)) form.set(name, value);
  return form;
};

describe('gift-card codes', () => {
  it('are random, unique, without a sequence, and carry a check letter that catches every typo and swap', () => {
    const codes = Array.from({ length: 5_000 }, () => generateGiftCardCode());
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes.slice(0, 500)) {
      expect(code).toMatch(/^([2-9A-HJKMNP-Z]{4}-){3}[2-9A-HJKMNP-Z]{4}$/);
      expect(looksGenerated(code) && hasValidCheckLetter(code)).toBe(true);
    }
    // No counter behind them: neighbours differ in most places and are not in order.
    const differing = (a: string, b: string) => [...a].filter((character, index) => character !== b[index]).length;
    const average = codes.slice(1, 1_001).reduce((sum, code, index) => sum + differing(code, codes[index]!), 0) / 1_000;
    expect(average).toBeGreaterThan(13);
    expect([...codes].sort()).not.toEqual(codes);
    // Every single wrong character and every swap of two neighbours is caught.
    const body = codes[0]!.replace(/-/g, '').slice(0, 15);
    for (let index = 0; index < 15; index++) {
      for (const other of codeAlphabet) {
        if (other === body[index]) continue;
        const typo = body.slice(0, index) + other + body.slice(index + 1);
        expect(checkLetter(typo)).not.toBe(checkLetter(body));
      }
      if (index < 14 && body[index] !== body[index + 1])
        expect(checkLetter(body.slice(0, index) + body[index + 1] + body[index] + body.slice(index + 2))).not.toBe(checkLetter(body));
    }
    // Typed in lower case, without dashes or with spaces, it is still the code.
    expect(normaliseGiftCardCode(codes[0]!.toLowerCase().replace(/-/g, ' '))).toBe(codes[0]);
  });
});

describe.each(testDrivers)('gift cards sold in the shop on %s', (driver) => {
  let database: TestDatabase;
  let services: ReturnType<typeof testServices>;
  let goodsVariantId: number;
  beforeAll(async () => {
    database = await createTestDatabase(driver);
    services = testServices(database.db);
    const [product] = await database.db.insert(products).values({ sku: 'GIFT-TEST-CORD', kind: 'simple', productType: 'paracord' }).returning();
    await database.db.insert(productTranslations).values({ productId: product!.id, locale: 'nl-NL', name: 'Paracord 550 zwart', urlKey: 'gift-test-cord' });
    const [variant] = await database.db
      .insert(productVariants)
      .values({ productId: product!.id, sku: 'GIFT-TEST-CORD-1', priceCents: 2_000, stockQuantity: 50, weightGrams: 200 })
      .returning();
    goodsVariantId = variant!.id;
  });
  afterAll(() => database?.destroy());

  const visitor = (cartId?: string, customerId: number | null = null) => ({ storefront: dutchStore, currency: 'EUR' as const, cartId, customerId });
  const summaryOf = async (cartId: string, customerId: number | null = null) =>
    checkoutSummary(database.db, await getCurrencyRates(database.db), dutchStore, 'EUR', cartId, customerId, false);
  const cartIdOf = (setCookie: string) => /cart=([0-9a-f-]{36})/.exec(setCookie)![1]!;
  const outbox = (to: string) => database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to)).orderBy(asc(mailOutbox.id));

  it('refuses an amount outside the store’s bounds naming both, a bad address and a past day, storing nothing', async () => {
    const [before] = await database.db.select({ count: sql<number>`count(*)::int` }).from(cartItems);
    for (const amount of ['9.99', '500,01', 'tien']) {
      const result = await buyGiftCard(services, visitor(), giftForm({ amount }));
      expect(result.ok).toBe(false);
      if (result.ok) continue;
      expect(result.failure.values.amount).toBe(amount);
      if (amount !== 'tien')
        expect(result.failure.fieldErrors.amount).toEqual({
          key: 'giftCards.amountBounds',
          values: { min: expect.stringMatching(/^€\s10,00$/), max: expect.stringMatching(/^€\s500,00$/) },
        });
    }
    const bad = await buyGiftCard(
      services,
      visitor(),
      giftForm({ recipientEmail: 'lotte@', deliverOn: shopToday(new Date(Date.now() - 86_400_000)), senderName: ' ' }),
    );
    expect(bad.ok ? null : bad.failure).toMatchObject({
      fieldErrors: { recipientEmail: { key: 'validation.email' }, deliverOn: { key: 'giftCards.dateInPast' }, senderName: { key: 'validation.required' } },
      values: { recipientEmail: 'lotte@', message: 'Veel knoopplezier!', recipientName: 'Lotte' },
    });
    // Today is fine, and so are the bounds themselves.
    expect((await buyGiftCard(services, visitor(), giftForm({ amount: '10', deliverOn: shopToday() }))).ok).toBe(true);
    expect((await buyGiftCard(services, visitor(), giftForm({ amount: '500' }))).ok).toBe(true);
    const [after] = await database.db.select({ count: sql<number>`count(*)::int` }).from(cartItems);
    expect(after!.count - before!.count).toBe(2);
  });

  it('sells a card without VAT, discount or shipping; it cannot be paid with a gift card; paid, it gets its code and is mailed on its day', async () => {
    const customer = await createCustomer(database.db, { email: 'ben@example.nl' });
    const bought = await buyGiftCard(services, visitor(undefined, customer.id), giftForm());
    if (!bought.ok) throw new Error('not bought');
    const cartId = cartIdOf(bought.setCookie);
    await database.db
      .update(carts)
      .set({ checkout: { ...ready, email: 'ben@example.nl' } as Record<string, unknown> })
      .where(eq(carts.id, cartId));
    const cardOnly = await summaryOf(cartId, customer.id);
    expect(cardOnly.totals).toMatchObject({
      subtotal: 4_000,
      discount: 0,
      shipping: 0,
      tax: 0,
      total: 4_000,
      minimumOrder: null,
      nextVolumeTier: null,
      lines: [{ vatRateBp: 0, taxCents: 0 }],
    });
    expect(cardOnly.cart!.lines[0]).toMatchObject({
      isVoucher: true,
      inStock: true,
      available: true,
      giftCard: { recipientName: 'Lotte', amountEurCents: 4_000 },
    });
    // Sold for money received, never on invoice, even to a business.
    await database.db
      .update(carts)
      .set({ checkout: { ...ready, email: 'ben@example.nl', isBusiness: true, companyName: 'Touw B.V.' } as Record<string, unknown> })
      .where(eq(carts.id, cartId));
    expect((await summaryOf(cartId, customer.id)).paymentOptions).toEqual(['bank_transfer']);
    expect(
      await placeOrder(database.db, {
        storefront: dutchStore,
        currency: 'EUR',
        cartId,
        customerId: customer.id,
        paymentMethod: 'invoice',
        termsAccepted: true,
      }),
    ).toMatchObject({ ok: false });
    await database.db
      .update(carts)
      .set({ checkout: { ...ready, email: 'ben@example.nl' } as Record<string, unknown> })
      .where(eq(carts.id, cartId));

    // With goods beside it: VAT and the volume discount only on the goods; the goods alone (€57 after
    // the discount) pass the Dutch store's free-shipping line (€50): the gift card does not count toward it.
    const goods = await addToCart(database.db, { cartId, customerId: customer.id, locale: 'nl-NL', currency: 'EUR', variantId: goodsVariantId, quantity: 3 });
    expect(goods.ok).toBe(true);
    const mixed = (await summaryOf(cartId, customer.id)).totals!;
    expect(mixed).toMatchObject({ subtotal: 10_000, volumeDiscountBp: 500, volumeDiscount: 300, shipping: 0 });
    expect(mixed.freeShippingProgress).toMatchObject({ threshold: 5_000, remaining: 0 });
    expect(mixed.tax).toBe(Math.round((6_000 - 300) * 0.21));
    expect(mixed.total).toBe(6_000 - 300 + mixed.tax + 4_000);
    // One piece (€20) with the €40 card is short of the line: it ships at the letterbox/parcel rate.
    await database.db
      .update(cartItems)
      .set({ quantity: 1 })
      .where(and(eq(cartItems.cartId, cartId), eq(cartItems.variantId, goodsVariantId)));
    const short = (await summaryOf(cartId, customer.id)).totals!;
    expect(short.shipping).toBeGreaterThan(0);
    expect(short.freeShippingProgress).toMatchObject({ remaining: 5_000 - 2_000 });
    await database.db.delete(cartItems).where(and(eq(cartItems.cartId, cartId), eq(cartItems.variantId, goodsVariantId)));

    // A gift card does not pay for a gift card.
    const [payingCard] = await database.db.insert(giftCards).values({ code: generateGiftCardCode(), initialCents: 5_000, balanceCents: 5_000 }).returning();
    await database.db
      .update(carts)
      .set({ checkout: { ...ready, email: 'ben@example.nl', giftCardCode: payingCard!.code } as Record<string, unknown> })
      .where(eq(carts.id, cartId));
    expect((await summaryOf(cartId, customer.id)).giftCard).toEqual({ error: 'giftCards.notPayableWithGiftCard' });
    expect(
      await placeOrder(database.db, {
        storefront: dutchStore,
        currency: 'EUR',
        cartId,
        customerId: customer.id,
        paymentMethod: 'bank_transfer',
        termsAccepted: true,
      }),
    ).toEqual({ ok: false, reason: 'gift-card' });
    await database.db
      .update(carts)
      .set({ checkout: { ...ready, email: 'ben@example.nl' } as Record<string, unknown> })
      .where(eq(carts.id, cartId));

    const placed = await placeOrder(database.db, {
      storefront: dutchStore,
      currency: 'EUR',
      cartId,
      customerId: customer.id,
      paymentMethod: 'bank_transfer',
      termsAccepted: true,
    });
    if (!placed.ok) throw new Error(placed.reason);
    const [line] = await database.db.select().from(orderItems).where(eq(orderItems.orderId, placed.orderId));
    expect(line).toMatchObject({ vatRateBp: 0, taxCents: 0, rowTotalCents: 4_000, giftCard: { recipientEmail: 'lotte@example.nl', deliverOn: tomorrow() } });
    // Unpaid: no card exists yet.
    expect(await database.db.select().from(giftCards).where(eq(giftCards.orderItemId, line!.id))).toEqual([]);
    expect((await boughtGiftCards(database.db, customer.id)).map((card) => card.state)).toEqual(['awaiting-payment']);

    const paid = await applyOrderChange(
      { ...services, mailer: { send: async () => undefined, deliverSoon: () => undefined } },
      { orderNumber: placed.orderNumber, expectedVersion: null, actor: 'staff@example.com', change: { kind: 'paid' } },
    );
    expect(paid.ok).toBe(true);
    const [card] = await database.db.select().from(giftCards).where(eq(giftCards.orderItemId, line!.id));
    expect(card).toMatchObject({ initialCents: 4_000, balanceCents: 4_000, deliverOn: tomorrow(), sentAt: null, recipientEmail: 'lotte@example.nl' });
    expect(hasValidCheckLetter(card!.code)).toBe(true);
    expect(card!.expiresAt!.getUTCFullYear()).toBe(new Date().getUTCFullYear() + 3);
    expect((await boughtGiftCards(database.db, customer.id)).map((bought) => bought.state)).toEqual(['scheduled']);

    // The invoice: no VAT on the card, said so in the note.
    const t = await serverTranslator(database.db, 'nl-NL', services.logger);
    const [invoice] = await orderInvoiceDocuments(
      database.db,
      { t, locale: 'nl-NL', shopName: 'Cordial', siteUrl: services.siteUrl, bankAccount: demoBankAccount },
      placed.orderId,
    );
    expect(invoice).toMatchObject({ hasVouchers: true, taxCents: 0, totalCents: 4_000, vatBreakdown: [] });
    expect(invoice!.labels.voucherNote).toContain('meervoudige vouchers');

    // Scheduled: nothing today, the recipient's mail and the buyer's copy tomorrow, once.
    const jobServices = { ...services, mailer: { send: async () => undefined, deliverSoon: () => undefined } };
    expect(await deliverDueGiftCards(jobServices)).toBe(0);
    expect(await outbox('lotte@example.nl')).toEqual([]);
    const dayAfter = new Date(Date.now() + 86_400_000);
    const rounds = await Promise.all([deliverDueGiftCards(jobServices, dayAfter), deliverDueGiftCards(jobServices, dayAfter)]);
    expect(rounds.reduce((sum, sent) => sum + sent, 0)).toBe(1);
    expect(await deliverDueGiftCards(jobServices, dayAfter)).toBe(0);
    const [toRecipient] = await outbox('lotte@example.nl');
    expect(toRecipient!.subject).toBe('Ben stuurt je een cadeaubon van Cordial');
    expect(toRecipient!.text).toContain(card!.code);
    expect(toRecipient!.text).toContain('Veel knoopplezier!');
    expect(toRecipient!.text).toMatch(/€\s?40,00/);
    const pdf = Buffer.from(toRecipient!.attachments![0]!.contentBase64, 'base64');
    expect(toRecipient!.attachments![0]).toMatchObject({ contentType: 'application/pdf', filename: `cadeaubon-${card!.code}.pdf` });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const [copy] = await outbox('ben@example.nl');
    expect(copy!.subject).toBe('Je cadeaubon voor Lotte is verstuurd');
    expect(copy!.attachments).toHaveLength(1);
    expect((await boughtGiftCards(database.db, customer.id)).map((bought) => bought.state)).toEqual(['sent']);

    // Redeemed with the check letter: the right code pays, a mistyped one is told so without a look-up.
    expect(await checkGiftCard(database.db, card!.code.toLowerCase(), 'EUR')).toMatchObject({ ok: true, card: { balanceCents: 4_000 } });
    const last = card!.code.at(-1)!;
    const mistyped = card!.code.slice(0, -1) + (last === 'Z' ? 'Y' : 'Z');
    expect(await checkGiftCard(database.db, mistyped, 'EUR')).toEqual({ ok: false, reason: 'mistyped' });
    expect((await database.db.select().from(orders).where(eq(orders.id, placed.orderId)))[0]!.status).toBe('paid');
  });

  it('shows a balance by code, reveals nothing for a wrong one, and limits look-ups per client address', async () => {
    const code = generateGiftCardCode();
    const expiresAt = new Date(Date.now() + 30 * 86_400_000);
    await database.db.insert(giftCards).values({ code, initialCents: 2_500, balanceCents: 1_200, expiresAt });
    expect(await lookUpBalance(database.db, '203.0.113.7', code)).toMatchObject({
      ok: true,
      balanceEurCents: 1_200,
      initialEurCents: 2_500,
      expired: false,
      expiresAt,
    });
    const [disabled] = await database.db
      .insert(giftCards)
      .values({ code: generateGiftCardCode(), initialCents: 2_500, balanceCents: 2_500, disabledAt: new Date() })
      .returning();
    // Unknown and disabled answer alike.
    expect(await lookUpBalance(database.db, '203.0.113.7', generateGiftCardCode())).toEqual({ ok: false, reason: 'not-found' });
    expect(await lookUpBalance(database.db, '203.0.113.7', disabled!.code)).toEqual({ ok: false, reason: 'not-found' });
    for (let attempt = 3; attempt < balanceLookupLimit.limit; attempt++) await lookUpBalance(database.db, '203.0.113.7', generateGiftCardCode());
    // Past the limit even the right code answers nothing but the limit; another address still can.
    expect(await lookUpBalance(database.db, '203.0.113.7', code)).toEqual({ ok: false, reason: 'rate-limited' });
    expect(await lookUpBalance(database.db, '198.51.100.4', code)).toMatchObject({ ok: true, balanceEurCents: 1_200 });
  });

  it('takes the cards of a cancelled order back: they stop paying and are never mailed', async () => {
    const bought = await buyGiftCard(services, visitor(), giftForm({ recipientEmail: 'mila@example.nl', deliverOn: shopToday() }));
    if (!bought.ok) throw new Error('not bought');
    const cartId = cartIdOf(bought.setCookie);
    await database.db
      .update(carts)
      .set({ checkout: ready as Record<string, unknown> })
      .where(eq(carts.id, cartId));
    const placed = await placeOrder(database.db, {
      storefront: dutchStore,
      currency: 'EUR',
      cartId,
      customerId: null,
      paymentMethod: 'bank_transfer',
      termsAccepted: true,
    });
    if (!placed.ok) throw new Error(placed.reason);
    const orderServices = { ...services, mailer: { send: async () => undefined, deliverSoon: () => undefined } };
    expect((await applyOrderChange(orderServices, { orderNumber: placed.orderNumber, expectedVersion: null, actor: null, change: { kind: 'paid' } })).ok).toBe(
      true,
    );
    const [card] = await database.db.select().from(giftCards).where(eq(giftCards.recipientEmail, 'mila@example.nl'));
    expect((await checkGiftCard(database.db, card!.code, 'EUR')).ok).toBe(true);
    expect(
      (await applyOrderChange(orderServices, { orderNumber: placed.orderNumber, expectedVersion: null, actor: null, change: { kind: 'cancelled' } })).ok,
    ).toBe(true);
    expect(await checkGiftCard(database.db, card!.code, 'EUR')).toEqual({ ok: false, reason: 'unknown' });
    await deliverDueGiftCards(orderServices);
    expect(await outbox('mila@example.nl')).toEqual([]);
  });

  it('refunds a card that was not used by taking it back, and refuses to cancel or refund one that has paid for something', async () => {
    const orderServices = { ...services, mailer: { send: async () => undefined, deliverSoon: () => undefined } };
    const paidCardOrder = async (recipientEmail: string) => {
      const bought = await buyGiftCard(services, visitor(), giftForm({ recipientEmail }));
      if (!bought.ok) throw new Error('not bought');
      const cartId = cartIdOf(bought.setCookie);
      await database.db
        .update(carts)
        .set({ checkout: ready as Record<string, unknown> })
        .where(eq(carts.id, cartId));
      const placed = await placeOrder(database.db, {
        storefront: dutchStore,
        currency: 'EUR',
        cartId,
        customerId: null,
        paymentMethod: 'bank_transfer',
        termsAccepted: true,
      });
      if (!placed.ok) throw new Error(placed.reason);
      expect(
        (await applyOrderChange(orderServices, { orderNumber: placed.orderNumber, expectedVersion: null, actor: null, change: { kind: 'paid' } })).ok,
      ).toBe(true);
      const [card] = await database.db.select().from(giftCards).where(eq(giftCards.recipientEmail, recipientEmail));
      return { orderNumber: placed.orderNumber, card: card! };
    };
    const change = (orderNumber: string, kind: 'cancelled' | 'refund') =>
      applyOrderChange(orderServices, {
        orderNumber,
        expectedVersion: null,
        actor: null,
        change: kind === 'refund' ? { kind, request: { mode: 'full' } } : { kind },
      });

    // Refunded in full while unused: the card stops paying.
    const unused = await paidCardOrder('noor@example.nl');
    expect(await change(unused.orderNumber, 'refund')).toMatchObject({ ok: true, status: 'refunded' });
    expect(await checkGiftCard(database.db, unused.card.code, 'EUR')).toEqual({ ok: false, reason: 'unknown' });

    // Partly spent: neither a refund nor a cancellation gives the money back, and the card keeps its rest.
    const spent = await paidCardOrder('sem@example.nl');
    await database.db
      .update(giftCards)
      .set({ balanceCents: spent.card.initialCents - 1_000 })
      .where(eq(giftCards.id, spent.card.id));
    expect(await change(spent.orderNumber, 'refund')).toEqual({ ok: false, error: 'gift-card-spent' });
    expect(await change(spent.orderNumber, 'cancelled')).toEqual({ ok: false, error: 'gift-card-spent' });
    expect(await checkGiftCard(database.db, spent.card.code, 'EUR')).toMatchObject({ ok: true });
    const [order] = await database.db.select({ status: orders.status }).from(orders).where(eq(orders.orderNumber, spent.orderNumber));
    expect(order!.status).toBe('paid');
  });

  it('lists the gift-card page in each store’s sitemap under its own word', async () => {
    expect(await storefrontSitemapXml(database.db, 'https://cordial.example', dutchStore)).toContain('<loc>https://cordial.example/nl-nl/cadeaubon</loc>');
    expect(await storefrontSitemapXml(database.db, 'https://cordial.example', storefrontByCode('de-DE')!)).toContain(
      '<loc>https://cordial.example/de-de/geschenkgutschein</loc>',
    );
  });

  it('keeps a gift-card line at one card (its own recipient) and names it in the cart', async () => {
    const bought = await buyGiftCard(services, visitor(), giftForm({ recipientName: 'Sanne' }));
    if (!bought.ok) throw new Error('not bought');
    const { cart } = await loadCart(database.db, cartIdOf(bought.setCookie), null, 'nl-NL');
    expect(cart!.lines).toHaveLength(1);
    expect(cart!.lines[0]!.options.map((option) => option.attribute)).toEqual(['gift_card_recipient', 'gift_card_delivery']);
    expect(cart!.lines[0]!.name).toBe('Cadeaubon');
  });
});
