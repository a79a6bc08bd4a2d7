/**
 * What the benches share: a shop on a fresh, scaled or reused data directory, and a load test
 * of 10 keep-alive clients that read gzip bodies without decompressing them (a browser's work,
 * not the shop's, and it would compete for this machine's two cores).
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { shopperUserAgent } from '../../e2e/support/browser.ts';
import { type RunningShop, startShop } from '../../e2e/support/shop-server.ts';
import { freePort } from '../../tests/support/free-port.ts';

const root = resolve(import.meta.dirname, '../..');
export const shopperHeaders = { 'user-agent': shopperUserAgent };

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
}

export const ms = (value: number) => `${value.toFixed(1)} ms`;

/** Milliseconds until the whole (still compressed) body of a GET arrived; rejects on any status but 200. */
export function timedGet(url: string, agent: http.Agent | undefined, headers: Record<string, string>): Promise<number> {
  return new Promise((resolvePromise, reject) => {
    const started = performance.now();
    const request = http.get(url, { agent, headers: { ...headers, 'accept-encoding': 'gzip' } }, (response) => {
      response.on('data', () => {});
      response.on('end', () =>
        response.statusCode === 200 ? resolvePromise(performance.now() - started) : reject(new Error(`GET ${url} answered ${response.statusCode}`)),
      );
    });
    request.on('error', reject);
  });
}

