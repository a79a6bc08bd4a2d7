/**
 * Measures the catalogue pages of a running shop: server latency under load (10 concurrent
 * clients), the client JavaScript a product page loads (gzip) and the layout shift (CLS) of the
 * category and product pages in Chromium. Prints the figures; it is not a test, so a missed
 * target does not fail it, but an error (e.g. a non-200 answer) does.
 *   node bench/catalogue.ts                 fresh data directory (first start seeds the demo catalogue)
 *   node bench/catalogue.ts --scale 10      seeds a 10x catalogue into a temporary directory first
 *   BENCH_DATA_DIR=./data-bench node bench/catalogue.ts   reuses a seeded directory
 */
import { gzipSync } from 'node:zlib';
import { openBrowser } from '../e2e/support/browser.ts';
import { benchShop, fetchText, firstProductUrl, loadTest, shopperHeaders } from './support/bench-kit.ts';

const warmupRequests = 20;
const p95TargetMs = 50;
const jsTargetKb = 150;
const viewports = [
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
];

/** A visitor with a cart never gets a cached page: every request is rendered. */
const uncachedHeaders = { ...shopperHeaders, cookie: 'cart=00000000-0000-4000-8000-000000000000' };

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

await benchShop('catalogue', async (shop, lines) => {
  const categoryUrl = `${shop.baseUrl}/en-us/paracord`;
  const facetedUrl = `${shop.baseUrl}/en-us/paracord?color=black&rope_diameter=4&sort=price_asc`;
  const otherCategoryUrl = `${shop.baseUrl}/de-de/anderes-seil`;
  const productUrl = await firstProductUrl(categoryUrl);

  const urls = [categoryUrl, facetedUrl, productUrl, otherCategoryUrl];
  for (const url of urls) for (let i = 0; i < warmupRequests; i++) await fetchText(url);
  console.log(`urls (each warmed up with ${warmupRequests} requests):\n${urls.map((url) => `  ${url}`).join('\n')}\n`);

  lines.push(await loadTest({ label: 'category page with facets', urls: [facetedUrl], p95TargetMs }));
  lines.push(await loadTest({ label: 'product page', urls: [productUrl], p95TargetMs }));
  // The same pages rendered for every request (a shopper with a cart bypasses the page cache).
  lines.push(await loadTest({ label: '  same, uncached', urls: [facetedUrl], p95TargetMs, headers: uncachedHeaders }));
  lines.push(await loadTest({ label: '  same, uncached', urls: [productUrl], p95TargetMs, headers: uncachedHeaders }));
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
});
