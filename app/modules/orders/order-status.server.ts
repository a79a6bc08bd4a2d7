import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.server.ts';
import { retryingTransaction } from '../../db/transaction.server.ts';
import { couponRedemptions, coupons, giftCards, orderItems, orders, orderStatusHistory, productVariants } from '../../db/schema.ts';
import { stockNeeded } from '../cart/cart.server.ts';
import { issueInvoice, type OrderStatus } from './record-order.server.ts';

/** Which status may follow which; every change is kept in order_status_history with its time. */
export const allowedTransitions: Record<OrderStatus, OrderStatus[]> = {
  pending_payment: ['paid', 'cancelled'],
  paid: ['processing', 'cancelled', 'refunded'],
  processing: ['shipped', 'cancelled'],
  shipped: ['completed', 'refunded'],
  completed: ['refunded'],
  cancelled: [],
  refunded: [],
};

export type StatusChange = { ok: true; invoiceNumber: string | null } | { ok: false; reason: 'not-found' | 'not-allowed' };

/**
 * Moves an order to a new status. Paid orders get their invoice (a bank transfer is marked paid
 * when the money arrives); a cancelled order that never shipped puts its stock back.
 */
export async function changeOrderStatus(db: Database, orderNumber: string, status: OrderStatus, note: string | null = null): Promise<StatusChange> {
  return retryingTransaction(db, async (tx) => {
    const [order] = await tx.select({ id: orders.id, status: orders.status, giftCardId: orders.giftCardId, giftCardCents: orders.giftCardCents }).from(orders).where(eq(orders.orderNumber, orderNumber)).for('update');
    if (!order) return { ok: false, reason: 'not-found' };
    if (!allowedTransitions[order.status].includes(status)) return { ok: false, reason: 'not-allowed' };
    await tx.update(orders).set({ status }).where(and(eq(orders.id, order.id), eq(orders.status, order.status)));
    await tx.insert(orderStatusHistory).values({ orderId: order.id, status, note });
    if (status === 'cancelled') {
      // What the order took comes back: gift card balance, coupon use, stock.
      if (order.giftCardId && order.giftCardCents > 0) {
        await tx.update(giftCards).set({ balanceCents: sql`${giftCards.balanceCents} + ${order.giftCardCents}` }).where(eq(giftCards.id, order.giftCardId));
      }
      const released = await tx.delete(couponRedemptions).where(eq(couponRedemptions.orderId, order.id)).returning({ couponId: couponRedemptions.couponId });
      for (const { couponId } of released) await tx.update(coupons).set({ timesUsed: sql`${coupons.timesUsed} - 1` }).where(eq(coupons.id, couponId));
      const lines = await tx.select().from(orderItems).where(eq(orderItems.orderId, order.id));
      for (const line of lines) {
        const quantity = stockNeeded(line);
        if (line.variantId === null || quantity === 0) continue;
        await tx.update(productVariants).set({ stockQuantity: sql`${productVariants.stockQuantity} + ${quantity}` }).where(eq(productVariants.id, line.variantId));
      }
    }
    const invoiceNumber = status === 'paid' ? await issueInvoice(tx, order.id) : null;
    return { ok: true, invoiceNumber };
  });
}
