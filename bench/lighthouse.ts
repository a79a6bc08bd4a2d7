/**
 * Lighthouse (mobile, its default simulated throttling) on the page types a shopper sees, in the
 * en-gb and de-de stores: the performance score, first and largest contentful paint, total
 * blocking time, layout shift and the script a page loads (compressed). The cart page is measured
 * with a real cart. Chromium is Debian's, as for the browser tests. Not a test: a missed target
 * does not fail it, but a page that does not answer does.
 *   node bench/lighthouse.ts                               fresh data directory
 *   BENCH_DATA_DIR=./data-bench node bench/lighthouse.ts   reuses a seeded directory
 *   node bench/lighthouse.ts --runs 3                      each page three times, medians printed
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { chromePath } from '../e2e/support/browser.ts';
import { FormClient } from '../e2e/support/form-client.ts';
import { benchShop, fetchText } from './support/bench-kit.ts';

const targets = { score: 95, fcpMs: 1_500, lcpMs: 2_000, tbtMs: 150, cls: 0, scriptKb: 130 };
const stores = ['en-gb', 'de-de'] as const;

interface Chromium {
  port: number;
  stop(): Promise<void>;
}

/** Debian's Chromium with a DevTools port for Lighthouse (a fresh profile, removed afterwards). */
async function startChromium(): Promise<Chromium> {
  const profile = mkdtempSync(join(tmpdir(), 'cordial-lighthouse-'));
  const chromium = spawn(
    chromePath,
    ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    chromium.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output);
      if (match) resolve(Number(match[1]));
    });
    chromium.on('exit', (code) => reject(new Error(`chromium exited (${code}) before it listened:\n${output.slice(-2000)}`)));
  });
  return {
    port,
    async stop() {
      const exited = new Promise((resolve) => chromium.once('exit', resolve));
      chromium.kill();
      await exited;
      rmSync(profile, { recursive: true, force: true, maxRetries: 5 });
    },
  };
}

const linksWithClass = (html: string, className: string) =>
  [...html.matchAll(/<a\b[^>]*>/g)]
    .map(([tag]) => tag)
    .filter((tag) => tag.includes(`"${className}"`))
    .map((tag) => /href="([^"]+)"/.exec(tag)?.[1])
    .filter((href) => href !== undefined);

/**
 * The paths of each page type in a store, found as a shopper would: the first category of the
 * menu, its first product that can be put in the cart as it is, a search, and the cart.
 */
async function pagesOf(baseUrl: string, prefix: string): Promise<{ paths: Record<string, string>; variantId: string }> {
  const home = await fetchText(`${baseUrl}/${prefix}`);
  for (const category of linksWithClass(home, 'category-menu__link')) {
    for (const product of linksWithClass(await fetchText(`${baseUrl}${category}`), 'product-card__link').slice(0, 10)) {
      const page = await fetchText(`${baseUrl}${product}`);
      const variantId = /name="variantId" value="(\d+)"/.exec(page)?.[1];
      if (variantId && page.includes('name="quantity"')) {
        return { paths: { home: `/${prefix}`, category, product, search: `/${prefix}/search?q=paracord`, cart: `/${prefix}/checkout` }, variantId };
      }
    }
  }
  throw new Error(`no product that can be added to the cart in ${prefix}`);
}

/** A cart with one product in it, added through the product page's form like a shopper. */
async function cartCookie(baseUrl: string, productPath: string, variantId: string): Promise<string> {
  const shopper = new FormClient(baseUrl);
  await shopper.get(productPath);
  await shopper.post(productPath, { intent: 'add-to-cart', variantId, quantity: '1' });
  const cart = shopper.cookie('cart');
  if (!cart) throw new Error('adding to the cart set no cart cookie');
  return `cart=${cart}`;
}

/**
 * Every file the first screen's pictures may be taken from (preloads, `<source>`s and pictures not
 * loaded lazily, each width of their srcset), asked once so the pipeline has drawn them.
 */
async function warmFirstScreenPictures(baseUrl: string, html: string) {
  const tags = [...html.matchAll(/<(?:link rel="preload" as="image"|source|img)\b[^>]*>/g)]
    .map(([tag]) => tag)
    .filter((tag) => !tag.includes('loading="lazy"'));
  const files = new Set(
    tags.flatMap((tag) =>
      [...tag.matchAll(/(?:src|srcSet|imageSrcSet)="([^"]+)"/g)].flatMap(([, value]) => value!.split(', ').map((candidate) => candidate.split(' ')[0]!)),
    ),
  );
  for (const file of files) await fetchText(`${baseUrl}${file.replaceAll('&amp;', '&')}`);
}

