import { bankAccountOf, printedIban } from '#app/modules/payments/bank-account.ts';
import { bankTransferLines } from './order-confirmation-mail.server.ts';
import { and, asc, eq, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { orders } from '#app/db/schema.ts';
import { recordAudit } from '#app/lib/observability/audit.server.ts';
import { formatCurrencyAmount } from '#app/modules/currency/money.ts';
import type { Translate } from '#app/modules/i18n/i18n.tsx';
import type { LocaleCode } from '#app/modules/i18n/locales.ts';
import { serverTranslator } from '#app/modules/i18n/translator.server.ts';
import { renderMail } from '#app/modules/mail/mail-layout.server.ts';
import { type BusinessRules, defaultBusinessRules } from '#app/modules/config/business-rules.ts';
import { queueOrderMail } from './order-mails.server.ts';
import { applyOrderChange, mailFrame, type OrderServices } from './order-status.server.ts';

/** Who the order's timeline and the audit log name for the job's changes. */
export const unpaidOrdersActor = 'unpaid-order expiry';

export interface UnpaidOrdersRound {
  reminded: string[];
  cancelled: string[];
}

type Rules = Pick<BusinessRules, 'unpaidReminderDays' | 'unpaidExpiryDays'>;
type UnpaidOrder = typeof orders.$inferSelect;

const days = (count: number) => sql`now() - make_interval(days => ${count})`;
const unpaidBankTransfer = and(eq(orders.status, 'pending_payment'), eq(orders.paymentMethod, 'bank_transfer'));

/**
 * One round of the unpaid-order rules (docs/decisions/0018-business-risks.md): bank-transfer
 * orders still unpaid after `unpaidReminderDays` get one reminder mail with the bank details and
 * the amount; those still unpaid after `unpaidExpiryDays`, and at least the days in between after
 * their reminder (the grace the reminder promises), are cancelled through the back office's own
 * cancel transition, which brings back stock, coupon use and gift card amount. Orders held for
 * review (pay on invoice) that staff left alone for `unpaidExpiryDays` are cancelled the same way.
 *
 * Safe with several processes: a reminder is claimed with a conditional update (only the process
 * that sets payment_reminder_sent_at queues the mail, in the same transaction), and a cancel locks
 * the order and checks its status, so a second process finds it cancelled already.
 */
export async function runUnpaidOrderRules(
  services: OrderServices & { businessRules?: BusinessRules },
  rules: Rules = services.businessRules ?? defaultBusinessRules,
): Promise<UnpaidOrdersRound> {
  const { db, logger } = services;
  const round: UnpaidOrdersRound = { reminded: [], cancelled: [] };

  const dueForReminder = await db
    .select({ orderNumber: orders.orderNumber, locale: orders.locale })
    .from(orders)
    .where(and(unpaidBankTransfer, isNull(orders.paymentReminderSentAt), lte(orders.createdAt, days(rules.unpaidReminderDays))))
    .orderBy(asc(orders.id))
    .limit(200);
  const graceDays = rules.unpaidExpiryDays - rules.unpaidReminderDays;
  for (const due of dueForReminder) {
    // The messages are read before the transaction (the embedded database has one connection).
    const t = await serverTranslator(db, due.locale as LocaleCode, logger);
    const sent = await db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(orders)
        .set({ paymentReminderSentAt: sql`now()` })
        .where(and(eq(orders.orderNumber, due.orderNumber), unpaidBankTransfer, isNull(orders.paymentReminderSentAt)))
        .returning();
      if (!claimed) return false;
      await queueOrderMail(tx, claimed.id, 'payment_reminder', reminderMail(services, t, claimed, graceDays), null);
      await recordAudit(tx, {
        staffId: null,
        action: 'order.payment_reminder',
        entity: 'order',
        entityId: claimed.orderNumber,
        after: { actor: unpaidOrdersActor, reminderDays: rules.unpaidReminderDays },
      });
      return true;
    });
    if (sent) round.reminded.push(due.orderNumber);
  }

  const dueForCancel = await db
    .select({ orderNumber: orders.orderNumber, locale: orders.locale })
    .from(orders)
    .where(
      and(
        unpaidBankTransfer,
        lte(orders.createdAt, days(rules.unpaidExpiryDays)),
        isNotNull(orders.paymentReminderSentAt),
        lte(orders.paymentReminderSentAt, days(graceDays)),
      ),
    )
    .orderBy(asc(orders.id))
    .limit(200);
  for (const due of dueForCancel) {
    if (await expire(services, due, rules.unpaidExpiryDays, 'unpaid')) round.cancelled.push(due.orderNumber);
  }

  // Orders held for review (pay on invoice, decision 0018) that staff neither approved nor
  // cancelled in the same time: they hold stock too, so they go the same way.
  const heldTooLong = await db
    .select({ orderNumber: orders.orderNumber, locale: orders.locale })
    .from(orders)
    .where(and(eq(orders.status, 'on_hold'), lte(orders.createdAt, days(rules.unpaidExpiryDays))))
    .orderBy(asc(orders.id))
    .limit(200);
  for (const due of heldTooLong) {
    if (await expire(services, due, rules.unpaidExpiryDays, 'held')) round.cancelled.push(due.orderNumber);
  }
  return round;
}