/** Fetches a URL (decompressed), insists on 200 and returns the body. */
export async function fetchText(url: string, headers: Record<string, string> = shopperHeaders): Promise<string> {
  const response = await fetch(url, { headers, redirect: 'manual' });
  const body = await response.text();
  if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}`);
  return body;
}

/** The absolute URL of the first product card on a category page. */
export async function firstProductUrl(categoryUrl: string): Promise<string> {
  const html = await fetchText(categoryUrl);
  const href = /<a\b[^>]*\bclass="[^"]*\bproduct-card__link\b[^"]*"[^>]*>/.exec(html)?.[0].match(/\bhref="([^"]+)"/)?.[1];
  if (!href) throw new Error(`no product link (class "product-card__link") on ${categoryUrl}`);
  return new URL(href.replaceAll('&amp;', '&'), categoryUrl).href;
}

export interface Load {
  /** request n goes to urls[n % urls.length] */
  urls: string[];
  headers?: Record<string, string>;
  clients?: number;
  requests?: number;
  maxMs?: number;
}

export interface LoadFigures {
  requests: number;
  perSecond: number;
  /** latencies in ms, ascending */
  sorted: number[];
}

/** Runs `requests` GETs over `clients` keep-alive connections, or fewer if `maxMs` runs out first. */
export async function runLoad({ urls, headers = shopperHeaders, clients = 10, requests = 400, maxMs = 15_000 }: Load): Promise<LoadFigures> {
  const latencies: number[] = [];
  let issued = 0;
  const started = performance.now();
  const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
  const client = async () => {
    while (issued < requests && performance.now() < started + maxMs) {
      latencies.push(await timedGet(urls[issued++ % urls.length] as string, agent, headers));
    }
  };
  try {
    await Promise.all(Array.from({ length: clients }, client));
  } finally {
    agent.destroy();
  }
  return { requests: latencies.length, perSecond: latencies.length / ((performance.now() - started) / 1000), sorted: latencies.toSorted((a, b) => a - b) };
}

export interface LoadTest extends Load {
  label: string;
  p95TargetMs: number;
}

/** Runs the load and returns one printable line of figures. */
export async function loadTest({ label, p95TargetMs, ...load }: LoadTest): Promise<string> {
  const { requests, perSecond, sorted } = await runLoad(load);
  const p95 = percentile(sorted, 95);
  return [
    label.padEnd(26),
    `${load.clients ?? 10} client${load.clients === 1 ? ' ' : 's'}`,
    `${String(requests).padStart(4)} req`,
    `${perSecond.toFixed(0).padStart(5)} req/s`,
    `p50 ${ms(percentile(sorted, 50))}`,
    `p95 ${ms(p95)}`,
    `p99 ${ms(percentile(sorted, 99))}`,
    `max ${ms(sorted.at(-1) ?? Number.NaN)}`,
    `(target p95 < ${p95TargetMs} ms: ${p95 < p95TargetMs ? 'ok' : 'MISSED'})`,
  ].join('  ');
}

/**
 * Runs a bench against a shop on BENCH_DATA_DIR, or on a temporary directory (seeded at
 * `--scale N` first when given), printing its lines; stops the shop and cleans up after.
 * `options` names the bench's own string options (`--name value`), handed to `run`.
 */
export async function benchShop(
  name: string,
  run: (shop: RunningShop, lines: string[], options: Record<string, string | undefined>) => Promise<void>,
  { options = [] }: { options?: string[] } = {},
): Promise<void> {
  const { values } = parseArgs({ options: Object.fromEntries(['scale', ...options].map((option) => [option, { type: 'string' as const }])) });
  if (values.scale !== undefined && !(Number(values.scale) > 0)) throw new Error('--scale must be a positive number');
  let shop: RunningShop | undefined;
  let tempDir: string | undefined;
  const lines: string[] = [];
  try {
    let dataDir = process.env.BENCH_DATA_DIR ? resolve(process.env.BENCH_DATA_DIR) : undefined;
    if (!dataDir) {
      dataDir = tempDir = mkdtempSync(join(tmpdir(), `cordial-bench-${name}-`));
      if (values.scale !== undefined) {
        console.log(`seeding the demo catalogue at scale ${values.scale} into ${dataDir}`);
        const seeded = spawnSync(process.execPath, ['scripts/seed.ts', '--scale', values.scale, '--data-dir', dataDir], { cwd: root, stdio: 'inherit' });
        if (seeded.status !== 0) throw new Error(`seeding failed (exit code ${seeded.status})`);
      }
    }
    const started = performance.now();
    // A 10x catalogue builds its search index before the shop answers.
    // BENCH_PORT: a port of one's own on a machine shared with others (else any free one).
    shop = await startShop({ DATA_DIR: dataDir, ...(process.env.BENCH_PORT ? { PORT: process.env.BENCH_PORT } : {}) }, { timeoutMs: 20 * 60_000 });
    if (new URL(shop.baseUrl).hostname !== '127.0.0.1') throw new Error(`not a local shop: ${shop.baseUrl}`);
    const data = process.env.BENCH_DATA_DIR ? dataDir : `temporary, scale ${values.scale ?? 1}`;
    console.log(`shop ready at ${shop.baseUrl} after ${((performance.now() - started) / 1000).toFixed(1)} s (data: ${data})`);
    await searchWordsMade(shop);
    await run(shop, lines, values);
    console.log(lines.join('\n'));
  } catch (error) {
    if (lines.length > 0) console.log(`figures so far:\n${lines.join('\n')}`);
    if (shop && shop.process.exitCode !== null)
      console.error(`the shop exited with code ${shop.process.exitCode}; its last output:\n${shop.output().slice(-4000)}`);
    throw error;
  } finally {
    await shop?.stop();
    if (tempDir) rmSync(tempDir, { recursive: true, force: true });
  }
}

/** What the shop logs once its background search words are made (or when it makes none ahead). */
export const searchWordsMadeLine = /search words (made for every store|not made ahead)/;

/**
 * A ready shop makes every store's search words in the background (decision 0038; about 20 s at
 * 10× the catalogue, requests wait for its slices meanwhile): the benches measure after it, as a
 * shopper meets a shop that has run for a minute. bench:scale measures that time itself.
 */
async function searchWordsMade(shop: RunningShop): Promise<void> {
  const started = performance.now();
  while (!searchWordsMadeLine.test(shop.output())) {
    if (shop.process.exitCode !== null || performance.now() - started > 10 * 60_000) throw new Error('the shop did not say it made its search words');
    await new Promise((resolveWait) => setTimeout(resolveWait, 100));
  }
  console.log(`search words made ${((performance.now() - started) / 1000).toFixed(1)} s after that (the figures are taken after)`);
}

export interface RunningBaseline {
  baseUrl: string;
  stop(): Promise<void>;
}

/**
 * The empty-page baseline (bench/baseline): built with `react-router build` into a temporary
 * directory and served by bench/baseline/server.ts (Express, compression, React Router's Express
 * adapter, production mode) as a child process on a free port.
 */
export async function startBaseline(): Promise<RunningBaseline> {
  const buildDir = mkdtempSync(join(tmpdir(), 'cordial-bench-baseline-'));
  // The server build imports react and react-router like the shop's does: from this project.
  symlinkSync(join(root, 'node_modules'), join(buildDir, 'node_modules'), 'dir');
  const env = { ...process.env, NODE_ENV: 'production', BASELINE_BUILD_DIR: buildDir };
  const built = spawnSync(process.execPath, [join(root, 'node_modules/.bin/react-router'), 'build', 'bench/baseline'], { cwd: root, env, encoding: 'utf8' });
  if (built.status !== 0) {
    rmSync(buildDir, { recursive: true, force: true });
    throw new Error(`the baseline build failed (exit code ${built.status}):\n${built.stdout}${built.stderr}`);
  }
  const port = String(await freePort());
  const child = spawn(process.execPath, ['bench/baseline/server.ts'], { cwd: root, env: { ...env, PORT: port }, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<void>((resolveExit) => child.once('exit', () => resolveExit()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    rmSync(buildDir, { recursive: true, force: true });
  };
  let output = '';
  try {
    await new Promise<void>((ready, failed) => {
      const timer = setTimeout(() => failed(new Error(`the baseline did not start within 60 s:\n${output}`)), 60_000);
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('ready')) {
          clearTimeout(timer);
          ready();
        }
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        failed(new Error(`the baseline exited with code ${code}:\n${output}`));
      });
    });
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl: `http://127.0.0.1:${port}`, stop };
}
