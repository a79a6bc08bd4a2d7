/**
 * Measures search on a running shop: the search box's suggestions (/api/search/suggest) and the
 * search results page, each under load from 10 concurrent clients with a rotating set of
 * realistic queries. Prints the figures; a missed target does not fail it, an error (e.g. a
 * non-200 answer) does. Every request is computed: the page cache skips /api/ and /search.
 *   node bench/search.ts                 fresh data directory (first start seeds the demo catalogue)
 *   node bench/search.ts --scale 10      seeds a 10x catalogue into a temporary directory first
 *   BENCH_DATA_DIR=./data-bench node bench/search.ts   reuses a seeded directory (its popular searches grow)
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { shopperUserAgent } from '../e2e/support/browser.ts';
import { type RunningShop, startShop } from '../e2e/support/shop-server.ts';

const root = resolve(import.meta.dirname, '..');

const clients = 10;
const requestsPerTest = 400;
const maxLoadMs = 15_000;
/** Starting on a 10x catalogue builds its search index before the shop answers. */
const startTimeoutMs = 20 * 60_000;

const suggestQueries: [locale: string, q: string][] = [
  ...['par', 'parac', 'paracord 5', 'black', 'buck', 'snap', 'kern', 'PC550-00', 'neon gr'].map((q) => ['en-US', q] as [string, string]),
  ...['schwa', 'schnall', 'seil'].map((q) => ['de-DE', q] as [string, string]),
  ...['zwart', 'gesp'].map((q) => ['nl-NL', q] as [string, string]),
];
const resultQueries: [prefix: string, q: string][] = [
  ...['paracord 550', 'paracrod 550', 'black cord', 'buckle', 'kernmantle', 'reflective', 'PC550-0001'].map((q) => ['en-us', q] as [string, string]),
  ['de-de', 'schwarzes seil'],
];

const { values } = parseArgs({ options: { scale: { type: 'string' } } });
if (values.scale !== undefined && !(Number(values.scale) > 0)) throw new Error('--scale must be a positive number');

const headers = { 'user-agent': shopperUserAgent };
/** There is no HTTP cache in front of the shop; this only says so to anything that might be. */
const suggestHeaders = { ...headers, accept: 'application/json', 'cache-control': 'no-cache' };

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

/** One request over a keep-alive connection, gzip accepted, body read but not decompressed. */
function timedGet(url: string, agent: http.Agent, requestHeaders: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const request = http.get(url, { agent, headers: { ...requestHeaders, 'accept-encoding': 'gzip' } }, (response) => {
      response.on('data', () => {});
      response.on('end', () => (response.statusCode === 200 ? resolve(performance.now() - started) : reject(new Error(`GET ${url} answered ${response.statusCode}`))));
    });
    request.on('error', reject);
  });
}

