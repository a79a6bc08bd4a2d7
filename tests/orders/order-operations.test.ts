import { demoBankAccount } from '#app/modules/payments/bank-account.ts';
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  couponRedemptions,
  coupons,
  giftCards,
  invoices,
  mailOutbox,
  numberSequences,
  orderItems,
  orderMails,
  orderRefundLines,
  orderRefunds,
  orders,
  orderShipments,
  orderStatusHistory,
  products,
  productVariants,
} from '#app/db/schema.ts';
import { createLogger } from '#app/lib/observability/logger.server.ts';
import { creditNoteDocument } from '#app/modules/orders/invoice-documents.server.ts';
import { getOrderDetail } from '#app/modules/orders/order-detail.server.ts';
import { addOrderNote } from '#app/modules/orders/order-notes.server.ts';
import { applyOrderChange, type OrderChange, type OrderServices } from '#app/modules/orders/order-status.server.ts';
import { type OrderInput, recordOrder } from '#app/modules/orders/record-order.server.ts';
import { resendOrderMail } from '#app/modules/orders/resend-order-mail.server.ts';
import { serverTranslator } from '#app/modules/i18n/translator.server.ts';
import { createStripeGateway } from '#app/modules/payments/stripe-gateway.server.ts';
import { createTestDatabase, type TestDatabase, testDrivers } from '../support/database.ts';
import { type StripeStandIn, startStripeStandIn } from '../support/stripe-stand-in.ts';

const address = { firstName: 'Anna', lastName: 'Jansen', street: 'Dorpsstraat', houseNumber: '1', zipCode: '3511 AB', city: 'Utrecht', countryCode: 'NL' };

