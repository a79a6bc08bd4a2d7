/**
 * The back office's order pages called as React Router calls them, for each staff role: who may
 * read, change, note and mail (support reads, notes and resends but never changes a status), what
 * the audit log keeps, and how bad input and a stale version are answered.
 */
import { randomUUID } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, orderItems, orderNotes, orders, products, productVariants } from '#app/db/schema.ts';
import { type StaffRole, staffRoles } from '#app/modules/admin/permissions.ts';
import { can, type Permission } from '#app/modules/admin/permissions.ts';
import type { StaffMember } from '#app/modules/admin/staff-session.server.ts';
import { type OrderInput, recordOrder } from '#app/modules/orders/record-order.server.ts';
import * as orderDetail from '#app/routes/admin/orders/order-detail.tsx';
import * as orderDocument from '#app/routes/admin/orders/order-document.ts';
import * as orderList from '#app/routes/admin/orders/order-list.tsx';
import * as ordersCsv from '#app/routes/admin/orders/orders-csv.ts';
import { createTestDatabase, type TestDatabase, testDrivers } from '../support/database.ts';
import { callRoute, createStaff, loggedIn } from './admin-support.ts';

const address = { firstName: 'Anna', lastName: 'Jansen', street: 'Dorpsstraat', houseNumber: '1', zipCode: '3511 AB', city: 'Utrecht', countryCode: 'NL' };

