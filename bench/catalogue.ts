/**
 * Measures the catalogue pages of a running shop: server latency under load (10 concurrent
 * clients), the client JavaScript a product page loads (gzip) and the layout shift (CLS) of the
 * category and product pages in Chromium. Prints the figures; it is not a test, so a missed
 * target does not fail it, but an error (e.g. a non-200 answer) does.
 *   node bench/catalogue.ts                 fresh data directory (first start seeds the demo catalogue)
 *   node bench/catalogue.ts --scale 10      seeds a 10x catalogue into a temporary directory first
 *   BENCH_DATA_DIR=./data-bench node bench/catalogue.ts   reuses a seeded directory
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { openBrowser, shopperUserAgent } from '../e2e/support/browser.ts';
import { type RunningShop, startShop } from '../e2e/support/shop-server.ts';

const root = resolve(import.meta.dirname, '..');

const clients = 10;
const requestsPerUrl = 400;
const maxLoadMs = 10_000;
const warmupRequests = 20;
const p95TargetMs = 50;
const jsTargetKb = 150;
const viewports = [
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
];

const { values } = parseArgs({ options: { scale: { type: 'string' } } });
if (values.scale !== undefined && !(Number(values.scale) > 0)) throw new Error('--scale must be a positive number');

const tempDirs: string[] = [];
const headers = { 'user-agent': shopperUserAgent };

/** A visitor with a cart never gets a cached page: every request is rendered. */
const uncachedHeaders = { ...headers, cookie: 'cart=00000000-0000-4000-8000-000000000000' };

