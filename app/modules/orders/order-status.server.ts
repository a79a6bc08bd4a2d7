import { and, eq, sql } from 'drizzle-orm';
import type { AppServices } from '#app/context.ts';
import type { Queryable } from '#app/db/client.server.ts';
import { retryingTransaction } from '#app/db/transaction.server.ts';
import {
  couponRedemptions,
  coupons,
  giftCards,
  orderItems,
  orderRefundLines,
  orderRefunds,
  orders,
  orderShipments,
  orderStatusHistory,
  productVariants,
} from '#app/db/schema.ts';
import { stockNeeded } from '#app/modules/cart/cart.server.ts';
import { formatCurrencyAmount } from '#app/modules/currency/money.ts';
import type { Translate } from '#app/modules/i18n/i18n.tsx';
import type { LocaleCode } from '#app/modules/i18n/locales.ts';
import { serverTranslator } from '#app/modules/i18n/translator.server.ts';
import { renderMail } from '#app/modules/mail/mail-layout.server.ts';
import { issueSoldGiftCards, takeBackSoldGiftCards } from '#app/modules/gift-cards/order-gift-cards.server.ts';
import { onlineMethods } from '#app/modules/payments/stripe-gateway.server.ts';
import { type CarrierCode, carriers, normaliseTrackingNumber, trackingLink, trackingNumberPattern } from './carriers.ts';
import { creditNoteDocument, documentContext } from './invoice-documents.server.ts';
import { renderInvoicePdf } from './invoice-pdf.server.ts';
import { queueOrderMail } from './order-mails.server.ts';
import { issueInvoice, type OrderAddress, type OrderStatus } from './record-order.server.ts';
import { type PlannedRefundLine, planRefund, type RefundRequest } from './refund-plan.ts';
import { nextCreditNoteNumber } from './number-sequences.server.ts';

/**
 * Which status may follow which. Every change is kept in order_status_history with its time and
 * who made it. Refunds of part of an order are allowed wherever 'refunded' may follow; the order
 * becomes 'refunded' when nothing is left to give back.
 */
export const allowedTransitions: Record<OrderStatus, readonly OrderStatus[]> = {
  pending_payment: ['paid', 'cancelled'],
  // Held pay-on-invoice orders: staff approve (the invoice is issued and mailed) or cancel.
  on_hold: ['processing', 'cancelled'],
  paid: ['processing', 'shipped', 'cancelled', 'refunded'],
  processing: ['shipped', 'cancelled', 'refunded'],
  shipped: ['completed', 'refunded'],
  completed: ['refunded'],
  cancelled: [],
  refunded: [],
};

export const canRefund = (status: OrderStatus) => allowedTransitions[status].includes('refunded');

export type OrderChange =
  /** The money arrived (a bank transfer, or the payment provider's webhook): the invoice is issued. */
  | { kind: 'paid'; note?: string | null }
  | { kind: 'processing' }
  /** Handed to the carrier: the shopper gets the shipped mail with the tracking link. */
  | { kind: 'shipped'; carrier: CarrierCode; trackingNumber: string }
  | { kind: 'completed' }
  /** Stock, coupon use and gift card come back; money already received is refunded in full. */
  | { kind: 'cancelled'; reason?: string | null }
  | { kind: 'refund'; request: RefundRequest; reason?: string | null };

export type OrderChangeError =
  | 'not-found'
  | 'not-allowed'
  | 'version-conflict'
  | 'invalid-shipment'
  | 'refund-too-large'
  | 'nothing-to-refund'
  | 'invalid-lines'
  | 'payment-provider-failed'
  | 'gift-card-spent';

export type OrderChangeResult =
  | { ok: true; status: OrderStatus; version: number; invoiceNumber: string | null; creditNoteNumber: string | null; refundedCents: number }
  | { ok: false; error: OrderChangeError };

export type OrderServices = Pick<AppServices, 'db' | 'logger' | 'shopName' | 'siteUrl' | 'payments' | 'bankAccount'> & { mailer?: AppServices['mailer'] };

