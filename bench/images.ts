/**
 * Page latency while the image pipeline renders (issue 21, decision 0015): a product page
 * (rendered for every request: a query parameter of its own each time), an image from the cache and the login
 * page, requested by one visitor each, first with nothing else going on, then while four large
 * images (1920 CSS px at 2x: 2560 px) are rendered cold. Prints p50/p95/max of each, side by
 * side, and how the four renders ended (the bench stops waiting 30 s after the sampling). Not
 * a test: a missed target does not fail it, but an unexpected answer does.
 *   node bench/images.ts                                  fresh data directory
 *   BENCH_DATA_DIR=./data-bench node bench/images.ts      reuses a seeded directory (its image
 *                                                         cache must not hold the large renders yet)
 *   IMAGE_RENDER_CONCURRENCY=4 node bench/images.ts       the shop's settings pass through
 */
import http from 'node:http';
import { benchShop, fetchText, percentile, shopperHeaders } from './support/bench-kit.ts';

const idleMs = 15_000;
/** The sampling while the renders run stops when they are done or after this long. */
const duringMaxMs = 60_000;
/** After the sampling, how much longer the renders may take before the bench stops waiting. */
const renderGraceMs = 30_000;
/** How long the visitors wait between requests (people, not a load generator). */
const thinkMs = 50;
const targetMs = 200;
const pageP95TargetMs = 100;

const cartHeaders = { ...shopperHeaders, cookie: 'cart=00000000-0000-4000-8000-000000000000' };

interface Target {
  label: string;
  url: string;
  headers: Record<string, string>;
  /** Rendered for every request: a query parameter of its own keeps the page cache out of it. */
  rendered?: boolean;
}

let requestCount = 0;
const urlOf = (target: Target) => {
  if (!target.rendered) return target.url;
  const url = new URL(target.url);
  url.searchParams.set('bench', String(++requestCount));
  return url.href;
};

/**
 * One GET on a new connection: on this loaded machine, a kept-alive connection that the shop
 * closes after 5 s idle can be reused by the client a moment too late (a reset, not the shop's).
 */
function timedGet(target: Target): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.get(urlOf(target), { headers: { ...target.headers, 'accept-encoding': 'gzip' }, agent: false }, (response) => {
      response.resume();
      response.on('end', () =>
        response.statusCode === 200 ? resolve(performance.now() - started) : reject(new Error(`GET ${target.url} answered ${response.statusCode}`)),
      );
    });
    request.on('error', (error) => reject(new Error(`GET ${target.url} failed after ${(performance.now() - started).toFixed(0)} ms`, { cause: error })));
  });
}

/** One visitor per target, each requesting it over and over until `done()`. */
async function sample(targets: Target[], done: () => boolean): Promise<number[][]> {
  return Promise.all(
    targets.map(async (target) => {
      const latencies: number[] = [];
      while (!done()) {
        latencies.push(await timedGet(target));
        await new Promise((resolve) => setTimeout(resolve, thinkMs));
      }
      return latencies.toSorted((a, b) => a - b);
    }),
  );
}

interface RenderOutcome {
  answer: string;
  seconds: number;
}

/** A cold render over plain HTTP (fetch gives up on headers after 300 s; a render may take longer). */
function coldRender(url: string, started: number, signal: AbortSignal): Promise<RenderOutcome> {
  const seconds = () => (performance.now() - started) / 1000;
  return new Promise((resolve) => {
    const request = http.get(url, { headers: shopperHeaders, signal }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () => resolve({ answer: `${response.statusCode} (${Math.round(bytes / 1024)} KB)`, seconds: seconds() }));
    });
    request.on('error', (error) => resolve({ answer: signal.aborted ? 'still rendering' : `failed: ${error.message}`, seconds: seconds() }));
  });
}