describe.each(testDrivers)('order operations on %s', (driver) => {
  let database: TestDatabase;
  let standIn: StripeStandIn;
  let services: OrderServices & { mailer: { send: () => Promise<void>; deliverSoon: () => void } };
  let deliveryRequests = 0;
  let variantIds: number[];

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    standIn = await startStripeStandIn();
    services = {
      db: database.db,
      siteUrl: 'https://shop.example',
      logger: createLogger('silent'),
      shopName: 'Cordial',
      payments: createStripeGateway({ secretKey: 'sk_test_cordial', webhookSecret: undefined, apiUrl: standIn.url }),
      mailer: { send: () => Promise.reject(new Error('order mails go through the outbox')), deliverSoon: () => void deliveryRequests++ },
    };
    const [product] = await database.db.insert(products).values({ sku: 'TEST-CORD', kind: 'configurable', productType: 'paracord' }).returning();
    const variants = await database.db
      .insert(productVariants)
      .values([
        { productId: product!.id, sku: 'TEST-CORD-10', priceCents: 1000, stockQuantity: 20 },
        { productId: product!.id, sku: 'TEST-CORD-25', priceCents: 2500, stockQuantity: 20 },
      ])
      .returning({ id: productVariants.id });
    variantIds = variants.map((variant) => variant.id);
  });
  afterAll(async () => {
    await standIn?.close();
    await database?.destroy();
  });

  /**
   * An order of 3 × €10.00 and 1 × €25.00 (excl. VAT), €4.95 shipping, 21 % VAT: 55.00 + 4.95 + 12.59 = €72.54.
   * Stock is taken as the checkout takes it.
   */
  async function createOrder(overrides: Partial<OrderInput> = {}) {
    const lines = [
      {
        variantId: variantIds[0]!,
        sku: 'TEST-CORD-10',
        name: 'Paracord 10 m',
        quantity: 3,
        lengthCm: null,
        isSample: false,
        unitPriceCents: 1000,
        rowTotalCents: 3000,
        vatRateBp: 2100,
        taxCents: 630,
      },
      {
        variantId: variantIds[1]!,
        sku: 'TEST-CORD-25',
        name: 'Paracord 25 m',
        quantity: 1,
        lengthCm: null,
        isSample: false,
        unitPriceCents: 2500,
        rowTotalCents: 2500,
        vatRateBp: 2100,
        taxCents: 525,
      },
    ];
    const input: OrderInput = {
      locale: 'nl-NL',
      customerId: null,
      email: `shopper-${randomUUID()}@example.com`,
      status: 'pending_payment',
      currencyCode: 'EUR',
      exchangeRate: '1',
      subtotalCents: 5500,
      discountCents: 0,
      shippingCents: 495,
      taxCents: 1259,
      totalCents: 7254,
      isBusiness: false,
      vatNumber: null,
      reverseCharge: false,
      couponCode: null,
      ownReference: null,
      remarks: null,
      shippingAddress: address,
      billingAddress: address,
      shippingMethod: 'home_delivery',
      paymentMethod: 'bank_transfer',
      idempotencyKey: null,
      lines,
      ...overrides,
    };
    const created = await database.db.transaction((tx) => recordOrder(tx, input));
    return { ...created, email: input.email };
  }

  /** An order paid through the Stripe stand-in (its Checkout Session is complete). */
  async function createStripePaidOrder(overrides: Partial<OrderInput> = {}) {
    const order = await createOrder({ paymentMethod: 'ideal', ...overrides });
    const [row] = await database.db.select().from(orders).where(eq(orders.id, order.id));
    const session = await services.payments!.startCheckout({
      orderNumber: order.orderNumber,
      amount: row!.totalCents - row!.giftCardCents,
      currency: 'eur',
      method: 'ideal',
      email: order.email,
      successUrl: 'https://shop.example/ok',
      cancelUrl: 'https://shop.example/no',
    });
    standIn.completeSession(session.id);
    await database.db.update(orders).set({ paymentReference: session.id }).where(eq(orders.id, order.id));
    expect(await change(order.orderNumber, { kind: 'paid', note: `stripe ${session.id}` })).toMatchObject({ ok: true });
    return { ...order, sessionId: session.id };
  }

  const change = (orderNumber: string, orderChange: OrderChange, expectedVersion: number | null = null, actor: string | null = 'staff@cordial.example') =>
    applyOrderChange(services, { orderNumber, expectedVersion, actor, change: orderChange });
  const orderRow = async (id: number) => (await database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
  const stockOf = async (variantId: number) =>
    (await database.db.select({ stock: productVariants.stockQuantity }).from(productVariants).where(eq(productVariants.id, variantId)))[0]!.stock;
  const mailsOf = (orderId: number) =>
    database.db
      .select({ kind: orderMails.kind, actor: orderMails.actor, mail: mailOutbox })
      .from(orderMails)
      .innerJoin(mailOutbox, eq(mailOutbox.id, orderMails.mailId))
      .where(eq(orderMails.orderId, orderId))
      .orderBy(asc(orderMails.id));
  const refundsOf = (orderId: number) => database.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId)).orderBy(asc(orderRefunds.id));

  it('walks a bank transfer order through paid, processing, shipped and completed, each with its side effects', async () => {
    const order = await createOrder();
    const paid = await change(order.orderNumber, { kind: 'paid', note: 'bank transfer received' }, 0);
    expect(paid).toMatchObject({ ok: true, status: 'paid', version: 1, invoiceNumber: expect.stringMatching(/^\d{4}-\d{6}$/) });
    const [invoice] = await database.db.select().from(invoices).where(eq(invoices.orderId, order.id));
    expect(invoice).toMatchObject({ invoiceNumber: paid.ok ? paid.invoiceNumber : '', totalCents: 7254, taxCents: 1259 });

    expect(await change(order.orderNumber, { kind: 'processing' }, 1)).toMatchObject({ ok: true, status: 'processing', version: 2 });
    const deliveriesBefore = deliveryRequests;
    expect(await change(order.orderNumber, { kind: 'shipped', carrier: 'postnl', trackingNumber: ' 3sabcd 1234567 ' }, 2)).toMatchObject({
      ok: true,
      status: 'shipped',
      version: 3,
    });
    expect(deliveryRequests).toBe(deliveriesBefore + 1);
    const [shipment] = await database.db.select().from(orderShipments).where(eq(orderShipments.orderId, order.id));
    expect(shipment).toMatchObject({ carrier: 'postnl', trackingNumber: '3SABCD1234567', actor: 'staff@cordial.example' });
    const [shippedMail] = await mailsOf(order.id);
    // In the language of the store the order was placed in (nl-NL), with the carrier's tracking link.
    expect(shippedMail).toMatchObject({ kind: 'shipped', mail: { toAddress: order.email, subject: `Je Cordial-bestelling ${order.orderNumber} is onderweg` } });
    expect(shippedMail!.mail.text).toContain('https://jouw.postnl.nl/track-and-trace/3SABCD1234567-NL-3511AB');
    expect(shippedMail!.mail.html).toContain('Volg je pakket');

    expect(await change(order.orderNumber, { kind: 'completed' }, 3)).toMatchObject({ ok: true, status: 'completed', version: 4 });
    const history = await database.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, order.id)).orderBy(asc(orderStatusHistory.id));
    expect(history.map((entry) => [entry.status, entry.actor])).toEqual([
      ['pending_payment', null],
      ['paid', 'staff@cordial.example'],
      ['processing', 'staff@cordial.example'],
      ['shipped', 'staff@cordial.example'],
      ['completed', 'staff@cordial.example'],
    ]);
    const timeline = (await getOrderDetail(database.db, order.orderNumber))!.timeline;
    expect(timeline.find((entry) => entry.kind === 'shipment')).toMatchObject({
      carrier: 'PostNL',
      trackingNumber: '3SABCD1234567',
      actor: 'staff@cordial.example',
      url: expect.stringContaining('3SABCD1234567'),
    });
  });

  it('refuses forbidden transitions, forged orders, stale versions and bad tracking numbers without changing anything', async () => {
    const order = await createOrder();
    expect(await change(order.orderNumber, { kind: 'cancelled' }, 0)).toMatchObject({ ok: true, status: 'cancelled' });
    const before = await orderRow(order.id);
    expect(await change(order.orderNumber, { kind: 'shipped', carrier: 'dhl', trackingNumber: 'JD0123456789' }, before.version)).toEqual({
      ok: false,
      error: 'not-allowed',
    });
    expect(await change(order.orderNumber, { kind: 'paid' }, before.version)).toEqual({ ok: false, error: 'not-allowed' });
    expect(await change(order.orderNumber, { kind: 'refund', request: { mode: 'full' } }, before.version)).toEqual({ ok: false, error: 'not-allowed' });
    expect(await database.db.select().from(orderShipments).where(eq(orderShipments.orderId, order.id))).toEqual([]);
    expect(await orderRow(order.id)).toEqual(before);

    expect(await change('NL999999', { kind: 'paid' }, 0)).toEqual({ ok: false, error: 'not-found' });
    expect(await change("NL1' or 1=1 --", { kind: 'paid' }, 0)).toEqual({ ok: false, error: 'not-found' });

    const fresh = await createOrder();
    expect(await change(fresh.orderNumber, { kind: 'paid' }, 3)).toEqual({ ok: false, error: 'version-conflict' });
    await change(fresh.orderNumber, { kind: 'paid' }, 0);
    for (const trackingNumber of ['', 'ab', '<script>', 'x'.repeat(41)]) {
      expect(await change(fresh.orderNumber, { kind: 'shipped', carrier: 'postnl', trackingNumber }, 1)).toEqual({ ok: false, error: 'invalid-shipment' });
    }
    expect(await change(fresh.orderNumber, { kind: 'shipped', carrier: 'pigeon' as 'postnl', trackingNumber: 'ABCD1234' }, 1)).toEqual({
      ok: false,
      error: 'invalid-shipment',
    });
    expect((await orderRow(fresh.id)).version).toBe(1);
  });

  it('lets only one of two staff members apply conflicting changes decided on the same version', async () => {
    const order = await createOrder();
    await change(order.orderNumber, { kind: 'paid' }, 0);
    const results = await Promise.all([
      change(order.orderNumber, { kind: 'shipped', carrier: 'dhl', trackingNumber: 'JD0123456789' }, 1, 'anna@cordial.example'),
      change(order.orderNumber, { kind: 'cancelled', reason: 'customer called' }, 1, 'piet@cordial.example'),
    ]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.filter((result) => !result.ok)).toEqual([{ ok: false, error: 'version-conflict' }]);
    const after = await orderRow(order.id);
    expect(after.version).toBe(2);
    const winner = results.findIndex((result) => result.ok);
    expect(after.status).toBe(winner === 0 ? 'shipped' : 'cancelled');
    expect(await database.db.select().from(orderShipments).where(eq(orderShipments.orderId, order.id))).toHaveLength(winner === 0 ? 1 : 0);
    expect(await refundsOf(order.id)).toHaveLength(winner === 0 ? 0 : 1);
  });

  it('cancels an unpaid order: stock back, coupon use released, gift card amount restored', async () => {
    const [card] = await database.db
      .insert(giftCards)
      .values({ code: `GIFT-${randomUUID()}`, initialCents: 2000, balanceCents: 0 })
      .returning();
    const [coupon] = await database.db
      .insert(coupons)
      .values({ code: `SAVE-${randomUUID()}`, kind: 'percent', value: 1000, timesUsed: 1, usageLimit: 1 })
      .returning();
    const stockBefore = [await stockOf(variantIds[0]!), await stockOf(variantIds[1]!)];
    const order = await createOrder({ giftCardId: card!.id, giftCardCents: 2000, couponCode: coupon!.code });
    await database.db.insert(couponRedemptions).values({ couponId: coupon!.id, orderId: order.id, email: order.email });

    expect(await change(order.orderNumber, { kind: 'cancelled', reason: 'not paid in time' }, 0)).toMatchObject({
      ok: true,
      status: 'cancelled',
      creditNoteNumber: null,
    });
    expect([await stockOf(variantIds[0]!), await stockOf(variantIds[1]!)]).toEqual([stockBefore[0]! + 3, stockBefore[1]! + 1]);
    expect((await database.db.select().from(giftCards).where(eq(giftCards.id, card!.id)))[0]!.balanceCents).toBe(2000);
    expect((await database.db.select().from(coupons).where(eq(coupons.id, coupon!.id)))[0]!.timesUsed).toBe(0);
    expect(await database.db.select().from(couponRedemptions).where(eq(couponRedemptions.orderId, order.id))).toEqual([]);
    expect(await refundsOf(order.id)).toEqual([]);
  });

  it('puts returned lines back in stock when asked, line by line; a later cancellation does not put them back twice', async () => {
    const order = await createOrder();
    expect(await change(order.orderNumber, { kind: 'paid' }, 0)).toMatchObject({ ok: true });
    const [first, second] = await database.db.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(asc(orderItems.id));
    const before = [await stockOf(variantIds[0]!), await stockOf(variantIds[1]!)];
    // Two of three cords came back; the 25 m cord is refunded as a goodwill gesture but kept by the shopper.
    const refunded = await change(
      order.orderNumber,
      {
        kind: 'refund',
        request: {
          mode: 'lines',
          lines: [
            { orderItemId: first!.id, quantity: 2, restock: true },
            { orderItemId: second!.id, quantity: 1, restock: false },
          ],
          shipping: false,
        },
      },
      1,
    );
    expect(refunded).toMatchObject({ ok: true, status: 'paid' });
    expect([await stockOf(variantIds[0]!), await stockOf(variantIds[1]!)]).toEqual([before[0]! + 2, before[1]!]);
    const lines = await database.db
      .select({ orderItemId: orderRefundLines.orderItemId, restocked: orderRefundLines.restockedQuantity })
      .from(orderRefundLines)
      .innerJoin(orderRefunds, eq(orderRefunds.id, orderRefundLines.refundId))
      .where(eq(orderRefunds.orderId, order.id))
      .orderBy(asc(orderRefundLines.id));
    expect(lines).toEqual([
      { orderItemId: first!.id, restocked: 2 },
      { orderItemId: second!.id, restocked: 0 },
    ]);
    // A refused refund puts nothing back.
    expect(
      await change(
        order.orderNumber,
        { kind: 'refund', request: { mode: 'lines', lines: [{ orderItemId: first!.id, quantity: 2, restock: true }], shipping: false } },
        2,
      ),
    ).toEqual({ ok: false, error: 'refund-too-large' });
    expect(await stockOf(variantIds[0]!)).toBe(before[0]! + 2);
    // Cancelling returns what is still out: one cord and the 25 m cord, not the two already back.
    expect(await change(order.orderNumber, { kind: 'cancelled' }, 2)).toMatchObject({ ok: true, status: 'cancelled' });
    expect([await stockOf(variantIds[0]!), await stockOf(variantIds[1]!)]).toEqual([before[0]! + 3, before[1]! + 1]);
  });

  it('refunds a Stripe payment per line, refuses more than is left, then refunds the rest in full with credit notes numbered per store', async () => {
    const order = await createStripePaidOrder();
    const [first, second] = await database.db.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(asc(orderItems.id));
    const [sequence] = await database.db.select().from(numberSequences).where(eq(numberSequences.scope, 'credit-note:nl-NL'));
    const next = (sequence?.lastValue ?? 0) + 1;
    const creditNote = (value: number) => `CN-NL-${String(value).padStart(6, '0')}`;

    // Two of the three €10.00 cords: 20.00 + 21 % VAT = €24.20.
    const partial = await change(
      order.orderNumber,
      { kind: 'refund', request: { mode: 'lines', lines: [{ orderItemId: first!.id, quantity: 2 }], shipping: false }, reason: 'two cords returned' },
      1,
    );
    expect(partial).toEqual({ ok: true, status: 'paid', version: 2, invoiceNumber: null, creditNoteNumber: creditNote(next), refundedCents: 2420 });
    expect(standIn.refunds.at(-1)).toMatchObject({
      paymentIntent: order.sessionId.replace('cs_', 'pi_'),
      amount: 2420,
      idempotencyKey: `refund-${order.orderNumber}-v1`,
    });
    const [refund] = await refundsOf(order.id);
    expect(refund).toMatchObject({
      amountCents: 2420,
      taxCents: 420,
      providerCents: 2420,
      manualCents: 0,
      giftCardCents: 0,
      providerRefundId: standIn.refunds.at(-1)!.id,
      reason: 'two cords returned',
    });

    const [refundMail] = (await mailsOf(order.id)).filter((mail) => mail.kind === 'refund');
    expect(refundMail!.mail.subject).toBe(`Terugbetaling voor je Cordial-bestelling ${order.orderNumber}`);
    expect(refundMail!.mail.text).toContain(creditNote(next));
    expect(refundMail!.mail.attachments).toEqual([
      { filename: `credit-note-${creditNote(next)}.pdf`, contentType: 'application/pdf', contentBase64: expect.any(String) },
    ]);
    expect(Buffer.from(refundMail!.mail.attachments![0]!.contentBase64, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    const t = await serverTranslator(database.db, 'nl-NL', services.logger);
    const document = await creditNoteDocument(
      database.db,
      { t, locale: 'nl-NL', shopName: 'Cordial', siteUrl: 'https://shop.example', bankAccount: demoBankAccount },
      refund!.id,
    );
    expect(document).toMatchObject({
      invoiceNumber: creditNote(next),
      correctsInvoiceNumber: expect.stringMatching(/^\d{4}-\d{6}$/),
      totalCents: -2420,
      taxCents: -420,
      subtotalCents: -2000,
    });
    expect(document!.lines).toMatchObject([{ sku: 'TEST-CORD-10', quantity: 2, rowTotalCents: -2000 }]);
    expect(document!.labels.invoice).toBe('Creditnota');

    // More of a line than is left, a goodwill amount above what is left, and a line of another order: refused, nothing changed.
    const requests = standIn.refunds.length;
    expect(
      await change(order.orderNumber, { kind: 'refund', request: { mode: 'lines', lines: [{ orderItemId: first!.id, quantity: 2 }], shipping: false } }, 2),
    ).toEqual({ ok: false, error: 'refund-too-large' });
    expect(await change(order.orderNumber, { kind: 'refund', request: { mode: 'amount', amountCents: 7254 - 2420 + 1 } }, 2)).toEqual({
      ok: false,
      error: 'refund-too-large',
    });
    expect(
      await change(order.orderNumber, { kind: 'refund', request: { mode: 'lines', lines: [{ orderItemId: 999_999, quantity: 1 }], shipping: false } }, 2),
    ).toEqual({ ok: false, error: 'invalid-lines' });
    expect(await change(order.orderNumber, { kind: 'refund', request: { mode: 'amount', amountCents: 0 } }, 2)).toEqual({
      ok: false,
      error: 'nothing-to-refund',
    });
    expect(standIn.refunds).toHaveLength(requests);
    expect(await refundsOf(order.id)).toHaveLength(1);

    // Stripe does not answer: nothing is written, and the credit note number is not used up.
    standIn.failNext(3);
    expect(await change(order.orderNumber, { kind: 'refund', request: { mode: 'full' } }, 2)).toEqual({ ok: false, error: 'payment-provider-failed' });
    expect(await refundsOf(order.id)).toHaveLength(1);
    expect((await orderRow(order.id)).version).toBe(2);

    const rest = await change(order.orderNumber, { kind: 'refund', request: { mode: 'full' } }, 2);
    expect(rest).toEqual({ ok: true, status: 'refunded', version: 3, invoiceNumber: null, creditNoteNumber: creditNote(next + 1), refundedCents: 7254 - 2420 });
    const paidBack = standIn.refunds
      .filter((entry) => entry.paymentIntent === order.sessionId.replace('cs_', 'pi_'))
      .reduce((sum, entry) => sum + entry.amount, 0);
    expect(paidBack).toBe(7254);
    const refunds = await refundsOf(order.id);
    expect(refunds.reduce((sum, entry) => sum + entry.taxCents, 0)).toBe(1259);
    expect(second).toBeDefined();
    expect(await change(order.orderNumber, { kind: 'refund', request: { mode: 'amount', amountCents: 1 } }, 3)).toEqual({ ok: false, error: 'not-allowed' });
  });

  it('cancels a paid Stripe order: the whole payment is refunded through Stripe and the stock comes back', async () => {
    const stockBefore = await stockOf(variantIds[0]!);
    const order = await createStripePaidOrder();
    const result = await change(order.orderNumber, { kind: 'cancelled', reason: 'out of stock at the supplier' }, 1);
    expect(result).toMatchObject({ ok: true, status: 'cancelled', refundedCents: 7254, creditNoteNumber: expect.stringMatching(/^CN-NL-\d{6}$/) });
    expect(standIn.refunds.at(-1)).toMatchObject({ amount: 7254 });
    expect(await stockOf(variantIds[0]!)).toBe(stockBefore + 3);
  });

  it('refunds a bank transfer paid partly with a gift card: the card part back onto the card, the rest for the shop to transfer', async () => {
    const [card] = await database.db
      .insert(giftCards)
      .values({ code: `GIFT-${randomUUID()}`, initialCents: 2500, balanceCents: 0 })
      .returning();
    const order = await createOrder({ giftCardId: card!.id, giftCardCents: 2500 });
    await change(order.orderNumber, { kind: 'paid' }, 0);
    const requests = standIn.refunds.length;
    // 50.00 first: all of it from the 47.54 paid by transfer, then 2.46 onto the card.
    expect(await change(order.orderNumber, { kind: 'refund', request: { mode: 'amount', amountCents: 5000 } }, 1)).toMatchObject({
      ok: true,
      status: 'paid',
      refundedCents: 5000,
    });
    expect(await change(order.orderNumber, { kind: 'refund', request: { mode: 'full' } }, 2)).toMatchObject({
      ok: true,
      status: 'refunded',
      refundedCents: 2254,
    });
    expect(standIn.refunds).toHaveLength(requests);
    const refunds = await refundsOf(order.id);
    expect(refunds.map(({ manualCents, giftCardCents, providerCents }) => ({ manualCents, giftCardCents, providerCents }))).toEqual([
      { manualCents: 4754, giftCardCents: 246, providerCents: 0 },
      { manualCents: 0, giftCardCents: 2254, providerCents: 0 },
    ]);
    expect((await database.db.select().from(giftCards).where(eq(giftCards.id, card!.id)))[0]!.balanceCents).toBe(2500);
  });

  it('keeps internal notes, resends the confirmation and invoice mails, and shows it all in the timeline', async () => {
    const order = await createOrder();
    expect(await resendOrderMail(services, { orderNumber: order.orderNumber, kind: 'invoice', actor: 'support@cordial.example' })).toEqual({
      ok: false,
      error: 'no-invoice',
    });
    await change(order.orderNumber, { kind: 'paid' }, 0);
    expect(
      await addOrderNote(database.db, { orderNumber: order.orderNumber, body: '  Customer asked for a gift wrap.  ', actor: 'support@cordial.example' }),
    ).toMatchObject({ ok: true });
    expect(await addOrderNote(database.db, { orderNumber: order.orderNumber, body: '   ', actor: null })).toEqual({
      ok: false,
      error: 'invalid',
      field: 'body',
      message: 'required',
    });
    expect(await addOrderNote(database.db, { orderNumber: order.orderNumber, body: 'x'.repeat(2001), actor: null })).toEqual({
      ok: false,
      error: 'invalid',
      field: 'body',
      message: 'tooLong',
    });
    expect(await addOrderNote(database.db, { orderNumber: 'NL0', body: 'hello', actor: null })).toEqual({ ok: false, error: 'not-found' });
    expect(await resendOrderMail(services, { orderNumber: order.orderNumber, kind: 'confirmation', actor: 'support@cordial.example' })).toEqual({ ok: true });
    expect(await resendOrderMail(services, { orderNumber: order.orderNumber, kind: 'invoice', actor: 'support@cordial.example' })).toEqual({ ok: true });
    expect(await resendOrderMail(services, { orderNumber: 'NL0', kind: 'invoice', actor: null })).toEqual({ ok: false, error: 'not-found' });

    const mails = await mailsOf(order.id);
    expect(mails.map((mail) => [mail.kind, mail.actor])).toEqual([
      ['confirmation', 'support@cordial.example'],
      ['invoice', 'support@cordial.example'],
    ]);
    expect(mails[0]!.mail.subject).toBe(`Je bestelling ${order.orderNumber} bij Cordial`);
    expect(mails[0]!.mail.text).toContain('Paracord 10 m');
    const [invoice] = await database.db.select().from(invoices).where(eq(invoices.orderId, order.id));
    expect(mails[1]!.mail.attachments![0]).toMatchObject({ filename: `invoice-${invoice!.invoiceNumber}.pdf`, contentType: 'application/pdf' });

    const detail = await getOrderDetail(database.db, order.orderNumber);
    expect(detail).toMatchObject({
      status: 'paid',
      version: 1,
      nextStatuses: ['processing', 'shipped', 'cancelled'],
      canRefund: true,
      payment: { method: 'bank_transfer', byMethodCents: 7254, refundableCents: 7254 },
    });
    expect(detail!.notes.map((note) => note.body)).toEqual(['Customer asked for a gift wrap.']);
    expect(detail!.timeline.map((entry) => entry.kind).sort()).toEqual(['mail', 'mail', 'note', 'status', 'status']);
    expect(detail!.invoices.map((entry) => entry.invoiceNumber)).toEqual([invoice!.invoiceNumber]);
    expect(await getOrderDetail(database.db, 'NL0')).toBeNull();
  });

  it('does not show a refund line twice and knows what was refunded of each line', async () => {
    const order = await createStripePaidOrder();
    const items = await database.db.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(asc(orderItems.id));
    await change(order.orderNumber, { kind: 'refund', request: { mode: 'lines', lines: [{ orderItemId: items[1]!.id, quantity: 1 }], shipping: true } }, 1);
    const detail = await getOrderDetail(database.db, order.orderNumber);
    expect(detail!.items.map((item) => item.refundedQuantity)).toEqual([0, 1]);
    expect(detail!.shippingRefunded).toBe(true);
    // 25.00 + 4.95 shipping, plus 21 % VAT on each.
    expect(detail!.payment.refundedCents).toBe(2500 + 525 + 495 + 104);
    const refundIds = (await refundsOf(order.id)).map((refund) => refund.id);
    expect(refundIds).toHaveLength(1);
    expect(await change(order.orderNumber, { kind: 'refund', request: { mode: 'lines', lines: [], shipping: true } }, 2)).toEqual({
      ok: false,
      error: 'refund-too-large',
    });
    expect(
      await database.db
        .select()
        .from(orderRefunds)
        .where(and(eq(orderRefunds.orderId, order.id), inArray(orderRefunds.id, refundIds))),
    ).toHaveLength(1);
  });
});