export interface OrderChangeInput {
  orderNumber: string;
  /**
   * The order's version the change was decided on (staff saw the order as it was then). null: the
   * shop itself (webhook, command line), which only relies on the status check under the lock.
   */
  expectedVersion: number | null;
  /** Who makes the change (a staff member's e-mail); null for the shop itself. */
  actor: string | null;
  change: OrderChange;
  /** Writes the audit entry inside the change's transaction, so both commit or neither does. */
  audit?: OrderAudit;
}

/** The admin's audit log as the order module sees it: what was done, the order before and after. */
export type OrderAudit = (tx: Queryable, entry: { action: string; before: unknown; after: unknown }) => Promise<void>;

/** What the audit log keeps of an order around a change. */
const auditedFields = (order: Pick<LockedOrder, 'status' | 'version'>) => ({ status: order.status, version: order.version });

/** Thrown inside the transaction to undo everything it wrote and answer with a domain error. */
class OrderChangeRefused extends Error {
  readonly error: OrderChangeError;
  constructor(error: OrderChangeError) {
    super(error);
    this.error = error;
  }
}

const targetStatus = (change: OrderChange): OrderStatus => (change.kind === 'refund' ? 'refunded' : change.kind);

/**
 * Applies one change to an order, all or nothing: the order row is locked, its version and status
 * checked, the side effects written (invoice, stock, coupon, gift card, shipment, refund with its
 * credit note and Stripe refund, mails in the outbox) and the version raised. Two staff members
 * deciding on the same version: the second finds a newer version and gets 'version-conflict'.
 */
export async function applyOrderChange(services: OrderServices, input: OrderChangeInput): Promise<OrderChangeResult> {
  const { db, logger } = services;
  const [found] = await db.select({ locale: orders.locale }).from(orders).where(eq(orders.orderNumber, input.orderNumber));
  if (!found) return { ok: false, error: 'not-found' };
  if (input.change.kind === 'shipped') {
    const trackingNumber = normaliseTrackingNumber(input.change.trackingNumber);
    if (!(input.change.carrier in carriers) || !trackingNumberPattern.test(trackingNumber)) return { ok: false, error: 'invalid-shipment' };
    input = { ...input, change: { ...input.change, trackingNumber } };
  }
  // Mails are written in the shopper's store language; the messages are read before the
  // transaction (the embedded database has one connection, which the transaction holds).
  const t = await serverTranslator(db, found.locale as LocaleCode, logger);
  try {
    const result = await retryingTransaction(db, (tx) => changeInTransaction(tx, services, t, input));
    services.mailer?.deliverSoon?.();
    return result;
  } catch (error) {
    if (error instanceof OrderChangeRefused) return { ok: false, error: error.error };
    throw error;
  }
}

type LockedOrder = typeof orders.$inferSelect;