/** Fetches a page of the shop, reads the whole body and insists on 200. */
async function fetchPage(url: string, requestHeaders: Record<string, string> = headers): Promise<string> {
  const response = await fetch(url, { headers: requestHeaders, redirect: 'manual' });
  const body = await response.text();
  if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}`);
  return body;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

/**
 * One request over a keep-alive connection, like a browser: gzip accepted, body read but not
 * decompressed (that is the client's work, not the shop's, and would compete for this
 * machine's two cores).
 */
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

async function loadTest(label: string, url: string, requestHeaders: Record<string, string> = headers): Promise<string> {
  const latencies: number[] = [];
  let issued = 0;
  const started = performance.now();
  const deadline = started + maxLoadMs;
  const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
  const client = async () => {
    while (issued < requestsPerUrl && performance.now() < deadline) {
      issued++;
      latencies.push(await timedGet(url, agent, requestHeaders));
    }
  };
  await Promise.all(Array.from({ length: clients }, client));
  agent.destroy();
  const elapsedS = (performance.now() - started) / 1000;
  const sorted = latencies.toSorted((a, b) => a - b);
  const p95 = percentile(sorted, 95);
  return [
    label.padEnd(26),
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

/** Every .js response the product page loads in Chromium, gzip-compressed one by one. */
async function clientJavaScript(url: string): Promise<string> {
  const context = await openBrowser();
  try {
    const page = await context.newPage();
    const bodies = new Map<string, Promise<Buffer>>();
    const failures: string[] = [];
    page.on('response', (response) => {
      if (!new URL(response.url()).pathname.endsWith('.js') || bodies.has(response.url())) return;
      if (response.status() !== 200) failures.push(`${response.url()} answered ${response.status()}`);
      const body = response.body();
      body.catch(() => {}); // awaited below; avoids an unhandled rejection in the meantime
      bodies.set(response.url(), body);
    });
    const response = await page.goto(url, { waitUntil: 'networkidle' });
    if (response?.status() !== 200) throw new Error(`${url} answered ${response?.status()} in Chromium`);
    if (failures.length > 0) throw new Error(failures.join('\n'));
    let rawBytes = 0;
    let gzipBytes = 0;
    for (const body of await Promise.all(bodies.values())) {
      rawBytes += body.length;
      gzipBytes += gzipSync(body).length;
    }
    const kb = gzipBytes / 1024;
    return `${'product page client JS'.padEnd(26)}  ${bodies.size} files  ${(rawBytes / 1024).toFixed(1)} KB raw  ${kb.toFixed(1)} KB gzip  (target < ${jsTargetKb} KB gzip: ${kb < jsTargetKb ? 'ok' : 'MISSED'})`;
  } finally {
    await context.close();
  }
}

/** Sum of layout-shift values without recent input, after loading the page and scrolling to its bottom. */
async function cumulativeLayoutShift(url: string, viewport: { width: number; height: number }): Promise<number> {
  const context = await openBrowser({ viewport });
  try {
    const page = await context.newPage();
    await page.addInitScript(() => {
      const state = globalThis as unknown as { __cls: number };
      state.__cls = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
          if (!entry.hadRecentInput) state.__cls += entry.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const response = await page.goto(url, { waitUntil: 'load' });
    if (response?.status() !== 200) throw new Error(`${url} answered ${response?.status()} in Chromium`);
    await page.evaluate(async () => {
      for (let step = 0; step < 200; step++) {
        const bottom = window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1;
        if (bottom) break;
        window.scrollBy(0, Math.round(window.innerHeight / 2));
        await new Promise((r) => setTimeout(r, 100));
      }
    });
    await page.waitForTimeout(1500);
    return await page.evaluate(() => (globalThis as unknown as { __cls: number }).__cls);
  } finally {
    await context.close();
  }
}

let shop: RunningShop | undefined;
const lines: string[] = [];
try {
  let dataDir = process.env.BENCH_DATA_DIR ? resolve(process.env.BENCH_DATA_DIR) : undefined;
  if (!dataDir) {
    dataDir = mkdtempSync(join(tmpdir(), 'cordial-bench-catalogue-'));
    tempDirs.push(dataDir);
    if (values.scale !== undefined) {
      console.log(`seeding the demo catalogue at scale ${values.scale} into ${dataDir}`);
      const seeded = spawnSync(process.execPath, ['scripts/seed.ts', '--scale', values.scale, '--data-dir', dataDir], { cwd: root, stdio: 'inherit' });
      if (seeded.status !== 0) throw new Error(`seeding failed (exit code ${seeded.status}${seeded.error ? `, ${seeded.error.message}` : ''})`);
    }
  }
  const startedAt = performance.now();
  shop = await startShop({ DATA_DIR: dataDir });
  console.log(`shop ready at ${shop.baseUrl} after ${((performance.now() - startedAt) / 1000).toFixed(1)} s (data: ${process.env.BENCH_DATA_DIR ? dataDir : values.scale ? `temporary, scale ${values.scale}` : 'temporary, demo catalogue'})`);

  const categoryUrl = `${shop.baseUrl}/en-us/paracord`;
  const facetedUrl = `${shop.baseUrl}/en-us/paracord?color=black&rope_diameter=4&sort=price_asc`;
  const otherCategoryUrl = `${shop.baseUrl}/de-de/anderes-seil`;
  const categoryHtml = await fetchPage(categoryUrl);
  const productHref = /<a\b[^>]*\bclass="[^"]*\bproduct-card__link\b[^"]*"[^>]*>/.exec(categoryHtml)?.[0].match(/\bhref="([^"]+)"/)?.[1];
  if (!productHref) throw new Error(`no product link (class "product-card__link") on ${categoryUrl}`);
  const productUrl = new URL(productHref.replaceAll('&amp;', '&'), shop.baseUrl).href;
  if (new URL(productUrl).hostname !== '127.0.0.1') throw new Error(`product link leaves the local shop: ${productUrl}`);

  const urls = [categoryUrl, facetedUrl, productUrl, otherCategoryUrl];
  for (const url of urls) for (let i = 0; i < warmupRequests; i++) await fetchPage(url);
  console.log(`urls (each warmed up with ${warmupRequests} requests):\n${urls.map((url) => `  ${url}`).join('\n')}\n`);

  lines.push(await loadTest('category page with facets', facetedUrl));
  lines.push(await loadTest('product page', productUrl));
  // The same pages rendered for every request (a shopper with a cart bypasses the page cache).
  lines.push(await loadTest('  same, uncached', facetedUrl, uncachedHeaders));
  lines.push(await loadTest('  same, uncached', productUrl, uncachedHeaders));
  lines.push(await clientJavaScript(productUrl));
  for (const [label, url] of [
    ['category page', categoryUrl],
    ['product page', productUrl],
  ] as const) {
    for (const viewport of viewports) {
      const cls = await cumulativeLayoutShift(url, viewport);
      const size = `${viewport.width}x${viewport.height}`;
      lines.push(`${`CLS ${label}`.padEnd(26)}  ${size.padEnd(8)}  ${cls.toFixed(4)}  (target 0: ${cls === 0 ? 'ok' : 'MISSED'})`);
    }
  }
  console.log(lines.join('\n'));
} catch (error) {
  if (lines.length > 0) console.log(`figures so far:\n${lines.join('\n')}`);
  if (shop && shop.process.exitCode !== null) {
    console.error(`the shop exited with code ${shop.process.exitCode}; its last output:\n${shop.output().slice(-4000)}`);
  }
  throw error;
} finally {
  await shop?.stop();
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
}
