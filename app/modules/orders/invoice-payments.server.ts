import { eq, sql } from 'drizzle-orm';
import type { Database } from '#app/db/client.server.ts';
import { orders } from '#app/db/schema.ts';
import type { OrderAudit } from './order-status.server.ts';
import type { OrderStatus } from './record-order.server.ts';

/** Statuses in which an invoice may still be paid (a cancelled or refunded order owes nothing). */
const owingStatuses: readonly OrderStatus[] = ['processing', 'paid', 'shipped', 'completed'];

/** Whether staff may record the money of this order's invoice now. */
export const invoicePayable = (order: { paymentMethod: string; status: OrderStatus; invoicePaidAt: Date | null }) =>
  order.paymentMethod === 'invoice' && order.invoicePaidAt === null && owingStatuses.includes(order.status);

export type InvoicePaidResult = { ok: true; version: number } | { ok: false; error: 'not-found' | 'not-allowed' | 'version-conflict' };

/**
 * Staff record that the money of an invoice order arrived (decision 0018): from then on the order
 * no longer counts against the customer's credit limit. The order's status is untouched (an
 * invoice order is shipped before it is paid); its version rises like with every change, and the
 * audit entry is written in the same transaction.
 */
export async function markInvoicePaid(
  db: Database,
  { orderNumber, expectedVersion, audit }: { orderNumber: string; expectedVersion: number; audit: OrderAudit },
): Promise<InvoicePaidResult> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({ id: orders.id, status: orders.status, paymentMethod: orders.paymentMethod, invoicePaidAt: orders.invoicePaidAt, version: orders.version })
      .from(orders)
      .where(eq(orders.orderNumber, orderNumber))
      .for('update');
    if (!order) return { ok: false, error: 'not-found' };
    if (order.version !== expectedVersion) return { ok: false, error: 'version-conflict' };
    if (!invoicePayable(order)) return { ok: false, error: 'not-allowed' };
    const [updated] = await tx
      .update(orders)
      .set({ invoicePaidAt: sql`now()`, version: sql`${orders.version} + 1` })
      .where(eq(orders.id, order.id))
      .returning({ invoicePaidAt: orders.invoicePaidAt, version: orders.version });
    await audit(tx, {
      action: 'order.invoice-paid',
      before: { invoicePaidAt: null, version: order.version },
      after: { invoicePaidAt: updated!.invoicePaidAt, version: updated!.version },
    });
    return { ok: true, version: updated!.version };
  });
}
