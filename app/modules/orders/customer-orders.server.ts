import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '#app/db/client.server.ts';
import { invoices, orderItems, orders, orderStatusHistory } from '#app/db/schema.ts';
import { pageWindow } from '#app/lib/paging/page-window.ts';

/** Orders of one customer, newest first, one page at a time, with their invoice numbers. */
export async function listCustomerOrders(db: Database, customerId: number, { page = 1, pageSize = 20 }: { page?: number; pageSize?: number } = {}) {
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(orders).where(eq(orders.customerId, customerId));
  const window = pageWindow(page, pageSize, total);
  const rows = await db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      createdAt: orders.createdAt,
      status: orders.status,
      currencyCode: orders.currencyCode,
      totalCents: orders.totalCents,
      ownReference: orders.ownReference,
    })
    .from(orders)
    .where(eq(orders.customerId, customerId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(pageSize)
    .offset(window.offset);
  const invoiceRows = rows.length
    ? await db
        .select({ orderId: invoices.orderId, invoiceNumber: invoices.invoiceNumber })
        .from(invoices)
        .where(
          inArray(
            invoices.orderId,
            rows.map((row) => row.id),
          ),
        )
    : [];
  return {
    window,
    orders: rows.map(({ id, ...order }) => ({
      ...order,
      invoiceNumbers: invoiceRows.filter((invoice) => invoice.orderId === id).map((invoice) => invoice.invoiceNumber),
    })),
  };
}

export type CustomerOrderSummary = Awaited<ReturnType<typeof listCustomerOrders>>['orders'][number];

/** One order of the customer by its number; null when it does not exist or belongs to someone else. */
export async function getCustomerOrder(db: Database, customerId: number, orderNumber: string) {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.orderNumber, orderNumber), eq(orders.customerId, customerId)));
  if (!order) return null;
  const [items, history, orderInvoices] = await Promise.all([
    db.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(asc(orderItems.id)),
    db
      .select({ status: orderStatusHistory.status, at: orderStatusHistory.createdAt })
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, order.id))
      .orderBy(asc(orderStatusHistory.id)),
    db
      .select({ invoiceNumber: invoices.invoiceNumber, issuedAt: invoices.issuedAt })
      .from(invoices)
      .where(eq(invoices.orderId, order.id))
      .orderBy(asc(invoices.id)),
  ]);
  const { idempotencyKey: _key, customerId: _customer, ...visible } = order;
  return { ...visible, items, history, invoices: orderInvoices };
}

export type CustomerOrder = NonNullable<Awaited<ReturnType<typeof getCustomerOrder>>>;
