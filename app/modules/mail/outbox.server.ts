import { and, asc, count, desc, eq, inArray, isNotNull, isNull, lte, type SQL, sql } from 'drizzle-orm';
import type { Database, Queryable } from '../../db/client.server.ts';
import { mailOutbox } from '../../db/schema.ts';
import { recordAudit } from '../admin/audit.server.ts';
import { type ListSort, listSortSpec } from '../admin/list-sort.ts';
import { orderByOf } from '../admin/list-sort.server.ts';
import type { Logger } from '../observability/logger.server.ts';
import { pageWindow } from '../paging/page-window.ts';
import type { Mailer, OutgoingMail } from './mailer.server.ts';

/** Tries per mail before it is given up (and logged as an error): about a day and a half of pauses. */
export const maxMailAttempts = 10;

/** Minutes to wait after failed try number `attempts`: 1, 2, 4, 8, … at most 6 hours. */
export const retryDelayMinutes = (attempts: number) => Math.min(2 ** (attempts - 1), 360);

/** How long a claimed mail is left to the process that claimed it before another may try. */
const leaseMinutes = 10;
const batchSize = 20;

/**
 * Queues a mail inside the caller's transaction and returns its outbox id: the mail goes out only
 * if the change it reports is committed (call the mailer's deliverSoon afterwards).
 */
export async function queueMail(db: Queryable, mail: OutgoingMail): Promise<number> {
  const [queued] = await db
    .insert(mailOutbox)
    .values({ toAddress: mail.to, subject: mail.subject, html: mail.html, text: mail.text, headers: mail.headers ?? {}, attachments: mail.attachments ?? null })
    .returning({ id: mailOutbox.id });
  return queued!.id;
}

export interface DeliveryRound {
  sent: number;
  failed: number;
}

/**
 * The shop's mailer: `send` stores the mail and returns; delivery through the transport (SMTP or
 * the .eml folder) follows at once beside the request, and failed mails are tried again later.
 * Several processes can share one outbox: each claims its mails with SKIP LOCKED and a lease.
 */
export class MailOutbox implements Mailer {
  readonly #db: Database;
  readonly #transport: Mailer;
  readonly #logger: Logger;
  #round: Promise<DeliveryRound> | null = null;
  #again = false;
  #timer: NodeJS.Timeout | null = null;

  constructor(db: Database, transport: Mailer, logger: Logger) {
    this.#db = db;
    this.#transport = transport;
    this.#logger = logger;
  }

  async send(mail: OutgoingMail): Promise<void> {
    await queueMail(this.#db, mail);
    this.deliverSoon();
  }

  /** Starts a delivery round without waiting for it; a round already running does one more. */
  deliverSoon(): void {
    this.deliverDue().catch((error: unknown) => this.#logger.error({ err: error }, 'mail delivery round failed'));
  }

  /** Delivers every mail that is due, one round at a time in this process. */
  async deliverDue(): Promise<DeliveryRound> {
    if (this.#round) {
      this.#again = true;
      return this.#round;
    }
    this.#round = (async () => {
      const total = { sent: 0, failed: 0 };
      do {
        this.#again = false;
        for (let batch = await this.#claim(); batch.length > 0; batch = await this.#claim()) {
          for (const mail of batch) {
            if (await this.#deliver(mail)) total.sent++;
            else total.failed++;
          }
        }
      } while (this.#again);
      return total;
    })().finally(() => {
      this.#round = null;
    });
    return this.#round;
  }

  /** Tries the due mails every `intervalMs` (retries, and mails queued while the transport was down). */
  start(intervalMs = 60_000): void {
    this.#timer ??= setInterval(() => this.deliverSoon(), intervalMs);
    this.#timer.unref();
    this.deliverSoon();
  }

  async stop(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    await this.#round?.catch(() => undefined);
  }

  /** Takes up to a batch of due mails, counting the try and leasing them to this process. */
  async #claim() {
    const due = this.#db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(lte(mailOutbox.nextAttemptAt, sql`now()`))
      .orderBy(asc(mailOutbox.id))
      .limit(batchSize)
      .for('update', { skipLocked: true });
    return this.#db
      .update(mailOutbox)
      .set({ attempts: sql`${mailOutbox.attempts} + 1`, nextAttemptAt: sql`now() + make_interval(mins => ${leaseMinutes})` })
      .where(inArray(mailOutbox.id, due))
      .returning();
  }

  async #deliver(mail: typeof mailOutbox.$inferSelect): Promise<boolean> {
    try {
      await this.#transport.send({ to: mail.toAddress, subject: mail.subject, html: mail.html, text: mail.text, headers: mail.headers, attachments: mail.attachments ?? undefined });
      await this.#db.update(mailOutbox).set({ sentAt: sql`now()`, nextAttemptAt: null, lastError: null }).where(eq(mailOutbox.id, mail.id));
      return true;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const givenUp = mail.attempts >= maxMailAttempts;
      await this.#db
        .update(mailOutbox)
        .set({ lastError: message.slice(0, 1000), nextAttemptAt: givenUp ? null : sql`now() + make_interval(mins => ${retryDelayMinutes(mail.attempts)})` })
        .where(eq(mailOutbox.id, mail.id));
      if (givenUp) this.#logger.error({ mailId: mail.id, subject: mail.subject, attempts: mail.attempts, err: error }, 'mail given up');
      else this.#logger.warn({ mailId: mail.id, attempts: mail.attempts, error: message }, 'mail not delivered, will try again');
      return false;
    }
  }
}

// ---------------------------------------------------------------- the admin's view (issue 12)

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

export async function listOutbox(db: Database, view: OutboxView, requestedPage: number, sort: ListSort<(typeof outboxSort.keys)[number]> = outboxSort.fallback) {
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
    .orderBy(...orderByOf(sort, { created: mailOutbox.id, to: sql`lower(${mailOutbox.toAddress})`, subject: sql`lower(${mailOutbox.subject})`, attempts: mailOutbox.attempts }, desc(mailOutbox.id)))
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
    const updated = await tx.update(mailOutbox).set({ attempts: 0, nextAttemptAt: sql`now()` }).where(and(eq(mailOutbox.id, mailId), unsentKept)).returning({ id: mailOutbox.id });
    if (updated.length === 0) return false;
    await recordAudit(tx, { staffId, action: 'mail.retry', entity: 'mail', entityId: mailId, before, after: await mailState(tx, mailId) });
    return true;
  });
}

/** Staff give up on a mail that was not sent (a wrong address, a mail no longer needed). */
export async function discardMail(db: Database, staffId: number, mailId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const before = await mailState(tx, mailId);
    const updated = await tx.update(mailOutbox).set({ discardedAt: sql`now()`, nextAttemptAt: null }).where(and(eq(mailOutbox.id, mailId), unsentKept)).returning({ id: mailOutbox.id });
    if (updated.length === 0) return false;
    await recordAudit(tx, { staffId, action: 'mail.discard', entity: 'mail', entityId: mailId, before, after: await mailState(tx, mailId) });
    return true;
  });
}