async function changeInTransaction(
  tx: Queryable,
  services: OrderServices,
  t: Translate,
  { orderNumber, expectedVersion, actor, change, audit }: OrderChangeInput,
): Promise<OrderChangeResult> {
  const [order] = await tx.select().from(orders).where(eq(orders.orderNumber, orderNumber)).for('update');
  if (!order) throw new OrderChangeRefused('not-found');
  if (expectedVersion !== null && order.version !== expectedVersion) throw new OrderChangeRefused('version-conflict');
  if (!allowedTransitions[order.status].includes(targetStatus(change))) throw new OrderChangeRefused('not-allowed');

  let status: OrderStatus = targetStatus(change);
  let invoiceNumber: string | null = null;
  let refund: { creditNoteNumber: string; amountCents: number; remainingCents: number } | null = null;
  let note: string | null = null;
  switch (change.kind) {
    case 'paid':
      invoiceNumber = await issueInvoice(tx, order.id);
      // Gift cards bought with the order exist from the moment it is paid (issue 15).
      await issueSoldGiftCards(tx, order.id);
      note = change.note ?? null;
      break;
    case 'processing':
      // Approving a held invoice order: now it gets its invoice.
      if (order.status === 'on_hold' && order.paymentMethod === 'invoice') invoiceNumber = await issueInvoice(tx, order.id);
      break;
    case 'shipped':
      await tx.insert(orderShipments).values({ orderId: order.id, carrier: change.carrier, trackingNumber: change.trackingNumber, actor });
      // The shipment row keeps carrier and tracking number (the timeline shows it with its link).
      await queueOrderMail(tx, order.id, 'shipped', shippedMail(services, t, order, change.carrier, change.trackingNumber), actor);
      break;
    case 'cancelled':
      note = change.reason ?? null;
      // Gift cards sold with the order first (before any money goes back): a card already spent stops it.
      if ((await takeBackSoldGiftCards(tx, order.id)) === 'spent') throw new OrderChangeRefused('gift-card-spent');
      // Money received is given back in full (gift card part onto the card); an unpaid order only frees its gift card amount.
      if (order.status !== 'pending_payment' && order.status !== 'on_hold')
        refund = await refundInTransaction(tx, services, t, order, { mode: 'full' }, actor, note, { allowNothing: true });
      else if (order.giftCardId && order.giftCardCents > 0) {
        await tx
          .update(giftCards)
          .set({ balanceCents: sql`${giftCards.balanceCents} + ${order.giftCardCents}` })
          .where(eq(giftCards.id, order.giftCardId));
      }
      await releaseCouponAndStock(tx, order.id);
      break;
    case 'refund': {
      note = change.reason ?? null;
      // Refunded gift-card lines take their cards back (a goodwill amount takes none).
      const { request } = change;
      const lines = request.mode === 'full' ? undefined : request.mode === 'lines' ? request.lines.map((line) => line.orderItemId) : [];
      if ((await takeBackSoldGiftCards(tx, order.id, lines)) === 'spent') throw new OrderChangeRefused('gift-card-spent');
      refund = await refundInTransaction(tx, services, t, order, change.request, actor, note, { allowNothing: false });
      // A partial refund keeps the order where it is; the last one makes it 'refunded'.
      if (refund!.remainingCents > 0) status = order.status;
      break;
    }
  }
  if (status !== order.status) await tx.insert(orderStatusHistory).values({ orderId: order.id, status, note, actor });
  const [updated] = await tx
    .update(orders)
    .set({ status, version: sql`${orders.version} + 1` })
    .where(and(eq(orders.id, order.id), eq(orders.version, order.version)))
    .returning({ version: orders.version });
  const result = {
    ok: true as const,
    status,
    version: updated!.version,
    invoiceNumber,
    creditNoteNumber: refund?.creditNoteNumber ?? null,
    refundedCents: refund?.amountCents ?? 0,
  };
  await audit?.(tx, {
    action: `order.${change.kind}`,
    before: auditedFields(order),
    after: { ...auditedFields(result), change, invoiceNumber, creditNoteNumber: result.creditNoteNumber, refundedCents: result.refundedCents },
  });
  return result;
}

async function releaseCouponAndStock(tx: Queryable, orderId: number): Promise<void> {
  const released = await tx.delete(couponRedemptions).where(eq(couponRedemptions.orderId, orderId)).returning({ couponId: couponRedemptions.couponId });
  for (const { couponId } of released)
    await tx
      .update(coupons)
      .set({ timesUsed: sql`${coupons.timesUsed} - 1` })
      .where(eq(coupons.id, couponId));
  const lines = await tx.select().from(orderItems).where(eq(orderItems.orderId, orderId));
  // Goods an earlier refund per line already put back are not put back twice.
  const restocked = await restockedPerItem(tx, orderId);
  for (const line of lines) {
    const quantity = stockNeeded(line) - (restocked.get(line.id) ?? 0);
    if (line.variantId === null || quantity <= 0) continue;
    await tx
      .update(productVariants)
      .set({ stockQuantity: sql`${productVariants.stockQuantity} + ${quantity}` })
      .where(eq(productVariants.id, line.variantId));
  }
}

/** Stock units put back by refunds per line, per order line. */
async function restockedPerItem(tx: Queryable, orderId: number): Promise<Map<number, number>> {
  const rows = await tx
    .select({ orderItemId: orderRefundLines.orderItemId, quantity: orderRefundLines.restockedQuantity })
    .from(orderRefundLines)
    .innerJoin(orderRefunds, eq(orderRefunds.id, orderRefundLines.refundId))
    .where(and(eq(orderRefunds.orderId, orderId), eq(orderRefundLines.kind, 'item')));
  const perItem = new Map<number, number>();
  for (const row of rows) if (row.orderItemId !== null) perItem.set(row.orderItemId, (perItem.get(row.orderItemId) ?? 0) + row.quantity);
  return perItem;
}

