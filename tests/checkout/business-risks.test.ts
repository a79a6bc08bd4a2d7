import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, carts, customers, invoices, orderMails, orderRefunds, orders, products, productVariants } from '#app/db/schema.ts';
import { waitingWork } from '#app/modules/admin/dashboard.server.ts';
import { addToCart } from '#app/modules/cart/add-to-cart.server.ts';
import { changeCart } from '#app/modules/cart/cart-actions.server.ts';
import { loadCart } from '#app/modules/cart/cart.server.ts';
import type { CheckoutDetails } from '#app/modules/checkout/checkout-details.ts';
import { checkoutSummary } from '#app/modules/checkout/checkout-summary.server.ts';
import { orderConfirmationMail } from '#app/modules/orders/order-confirmation-mail.server.ts';
import { placeOrder } from '#app/modules/checkout/place-order.server.ts';
import { createLogger } from '#app/lib/observability/logger.server.ts';
import { getCurrencyRates } from '#app/modules/currency/exchange-rates.server.ts';
import { storefrontByCode } from '#app/modules/i18n/locales.ts';
import { defaultBusinessRules } from '#app/modules/config/business-rules.ts';
import * as customerPage from '#app/routes/admin/customer.tsx';
import * as orderPage from '#app/routes/admin/orders/order-detail.tsx';
import { callRoute, createStaff, loggedIn } from '../admin/admin-support.ts';
import { createDemoDatabase, type TestDatabase, testDrivers } from '../support/database.ts';
import { createCustomer, createPaidOrder } from '../support/factories.ts';

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
const business: CheckoutDetails = {
  email: 'inkoop@example.com',
  isBusiness: true,
  companyName: 'Touw B.V.',
  vatNumber: 'NL004495445B01',
  shippingAddress: { ...address, companyName: 'Touw B.V.' },
  shippingMethod: 'home_delivery',
  billingSameAsShipping: true,
};

