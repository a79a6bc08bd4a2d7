import { eq } from 'drizzle-orm';
import type { AppServices } from '#app/context.ts';
import type { Queryable } from '#app/db/client.server.ts';
import { orderMails, orders, type orderMailKinds } from '#app/db/schema.ts';
import type { OutgoingMail } from '#app/lib/mail/mailer.server.ts';
import { queueMail } from '#app/lib/mail/outbox.server.ts';
import type { OrderAudit } from './order-status.server.ts';

export type OrderMailKind = (typeof orderMailKinds)[number];

/**
 * Queues a mail about an order inside the caller's transaction and keeps it with the order, so
 * the order's page shows what was sent (and whether it went out).
 */
export async function queueOrderMail(tx: Queryable, orderId: number, kind: OrderMailKind, mail: OutgoingMail, actor: string | null): Promise<number> {
  const mailId = await queueMail(tx, mail);
  await tx.insert(orderMails).values({ orderId, mailId, kind, actor });
  return mailId;
}

/** Queues an order's mail on its own (no other change) and has it delivered now. */
export async function sendOrderMail(
  { db, mailer }: Pick<AppServices, 'db' | 'mailer'>,
  { orderNumber, kind, mail, actor, audit }: { orderNumber: string; kind: OrderMailKind; mail: OutgoingMail; actor: string | null; audit?: OrderAudit },
): Promise<void> {
  await db.transaction(async (tx) => {
    const [order] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.orderNumber, orderNumber));
    if (!order) return;
    const mailId = await queueOrderMail(tx, order.id, kind, mail, actor);
    await audit?.(tx, { action: 'order.mail', before: null, after: { kind, mailId, to: mail.to, subject: mail.subject } });
  });
  mailer.deliverSoon?.();
}
