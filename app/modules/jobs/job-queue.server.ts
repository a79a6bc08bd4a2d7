/**
 * The background job queue (decision 0024): jobs are rows of `background_jobs`, on PGlite and
 * PostgreSQL alike. A runner claims one due job at a time with SKIP LOCKED and holds it with a
 * lease that it renews while the job runs, so a job never runs twice at once, however many worker
 * processes there are; a runner that dies (or is killed) leaves its job to be run again when the
 * lease ends, so jobs survive a restart. A failed job is tried again after a growing pause.
 */
import { randomUUID } from 'node:crypto';
import { and, count, eq, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { Database } from '#app/db/client.server.ts';
import { backgroundJobs } from '#app/db/schema.ts';
import type { Logger } from '#app/lib/observability/logger.server.ts';

/** Does one job's work; what it returns is logged. A thrown error counts as a failed try. */
export type JobHandler = (payload: Record<string, unknown>) => Promise<unknown>;

/** Tries of a one-off job before it is given up (`failed_at` set, kept for the record). */
export const maxJobAttempts = 8;

/** Seconds to wait after failed try number `attempts`: 30 s, 1 min, 2 min … at most an hour. */
export const jobRetryDelaySeconds = (attempts: number) => Math.min(30 * 2 ** (Math.max(attempts, 1) - 1), 3600);

const periodicKey = (name: string) => `periodic:${name}`;

/**
 * Makes sure a periodic job exists (run at once the first time, or after its interval) and runs
 * every `repeatSeconds` after its previous run; called by every worker at start, so a changed
 * interval takes effect.
 */
export async function schedulePeriodicJob(
  db: Database,
  name: string,
  repeatSeconds: number,
  { firstRunNow = true }: { firstRunNow?: boolean } = {},
): Promise<void> {
  await db
    .insert(backgroundJobs)
    .values({ name, key: periodicKey(name), repeatSeconds, runAt: firstRunNow ? sql`now()` : sql`now() + make_interval(secs => ${repeatSeconds})` })
    .onConflictDoUpdate({ target: backgroundJobs.key, set: { repeatSeconds } });
}

/** A periodic job runs as soon as a worker is free (an admin asked for the search index now). */
export async function runPeriodicJobSoon(db: Database, name: string): Promise<void> {
  await db
    .update(backgroundJobs)
    .set({ runAt: sql`now()` })
    .where(eq(backgroundJobs.key, periodicKey(name)));
}

/**
 * Queues a one-off job. `key` makes it idempotent: queueing the same key again (an import
 * submitted twice) keeps the one job. Returns its id.
 */
export async function enqueueJob(db: Database, name: string, key: string, payload: Record<string, unknown> = {}): Promise<number> {
  const [row] = await db
    .insert(backgroundJobs)
    .values({ name, key, payload })
    .onConflictDoUpdate({ target: backgroundJobs.key, set: { key: sql`excluded.key` } })
    .returning({ id: backgroundJobs.id });
  return row!.id;
}

const isPending = and(isNull(backgroundJobs.finishedAt), isNull(backgroundJobs.failedAt));

/** Queue figures for /metrics: jobs due now (waiting for a worker) and one-off jobs given up. */
export async function jobQueueState(db: Database): Promise<{ due: number; running: number; failed: number }> {
  const [row] = await db
    .select({
      due: sql<number>`count(*) filter (where ${backgroundJobs.runAt} <= now() and (${backgroundJobs.lockedUntil} is null or ${backgroundJobs.lockedUntil} < now()))`.mapWith(
        Number,
      ),
      running: sql<number>`count(*) filter (where ${backgroundJobs.lockedUntil} >= now())`.mapWith(Number),
    })
    .from(backgroundJobs)
    .where(isPending);
  const [failed] = await db.select({ count: count() }).from(backgroundJobs).where(isNotNull(backgroundJobs.failedAt));
  return { due: row?.due ?? 0, running: row?.running ?? 0, failed: failed?.count ?? 0 };
}

/** A failed query's message is its SQL; what the database said is its cause. */
function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  return error.cause instanceof Error ? `${error.cause.message} (${error.message.split('\n')[0]})` : error.message;
}

export interface JobRunnerOptions {
  /** How long a claimed job is this runner's without renewal; renewed every third of it. */
  leaseSeconds?: number;
  /** Told of every finished try (for /metrics). */
  onJobDone?: (name: string, outcome: 'succeeded' | 'failed', seconds: number) => void;
}

type ClaimedJob = Pick<typeof backgroundJobs.$inferSelect, 'id' | 'name' | 'payload' | 'attempts' | 'repeatSeconds'>;

/** Runs the due jobs it has handlers for, one at a time; several runners share one queue. */
export class JobRunner {
  readonly #db: Database;
  readonly #handlers: Record<string, JobHandler>;
  readonly #logger: Logger;
  readonly #leaseSeconds: number;
  readonly #onJobDone: JobRunnerOptions['onJobDone'];
  readonly id = randomUUID();
  #round: Promise<number> | null = null;
  #timer: NodeJS.Timeout | null = null;
  #stopping = false;