/**
 * Cancels an order that waited too long, through the back office's own cancel transition (stock,
 * coupon and gift card amount back); the audit entry and the shopper's mail commit with it.
 * False when it was paid, approved or cancelled meanwhile (by staff, the webhook or another process).
 */
async function expire(services: OrderServices, due: { orderNumber: string; locale: string }, expiryDays: number, why: 'unpaid' | 'held'): Promise<boolean> {
  const t = await serverTranslator(services.db, due.locale as LocaleCode, services.logger);
  const result = await applyOrderChange(services, {
    orderNumber: due.orderNumber,
    expectedVersion: null,
    actor: unpaidOrdersActor,
    change: { kind: 'cancelled', reason: t(why === 'unpaid' ? 'unpaidOrders.cancelReason' : 'unpaidOrders.heldCancelReason', { days: expiryDays }) },
    audit: async (tx, entry) => {
      await recordAudit(tx, {
        staffId: null,
        entity: 'order',
        entityId: due.orderNumber,
        ...entry,
        action: 'order.expired',
        after: { ...(entry.after as object), actor: unpaidOrdersActor },
      });
      const [order] = await tx.select().from(orders).where(eq(orders.orderNumber, due.orderNumber));
      await queueOrderMail(tx, order!.id, 'expired', expiredMail(services, t, order!, expiryDays, why), null);
    },
  });
  if (!result.ok && result.error !== 'not-allowed')
    services.logger.warn({ orderNumber: due.orderNumber, error: result.error }, 'order waiting too long not cancelled');
  return result.ok;
}

const amountDue = (order: UnpaidOrder) => formatCurrencyAmount(order.totalCents - order.giftCardCents, order.currencyCode, order.locale);

function reminderMail(services: Pick<OrderServices, 'shopName' | 'bankAccount'>, t: Translate, order: UnpaidOrder, graceDays: number) {
  return renderMail({
    ...mailFrame(services, t, order),
    subject: t('unpaidOrders.reminder.subject', { orderNumber: order.orderNumber, shopName: services.shopName }),
    paragraphs: [
      t('unpaidOrders.reminder.intro', { orderNumber: order.orderNumber }),
      ...bankTransferLines(
        t,
        { ...bankAccountOf(services), iban: printedIban(bankAccountOf(services).iban) },
        amountDue(order),
        order.currencyCode,
        order.orderNumber,
      ),
      t('unpaidOrders.reminder.deadline', { days: graceDays }),
    ],
  });
}

function expiredMail(services: Pick<OrderServices, 'shopName'>, t: Translate, order: UnpaidOrder, expiryDays: number, why: 'unpaid' | 'held') {
  const paragraphs =
    why === 'unpaid'
      ? [t('unpaidOrders.expired.intro', { orderNumber: order.orderNumber, days: expiryDays }), t('unpaidOrders.expired.transferred')]
      : [t('unpaidOrders.heldExpired.intro', { orderNumber: order.orderNumber, days: expiryDays }), t('unpaidOrders.heldExpired.again')];
  return renderMail({
    ...mailFrame(services, t, order),
    subject: t('unpaidOrders.expired.subject', { orderNumber: order.orderNumber, shopName: services.shopName }),
    paragraphs,
  });
}
