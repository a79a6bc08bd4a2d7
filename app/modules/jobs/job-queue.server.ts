/**
 * The background job queue (decision 0043): pg-boss, on PostgreSQL through its own small pool and
 * on the embedded database through its PGlite adapter, so the embedded shop runs its jobs the way
 * production does. The shop's jobs are periodic: each worker ticks every half interval and sends
 * the job throttled to one per interval slot, so however many workers tick (or restart) a job runs
 * once per interval. A queue's `stately` policy holds at most one run active, one waiting and one
 * waiting to be retried; a failed run is tried again after a growing pause, at most its interval
 * (unless a retry of an earlier run is already waiting); the run of a worker that died (no
 * heartbeat) is retried by another at pg-boss's next supervision. A run past its time limit is
 * failed, but its handler cannot be stopped: the limits are far above what a run takes.
 */
import { fromPglite, PgBoss, type SendOptions } from 'pg-boss';
import { sql } from 'drizzle-orm';
import { type Database, type JobQueueConnection, queryRows } from '#app/db/client.server.ts';
import type { Logger } from '#app/lib/observability/logger.server.ts';

/** Does one run's work; what it returns is logged. A thrown error counts as a failed try. */
export type JobHandler = () => Promise<unknown>;

export interface PeriodicJob {
  name: string;
  handler: JobHandler;
  everySeconds: number;
  /** false: the first run waits half an interval (the work was just done at start). */
  firstRunNow?: boolean;
  /** How long one run may take before it counts as failed (default 15 minutes). */
  maxRunSeconds?: number;
}

/** pg-boss keeps its tables in a schema of its own. */
export const jobQueueSchema = 'pgboss';

/** A run without a heartbeat for this long (its worker was killed) is retried at pg-boss's next supervision. */
const heartbeatSeconds = 30;

/** How long a stopping worker waits for its runs in hand; the process gives it ten seconds more (shop-process.ts). */
export const jobStopSeconds = 50;

/** Tries of one run after the first: the pause doubles from an eighth of the interval up to the interval. */
export const jobRetries = 3;

/** How a run of `job` is sent: retried within its interval, with heartbeats and a time limit, kept an hour or thirty intervals. */
export function periodicSendOptions(job: Pick<PeriodicJob, 'everySeconds' | 'maxRunSeconds'>): SendOptions {
  return {
    retryLimit: jobRetries,
    retryDelay: Math.max(1, Math.ceil(job.everySeconds / 8)),
    retryBackoff: true,
    retryDelayMax: job.everySeconds,
    heartbeatSeconds,
    expireInSeconds: job.maxRunSeconds ?? 15 * 60,
    // Kept for support and /metrics; a job of every few seconds would otherwise leave tens of thousands a day.
    deleteAfterSeconds: Math.max(60 * 60, 30 * job.everySeconds),
  };
}

export interface JobQueueOptions {
  /** Seconds between a worker's looks for waiting jobs (default 2). */
  pollSeconds?: number;
  /** Seconds between pg-boss's checks of heartbeats and expiries, and its clean-up (default 60). */
  superviseSeconds?: number;
}

/** The pg-boss instance of this process, not started. */
export function createJobQueue(connection: JobQueueConnection, logger: Logger, options: JobQueueOptions = {}): PgBoss {
  const database =
    'pglite' in connection
      ? { db: fromPglite(connection.pglite), backend: 'pglite' as const }
      : { connectionString: connection.url, max: 4, application_name: 'cordial-jobs' };
  const superviseSeconds = options.superviseSeconds ?? 60;
  const boss = new PgBoss({
    ...database,
    schema: jobQueueSchema,
    // The shop's periodic jobs tick themselves (sub-minute intervals); pg-boss's cron is not used.
    schedule: false,
    superviseIntervalSeconds: superviseSeconds,
    monitorIntervalSeconds: superviseSeconds,
  });
  boss.on('error', (error) => logger.error({ err: error }, 'job queue error'));
  boss.on('warning', (warning) => logger.warn({ warning }, 'job queue warning'));
  return boss;
}