  constructor(db: Database, handlers: Record<string, JobHandler>, logger: Logger, options: JobRunnerOptions = {}) {
    this.#db = db;
    this.#handlers = handlers;
    this.#logger = logger;
    this.#leaseSeconds = options.leaseSeconds ?? 60;
    this.#onJobDone = options.onJobDone;
  }

  /** Runs due jobs until none is left (or the runner stops); returns how many ran. A round already running is joined. */
  runDue(): Promise<number> {
    this.#round ??= (async () => {
      let ran = 0;
      for (let job = await this.#claim(); job; job = this.#stopping ? null : await this.#claim()) {
        await this.#run(job);
        ran++;
      }
      return ran;
    })().finally(() => {
      this.#round = null;
    });
    return this.#round;
  }

  /** Looks for due jobs every `pollMs`. */
  start(pollMs = 5_000): void {
    this.#stopping = false;
    const poll = () => void this.runDue().catch((error: unknown) => this.#logger.error({ err: error }, 'job queue round failed'));
    this.#timer ??= setInterval(poll, pollMs);
    this.#timer.unref();
    poll();
  }

  /** Takes no new job and resolves once the current one has finished. */
  async stop(): Promise<void> {
    this.#stopping = true;
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    await this.#round?.catch(() => undefined);
  }

  async #claim(): Promise<ClaimedJob | null> {
    const names = Object.keys(this.#handlers);
    if (names.length === 0) return null;
    const due = this.#db
      .select({ id: backgroundJobs.id })
      .from(backgroundJobs)
      .where(
        and(
          isPending,
          inArray(backgroundJobs.name, names),
          lte(backgroundJobs.runAt, sql`now()`),
          or(isNull(backgroundJobs.lockedUntil), lte(backgroundJobs.lockedUntil, sql`now()`)),
        ),
      )
      .orderBy(backgroundJobs.runAt, backgroundJobs.id)
      .limit(1)
      .for('update', { skipLocked: true });
    const [job] = await this.#db
      .update(backgroundJobs)
      .set({ lockedUntil: this.#leaseEnd(), lockedBy: this.id, attempts: sql`${backgroundJobs.attempts} + 1` })
      .where(inArray(backgroundJobs.id, due))
      .returning({
        id: backgroundJobs.id,
        name: backgroundJobs.name,
        payload: backgroundJobs.payload,
        attempts: backgroundJobs.attempts,
        repeatSeconds: backgroundJobs.repeatSeconds,
      });
    return job ?? null;
  }

  #leaseEnd() {
    return sql`now() + make_interval(secs => ${this.#leaseSeconds})`;
  }

  /** Only while this runner still holds the job: a runner whose lease ran out does not overwrite its successor. */
  #mine(job: ClaimedJob) {
    return and(eq(backgroundJobs.id, job.id), eq(backgroundJobs.lockedBy, this.id));
  }

  async #run(job: ClaimedJob): Promise<void> {
    const started = performance.now();
    const renew = setInterval(
      () => {
        this.#db
          .update(backgroundJobs)
          .set({ lockedUntil: this.#leaseEnd() })
          .where(this.#mine(job))
          .catch((error: unknown) => this.#logger.warn({ err: error, job: job.name }, 'could not renew a job lease'));
      },
      (this.#leaseSeconds * 1000) / 3,
    );
    renew.unref();
    try {
      const result = await this.#handlers[job.name]!(job.payload);
      clearInterval(renew);
      const next = job.repeatSeconds === null ? { finishedAt: sql`now()` } : { runAt: sql`now() + make_interval(secs => ${job.repeatSeconds})` };
      await this.#db
        .update(backgroundJobs)
        .set({ ...next, attempts: 0, lastError: null, lockedUntil: null, lockedBy: null })
        .where(this.#mine(job));
      this.#onJobDone?.(job.name, 'succeeded', (performance.now() - started) / 1000);
      if (result !== undefined) this.#logger.debug({ job: job.name, result }, 'job done');
    } catch (error) {
      clearInterval(renew);
      const message = describeError(error);
      // A periodic job is never given up: it is the shop's routine, and the next run may succeed.
      const givenUp = job.repeatSeconds === null && job.attempts >= maxJobAttempts;
      await this.#db
        .update(backgroundJobs)
        .set({
          lastError: message.slice(0, 1000),
          lockedUntil: null,
          lockedBy: null,
          ...(givenUp ? { failedAt: sql`now()` } : { runAt: sql`now() + make_interval(secs => ${jobRetryDelaySeconds(job.attempts)})` }),
        })
        .where(this.#mine(job));
      this.#onJobDone?.(job.name, 'failed', (performance.now() - started) / 1000);
      if (givenUp) this.#logger.error({ job: job.name, jobId: job.id, attempts: job.attempts, err: error }, 'job given up');
      else this.#logger.warn({ job: job.name, jobId: job.id, attempts: job.attempts, error: message }, 'job failed, will try again');
    }
  }
}