/** Fetches a URL (decompressed), insists on 200 and returns the body. */
async function fetchText(url: string, requestHeaders: Record<string, string>): Promise<string> {
  const response = await fetch(url, { headers: requestHeaders, redirect: 'manual' });
  const body = await response.text();
  if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}`);
  return body;
}

/** Request n goes to urls[n % urls.length], so the clients rotate through the queries. */
async function loadTest(label: string, urls: string[], requestHeaders: Record<string, string>, p95TargetMs: number): Promise<string> {
  const latencies: number[] = [];
  let issued = 0;
  const started = performance.now();
  const deadline = started + maxLoadMs;
  const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
  const client = async () => {
    while (issued < requestsPerTest && performance.now() < deadline) {
      const url = urls[issued++ % urls.length] as string;
      latencies.push(await timedGet(url, agent, requestHeaders));
    }
  };
  try {
    await Promise.all(Array.from({ length: clients }, client));
  } finally {
    agent.destroy();
  }
  const elapsedS = (performance.now() - started) / 1000;
  const sorted = latencies.toSorted((a, b) => a - b);
  const p95 = percentile(sorted, 95);
  return [
    label.padEnd(20),
    `${clients} clients`,
    `${String(sorted.length).padStart(4)} req`,
    `${(sorted.length / elapsedS).toFixed(0).padStart(5)} req/s`,
    `p50 ${ms(percentile(sorted, 50))}`,
    `p95 ${ms(p95)}`,
    `p99 ${ms(percentile(sorted, 99))}`,
    `max ${ms(sorted.at(-1) ?? Number.NaN)}`,
    `(target p95 < ${p95TargetMs} ms: ${p95 < p95TargetMs ? 'ok' : 'MISSED'})`,
  ].join('  ');
}

let shop: RunningShop | undefined;
let tempDir: string | undefined;
const lines: string[] = [];
try {
  let dataDir = process.env.BENCH_DATA_DIR ? resolve(process.env.BENCH_DATA_DIR) : undefined;
  if (!dataDir) {
    dataDir = tempDir = mkdtempSync(join(tmpdir(), 'cordial-bench-search-'));
    if (values.scale !== undefined) {
      console.log(`seeding the demo catalogue at scale ${values.scale} into ${dataDir}`);
      const started = performance.now();
      const seeded = spawnSync(process.execPath, ['scripts/seed.ts', '--scale', values.scale, '--data-dir', dataDir], { cwd: root, stdio: 'inherit' });
      if (seeded.status !== 0) throw new Error(`seeding failed (exit code ${seeded.status}${seeded.error ? `, ${seeded.error.message}` : ''})`);
      console.log(`seeded after ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }
  }
  const startedAt = performance.now();
  shop = await startShop({ DATA_DIR: dataDir }, startTimeoutMs);
  console.log(`shop ready at ${shop.baseUrl} after ${((performance.now() - startedAt) / 1000).toFixed(1)} s (data: ${process.env.BENCH_DATA_DIR ? dataDir : values.scale ? `temporary, scale ${values.scale}` : 'temporary, demo catalogue'})`);
  const base = shop.baseUrl;
  if (new URL(base).hostname !== '127.0.0.1') throw new Error(`not a local shop: ${base}`);

  const suggestUrls = suggestQueries.map(([locale, q]) => `${base}/api/search/suggest?${new URLSearchParams({ q, locale })}`);
  const resultUrls = resultQueries.map(([prefix, q]) => `${base}/${prefix}/search?${new URLSearchParams({ q })}`);

  // Warm up every URL twice (which also checks each answers 200), and check the searches find something.
  for (const url of suggestUrls) for (let i = 0; i < 2; i++) await fetchText(url, suggestHeaders);
  for (const url of resultUrls) for (let i = 0; i < 2; i++) await fetchText(url, headers);
  const suggested = JSON.parse(await fetchText(suggestUrls[0] as string, suggestHeaders)) as { products: unknown[] };
  if (suggested.products.length === 0) throw new Error(`no product suggestions for ${suggestUrls[0]}: is the search index empty?`);
  if (!(await fetchText(resultUrls[0] as string, headers)).includes('product-card')) throw new Error(`no product cards on ${resultUrls[0]}`);
  const products = (await fetchText(`${base}/en-us`, headers)).match(/([\d,.]+)(?:<!-- -->)? cords and ropes/)?.[1] ?? '?';

  lines.push(`search, catalogue scale ${values.scale ?? (process.env.BENCH_DATA_DIR ? '(BENCH_DATA_DIR)' : '1')}: ${products} cords and ropes`);
  lines.push(await loadTest('search suggestions', suggestUrls, suggestHeaders, 30));
  lines.push(await loadTest('search results page', resultUrls, headers, 80));
  console.log(lines.join('\n'));
} catch (error) {
  if (lines.length > 0) console.log(`figures so far:\n${lines.join('\n')}`);
  if (shop && shop.process.exitCode !== null) {
    console.error(`the shop exited with code ${shop.process.exitCode}; its last output:\n${shop.output().slice(-4000)}`);
  }
  throw error;
} finally {
  await shop?.stop();
  if (tempDir) rmSync(tempDir, { recursive: true, force: true });
}