describe.each(testDrivers)('business risks at the checkout on %s', (driver) => {
  let database: TestDatabase;
  let variant: { id: number; priceCents: number };
  let scarce: number;
  beforeAll(async () => {
    database = await createDemoDatabase(driver, 0.05);
    const [row] = await database.db
      .select({ id: productVariants.id, priceCents: productVariants.priceCents })
      .from(productVariants)
      .where(sql`${productVariants.priceCents} >= 1500`)
      .orderBy(asc(productVariants.id))
      .limit(1);
    variant = row!;
    await database.db.update(productVariants).set({ stockQuantity: 100 }).where(eq(productVariants.id, variant.id));
    const [other] = await database.db
      .select({ id: productVariants.id })
      .from(productVariants)
      .where(sql`${productVariants.id} <> ${variant.id} and ${productVariants.priceCents} >= 500`)
      .orderBy(asc(productVariants.id))
      .limit(1);
    scarce = other!.id;
  });
  afterAll(() => database?.destroy());

  async function readyCart(customerId: number | null, quantity = 1, details: CheckoutDetails = business): Promise<string> {
    const added = await addToCart(database.db, { cartId: undefined, customerId, locale: 'nl-NL', currency: 'EUR', variantId: variant.id, quantity });
    if (!added.ok) throw new Error(`not added: ${added.reason}`);
    await database.db
      .update(carts)
      .set({ checkout: details as Record<string, unknown> })
      .where(eq(carts.id, added.cartId));
    return added.cartId;
  }
  /** How pay on invoice is offered: an order prepared at once, one held for review, or not at all. */
  const offered = async (cartId: string, customerId: number | null, rules = defaultBusinessRules) => {
    const summary = await checkoutSummary(database.db, await getCurrencyRates(database.db), dutchStore, 'EUR', cartId, customerId, false, rules);
    expect(summary.paymentOptions).toContain('bank_transfer');
    return !summary.paymentOptions.includes('invoice') ? 'not offered' : summary.invoiceReview ? 'held for review' : 'prepared at once';
  };
  const place = (cartId: string, customerId: number | null, paymentMethod = 'invoice') =>
    placeOrder(database.db, { storefront: dutchStore, currency: 'EUR', cartId, customerId, paymentMethod, termsAccepted: true });
  const businessCustomer = async (vatNumber: string | null) => {
    const customer = await createCustomer(database.db);
    await database.db.update(customers).set({ isBusiness: true, companyName: 'Touw B.V.', vatNumber }).where(eq(customers.id, customer.id));
    return customer;
  };

  it('holds the invoice order of a guest who ticks "business", or of an account without a valid VAT number or approval, for review', async () => {
    const { db } = database;
    const stockOf = async () =>
      (await db.select({ stock: productVariants.stockQuantity }).from(productVariants).where(eq(productVariants.id, variant.id)))[0]!.stock;
    const guestCart = await readyCart(null);
    expect(await offered(guestCart, null)).toBe('held for review');
    // Without "business" there is no invoice at all.
    const consumerCart = await readyCart(null, 1, { ...business, isBusiness: false, vatNumber: null });
    expect(await offered(consumerCart, null)).toBe('not offered');
    expect(await place(consumerCart, null)).toEqual({ ok: false, reason: 'payment-method' });

    const stock = await stockOf();
    const held = await place(guestCart, null);
    expect(held).toMatchObject({ ok: true });
    const heldNumber = held.ok ? held.orderNumber : '';
    const [heldOrder] = await db.select().from(orders).where(eq(orders.orderNumber, heldNumber));
    expect(heldOrder).toMatchObject({ status: 'on_hold', paymentMethod: 'invoice' });
    // The goods are put aside, the invoice waits for staff.
    expect(await stockOf()).toBe(stock - 1);
    expect(await db.select().from(invoices).where(eq(invoices.orderId, heldOrder!.id))).toEqual([]);
    // Staff see it waiting on the dashboard.
    expect(await waitingWork(db)).toMatchObject({ awaitingReview: 1 });
    // The confirmation says so, in the store's language.
    const confirmation = await orderConfirmationMail(
      { db, logger: createLogger('silent'), shopName: 'Cordial', siteUrl: 'https://shop.example' },
      'nl-NL',
      heldNumber,
    );
    expect(confirmation!.text).toContain('controleren we voordat we ze klaarmaken');

    // Support may not approve; a manager approves: the invoice is issued and mailed.
    const route = { db, path: `orders/${heldNumber}`, params: { orderNumber: heldNumber } };
    const support = await loggedIn(db, await createStaff(db, 'support'));
    expect(await callRoute(orderPage.action, { ...route, staff: support, form: { intent: 'processing', version: heldOrder!.version } })).toMatchObject({
      status: 403,
    });
    const manager = await loggedIn(db, await createStaff(db, 'manager'));
    const approved = await callRoute(orderPage.action, { ...route, staff: manager, form: { intent: 'processing', version: heldOrder!.version } });
    expect(approved).toMatchObject({ status: 200, data: { ok: true, message: { key: 'businessRisks.admin.reviewApproved' } } });
    const [invoice] = await db.select().from(invoices).where(eq(invoices.orderId, heldOrder!.id));
    expect((approved.data as { message: { values: { invoiceNumber: string } } }).message.values.invoiceNumber).toBe(invoice!.invoiceNumber);
    expect((await db.select({ status: orders.status }).from(orders).where(eq(orders.id, heldOrder!.id)))[0]!.status).toBe('processing');
    expect((await db.select({ kind: orderMails.kind }).from(orderMails).where(eq(orderMails.orderId, heldOrder!.id))).map((mail) => mail.kind)).toContain(
      'invoice',
    );
    expect(await waitingWork(db)).toMatchObject({ awaitingReview: 0 });

    // An unverified account's held order cancelled: the stock comes back, no credit note for money never owed.
    const unverified = await businessCustomer('NL123');
    const cartId = await readyCart(unverified.id);
    expect(await offered(cartId, unverified.id)).toBe('held for review');
    const second = await place(cartId, unverified.id);
    const secondNumber = second.ok ? second.orderNumber : '';
    const [secondOrder] = await db.select().from(orders).where(eq(orders.orderNumber, secondNumber));
    expect(secondOrder).toMatchObject({ status: 'on_hold' });
    const before = await stockOf();
    const cancelled = await callRoute(orderPage.action, {
      db,
      staff: manager,
      path: `orders/${secondNumber}`,
      params: { orderNumber: secondNumber },
      form: { intent: 'cancelled', version: secondOrder!.version },
    });
    expect(cancelled).toMatchObject({ status: 200, data: { ok: true } });
    expect(await stockOf()).toBe(before + 1);
    expect(await db.select().from(orderRefunds).where(eq(orderRefunds.orderId, secondOrder!.id))).toEqual([]);
    expect(await db.select().from(invoices).where(eq(invoices.orderId, secondOrder!.id))).toEqual([]);
  });

  it('prepares the invoice order of a business account with a valid VAT number at once, within its credit limit', async () => {
    const customer = await businessCustomer('NL004495445B01');
    const cartId = await readyCart(customer.id);
    expect(await offered(cartId, customer.id)).toBe('prepared at once');
    // Unpaid invoices count against the limit: over it, the order would wait for review.
    await createPaidOrder(database.db, customer.id, { paymentMethod: 'invoice', status: 'processing', totalCents: 95_000, subtotalCents: 95_000 });
    expect(await offered(cartId, customer.id, { ...defaultBusinessRules, invoiceCreditLimitEurCents: 95_000 })).toBe('held for review');
    await database.db.update(customers).set({ creditLimitCents: 500_000 }).where(eq(customers.id, customer.id));
    expect(await offered(cartId, customer.id, { ...defaultBusinessRules, invoiceCreditLimitEurCents: 95_000 })).toBe('prepared at once');
    const placed = await place(cartId, customer.id);
    expect(placed).toMatchObject({ ok: true });
    const [order] = await database.db
      .select()
      .from(orders)
      .where(eq(orders.orderNumber, placed.ok ? placed.orderNumber : ''));
    expect(order).toMatchObject({ status: 'processing', paymentMethod: 'invoice' });
  });

  it('lets only one of two invoice orders placed at the same moment use the credit that fits one', async () => {
    const customer = await businessCustomer('NL004495445B01');
    // Two carts of one customer (two browsers): the second made while the first was set aside.
    const first = await readyCart(customer.id);
    await database.db.update(carts).set({ customerId: null }).where(eq(carts.id, first));
    const second = await readyCart(customer.id);
    await database.db.update(carts).set({ customerId: customer.id }).where(eq(carts.id, first));
    expect(second).not.toBe(first);
    const summary = await checkoutSummary(database.db, await getCurrencyRates(database.db), dutchStore, 'EUR', first, customer.id, false, defaultBusinessRules);
    // Room for one order and a half.
    await database.db
      .update(customers)
      .set({ creditLimitCents: Math.round(summary.totals!.total * 1.5) })
      .where(eq(customers.id, customer.id));
    const placed = await Promise.all([place(first, customer.id), place(second, customer.id)]);
    expect(placed.every((result) => result.ok)).toBe(true);
    const statuses = await database.db.select({ status: orders.status }).from(orders).where(eq(orders.customerId, customer.id));
    expect(statuses.map((row) => row.status).toSorted()).toEqual(['on_hold', 'processing']);
  });

  it('lets a manager approve a business without a VAT number and take it back, audited; support staff may not', async () => {
    const { db } = database;
    const customer = await businessCustomer(null);
    const cartId = await readyCart(customer.id);
    expect(await offered(cartId, customer.id)).toBe('held for review');
    const route = { db, path: `customers/${customer.id}`, params: { customerId: String(customer.id) } };

    const support = await loggedIn(db, await createStaff(db, 'support'));
    expect(await callRoute(customerPage.action, { ...route, staff: support, form: { intent: 'business-approve' } })).toMatchObject({ status: 403 });
    expect(await offered(cartId, customer.id)).toBe('held for review');

    const manager = await loggedIn(db, await createStaff(db, 'manager'));
    const approved = await callRoute(customerPage.action, { ...route, staff: manager, form: { intent: 'business-approve' } });
    expect(approved.data).toEqual({ ok: true, message: 'businessRisks.admin.approvedNow' });
    expect(await offered(cartId, customer.id)).toBe('prepared at once');
    const detail = await callRoute(customerPage.loader, { ...route, staff: manager });
    expect(detail.data).toMatchObject({ standing: { verified: true, how: 'staff', creditLimitEurCents: defaultBusinessRules.invoiceCreditLimitEurCents } });

    await callRoute(customerPage.action, { ...route, staff: manager, form: { intent: 'business-revoke' } });
    expect(await offered(cartId, customer.id)).toBe('held for review');
    const entries = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'customer'), eq(auditLog.entityId, String(customer.id))))
      .orderBy(asc(auditLog.id));
    expect(entries.filter((entry) => entry.action.startsWith('customer.business')).map((entry) => [entry.action, entry.after])).toEqual([
      ['customer.business-approve', { approved: true }],
      ['customer.business-revoke', { approved: false }],
    ]);
  });

  it('counts unpaid invoices against the credit limit however old they are, until a manager marks the invoice paid (audited)', async () => {
    const { db } = database;
    const customer = await businessCustomer('NL004495445B01');
    const cartId = await readyCart(customer.id);
    const rules = { ...defaultBusinessRules, invoiceCreditLimitEurCents: 95_000 };
    // An invoice of two months ago, delivered and completed but not paid yet.
    const invoice = await createPaidOrder(db, customer.id, { paymentMethod: 'invoice', status: 'completed', totalCents: 95_000, subtotalCents: 95_000 });
    await db
      .update(orders)
      .set({ createdAt: sql`now() - interval '60 days'` })
      .where(eq(orders.orderNumber, invoice.orderNumber));
    expect(await offered(cartId, customer.id, rules)).toBe('held for review');

    const [before] = await db.select({ version: orders.version }).from(orders).where(eq(orders.orderNumber, invoice.orderNumber));
    const route = { db, path: `orders/${invoice.orderNumber}`, params: { orderNumber: invoice.orderNumber } };
    const form = { intent: 'invoice-paid', version: before!.version };
    const support = await loggedIn(db, await createStaff(db, 'support'));
    expect(await callRoute(orderPage.action, { ...route, staff: support, form })).toMatchObject({ status: 403 });
    const manager = await loggedIn(db, await createStaff(db, 'manager'));
    const shown = await callRoute(orderPage.loader, { ...route, staff: manager });
    expect(shown.data).toMatchObject({ order: { invoicePayable: true, payment: { paidAt: null } } });
    expect(await callRoute(orderPage.action, { ...route, staff: manager, form })).toMatchObject({
      status: 200,
      data: { ok: true, message: { key: 'businessRisks.admin.invoicePaidNow' } },
    });
    expect(await offered(cartId, customer.id, rules)).toBe('prepared at once');
    const [after] = await db
      .select({ invoicePaidAt: orders.invoicePaidAt, status: orders.status, version: orders.version })
      .from(orders)
      .where(eq(orders.orderNumber, invoice.orderNumber));
    expect(after).toMatchObject({ status: 'completed', version: before!.version + 1 });
    expect(after!.invoicePaidAt).toBeInstanceOf(Date);
    const entries = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'order'), eq(auditLog.entityId, invoice.orderNumber)));
    expect(entries.map((entry) => entry.action)).toEqual(['order.invoice-paid']);
    // Twice, or on the version shown before: nothing changes.
    expect(await callRoute(orderPage.action, { ...route, staff: manager, form })).toMatchObject({ status: 409 });
    expect(await callRoute(orderPage.action, { ...route, staff: manager, form: { ...form, version: after!.version } })).toMatchObject({
      status: 409,
      data: { formError: { key: 'fulfilment.admin.error.notAllowed' } },
    });
    expect((await callRoute(orderPage.loader, { ...route, staff: manager })).data).toMatchObject({ order: { invoicePayable: false } });

    // Not an invoice order: no such action.
    const card = await createPaidOrder(db, customer.id);
    const [cardOrder] = await db.select({ version: orders.version }).from(orders).where(eq(orders.orderNumber, card.orderNumber));
    expect(
      await callRoute(orderPage.action, {
        db,
        staff: manager,
        path: `orders/${card.orderNumber}`,
        params: { orderNumber: card.orderNumber },
        form: { intent: 'invoice-paid', version: cardOrder!.version },
      }),
    ).toMatchObject({ status: 409 });
  });

  it('lets a manager set a customer’s own credit limit (empty for the store default), validated and audited', async () => {
    const { db } = database;
    const customer = await businessCustomer('NL004495445B01');
    const route = { db, path: `customers/${customer.id}`, params: { customerId: String(customer.id) } };
    const manager = await loggedIn(db, await createStaff(db, 'manager'));
    const limitOf = async () => (await db.select({ cents: customers.creditLimitCents }).from(customers).where(eq(customers.id, customer.id)))[0]!.cents;

    for (const typed of ['abc', '-5', '12,345', '1.000.000', '99999999']) {
      expect(await callRoute(customerPage.action, { ...route, staff: manager, form: { intent: 'credit-limit', creditLimit: typed } })).toEqual({
        status: 400,
        data: { ok: false, error: 'businessRisks.admin.creditLimitInvalid', creditLimit: typed },
        headers: expect.any(Headers),
      });
    }
    expect(await limitOf()).toBeNull();
    const support = await loggedIn(db, await createStaff(db, 'support'));
    expect(await callRoute(customerPage.action, { ...route, staff: support, form: { intent: 'credit-limit', creditLimit: '5000' } })).toMatchObject({
      status: 403,
    });

    expect((await callRoute(customerPage.action, { ...route, staff: manager, form: { intent: 'credit-limit', creditLimit: ' 2500,50 ' } })).data).toEqual({
      ok: true,
      message: 'businessRisks.admin.creditLimitSaved',
    });
    expect(await limitOf()).toBe(250_050);
    expect((await callRoute(customerPage.loader, { ...route, staff: manager })).data).toMatchObject({
      customer: { creditLimitCents: 250_050 },
      standing: { creditLimitEurCents: 250_050 },
      defaultCreditLimitEurCents: defaultBusinessRules.invoiceCreditLimitEurCents,
    });
    await callRoute(customerPage.action, { ...route, staff: manager, form: { intent: 'credit-limit', creditLimit: '' } });
    expect(await limitOf()).toBeNull();
    expect((await callRoute(customerPage.loader, { ...route, staff: manager })).data).toMatchObject({
      standing: { creditLimitEurCents: defaultBusinessRules.invoiceCreditLimitEurCents },
    });
    const entries = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'customer.credit-limit'), eq(auditLog.entityId, String(customer.id))))
      .orderBy(asc(auditLog.id));
    expect(entries.map((entry) => [entry.before, entry.after])).toEqual([
      [{ creditLimitCents: null }, { creditLimitCents: 250_050 }],
      [{ creditLimitCents: 250_050 }, { creditLimitCents: null }],
    ]);
  });

  describe('one order’s share of a variant’s stock', () => {
    const add = (customerId: number | null, quantity: number, cartId?: string) =>
      addToCart(database.db, { cartId, customerId, locale: 'nl-NL', currency: 'EUR', variantId: scarce, quantity });
    const setStock = (stock: number) => database.db.update(productVariants).set({ stockQuantity: stock }).where(eq(productVariants.id, scarce));

    it('refuses more than half of the stock at add-to-cart and in the cart, but always sells the minimum quantity', async () => {
      await setStock(40);
      expect(await add(null, 21)).toEqual({ ok: false, reason: 'stock-share' });
      const added = await add(null, 20);
      expect(added).toMatchObject({ ok: true });
      const cartId = added.ok ? added.cartId : '';
      // Adding to the same line counts what is in the cart already.
      expect(await add(null, 1, cartId)).toEqual({ ok: false, reason: 'stock-share' });
      const { cart } = await loadCart(database.db, cartId, null, 'nl-NL');
      expect(await changeCart(database.db, cartId, null, 'nl-NL', { intent: 'update', lineId: cart!.lines[0]!.id, quantity: 30 })).toEqual({
        ok: false,
        reason: 'stock-share',
      });
      // Small stocks: the minimum quantity (5) may always be ordered.
      await setStock(6);
      expect(await add(null, 5)).toMatchObject({ ok: true });
      expect(await add(null, 6)).toEqual({ ok: false, reason: 'stock-share' });
      // The setting: 75 % of 40.
      await setStock(40);
      expect(
        await addToCart(database.db, {
          cartId: undefined,
          customerId: null,
          locale: 'nl-NL',
          currency: 'EUR',
          variantId: scarce,
          quantity: 30,
          businessRules: { ...defaultBusinessRules, maxStockSharePercent: 75 },
        }),
      ).toMatchObject({ ok: true });
    });

    it('lets a verified business take more, and re-checks the share when the order is placed', async () => {
      await setStock(40);
      const customer = await businessCustomer('NL004495445B01');
      expect(await add(customer.id, 35)).toMatchObject({ ok: true });

      const added = await add(null, 20);
      const cartId = added.ok ? added.cartId : '';
      await database.db
        .update(carts)
        .set({ checkout: { ...business, isBusiness: false, vatNumber: null } as Record<string, unknown> })
        .where(eq(carts.id, cartId));
      // Meanwhile others bought: 20 of the 30 left is more than half.
      await setStock(30);
      expect(await place(cartId, null, 'bank_transfer')).toEqual({ ok: false, reason: 'stock-share' });
      expect((await database.db.select({ stock: productVariants.stockQuantity }).from(productVariants).where(eq(productVariants.id, scarce)))[0]!.stock).toBe(
        30,
      );
      await setStock(40);
      expect(await place(cartId, null, 'bank_transfer')).toMatchObject({ ok: true });
    });

    it('counts cut-to-length pieces of different lengths of one variant together', async () => {
      const [rope] = await database.db
        .select({ id: productVariants.id })
        .from(productVariants)
        .innerJoin(products, eq(products.id, productVariants.productId))
        .where(and(eq(products.soldByLength, true), eq(products.isActive, true), eq(productVariants.isActive, true)))
        .orderBy(asc(productVariants.id))
        .limit(1);
      const setMetres = (metres: number) => database.db.update(productVariants).set({ stockQuantity: metres }).where(eq(productVariants.id, rope!.id));
      const cut = (quantity: number, lengthCm: number, cartId?: string) =>
        addToCart(database.db, { cartId, customerId: null, locale: 'nl-NL', currency: 'EUR', variantId: rope!.id, quantity, lengthCm });
      await setMetres(40);
      // 10 pieces of 1.5 m and 5 of 1 m: 20 m, half of the 40 m.
      const first = await cut(10, 150);
      const cartId = first.ok ? first.cartId : '';
      expect(await cut(5, 100, cartId)).toMatchObject({ ok: true });
      // A piece in a third length is more than half, though each line alone is not.
      expect(await cut(1, 200, cartId)).toEqual({ ok: false, reason: 'stock-share' });
      const { cart } = await loadCart(database.db, cartId, null, 'nl-NL');
      const metreLine = cart!.lines.find((line) => line.lengthCm === 100)!;
      expect(await changeCart(database.db, cartId, null, 'nl-NL', { intent: 'update', lineId: metreLine.id, quantity: 6 })).toEqual({
        ok: false,
        reason: 'stock-share',
      });

      // When the order is placed the lines count together too: 20 m of the 30 m left is more than half.
      await database.db
        .update(carts)
        .set({ checkout: { ...business, isBusiness: false, vatNumber: null } as Record<string, unknown> })
        .where(eq(carts.id, cartId));
      await setMetres(30);
      expect(await place(cartId, null, 'bank_transfer')).toEqual({ ok: false, reason: 'stock-share' });
      await setMetres(40);
      expect(await place(cartId, null, 'bank_transfer')).toMatchObject({ ok: true });
      expect((await database.db.select({ stock: productVariants.stockQuantity }).from(productVariants).where(eq(productVariants.id, rope!.id)))[0]!.stock).toBe(
        20,
      );
    });
  });
});
