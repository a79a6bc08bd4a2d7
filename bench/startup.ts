/**
 * Measures how long `npm start` takes: a first start on an empty data directory (migrate and
 * load the demo catalogue), then restarts on the same data (issue 14: ready in ≤ 3 s). A start is
 * "listening" when /healthz answers and "ready" when /readyz answers 200 (pages are served).
 *   node bench/startup.ts [--restarts N]      (default 5; the median and the slowest are printed)
 *   BENCH_DATA_DIR=dir node bench/startup.ts  restarts on an existing data directory only
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { freePort } from '../tests/support/free-port.ts';
import { searchWordsMadeLine } from './support/bench-kit.ts';

const root = resolve(import.meta.dirname, '..');
const { values } = parseArgs({ options: { restarts: { type: 'string', default: '5' } } });
const restarts = Number(values.restarts);
const givenDataDir = process.env.BENCH_DATA_DIR;
const dataDir = givenDataDir ?? mkdtempSync(join(tmpdir(), 'cordial-bench-startup-'));

/** The status `url` answers with, or 0 while nothing listens. */
const statusOf = async (url: string) => {
  try {
    return (await fetch(url)).status;
  } catch {
    return 0;
  }
};

/**
 * `npm start` as a newcomer types it: milliseconds until it answers at all (/healthz says 503 while
 * starting) and until /readyz answers 200. `settle`: stopped only once it has written its listing
 * index snapshot and made its search words, as a shop that ran for a minute would have (a first
 * start stopped at once would leave the restarts without a snapshot to start from).
 */
async function timedStart({ settle = false } = {}): Promise<{ listeningMs: number; readyMs: number; reseeded: boolean }> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn('npm', ['start'], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', SITE_URL: baseUrl, LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise((resolveExit) => child.once('exit', resolveExit));
  let listeningMs: number | undefined;
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the shop exited with code ${child.exitCode}:\n${output}`);
      if (performance.now() - started > 600_000) throw new Error(`the shop was not ready within 10 minutes:\n${output}`);
      listeningMs ??= (await statusOf(`${baseUrl}/healthz`)) > 0 ? performance.now() - started : undefined;
      if (listeningMs !== undefined && (await statusOf(`${baseUrl}/readyz`)) === 200) break;
      await new Promise((resolveWait) => setTimeout(resolveWait, 20));
    }
    const readyMs = Math.round(performance.now() - started);
    const settled = () => /listing index snapshot written/.test(output) && searchWordsMadeLine.test(output);
    while (settle && !settled()) {
      if (performance.now() - started > 600_000) throw new Error(`the shop did not write its snapshot and make its search words within 10 minutes:\n${output}`);
      await new Promise((resolveWait) => setTimeout(resolveWait, 100));
    }
    return { listeningMs: Math.round(listeningMs), readyMs, reseeded: output.includes('loading the demo catalogue') };
  } finally {
    // npm runs the shop as its child: the whole process group is stopped.
    if (child.pid !== undefined) process.kill(-child.pid, 'SIGTERM');
    await exited;
  }
}

const print = (label: string, { listeningMs, readyMs, reseeded }: Awaited<ReturnType<typeof timedStart>>) =>
  console.log(
    `${label.padEnd(12)} listening after ${String(listeningMs).padStart(6)} ms  ready after ${String(readyMs).padStart(6)} ms  reseeded: ${reseeded ? 'yes' : 'no'}`,
  );

try {
  if (!givenDataDir) print('first start', await timedStart({ settle: true }));
  const readyTimes: number[] = [];
  for (let restart = 1; restart <= restarts; restart++) {
    const timing = await timedStart();
    readyTimes.push(timing.readyMs);
    print(`restart ${restart}`, timing);
  }
  const sorted = readyTimes.toSorted((a, b) => a - b);
  const median = sorted[Math.floor((sorted.length - 1) / 2)]!;
  console.log(`restarts ready: median ${median} ms, slowest ${sorted.at(-1)} ms (target ≤ 3000 ms: ${sorted.at(-1)! <= 3000 ? 'ok' : 'MISSED'})`);
} finally {
  if (!givenDataDir) rmSync(dataDir, { recursive: true, force: true });
}
