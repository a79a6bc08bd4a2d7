/** The admin's view of the mail outbox (issue 12): lists by state, retry and discard, audited. */
import { and, count, desc, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { Database } from '#app/db/client.server.ts';
import { mailOutbox } from '#app/db/schema.ts';
import { pageWindow } from '#app/lib/paging/page-window.ts';
import { recordAudit } from '#app/lib/observability/audit.server.ts';
import { type ListSort, listSortSpec } from '#app/lib/paging/list-sort.ts';
import { orderByOf } from '#app/lib/paging/list-sort.server.ts';

export const outboxViews = ['failed', 'pending', 'sent', 'discarded'] as const;
export type OutboxView = (typeof outboxViews)[number];
export const outboxPageSize = 50;
/** The columns the outbox sorts by; newest first unless asked. */
export const outboxSort = listSortSpec(['created', 'to', 'subject', 'attempts'], { key: 'created', direction: 'desc' });

const unsentKept = and(isNull(mailOutbox.sentAt), isNull(mailOutbox.discardedAt));
const outboxFilters: Record<OutboxView, SQL | undefined> = {
  /** Tried and failed: waiting for another try, or given up. */
  failed: and(unsentKept, isNotNull(mailOutbox.lastError)),
  /** Not tried yet, or waiting for its next try. */
  pending: and(unsentKept, isNotNull(mailOutbox.nextAttemptAt)),
  sent: isNotNull(mailOutbox.sentAt),
  discarded: isNotNull(mailOutbox.discardedAt),
};

export async function listOutbox(
  db: Database,
  view: OutboxView,
  requestedPage: number,
  sort: ListSort<(typeof outboxSort.keys)[number]> = outboxSort.fallback,
) {
  const where = outboxFilters[view];
  const [total] = await db.select({ count: count() }).from(mailOutbox).where(where);
  const window = pageWindow(requestedPage, outboxPageSize, total?.count ?? 0);
  const rows = await db
    .select({
      id: mailOutbox.id,
      toAddress: mailOutbox.toAddress,
      subject: mailOutbox.subject,
      attempts: mailOutbox.attempts,
      nextAttemptAt: mailOutbox.nextAttemptAt,
      sentAt: mailOutbox.sentAt,
      discardedAt: mailOutbox.discardedAt,
      lastError: mailOutbox.lastError,
      createdAt: mailOutbox.createdAt,
    })
    .from(mailOutbox)
    .where(where)
    .orderBy(
      ...orderByOf(
        sort,
        { created: mailOutbox.id, to: sql`lower(${mailOutbox.toAddress})`, subject: sql`lower(${mailOutbox.subject})`, attempts: mailOutbox.attempts },
        desc(mailOutbox.id),
      ),
    )
    .limit(outboxPageSize)
    .offset(window.offset);
  return { rows, window };
}

const mailState = async (db: Pick<Database, 'select'>, mailId: number) => {
  const [row] = await db
    .select({ attempts: mailOutbox.attempts, nextAttemptAt: mailOutbox.nextAttemptAt, lastError: mailOutbox.lastError, discardedAt: mailOutbox.discardedAt })
    .from(mailOutbox)
    .where(eq(mailOutbox.id, mailId));
  return row ?? null;
};

/**
 * Staff ask for a failed or given-up mail to be tried again now, with a fresh count of tries;
 * false when it was sent or discarded meanwhile. Delivery follows in the next round.
 */
export async function retryMail(db: Database, staffId: number, mailId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const before = await mailState(tx, mailId);
    const updated = await tx
      .update(mailOutbox)
      .set({ attempts: 0, nextAttemptAt: sql`now()` })
      .where(and(eq(mailOutbox.id, mailId), unsentKept))
      .returning({ id: mailOutbox.id });
    if (updated.length === 0) return false;
    await recordAudit(tx, { staffId, action: 'mail.retry', entity: 'mail', entityId: mailId, before, after: await mailState(tx, mailId) });
    return true;
  });
}

/** Staff give up on a mail that was not sent (a wrong address, a mail no longer needed). */
export async function discardMail(db: Database, staffId: number, mailId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const before = await mailState(tx, mailId);
    const updated = await tx
      .update(mailOutbox)
      .set({ discardedAt: sql`now()`, nextAttemptAt: null })
      .where(and(eq(mailOutbox.id, mailId), unsentKept))
      .returning({ id: mailOutbox.id });
    if (updated.length === 0) return false;
    await recordAudit(tx, { staffId, action: 'mail.discard', entity: 'mail', entityId: mailId, before, after: await mailState(tx, mailId) });
    return true;
  });
}