const ms = (value: number | undefined) => `${Math.round(value ?? Number.NaN)} ms`.padStart(8);
const mark = (ok: boolean) => (ok ? 'ok' : 'MISSED');

interface Figures {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  scriptBytes: number;
}

/** Lighthouse's own trace failures (the page loaded; its recording of it did not): that run is made again. */
const traceFailures = new Set(['NO_NAVSTART', 'NO_FCP_EVENT', 'NO_TRACING_STARTED']);
const attemptsPerRun = 3;

/** One Lighthouse run of a page (the cart page with the cart's cookie). */
async function measure(port: number, url: string, cookie: string | undefined, attempt = 1): Promise<Figures> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError && traceFailures.has(lhr.runtimeError.code) && attempt < attemptsPerRun) {
    console.log(`  (${url}: Lighthouse's ${lhr.runtimeError.code}, measured again)`);
    return measure(port, url, cookie, attempt + 1);
  }
  if (lhr.runtimeError) throw new Error(`Lighthouse could not load ${url}: ${lhr.runtimeError.message}`);
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const scriptBytes =
    (lhr.audits['resource-summary']?.details as { items?: { resourceType: string; transferSize: number }[] } | undefined)?.items?.find(
      (item) => item.resourceType === 'script',
    )?.transferSize ?? Number.NaN;
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcp: audit('first-contentful-paint'),
    lcp: audit('largest-contentful-paint'),
    tbt: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    scriptBytes,
  };
}

/** Each figure's median over the runs (the middle one; the lower middle of an even count). */
const medianOf = (runs: Figures[]): Figures => {
  const middle = (pick: (figures: Figures) => number) => runs.map(pick).toSorted((a, b) => a - b)[Math.floor((runs.length - 1) / 2)]!;
  return {
    score: middle((f) => f.score),
    fcp: middle((f) => f.fcp),
    lcp: middle((f) => f.lcp),
    tbt: middle((f) => f.tbt),
    cls: middle((f) => f.cls),
    scriptBytes: middle((f) => f.scriptBytes),
  };
};

// --runs N: each page N times, the medians printed (blocking time moves by hundreds of ms between runs here).
await benchShop(
  'lighthouse',
  async (shop, lines, options) => {
    const runs = Number(options.runs ?? 1);
    if (!(Number.isInteger(runs) && runs > 0)) throw new Error('--runs must be a positive whole number');
    const chromium = await startChromium();
    try {
      lines.push(
        `Lighthouse mobile (simulated throttling)${runs > 1 ? `, medians of ${runs} runs` : ''}; targets: score ≥ ${targets.score}, FCP ≤ ${targets.fcpMs} ms, LCP ≤ ${targets.lcpMs} ms, TBT ≤ ${targets.tbtMs} ms, CLS ${targets.cls}, script ≤ ${targets.scriptKb} KB`,
      );
      for (const prefix of stores) {
        const { paths, variantId } = await pagesOf(shop.baseUrl, prefix);
        const cart = await cartCookie(shop.baseUrl, paths.product!, variantId);
        for (const [kind, path] of Object.entries(paths)) {
          const url = `${shop.baseUrl}${path}`;
          // Warm the shop's caches first: Lighthouse measures the page, not the first request after a
          // start, nor the first drawing of a picture size (the image pipeline keeps each on disk).
          await warmFirstScreenPictures(shop.baseUrl, await fetchText(url));
          const measured: Figures[] = [];
          for (let run = 0; run < runs; run++) measured.push(await measure(chromium.port, url, kind === 'cart' ? cart : undefined));
          const figures = medianOf(measured);
          const met =
            figures.score >= targets.score &&
            figures.fcp <= targets.fcpMs &&
            figures.lcp <= targets.lcpMs &&
            figures.tbt <= targets.tbtMs &&
            figures.cls <= targets.cls &&
            figures.scriptBytes / 1024 <= targets.scriptKb;
          const tbts = measured.map((run) => Math.round(run.tbt)).toSorted((a, b) => a - b);
          lines.push(
            [
              `${prefix} ${kind}`.padEnd(16),
              `score ${String(figures.score).padStart(3)}`,
              `FCP ${ms(figures.fcp)}`,
              `LCP ${ms(figures.lcp)}`,
              `TBT ${ms(figures.tbt)}${runs > 1 ? ` (${tbts[0]}–${tbts.at(-1)})` : ''}`,
              `CLS ${figures.cls.toFixed(3)}`,
              `script ${(figures.scriptBytes / 1024).toFixed(1).padStart(6)} KB`,
              `(${mark(met)})`,
            ].join('  '),
          );
          console.log(lines.at(-1));
        }
      }
    } finally {
      await chromium.stop();
    }
  },
  { options: ['runs'] },
);