const figures = (sorted: number[]) =>
  sorted.length === 0
    ? 'no answers'.padEnd(36)
    : `p50 ${percentile(sorted, 50).toFixed(0).padStart(4)}  p95 ${percentile(sorted, 95).toFixed(0).padStart(5)}  max ${(sorted.at(-1) ?? 0).toFixed(0).padStart(5)} ms (${String(sorted.length).padStart(3)})`;

await benchShop('images', async (shop, lines) => {
  const categoryUrl = `${shop.baseUrl}/en-us/paracord`;
  const categoryHtml = await fetchText(categoryUrl);
  const productHref = /<a\b[^>]*\bclass="[^"]*\bproduct-card__link\b[^"]*"[^>]*>/.exec(categoryHtml)?.[0].match(/\bhref="([^"]+)"/)?.[1];
  const imagePaths = [...new Set([...categoryHtml.matchAll(/src="\/images\/([^"?]+)\?w=320"/g)].map((match) => match[1] as string))];
  if (!productHref || imagePaths.length < 5) throw new Error(`no product link or fewer than five product images on ${categoryUrl}`);

  const targets: Target[] = [
    { label: 'product page (rendered)', url: new URL(productHref.replaceAll('&amp;', '&'), shop.baseUrl).href, headers: cartHeaders, rendered: true },
    { label: 'cached image (320 px)', url: `${shop.baseUrl}/images/${imagePaths[0]}?w=320`, headers: shopperHeaders },
    { label: 'login page', url: `${shop.baseUrl}/en-us/customer/account/login`, headers: shopperHeaders },
  ];
  // Warm up: the first answer of each renders the page (or the image) and fills caches.
  for (const target of targets) for (let i = 0; i < 5; i++) await timedGet(target);

  const idleUntil = performance.now() + idleMs;
  const idle = await sample(targets, () => performance.now() > idleUntil);

  const coldUrls = imagePaths.slice(1, 5).map((path) => `${shop.baseUrl}/images/${path}?w=1920&dpr=2`);
  const rendersStarted = performance.now();
  const stopWaiting = new AbortController();
  let rendersLeft = coldUrls.length;
  const renders = coldUrls.map((url) =>
    coldRender(url, rendersStarted, stopWaiting.signal).finally(() => {
      rendersLeft--;
    }),
  );
  // Let the four requests reach the shop before sampling starts.
  await new Promise((resolve) => setTimeout(resolve, 200));
  const duringUntil = performance.now() + duringMaxMs;
  const during = await sample(targets, () => rendersLeft === 0 || performance.now() > duringUntil);
  const sampledSeconds = ((performance.now() - rendersStarted) / 1000).toFixed(1);
  const rendersStillRunning = rendersLeft;
  const giveUp = setTimeout(() => stopWaiting.abort(), renderGraceMs);
  const rendered = await Promise.all(renders);
  clearTimeout(giveUp);

  lines.push(`${'(latency, one visitor each)'.padEnd(26)}  ${'idle'.padEnd(44)}  during 4 cold 2560 px renders`);
  for (const [index, target] of targets.entries()) {
    const duringSorted = during[index] ?? [];
    const verdict = duringSorted.length > 0 && (duringSorted.at(-1) ?? 0) < targetMs ? 'ok' : 'MISSED';
    lines.push(`${target.label.padEnd(26)}  ${figures(idle[index] ?? []).padEnd(44)}  ${figures(duringSorted)}  (max < ${targetMs} ms: ${verdict})`);
  }
  const pages = [during[0] ?? [], during[2] ?? []].flat().toSorted((a, b) => a - b);
  lines.push(
    `pages during the renders: p95 ${percentile(pages, 95).toFixed(0)} ms (target < ${pageP95TargetMs} ms: ${percentile(pages, 95) < pageP95TargetMs ? 'ok' : 'MISSED'})`,
  );
  lines.push(`sampled for ${sampledSeconds} s, ${rendersStillRunning} of 4 renders still running when it ended`);
  lines.push(`renders: ${rendered.map((render) => `${render.answer} after ${render.seconds.toFixed(1)} s`).join(', ')}`);
});