describe.each(testDrivers)('order pages of the back office on %s', (driver) => {
  let database: TestDatabase;
  const members = {} as Record<StaffRole, StaffMember>;
  const deliveries: number[] = [];
  const services = { mailer: { send: () => Promise.reject(new Error('order mails go through the outbox')), deliverSoon: () => void deliveries.push(1) } };

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    for (const role of staffRoles) members[role] = await loggedIn(database.db, await createStaff(database.db, role));
  });
  afterAll(() => database?.destroy());

  async function createOrder(status: OrderInput['status'] = 'pending_payment', variantId: number | null = null) {
    const input: OrderInput = {
      locale: 'nl-NL',
      customerId: null,
      email: `shopper-${randomUUID()}@example.com`,
      status,
      currencyCode: 'EUR',
      exchangeRate: '1',
      subtotalCents: 2000,
      discountCents: 0,
      shippingCents: 495,
      taxCents: 524,
      totalCents: 3019,
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
          sku: 'CORD-1',
          name: 'Paracord 550',
          quantity: 2,
          lengthCm: null,
          isSample: false,
          unitPriceCents: 1000,
          rowTotalCents: 2000,
          vatRateBp: 2100,
          taxCents: 420,
        },
      ],
    };
    return database.db.transaction((tx) => recordOrder(tx, input));
  }
  const statusOf = async (orderNumber: string) =>
    (await database.db.select({ status: orders.status, version: orders.version }).from(orders).where(eq(orders.orderNumber, orderNumber)))[0]!;
  const deniedEntries = async (staffId: number, permission: Permission) => {
    const [row] = await database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(and(eq(auditLog.staffId, staffId), eq(auditLog.action, 'access.denied'), eq(auditLog.entityId, permission)));
    return row?.count ?? 0;
  };
  const post = (staff: StaffMember | null, orderNumber: string, form: Record<string, string | number>) =>
    callRoute(orderDetail.action, { db: database.db, staff, path: `orders/${orderNumber}`, params: { orderNumber }, form, services });

  /** Every loader and action of the order pages, with what each needs. */
  const calls: {
    name: string;
    permission: Permission;
    run: (staff: StaffMember) => Promise<{ status: number; data: unknown }>;
    changed?: (orderNumber: string) => Promise<boolean>;
    orderNumber?: string;
  }[] = [
    { name: 'order list', permission: 'orders.read', run: (staff) => callRoute(orderList.loader, { db: database.db, staff, path: 'orders?status=paid' }) },
    { name: 'CSV export', permission: 'orders.read', run: (staff) => callRoute(ordersCsv.loader, { db: database.db, staff, path: 'orders.csv' }) },
    {
      name: 'order detail',
      permission: 'orders.read',
      run: async (staff) => {
        const { orderNumber } = await createOrder();
        return callRoute(orderDetail.loader, { db: database.db, staff, path: `orders/${orderNumber}`, params: { orderNumber } });
      },
    },
    {
      name: 'invoice PDF',
      permission: 'orders.read',
      run: async (staff) => {
        const { orderNumber } = await createOrder('paid');
        const [invoice] = await database.db
          .execute(sql`select invoice_number from invoices join orders on orders.id = invoices.order_id where orders.order_number = ${orderNumber}`)
          .then((result) => (result as unknown as { rows: { invoice_number: string }[] }).rows);
        return callRoute(orderDocument.loader, {
          db: database.db,
          staff,
          path: `orders/${orderNumber}/documents/${invoice!.invoice_number}`,
          params: { orderNumber, documentNumber: invoice!.invoice_number },
        });
      },
    },
    ...(['paid', 'cancelled'] as const).map((intent) => ({
      name: `mark ${intent}`,
      permission: 'orders.write' as Permission,
      run: async (staff: StaffMember) => {
        const { orderNumber } = await createOrder();
        const result = await post(staff, orderNumber, { intent, version: 0 });
        return { ...result, data: { ...(result.data as object), status: (await statusOf(orderNumber)).status } };
      },
    })),
    {
      name: 'ship',
      permission: 'orders.write',
      run: async (staff) => {
        const { orderNumber } = await createOrder('paid');
        return post(staff, orderNumber, { intent: 'shipped', version: 0, carrier: 'dhl', trackingNumber: 'JD014600006281' });
      },
    },
    {
      name: 'refund',
      permission: 'orders.write',
      run: async (staff) => {
        const { orderNumber } = await createOrder('paid');
        return post(staff, orderNumber, { intent: 'refund', version: 0, mode: 'amount', amount: '5,00' });
      },
    },
    {
      name: 'add a note',
      permission: 'orders.notes',
      run: async (staff) => {
        const { orderNumber } = await createOrder();
        return post(staff, orderNumber, { intent: 'note', body: 'Called the customer.' });
      },
    },
    {
      name: 'resend the confirmation',
      permission: 'mails.resend',
      run: async (staff) => {
        const { orderNumber } = await createOrder();
        return post(staff, orderNumber, { intent: 'resend', mail: 'confirmation' });
      },
    },
  ];

  for (const call of calls) {
    it.each(staffRoles)(`${call.name}: %s`, async (role) => {
      // Every order page first needs orders.read; a role without it is refused there.
      const refusedAt = can(role, 'orders.read') ? call.permission : 'orders.read';
      const before = await deniedEntries(members[role].id, refusedAt);
      const result = await call.run(members[role]);
      if (can(role, call.permission)) {
        expect(result.status, JSON.stringify(result.data)).toBeLessThan(400);
        expect(await deniedEntries(members[role].id, refusedAt)).toBe(before);
      } else {
        expect(result.status).toBe(403);
        expect(await deniedEntries(members[role].id, refusedAt)).toBe(before + 1);
      }
    });
  }

  it('lets support read, note and resend, but never change the status by a direct POST', async () => {
    const { orderNumber } = await createOrder();
    const support = members.support;
    const forms: Record<string, string | number>[] = [
      { intent: 'paid', version: 0 },
      { intent: 'cancelled', version: 0 },
      { intent: 'refund', version: 0, mode: 'full' },
    ];
    for (const form of forms) {
      expect((await post(support, orderNumber, form)).status).toBe(403);
    }
    expect(await statusOf(orderNumber)).toEqual({ status: 'pending_payment', version: 0 });
    expect((await post(support, orderNumber, { intent: 'note', body: 'Customer will pay tomorrow.' })).status).toBe(200);
    const detail = await callRoute(orderDetail.loader, { db: database.db, staff: support, path: `orders/${orderNumber}`, params: { orderNumber } });
    expect(detail.data).toMatchObject({
      may: { write: false, notes: true, resend: true },
      order: { notes: [{ body: 'Customer will pay tomorrow.', actor: support.email }] },
    });
  });

  it('confirms what a change did and keeps it in the audit log with the order before and after', async () => {
    const { orderNumber } = await createOrder();
    const manager = members.manager;
    const paid = await post(manager, orderNumber, { intent: 'paid', version: 0, reason: 'Bank statement 14 Nov' });
    expect(paid).toMatchObject({
      status: 200,
      data: { ok: true, intent: 'paid', message: { key: 'fulfilment.admin.done.paid', values: { invoiceNumber: expect.stringMatching(/^\d{4}-\d{6}$/) } } },
    });
    const shipped = await post(manager, orderNumber, { intent: 'shipped', version: 1, carrier: 'postnl', trackingNumber: '3s abc 123 456' });
    expect(shipped).toMatchObject({
      status: 200,
      data: { ok: true, message: { key: 'fulfilment.admin.done.shipped', values: { trackingNumber: '3SABC123456' } } },
    });
    expect(deliveries.length).toBeGreaterThan(0);
    const entries = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'order'), eq(auditLog.entityId, orderNumber)))
      .orderBy(desc(auditLog.id));
    expect(entries.map((entry) => [entry.action, entry.staffId])).toEqual([
      ['order.shipped', manager.id],
      ['order.paid', manager.id],
    ]);
    expect(entries[1]).toMatchObject({ before: { status: 'pending_payment', version: 0 }, after: { status: 'paid', version: 1 } });
  });

  it('answers a stale version with 409 and changes nothing; bad input with 400, the message next to the field and what was typed', async () => {
    const { orderNumber } = await createOrder('paid');
    const owner = members.owner;
    expect(await post(owner, orderNumber, { intent: 'processing', version: 0 })).toMatchObject({ status: 200 });
    // A second staff member still looking at version 0 ships: refused, nothing shipped.
    const stale = await post(owner, orderNumber, { intent: 'shipped', version: 0, carrier: 'dhl', trackingNumber: 'JD014600006281' });
    expect(stale).toMatchObject({ status: 409, data: { ok: false, formError: { key: 'fulfilment.admin.error.versionConflict' } } });
    expect(await statusOf(orderNumber)).toEqual({ status: 'processing', version: 1 });

    const badTracking = await post(owner, orderNumber, { intent: 'shipped', version: 1, carrier: 'dhl', trackingNumber: '<b>' });
    expect(badTracking).toMatchObject({
      status: 400,
      data: { fieldErrors: { trackingNumber: { key: 'fulfilment.admin.error.trackingNumber' } }, values: { trackingNumber: '<b>' } },
    });
    const tooMuch = await post(owner, orderNumber, { intent: 'refund', version: 1, mode: 'amount', amount: '30.20' });
    expect(tooMuch).toMatchObject({
      status: 400,
      data: { fieldErrors: { amount: { key: 'fulfilment.admin.error.refundTooLarge' } }, values: { amount: '30.20' } },
    });
    const notAmount = await post(owner, orderNumber, { intent: 'refund', version: 1, mode: 'amount', amount: '12.345' });
    expect(notAmount).toMatchObject({ status: 400, data: { fieldErrors: { amount: { key: 'fulfilment.admin.error.amount' } } } });
    const badLines = await post(owner, orderNumber, { intent: 'refund', version: 1, mode: 'lines', 'qty-1': 'two' });
    expect(badLines.status).toBe(400);
    const emptyNote = await post(owner, orderNumber, { intent: 'note', body: ' ' });
    expect(emptyNote).toMatchObject({ status: 400, data: { fieldErrors: { body: { key: 'fulfilment.admin.error.noteRequired' } } } });
    expect(await database.db.select().from(orderNotes).innerJoin(orders, eq(orders.id, orderNotes.orderId)).where(eq(orders.orderNumber, orderNumber))).toEqual(
      [],
    );
    const noInvoice = await post(owner, (await createOrder()).orderNumber, { intent: 'resend', mail: 'invoice' });
    expect(noInvoice).toMatchObject({ status: 400, data: { fieldErrors: { mail: { key: 'fulfilment.admin.error.noInvoice' } } } });
    expect(await statusOf(orderNumber)).toEqual({ status: 'processing', version: 1 });

    const shipCancelled = await createOrder();
    await post(owner, shipCancelled.orderNumber, { intent: 'cancelled', version: 0 });
    expect(await post(owner, shipCancelled.orderNumber, { intent: 'shipped', version: 1, carrier: 'dhl', trackingNumber: 'JD014600006281' })).toMatchObject({
      status: 409,
      data: { formError: { key: 'fulfilment.admin.error.notAllowed' } },
    });
    expect((await post(owner, shipCancelled.orderNumber, { intent: 'explode', version: 1 })).status).toBe(400);
    expect((await post(owner, 'NL0', { intent: 'paid', version: 0 })).status).toBe(404);
    expect((await callRoute(orderDetail.loader, { db: database.db, staff: owner, path: 'orders/NL0', params: { orderNumber: 'NL0' } })).status).toBe(404);
    expect(
      (
        await callRoute(orderDocument.loader, {
          db: database.db,
          staff: owner,
          path: `orders/${orderNumber}/documents/2026-999999`,
          params: { orderNumber, documentNumber: '2026-999999' },
        })
      ).status,
    ).toBe(404);
  });

  it('refunds per line from the form, putting ticked lines back in stock; bad quantities change no stock', async () => {
    const { db } = database;
    const owner = members.owner;
    const [product] = await db
      .insert(products)
      .values({ sku: `RS-${randomUUID().slice(0, 8)}`, kind: 'simple', productType: 'paracord' })
      .returning({ id: products.id });
    const [variant] = await db
      .insert(productVariants)
      .values({ productId: product!.id, sku: `RS-${randomUUID().slice(0, 8)}`, priceCents: 1000, stockQuantity: 10 })
      .returning({ id: productVariants.id });
    const stock = async () =>
      (await db.select({ stock: productVariants.stockQuantity }).from(productVariants).where(eq(productVariants.id, variant!.id)))[0]!.stock;
    const paidOrder = async () => {
      const { orderNumber, id } = await createOrder('paid', variant!.id);
      const [item] = await db.select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.orderId, id));
      return { orderNumber, itemId: item!.id };
    };
    const kept = await paidOrder();
    const before = await stock();
    // The box left unticked (a direct POST without it too): money back, nothing in stock.
    expect(await post(owner, kept.orderNumber, { intent: 'refund', version: 0, mode: 'lines', [`qty-${kept.itemId}`]: '1' })).toMatchObject({
      status: 200,
      data: { ok: true },
    });
    expect(await stock()).toBe(before);
    const back = await paidOrder();
    const badQuantity = await post(owner, back.orderNumber, {
      intent: 'refund',
      version: 0,
      mode: 'lines',
      [`qty-${back.itemId}`]: '-1',
      [`restock-${back.itemId}`]: 'on',
    });
    expect(badQuantity).toMatchObject({
      status: 400,
      data: { fieldErrors: { lines: { key: 'fulfilment.admin.error.invalidLines' } }, values: { [`restock-${back.itemId}`]: 'on' } },
    });
    const tooMany = await post(owner, back.orderNumber, {
      intent: 'refund',
      version: 0,
      mode: 'lines',
      [`qty-${back.itemId}`]: '3',
      [`restock-${back.itemId}`]: 'on',
    });
    expect(tooMany.status).toBe(400);
    expect(await stock()).toBe(before);
    expect(
      await post(owner, back.orderNumber, { intent: 'refund', version: 0, mode: 'lines', [`qty-${back.itemId}`]: '2', [`restock-${back.itemId}`]: 'on' }),
    ).toMatchObject({ status: 200, data: { ok: true } });
    expect(await stock()).toBe(before + 2);
    expect(await statusOf(back.orderNumber)).toEqual({ status: 'paid', version: 1 });
    // Support may not refund: 403, no stock moves.
    const other = await paidOrder();
    expect(
      (
        await post(members.support, other.orderNumber, {
          intent: 'refund',
          version: 0,
          mode: 'lines',
          [`qty-${other.itemId}`]: '1',
          [`restock-${other.itemId}`]: 'on',
        })
      ).status,
    ).toBe(403);
    expect(await stock()).toBe(before + 2);
  });

  it('sends visitors without a session to the login', async () => {
    const result = await callRoute(orderList.loader, { db: database.db, staff: null, path: 'orders' });
    expect(result.status).toBe(302);
    expect(result.headers.get('location')).toBe('/paracord_admin/login?returnTo=%2Fparacord_admin%2Forders');
  });
});
