import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  couponRedemptions,
  coupons,
  giftCards,
  mailOutbox,
  orderMails,
  orders,
  orderStatusHistory,
  products,
  productVariants,
} from '#app/db/schema.ts';
import { createLogger } from '#app/lib/observability/logger.server.ts';
import { defaultBusinessRules } from '#app/modules/config/business-rules.ts';
import { type OrderInput, recordOrder } from '#app/modules/orders/record-order.server.ts';
import type { OrderServices } from '#app/modules/orders/order-status.server.ts';
import { runUnpaidOrderRules, unpaidOrdersActor } from '#app/modules/orders/unpaid-orders.server.ts';
import { createTestDatabase, type TestDatabase, testDrivers } from '../support/database.ts';

const address = { firstName: 'Anna', lastName: 'Jansen', street: 'Dorpsstraat', houseNumber: '1', zipCode: '3511 AB', city: 'Utrecht', countryCode: 'NL' };

describe.each(testDrivers)('unpaid bank-transfer orders on %s', (driver) => {
  let database: TestDatabase;
  let services: OrderServices;
  let variantId: number;

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    services = {
      db: database.db,
      siteUrl: 'https://shop.example',
      logger: createLogger('silent'),
      shopName: 'Cordial',
      payments: null,
      // The shop's own account (BANK_* configuration), not the demo one: the reminder names it.
      bankAccount: { accountName: 'Touwwerk Rotterdam B.V.', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX', bankName: 'Commerzbank' },
      mailer: { send: () => Promise.reject(new Error('order mails go through the outbox')), deliverSoon: () => undefined },
    };
    const [product] = await database.db.insert(products).values({ sku: 'UNPAID-CORD', kind: 'simple', productType: 'paracord' }).returning();
    const [variant] = await database.db
      .insert(productVariants)
      .values({ productId: product!.id, sku: 'UNPAID-CORD-10', priceCents: 1000, stockQuantity: 20 })
      .returning();
    variantId = variant!.id;
  });
  afterAll(async () => {
    await database?.destroy();
  });

  /** 3 × €10.00 by bank transfer, €4.95 shipping, 21 % VAT: €41.96; the stock taken as the checkout takes it; placed `ageDays` ago. */
  async function placeUnpaidOrder(ageDays: number, overrides: Partial<OrderInput> = {}) {
    const input: OrderInput = {
      locale: 'nl-NL',
      customerId: null,
      email: `shopper-${randomUUID()}@example.com`,
      status: 'pending_payment',
      currencyCode: 'EUR',
      exchangeRate: '1',
      subtotalCents: 3000,
      discountCents: 0,
      shippingCents: 495,
      taxCents: 734,
      totalCents: 4229,
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
      lines: [
        {
          variantId,
          sku: 'UNPAID-CORD-10',
          name: 'Paracord 10 m',
          quantity: 3,
          lengthCm: null,
          isSample: false,
          unitPriceCents: 1000,
          rowTotalCents: 3000,
          vatRateBp: 2100,
          taxCents: 630,
        },
      ],
      ...overrides,
    };
    const created = await database.db.transaction((tx) => recordOrder(tx, input));
    await database.db
      .update(productVariants)
      .set({ stockQuantity: sql`${productVariants.stockQuantity} - 3` })
      .where(eq(productVariants.id, variantId));
    await age(created.id, ageDays);
    return { ...created, email: input.email };
  }
  const age = (orderId: number, days: number) =>
    database.db
      .update(orders)
      .set({ createdAt: sql`now() - make_interval(days => ${days})` })
      .where(eq(orders.id, orderId));
  const reminderAge = (orderId: number, days: number) =>
    database.db
      .update(orders)
      .set({ paymentReminderSentAt: sql`now() - make_interval(days => ${days})` })
      .where(eq(orders.id, orderId));
  const stock = async () =>
    (await database.db.select({ stock: productVariants.stockQuantity }).from(productVariants).where(eq(productVariants.id, variantId)))[0]!.stock;
  const orderRow = async (id: number) => (await database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
  const mailsOf = (orderId: number) =>
    database.db
      .select({ kind: orderMails.kind, mail: mailOutbox })
      .from(orderMails)
      .innerJoin(mailOutbox, eq(mailOutbox.id, orderMails.mailId))
      .where(eq(orderMails.orderId, orderId))
      .orderBy(asc(orderMails.id));

  it('sends one reminder in the shopper’s language with the bank details and the amount, however many rounds run at once', async () => {
    const fresh = await placeUnpaidOrder(2);
    const due = await placeUnpaidOrder(6);
    const rounds = await Promise.all([runUnpaidOrderRules(services), runUnpaidOrderRules(services), runUnpaidOrderRules(services)]);
    expect(rounds.flatMap((round) => round.reminded).filter((number) => number === due.orderNumber)).toEqual([due.orderNumber]);
    expect(rounds.flatMap((round) => round.reminded)).not.toContain(fresh.orderNumber);
    expect(await mailsOf(fresh.id)).toEqual([]);
    const mails = await mailsOf(due.id);
    expect(mails.map((mail) => mail.kind)).toEqual(['payment_reminder']);
    const { mail } = mails[0]!;
    expect(mail.subject).toBe(`Herinnering: je bestelling ${due.orderNumber} bij Cordial wacht op betaling`);
    expect(mail.text).toContain('DE89 3704 0044 0532 0130 00');
    expect(mail.text).toContain('Touwwerk Rotterdam B.V.');
    expect(mail.text).toContain('COBADEFFXXX');
    expect(mail.text).not.toContain('NL91');
    expect(mail.text).toMatch(/€\s?42,29/);
    expect(mail.text).toContain('binnen 5 dagen');
    expect((await orderRow(due.id)).status).toBe('pending_payment');
    expect(await runUnpaidOrderRules(services)).toMatchObject({ reminded: [] });
    const [audit] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order.payment_reminder'), eq(auditLog.entityId, due.orderNumber)));
    expect(audit).toBeDefined();
  });

  it('cancels after the expiry days and the reminder’s grace, with stock, coupon use and gift card amount back', async () => {
    const [card] = await database.db
      .insert(giftCards)
      .values({ code: `GIFT-${randomUUID()}`, initialCents: 1000, balanceCents: 0 })
      .returning();
    const [coupon] = await database.db
      .insert(coupons)
      .values({ code: `SAVE-${randomUUID()}`, kind: 'percent', value: 1000, timesUsed: 1, usageLimit: 1 })
      .returning();
    const stockBefore = await stock();
    const order = await placeUnpaidOrder(11, { giftCardId: card!.id, giftCardCents: 1000, couponCode: coupon!.code });
    await database.db.insert(couponRedemptions).values({ couponId: coupon!.id, orderId: order.id, email: order.email });
    expect(await stock()).toBe(stockBefore - 3);

    // Past the expiry but never reminded (the shop was down): first the reminder, with its full grace.
    let round = await runUnpaidOrderRules(services);
    expect(round.reminded).toContain(order.orderNumber);
    expect(round.cancelled).not.toContain(order.orderNumber);
    await reminderAge(order.id, 4);
    expect((await runUnpaidOrderRules(services)).cancelled).not.toContain(order.orderNumber);

    await reminderAge(order.id, 5);
    round = await runUnpaidOrderRules(services);
    expect(round.cancelled).toContain(order.orderNumber);
    const cancelled = await orderRow(order.id);
    expect(cancelled.status).toBe('cancelled');
    expect(await stock()).toBe(stockBefore);
    expect((await database.db.select().from(giftCards).where(eq(giftCards.id, card!.id)))[0]!.balanceCents).toBe(1000);
    expect((await database.db.select().from(coupons).where(eq(coupons.id, coupon!.id)))[0]!.timesUsed).toBe(0);
    const history = await database.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, order.id)).orderBy(asc(orderStatusHistory.id));
    expect(history.at(-1)).toMatchObject({ status: 'cancelled', actor: unpaidOrdersActor, note: 'Niet binnen 10 dagen betaald' });
    const mails = await mailsOf(order.id);
    expect(mails.map((mail) => mail.kind)).toEqual(['payment_reminder', 'expired']);
    expect(mails[1]!.mail.subject).toBe(`Je bestelling ${order.orderNumber} bij Cordial is geannuleerd`);
    const [audit] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order.expired'), eq(auditLog.entityId, order.orderNumber)));
    expect(audit).toMatchObject({ staffId: null, before: { status: 'pending_payment' } });

    // A second round (another process) changes nothing more.
    const again = await runUnpaidOrderRules(services);
    expect(again.cancelled).not.toContain(order.orderNumber);
    expect(await stock()).toBe(stockBefore);
  });

  it('leaves paid orders, other payment methods and configured longer periods alone', async () => {
    const paid = await placeUnpaidOrder(30);
    await database.db.update(orders).set({ status: 'paid' }).where(eq(orders.id, paid.id));
    const invoice = await placeUnpaidOrder(30, { paymentMethod: 'invoice', status: 'processing' });
    const patient = await placeUnpaidOrder(6);
    const round = await runUnpaidOrderRules(services, { ...defaultBusinessRules, unpaidReminderDays: 7, unpaidExpiryDays: 14 });
    for (const order of [paid, invoice, patient]) {
      expect(round.reminded).not.toContain(order.orderNumber);
      expect(round.cancelled).not.toContain(order.orderNumber);
      expect(await mailsOf(order.id)).toEqual([]);
    }
  });

  it('cancels an order held for review (pay on invoice) that staff left alone as long, with the stock back and a mail that says why', async () => {
    await database.db.update(productVariants).set({ stockQuantity: 100 }).where(eq(productVariants.id, variantId));
    const before = await stock();
    const held = await placeUnpaidOrder(11, { paymentMethod: 'invoice', status: 'on_hold' });
    const fresh = await placeUnpaidOrder(3, { paymentMethod: 'invoice', status: 'on_hold' });
    const round = await runUnpaidOrderRules(services);
    expect(round.cancelled).toContain(held.orderNumber);
    expect(round.cancelled).not.toContain(fresh.orderNumber);
    expect(round.reminded).not.toContain(held.orderNumber);
    expect(await orderRow(held.id)).toMatchObject({ status: 'cancelled' });
    expect(await orderRow(fresh.id)).toMatchObject({ status: 'on_hold' });
    expect(await stock()).toBe(before - 3);
    const [mail] = await mailsOf(held.id);
    expect(mail).toMatchObject({ kind: 'expired' });
    expect(mail!.mail.text).toContain('betaling op rekening');
    expect(mail!.mail.text).not.toContain('overgemaakt');
  });
});