/**
 * Puts the goods of returned lines back in stock: the stock units of the refunded quantity (whole
 * metres for cut lines, none for samples), never more than the line took. Returns the units per line.
 */
async function restockRefundedLines(tx: Queryable, orderId: number, items: (typeof orderItems.$inferSelect)[], lines: PlannedRefundLine[]): Promise<number[]> {
  const restocked = await restockedPerItem(tx, orderId);
  const units: number[] = [];
  for (const line of lines) {
    const item = line.kind === 'item' && line.restock ? items.find((candidate) => candidate.id === line.orderItemId) : undefined;
    const quantity =
      item && item.variantId !== null ? Math.min(stockNeeded({ ...item, quantity: line.quantity }), stockNeeded(item) - (restocked.get(item.id) ?? 0)) : 0;
    if (quantity > 0) {
      await tx
        .update(productVariants)
        .set({ stockQuantity: sql`${productVariants.stockQuantity} + ${quantity}` })
        .where(eq(productVariants.id, item!.variantId!));
      restocked.set(item!.id, (restocked.get(item!.id) ?? 0) + quantity);
    }
    units.push(Math.max(quantity, 0));
  }
  return units;
}

const isPaidOnline = (order: LockedOrder) => (onlineMethods as readonly string[]).includes(order.paymentMethod) && order.paymentReference !== null;

/**
 * Gives money back: the payment method's part first (through Stripe when paid online, otherwise
 * for the shop to transfer by hand), then the gift card's part back onto the card. Issues the
 * credit note with the next number of the order's store and queues the refund mail with it.
 * The Stripe refund is the last step that can fail before the rows are written; its idempotency
 * key names the order's version, so a retry of the same decision never refunds twice.
 */
