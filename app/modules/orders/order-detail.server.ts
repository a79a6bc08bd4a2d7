import { asc, eq } from 'drizzle-orm';
import type { Database } from '#app/db/client.server.ts';
import {
  invoices,
  mailOutbox,
  orderItems,
  orderMails,
  orderNotes,
  orderRefundLines,
  orderRefunds,
  orders,
  orderShipments,
  orderStatusHistory,
} from '#app/db/schema.ts';
import { type CarrierCode, carriers, trackingLink } from './carriers.ts';
import { invoicePayable } from './invoice-payments.server.ts';
import { allowedTransitions, canRefund } from './order-status.server.ts';
import type { OrderAddress } from './record-order.server.ts';

export type TimelineEntry =
  | { kind: 'status'; at: Date; actor: string | null; status: string; note: string | null }
  | { kind: 'shipment'; at: Date; actor: string | null; carrier: string; trackingNumber: string; url: string }
  | { kind: 'refund'; at: Date; actor: string | null; creditNoteNumber: string; amountCents: number; reason: string | null }
  | { kind: 'mail'; at: Date; actor: string | null; mailKind: string; subject: string | null; sentAt: Date | null; failed: boolean }
  | { kind: 'note'; at: Date; actor: string | null; body: string };

/**
 * Everything staff see of one order: lines (with what was refunded of each), addresses, totals,
 * payments and refunds, invoices, shipments, mails with their delivery state, notes, the
 * timeline of all of these, and which changes its status allows. null for an unknown number.
 */
export async function getOrderDetail(db: Database, orderNumber: string) {
  const [order] = await db.select().from(orders).where(eq(orders.orderNumber, orderNumber));
  if (!order) return null;
  const [items, history, orderInvoices, refunds, refundLines, shipments, mails, notes] = await Promise.all([
    db.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(asc(orderItems.id)),
    db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, order.id)).orderBy(asc(orderStatusHistory.id)),
    db.select().from(invoices).where(eq(invoices.orderId, order.id)).orderBy(asc(invoices.id)),
    db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id)).orderBy(asc(orderRefunds.id)),
    db
      .select(orderRefundLinesColumns)
      .from(orderRefundLines)
      .innerJoin(orderRefunds, eq(orderRefunds.id, orderRefundLines.refundId))
      .where(eq(orderRefunds.orderId, order.id)),
    db.select().from(orderShipments).where(eq(orderShipments.orderId, order.id)).orderBy(asc(orderShipments.id)),
    db
      .select({
        id: orderMails.id,
        kind: orderMails.kind,
        actor: orderMails.actor,
        createdAt: orderMails.createdAt,
        subject: mailOutbox.subject,
        sentAt: mailOutbox.sentAt,
        lastError: mailOutbox.lastError,
        nextAttemptAt: mailOutbox.nextAttemptAt,
      })
      .from(orderMails)
      .leftJoin(mailOutbox, eq(mailOutbox.id, orderMails.mailId))
      .where(eq(orderMails.orderId, order.id))
      .orderBy(asc(orderMails.id)),
    db.select().from(orderNotes).where(eq(orderNotes.orderId, order.id)).orderBy(asc(orderNotes.id)),
  ]);
  const shippingAddress = order.shippingAddress as unknown as OrderAddress;
  const shipmentsWithLinks = shipments.map((shipment) => ({
    ...shipment,
    carrierName: carriers[shipment.carrier as CarrierCode]?.name ?? shipment.carrier,
    url: shipment.carrier in carriers ? trackingLink(shipment.carrier as CarrierCode, shipment.trackingNumber, shippingAddress) : null,
  }));
  const refundedCents = refunds.reduce((sum, refund) => sum + refund.amountCents, 0);
  const timeline: TimelineEntry[] = [
    ...history.map((entry) => ({ kind: 'status' as const, at: entry.createdAt, actor: entry.actor, status: entry.status, note: entry.note })),
    ...shipmentsWithLinks.map((shipment) => ({
      kind: 'shipment' as const,
      at: shipment.createdAt,
      actor: shipment.actor,
      carrier: shipment.carrierName,
      trackingNumber: shipment.trackingNumber,
      url: shipment.url ?? '',
    })),
    ...refunds.map((refund) => ({
      kind: 'refund' as const,
      at: refund.createdAt,
      actor: refund.actor,
      creditNoteNumber: refund.creditNoteNumber,
      amountCents: refund.amountCents,
      reason: refund.reason,
    })),
    ...mails.map((mail) => ({
      kind: 'mail' as const,
      at: mail.createdAt,
      actor: mail.actor,
      mailKind: mail.kind,
      subject: mail.subject,
      sentAt: mail.sentAt,
      failed: !mail.sentAt && mail.nextAttemptAt === null && mail.lastError !== null,
    })),
    ...notes.map((note) => ({ kind: 'note' as const, at: note.createdAt, actor: note.actor, body: note.body })),
  ].sort((a, b) => b.at.getTime() - a.at.getTime());
  const { idempotencyKey: _key, ...visible } = order;
  return {
    ...visible,
    shippingAddress,
    billingAddress: order.billingAddress as unknown as OrderAddress,
    items: items.map((item) => ({
      ...item,
      refundedQuantity: refundLines.filter((line) => line.kind === 'item' && line.orderItemId === item.id).reduce((sum, line) => sum + line.quantity, 0),
    })),
    shippingRefunded: refundLines.some((line) => line.kind === 'shipping'),
    payment: {
      method: order.paymentMethod,
      reference: order.paymentReference,
      byMethodCents: order.totalCents - order.giftCardCents,
      giftCardCents: order.giftCardCents,
      // An invoice order is paid when staff record its money, whatever its status.
      paidAt: order.paymentMethod === 'invoice' ? order.invoicePaidAt : (history.find((entry) => entry.status === 'paid')?.createdAt ?? null),
      refundedCents,
      refundableCents: canRefund(order.status) ? order.totalCents - refundedCents : 0,
    },
    invoices: orderInvoices,
    refunds: refunds.map((refund) => ({ ...refund, lines: refundLines.filter((line) => line.refundId === refund.id) })),
    shipments: shipmentsWithLinks,
    mails,
    notes,
    timeline,
    /** The statuses staff may move the order to now (a refund is offered while canRefund). */
    nextStatuses: allowedTransitions[order.status].filter((status) => status !== 'refunded'),
    canRefund: canRefund(order.status) && order.totalCents - refundedCents > 0,
    /** An invoice order whose money staff may record now ("Mark invoice paid"). */
    invoicePayable: invoicePayable(order),
  };
}

const orderRefundLinesColumns = {
  refundId: orderRefundLines.refundId,
  kind: orderRefundLines.kind,
  orderItemId: orderRefundLines.orderItemId,
  quantity: orderRefundLines.quantity,
  netCents: orderRefundLines.netCents,
  taxCents: orderRefundLines.taxCents,
};

export type OrderDetail = NonNullable<Awaited<ReturnType<typeof getOrderDetail>>>;
