import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testDrivers } from '../support/database.ts';
import { freePort } from '../support/free-port.ts';

const root = resolve(import.meta.dirname, '../..');

/**
 * Issue 18 / decision 0039: a web process says ready (/readyz 200; in a cluster, it starts
 * listening) only once its listing index can be used, built or loaded from its snapshot, so a
 * restart never puts a process without it in front of shoppers.
 */
describe.each(testDrivers)('a web process starting on %s', (driver) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'cordial-readiness-'));
  let database: TestDatabase | undefined;
  let shop: ChildProcess | undefined;
  beforeAll(async () => {
    if (driver === 'postgres') database = await createTestDatabase('postgres');
  });
  afterAll(async () => {
    if (shop?.exitCode === null) shop.kill('SIGKILL');
    await database?.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Starts the shop (development mode: no build needed) and returns what it had printed when /readyz first said 200. */
  const start = async () => {
    const port = await freePort();
    let output = '';
    shop = spawn(process.execPath, ['server/main.ts'], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'development',
        LOG_LEVEL: 'info',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DEMO_CATALOGUE: 'false',
        ...(database ? { DATABASE_URL: database.url! } : {}),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    shop.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    shop.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    /** What a shopper's page answered while /readyz said 503. */
    const pagesWhileStarting: { status: number; retryAfter: string | null }[] = [];
    for (;;) {
      if (shop.exitCode !== null) throw new Error(`the shop exited:\n${output}`);
      const status = await fetch(`http://127.0.0.1:${port}/readyz`).then(
        (response) => response.status,
        () => 0,
      );
      if (status === 200) break;
      if (status === 503) {
        const page = await fetch(`http://127.0.0.1:${port}/en-gb`);
        if (!output.includes('is ready')) pagesWhileStarting.push({ status: page.status, retryAfter: page.headers.get('retry-after') });
      }
      await new Promise((done) => setTimeout(done, 25));
    }
    return { atReady: output, pagesWhileStarting, output: () => output };
  };
  const stop = async () => {
    const exited = new Promise((done) => shop!.once('exit', done));
    shop!.kill('SIGTERM');
    await exited;
  };

  it('says ready only with its listing index: built at the first start, from the snapshot at the next', async () => {
    const first = await start();
    // A single process listens from the start and asks shoppers to come back.
    expect(first.pagesWhileStarting.length).toBeGreaterThan(0);
    for (const page of first.pagesWhileStarting) expect(page).toEqual({ status: 503, retryAfter: '5' });
    expect(first.atReady).toContain('listing index built (no snapshot to start from)');
    await expect.poll(() => first.output().includes('listing index snapshot written'), { timeout: 30_000 }).toBe(true);
    await stop();

    const second = await start();
    expect(second.atReady).toContain('listing index loaded from its snapshot');
    await stop();
  }, 300_000);
});