async function refundInTransaction(
  tx: Queryable,
  services: OrderServices,
  t: Translate,
  order: LockedOrder,
  request: RefundRequest,
  actor: string | null,
  reason: string | null,
  { allowNothing }: { allowNothing: boolean },
) {
  const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, order.id));
  const earlierRefunds = await tx.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id));
  const earlierLines = await tx
    .select({
      kind: orderRefundLines.kind,
      orderItemId: orderRefundLines.orderItemId,
      quantity: orderRefundLines.quantity,
      netCents: orderRefundLines.netCents,
      taxCents: orderRefundLines.taxCents,
    })
    .from(orderRefundLines)
    .innerJoin(orderRefunds, eq(orderRefunds.id, orderRefundLines.refundId))
    .where(eq(orderRefunds.orderId, order.id));
  const plan = planRefund({ ...order, items }, earlierLines, request);
  if (!plan.ok) {
    if (allowNothing && plan.error === 'nothing-to-refund') return null;
    throw new OrderChangeRefused(plan.error);
  }
  const sum = (pick: (refund: (typeof earlierRefunds)[number]) => number) => earlierRefunds.reduce((total, refund) => total + pick(refund), 0);
  const methodLeft = order.totalCents - order.giftCardCents - sum((refund) => refund.providerCents + refund.manualCents);
  const toMethod = Math.min(plan.amountCents, Math.max(methodLeft, 0));
  const toGiftCard = plan.amountCents - toMethod;
  const viaProvider = isPaidOnline(order) ? toMethod : 0;

  const invoiceNumber = await issueInvoice(tx, order.id);
  const creditNoteNumber = await nextCreditNoteNumber(tx, order.locale as LocaleCode);
  let providerRefundId: string | null = null;
  if (viaProvider > 0) {
    if (!services.payments) throw new OrderChangeRefused('payment-provider-failed');
    try {
      ({ id: providerRefundId } = await services.payments.refundPayment({
        sessionId: order.paymentReference!,
        amount: viaProvider,
        idempotencyKey: `refund-${order.orderNumber}-v${order.version}`,
      }));
    } catch (error) {
      services.logger.error(
        { err: error, orderNumber: order.orderNumber, amount: viaProvider },
        'Stripe refused or did not answer the refund: nothing changed',
      );
      throw new OrderChangeRefused('payment-provider-failed');
    }
  }
  const [refund] = await tx
    .insert(orderRefunds)
    .values({
      orderId: order.id,
      creditNoteNumber,
      invoiceNumber,
      amountCents: plan.amountCents,
      taxCents: plan.taxCents,
      providerCents: viaProvider,
      manualCents: toMethod - viaProvider,
      giftCardCents: toGiftCard,
      providerRefundId,
      reason,
      actor,
    })
    .returning({ id: orderRefunds.id });
  const restockedUnits = await restockRefundedLines(tx, order.id, items, plan.lines);
  await tx
    .insert(orderRefundLines)
    .values(plan.lines.map(({ restock: _restock, ...line }, index) => ({ ...line, refundId: refund!.id, restockedQuantity: restockedUnits[index]! })));
  if (toGiftCard > 0 && order.giftCardId) {
    await tx
      .update(giftCards)
      .set({ balanceCents: sql`${giftCards.balanceCents} + ${toGiftCard}` })
      .where(eq(giftCards.id, order.giftCardId));
  }
  const document = await creditNoteDocument(tx, documentContext(services, t, order.locale as LocaleCode), refund!.id);
  const money = (cents: number) => formatCurrencyAmount(cents, order.currencyCode, order.locale);
  const paragraphs = [
    t('fulfilment.mail.refund.intro', { orderNumber: order.orderNumber, amount: money(plan.amountCents) }),
    ...(viaProvider > 0 ? [t('fulfilment.mail.refund.viaProvider', { amount: money(viaProvider) })] : []),
    ...(toMethod - viaProvider > 0 ? [t('fulfilment.mail.refund.viaBank', { amount: money(toMethod - viaProvider) })] : []),
    ...(toGiftCard > 0 ? [t('fulfilment.mail.refund.viaGiftCard', { amount: money(toGiftCard) })] : []),
    t('fulfilment.mail.refund.creditNote', { creditNoteNumber }),
  ];
  await queueOrderMail(
    tx,
    order.id,
    'refund',
    {
      ...renderMail({
        ...mailFrame(services, t, order),
        subject: t('fulfilment.mail.refund.subject', { orderNumber: order.orderNumber, shopName: services.shopName }),
        paragraphs,
      }),
      attachments: [
        {
          filename: `credit-note-${creditNoteNumber}.pdf`,
          contentType: 'application/pdf',
          contentBase64: (await renderInvoicePdf(document!)).toString('base64'),
        },
      ],
    },
    actor,
  );
  return { creditNoteNumber, amountCents: plan.amountCents, remainingCents: order.totalCents - sum((earlier) => earlier.amountCents) - plan.amountCents };
}

/** What every mail about an order shares: recipient, language, greeting and footer. */
export function mailFrame({ shopName }: Pick<OrderServices, 'shopName'>, t: Translate, order: Pick<LockedOrder, 'email' | 'locale' | 'billingAddress'>) {
  return {
    to: order.email,
    locale: order.locale,
    shopName,
    greeting: t('mail.greeting', { name: (order.billingAddress as unknown as OrderAddress).firstName ?? '' }),
    footer: t('mail.order.footer'),
  };
}

function shippedMail(services: OrderServices, t: Translate, order: LockedOrder, carrier: CarrierCode, trackingNumber: string) {
  const address = order.shippingAddress as unknown as OrderAddress;
  return renderMail({
    ...mailFrame(services, t, order),
    subject: t('fulfilment.mail.shipped.subject', { orderNumber: order.orderNumber, shopName: services.shopName }),
    paragraphs: [
      t('fulfilment.mail.shipped.intro', { orderNumber: order.orderNumber }),
      t('fulfilment.mail.shipped.tracking', { carrier: carriers[carrier].name, trackingNumber }),
    ],
    action: { label: t('fulfilment.mail.shipped.action'), url: trackingLink(carrier, trackingNumber, address) },
  });
}
