/**
 * What the benches share: a shop on a fresh, scaled or reused data directory, and a load test
 * of 10 keep-alive clients that read gzip bodies without decompressing them (a browser's work,
 * not the shop's, and it would compete for this machine's two cores).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { shopperUserAgent } from '../../e2e/support/browser.ts';
import { type RunningShop, startShop } from '../../e2e/support/shop-server.ts';

const root = resolve(import.meta.dirname, '../..');
export const shopperHeaders = { 'user-agent': shopperUserAgent };

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

function timedGet(url: string, agent: http.Agent, headers: Record<string, string>): Promise<number> {
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

export interface LoadTest {
  label: string;
  /** request n goes to urls[n % urls.length] */
  urls: string[];
  p95TargetMs: number;
  headers?: Record<string, string>;
  clients?: number;
  requests?: number;
  maxMs?: number;
}

/** Runs the load and returns one printable line of figures. */
export async function loadTest({ label, urls, p95TargetMs, headers = shopperHeaders, clients = 10, requests = 400, maxMs = 15_000 }: LoadTest): Promise<string> {
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
  const sorted = latencies.toSorted((a, b) => a - b);
  const p95 = percentile(sorted, 95);
  return [
    label.padEnd(26),
    `${clients} clients`,
    `${String(sorted.length).padStart(4)} req`,
    `${(sorted.length / ((performance.now() - started) / 1000)).toFixed(0).padStart(5)} req/s`,
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
 */
export async function benchShop(name: string, run: (shop: RunningShop, lines: string[]) => Promise<void>): Promise<void> {
  const { values } = parseArgs({ options: { scale: { type: 'string' } } });
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
    shop = await startShop({ DATA_DIR: dataDir }, { timeoutMs: 20 * 60_000 });
    if (new URL(shop.baseUrl).hostname !== '127.0.0.1') throw new Error(`not a local shop: ${shop.baseUrl}`);
    const data = process.env.BENCH_DATA_DIR ? dataDir : `temporary, scale ${values.scale ?? 1}`;
    console.log(`shop ready at ${shop.baseUrl} after ${((performance.now() - started) / 1000).toFixed(1)} s (data: ${data})`);
    await run(shop, lines);
    console.log(lines.join('\n'));
  } catch (error) {
    if (lines.length > 0) console.log(`figures so far:\n${lines.join('\n')}`);
    if (shop && shop.process.exitCode !== null) console.error(`the shop exited with code ${shop.process.exitCode}; its last output:\n${shop.output().slice(-4000)}`);
    throw error;
  } finally {
    await shop?.stop();
    if (tempDir) rmSync(tempDir, { recursive: true, force: true });
  }
}
