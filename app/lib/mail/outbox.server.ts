import { asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Database, Queryable } from '#app/db/client.server.ts';
import { mailOutbox } from '#app/db/schema.ts';
import type { Logger } from '#app/lib/observability/logger.server.ts';
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
      await this.#transport.send({
        to: mail.toAddress,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        headers: mail.headers,
        attachments: mail.attachments ?? undefined,
      });
      await this.#db
        .update(mailOutbox)
        .set({ sentAt: sql`now()`, nextAttemptAt: null, lastError: null })
        .where(eq(mailOutbox.id, mail.id));
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