export interface JobWorkerOptions extends JobQueueOptions {
  /** Told of every finished try (for /metrics). */
  onJobDone?: (name: string, outcome: 'succeeded' | 'failed', seconds: number) => void;
}

/** Runs the periodic jobs given to it; several workers (processes) share one queue. */
export class JobWorker {
  readonly queue: PgBoss;
  readonly #jobs: PeriodicJob[];
  readonly #logger: Logger;
  readonly #options: JobWorkerOptions;
  readonly #timers: NodeJS.Timeout[] = [];

  constructor(queue: PgBoss, jobs: PeriodicJob[], logger: Logger, options: JobWorkerOptions = {}) {
    this.queue = queue;
    this.#jobs = jobs;
    this.#logger = logger;
    this.#options = options;
  }

  /** Starts pg-boss (installing or migrating its schema), the queues' workers and the ticks. */
  async start(): Promise<void> {
    await this.queue.start();
    for (const job of this.#jobs) {
      // Created once; a queue that exists keeps its policy (the send options carry the rest).
      await this.queue.createQueue(job.name, { policy: 'stately' });
      await this.queue.work(job.name, { pollingIntervalSeconds: this.#options.pollSeconds ?? 2, localConcurrency: 1 }, () => this.#run(job));
      const tick = () => void this.sendRun(job.name).catch((error: unknown) => this.#logger.warn({ err: error, job: job.name }, 'could not queue a job'));
      const halfInterval = (job.everySeconds * 1000) / 2;
      const first = setTimeout(
        () => {
          tick();
          const every = setInterval(tick, halfInterval);
          every.unref();
          this.#timers.push(every);
        },
        job.firstRunNow === false ? halfInterval : 0,
      );
      first.unref();
      this.#timers.push(first);
    }
  }

  /** Queues a run of `name` for this interval slot unless one was queued for it already; resolves to its id, or null. */
  sendRun(name: string): Promise<string | null> {
    const job = this.#jobs.find((candidate) => candidate.name === name);
    if (!job) throw new Error(`no periodic job ${name}`);
    return this.queue.sendThrottled(name, null, periodicSendOptions(job), job.everySeconds);
  }

  async #run(job: PeriodicJob): Promise<void> {
    const started = performance.now();
    const seconds = () => (performance.now() - started) / 1000;
    try {
      const result = await job.handler();
      this.#options.onJobDone?.(job.name, 'succeeded', seconds());
      if (result !== undefined) this.#logger.debug({ job: job.name, result }, 'job done');
    } catch (error) {
      this.#options.onJobDone?.(job.name, 'failed', seconds());
      this.#logger.warn({ job: job.name, err: error }, 'job failed; the queue tries it again');
      throw error;
    }
  }

  /**
   * Sends no more runs, lets the runs in hand finish (at most 50 s; then pg-boss fails them, to be
   * retried by the next worker), then closes the queue's connections.
   */
  async stop(): Promise<void> {
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers.length = 0;
    await this.queue.stop({ graceful: true, timeout: jobStopSeconds * 1000 });
  }
}

/**
 * Queue figures for /metrics, read from pg-boss's job table (the same in every process): runs
 * due (waiting for a worker, or behind the job's run in hand), running, and failed for good (kept
 * an hour or more). Zero before a worker has installed the queue's schema.
 */
export async function jobQueueState(db: Database): Promise<{ due: number; running: number; failed: number }> {
  const [installed] = await queryRows<{ exists: boolean }>(db, sql`select to_regclass(${`${jobQueueSchema}.job`}) is not null as exists`);
  if (!installed?.exists) return { due: 0, running: 0, failed: 0 };
  const [row] = await queryRows<{ due: number; running: number; failed: number }>(
    db,
    sql`select count(*) filter (where state in ('created', 'retry') and start_after <= now())::int as due,
          count(*) filter (where state = 'active')::int as running,
          count(*) filter (where state = 'failed')::int as failed
        from ${sql.identifier(jobQueueSchema)}.job`,
  );
  return row ?? { due: 0, running: 0, failed: 0 };
}
