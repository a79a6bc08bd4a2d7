import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createJobQueue, JobWorker, jobQueueState, jobRetries, type PeriodicJob, periodicSendOptions } from '#app/modules/jobs/job-queue.server.ts';
import { createLogger } from '#app/lib/observability/logger.server.ts';
import { createTestDatabase, type TestDatabase, testDrivers } from '../support/database.ts';

const logger = createLogger('silent');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A handler that takes `ms` and counts its runs and the runs that began while another was running. */
function countedRuns(ms: number) {
  const counts = { runs: 0, overlaps: 0 };
  let running = 0;
  const handler = async () => {
    counts.runs++;
    if (++running > 1) counts.overlaps++;
    await sleep(ms);
    running--;
  };
  return { counts, handler };
}

describe('a periodic job is sent', () => {
  it('retried from an eighth of its interval, doubling up to the interval, a few times', () => {
    expect(periodicSendOptions({ everySeconds: 60 })).toMatchObject({ retryLimit: jobRetries, retryDelay: 8, retryBackoff: true, retryDelayMax: 60 });
    expect(periodicSendOptions({ everySeconds: 2 })).toMatchObject({ retryDelay: 1, retryDelayMax: 2 });
  });
});

describe.each(testDrivers)('the job queue (pg-boss) on %s', (driver) => {
  let database: TestDatabase;
  const workers: JobWorker[] = [];
  /** A worker of its own (on PostgreSQL with a pool of its own: another process, as far as the database can tell). */
  const startWorker = async (jobs: PeriodicJob[]) => {
    const worker = new JobWorker(createJobQueue(database.jobQueueConnection, logger, { pollSeconds: 0.5, superviseSeconds: 1 }), jobs, logger);
    workers.push(worker);
    await worker.start();
    return worker;
  };
  beforeAll(async () => {
    database = await createTestDatabase(driver);
  });
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((worker) => worker.stop()));
  });
  afterAll(() => database?.destroy());

  it('runs a job once per interval however many workers send it, never two runs at once', async () => {
    const { counts, handler } = countedRuns(200);
    const daily: PeriodicJob = { name: 'daily', everySeconds: 24 * 60 * 60, firstRunNow: false, handler };
    const one = await startWorker([daily]);
    const two = await startWorker([daily]);
    const sent = await Promise.all([one.sendRun('daily'), two.sendRun('daily'), one.sendRun('daily')]);
    expect(sent.filter((id) => id !== null)).toHaveLength(1);
    await expect.poll(() => counts.runs, { timeout: 5_000 }).toBe(1);
    // A worker that starts again later the same day finds the day's run done.
    await expect.poll(async () => (await jobQueueState(database.db)).running).toBe(0);
    expect(await two.sendRun('daily')).toBeNull();
    await sleep(1_000);
    expect(counts).toEqual({ runs: 1, overlaps: 0 });
  });

  it('runs a job every interval from the worker ticks, one run at a time even when a run outlasts the interval', async () => {
    const { counts, handler } = countedRuns(1_300);
    const job: PeriodicJob = { name: 'every-second', everySeconds: 1, handler };
    await startWorker([job]);
    await startWorker([job]);
    await expect.poll(() => counts.runs, { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
    expect(counts.overlaps).toBe(0);
  });

  it('tries a failed run again after a pause, and gives it up after its retries', async () => {
    const calls: number[] = [];
    const flaky: PeriodicJob = {
      name: 'flaky',
      everySeconds: 4,
      firstRunNow: false,
      handler: async () => {
        calls.push(performance.now());
        if (calls.length === 1) throw new Error('mail server down');
      },
    };
    const broken: PeriodicJob = { name: 'broken', everySeconds: 2, firstRunNow: false, handler: () => Promise.reject(new Error('bad file')) };
    let brokenTries = 0;
    const countedBroken = { ...broken, handler: () => (brokenTries++, broken.handler()) };
    const worker = await startWorker([flaky, countedBroken]);
    const flakyId = await worker.sendRun('flaky');
    await worker.sendRun('broken');
    await expect.poll(() => calls.length, { timeout: 10_000 }).toBe(2);
    // The pause: at least the first retry delay (an eighth of the interval, at least a second).
    expect(calls[1]! - calls[0]!).toBeGreaterThanOrEqual(900);
    const [run] = await worker.queue.findJobs('flaky', { id: flakyId! });
    await expect.poll(async () => (await worker.queue.findJobs('flaky', { id: flakyId! }))[0]?.state).toBe('completed');
    expect(run!.retryCount).toBe(1);
    await expect.poll(() => brokenTries, { timeout: 20_000 }).toBe(1 + jobRetries);
    await expect.poll(async () => (await jobQueueState(database.db)).failed, { timeout: 5_000 }).toBe(1);
  }, 30_000);

  it('gives the run of a worker that stopped without finishing it to another worker', async () => {
    let firstTries = 0;
    let otherTries = 0;
    const name = 'cut-off';
    // The first worker never finishes its run, and stops without waiting for it (pg-boss fails the run).
    const stuck: PeriodicJob = { name, everySeconds: 8, firstRunNow: false, handler: () => (firstTries++, new Promise(() => {})) };
    const first = await startWorker([stuck]);
    const id = await first.sendRun(name);
    await expect.poll(() => firstTries, { timeout: 5_000 }).toBe(1);
    await first.queue.stop({ graceful: false });
    const other = await startWorker([{ ...stuck, handler: async () => void otherTries++ }]);
    await expect.poll(async () => (await other.queue.findJobs(name, { id: id! }))[0]?.state, { timeout: 15_000 }).toBe('completed');
    expect(otherTries).toBeGreaterThanOrEqual(1);
    expect((await other.queue.findJobs(name, { id: id! }))[0]?.retryCount).toBe(1);
  }, 20_000);

  it('lets the run in hand finish when it stops', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let finished = false;
    const job: PeriodicJob = { name: 'step', everySeconds: 3600, firstRunNow: false, handler: () => held.then(() => void (finished = true)) };
    const worker = await startWorker([job]);
    const id = await worker.sendRun('step');
    await expect.poll(async () => (await jobQueueState(database.db)).running, { timeout: 5_000 }).toBe(1);
    const stopped = worker.stop();
    await sleep(200);
    release();
    await stopped;
    expect(finished).toBe(true);
    const reader = createJobQueue(database.jobQueueConnection, logger);
    await reader.start();
    expect((await reader.findJobs('step', { id: id! }))[0]?.state).toBe('completed');
    await reader.stop();
  });
});
