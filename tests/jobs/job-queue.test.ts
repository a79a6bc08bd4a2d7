import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase, queryRows } from '#app/db/client.server.ts';
import { backgroundJobs } from '#app/db/schema.ts';
import {
  enqueueJob,
  JobRunner,
  jobQueueState,
  jobRetryDelaySeconds,
  maxJobAttempts,
  runPeriodicJobSoon,
  schedulePeriodicJob,
} from '#app/modules/jobs/job-queue.server.ts';
import { createLogger } from '#app/lib/observability/logger.server.ts';
import { createTestDatabase, type TestDatabase, testDrivers } from '../support/database.ts';

const logger = createLogger('silent');

describe('retry pauses', () => {
  it('double from 30 seconds up to an hour', () => {
    expect([1, 2, 3, 8, 20].map(jobRetryDelaySeconds)).toEqual([30, 60, 120, 3600, 3600]);
  });
});

describe.each(testDrivers)('the job queue on %s', (driver) => {
  let database: TestDatabase;
  /** A second connection to the same database (PostgreSQL): a second worker process. */
  let second: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase(driver);
    second = database.url ? await openDatabase({ driver: 'postgres', url: database.url }) : database;
  });
  afterAll(async () => {
    if (second !== database) await second.close();
    await database?.destroy();
  });
  beforeEach(() => database.db.delete(backgroundJobs));

  const jobRow = async (id: number) => (await database.db.select().from(backgroundJobs).where(eq(backgroundJobs.id, id)))[0]!;
  const makeDue = (id: number) =>
    database.db
      .update(backgroundJobs)
      .set({ runAt: sql`now()` })
      .where(eq(backgroundJobs.id, id));

  it('tries a failed job again after a pause, and finishes it once it succeeds', async () => {
    let calls = 0;
    const runner = new JobRunner(database.db, { flaky: async () => ++calls === 1 && Promise.reject(new Error('mail server down')) }, logger);
    const id = await enqueueJob(database.db, 'flaky', 'flaky:1', { n: 1 });

    expect(await runner.runDue()).toBe(1);
    const failed = await jobRow(id);
    expect(failed).toMatchObject({ attempts: 1, lastError: 'mail server down', lockedUntil: null, finishedAt: null, failedAt: null });
    const [{ pause }] = (await queryRows<{ pause: number }>(
      database.db,
      sql`select extract(epoch from run_at - now())::int as pause from background_jobs where id = ${id}`,
    )) as [{ pause: number }];
    expect(pause).toBeGreaterThan(20);
    expect(pause).toBeLessThanOrEqual(jobRetryDelaySeconds(1));
    // Not due yet: nothing runs.
    expect(await runner.runDue()).toBe(0);

    await makeDue(id);
    expect(await runner.runDue()).toBe(1);
    expect(calls).toBe(2);
    expect(await jobRow(id)).toMatchObject({ attempts: 0, lastError: null, failedAt: null });
    expect((await jobRow(id)).finishedAt).not.toBeNull();
  });

  it('gives a one-off job up after its last try, and keeps it for the record', async () => {
    const runner = new JobRunner(database.db, { broken: () => Promise.reject(new Error('bad file')) }, logger);
    const id = await enqueueJob(database.db, 'broken', 'broken:1');
    for (let attempt = 1; attempt <= maxJobAttempts; attempt++) {
      await makeDue(id);
      expect(await runner.runDue()).toBe(1);
    }
    expect(await jobRow(id)).toMatchObject({ attempts: maxJobAttempts, lastError: 'bad file' });
    expect((await jobRow(id)).failedAt).not.toBeNull();
    await makeDue(id);
    expect(await runner.runDue()).toBe(0);
    expect(await jobQueueState(database.db)).toMatchObject({ failed: 1, due: 0 });
  });

  it('runs a periodic job again after its interval, and at once when asked', async () => {
    let calls = 0;
    const runner = new JobRunner(database.db, { routine: async () => void calls++ }, logger);
    await schedulePeriodicJob(database.db, 'routine', 600);
    await schedulePeriodicJob(database.db, 'routine', 300);
    expect(await runner.runDue()).toBe(1);
    expect(await runner.runDue()).toBe(0);
    const [row] = await database.db.select().from(backgroundJobs).where(eq(backgroundJobs.name, 'routine'));
    expect(row).toMatchObject({ repeatSeconds: 300, finishedAt: null, lockedUntil: null });
    await runPeriodicJobSoon(database.db, 'routine');
    expect(await runner.runDue()).toBe(1);
    expect(calls).toBe(2);
  });

  it('queues one job per key, however often it is queued', async () => {
    const first = await enqueueJob(database.db, 'import', 'import:7', { importId: 7 });
    expect(await enqueueJob(database.db, 'import', 'import:7', { importId: 7 })).toBe(first);
    expect(await database.db.$count(backgroundJobs)).toBe(1);
  });

  it('never runs a job twice at once with two workers, and runs every job', async () => {
    const running = new Set<string>();
    const ran: string[] = [];
    let overlaps = 0;
    const work = async (payload: Record<string, unknown>) => {
      const key = String(payload.key);
      if (running.has(key)) overlaps++;
      running.add(key);
      // Long enough for the other worker to look for the same job meanwhile.
      await new Promise((resolve) => setTimeout(resolve, 20));
      running.delete(key);
      ran.push(key);
    };
    const keys = Array.from({ length: 12 }, (_, i) => `job:${i}`);
    for (const key of keys) await enqueueJob(database.db, 'work', key, { key });
    const one = new JobRunner(database.db, { work }, logger);
    const two = new JobRunner(second.db, { work }, logger);
    const [byOne, byTwo] = await Promise.all([one.runDue(), two.runDue()]);
    expect(byOne + byTwo).toBe(12);
    expect(overlaps).toBe(0);
    expect(ran.toSorted()).toEqual(keys.toSorted());
  });

  it('leaves a job held by a live worker alone, and takes over a job whose worker died when its lease ends', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let calls = 0;
    const slow = async () => {
      calls++;
      await held;
    };
    const id = await enqueueJob(database.db, 'slow', 'slow:1');
    const first = new JobRunner(database.db, { slow }, logger);
    const firstRound = first.runDue();
    await expect.poll(() => calls).toBe(1);
    const other = new JobRunner(second.db, { slow: async () => void calls++ }, logger);
    expect(await other.runDue()).toBe(0);

    // The first worker is killed: its lease runs out without renewal.
    await database.db
      .update(backgroundJobs)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(backgroundJobs.id, id));
    expect(await other.runDue()).toBe(1);
    expect(calls).toBe(2);
    // The dead worker coming back does not overwrite what its successor recorded.
    release();
    await firstRound;
    expect((await jobRow(id)).finishedAt).not.toBeNull();
    expect((await jobRow(id)).lockedBy).toBeNull();
  });

  it('lets the current job finish when it stops, and takes no new one', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const ran: number[] = [];
    const runner = new JobRunner(database.db, { step: async (payload) => void (await held, ran.push(Number(payload.n))) }, logger);
    await enqueueJob(database.db, 'step', 'step:1', { n: 1 });
    await enqueueJob(database.db, 'step', 'step:2', { n: 2 });
    const round = runner.runDue();
    await expect.poll(async () => (await jobQueueState(database.db)).running).toBe(1);
    const stopped = runner.stop();
    release();
    await stopped;
    await round;
    expect(ran).toEqual([1]);
    expect(await jobQueueState(database.db)).toMatchObject({ due: 1, running: 0 });
  });
});
