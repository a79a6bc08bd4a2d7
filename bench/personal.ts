/**
 * Issue 14: pages for shoppers with a cart or a session, side by side with an empty React Router
 * page built the same way (bench/baseline), in the same run, at 10 keep-alive connections.
 * For home, a category with filters, a product, search results and a content page it loads each
 * page anonymously, with a cart cookie and with a logged-in session (after a short warm-up) and
 * prints req/s, p50, p97.5, p99.9 and the ratio to the baseline's req/s; first the cold line: the
 * first request to each page type after a fresh start. It prints; missed targets do not fail it.
 *   node bench/personal.ts                     fresh data directory (PGlite; PostgreSQL with DATABASE_URL)
 *   node bench/personal.ts --seconds 10        longer lines (default 5 s each)
 *   node bench/personal.ts --duration 10m      instead of the lines: a cart shopper over the mix of
 *                                              pages for 10 minutes (also 90s, 600), p99.9 target
 *   BENCH_DATA_DIR=./data-bench node bench/personal.ts   reuses a seeded directory
 */
import { contentPagePath } from '#app/modules/content/information-pages.ts';
import { FormClient } from '../e2e/support/form-client.ts';
import { demoCustomer } from '../scripts/demo-catalogue/demo-customer.ts';
import { benchShop, firstProductUrl, type LoadFigures, ms, percentile, runLoad, shopperHeaders, startBaseline, timedGet } from './support/bench-kit.ts';

const prefix = 'en-us';
const clients = 10;
const warmupMs = 1_000;
const ratioTarget = 0.5;
const p975TargetMs = 50;
const p999TargetMs = 100;

/** "10m", "90s" or seconds, in ms. */
function parseDuration(text: string): number {
  const match = /^(\d+(?:\.\d+)?)(m|s)?$/.exec(text.trim());
  if (!match) throw new Error(`--duration: "${text}" is not like 10m, 90s or 600`);
  return Number(match[1]) * (match[2] === 'm' ? 60_000 : 1_000);
}

const figures = ({ requests, perSecond, sorted }: LoadFigures) =>
  `${String(requests).padStart(6)} req  ${perSecond.toFixed(0).padStart(5)} req/s  p50 ${ms(percentile(sorted, 50)).padStart(9)}  p97.5 ${ms(percentile(sorted, 97.5)).padStart(9)}  p99.9 ${ms(percentile(sorted, 99.9)).padStart(9)}`;

/** A shopper with one item in the cart, put there through the product page's own form. */
async function cartShopper(base: string, productUrl: string): Promise<FormClient> {
  const shopper = new FormClient(base);
  const path = new URL(productUrl).pathname + new URL(productUrl).search;
  const product = await shopper.get(path);
  const variantId = product.body.match(/name="variantId" value="(\d+)"/)?.[1];
  if (product.status !== 200 || !variantId) throw new Error(`no add-to-cart form on ${path} (status ${product.status})`);
  const added = await shopper.post(path, { intent: 'add-to-cart', variantId, quantity: '1' });
  // Without JavaScript the form answers with post/redirect/get (303), with the cart cookie.
  if ((added.status !== 200 && added.status !== 303) || !shopper.cookie('cart'))
    throw new Error(`add to cart on ${path} answered ${added.status} without a cart cookie`);
  const cart = await shopper.get(`/${prefix}/checkout`);
  if (cart.status !== 200 || !cart.body.includes(`value="${variantId}"`))
    throw new Error(`the cart page (status ${cart.status}) does not hold variant ${variantId}`);
  return shopper;
}

/** A logged-in customer: the demo customer, or a new account where the data has none. */
async function loggedInShopper(base: string): Promise<FormClient> {
  const shopper = new FormClient(base);
  await shopper.get(`/${prefix}/customer/account/login`);
  let answer = await shopper.post(`/${prefix}/customer/account/login`, { ...demoCustomer, returnTo: `/${prefix}/customer` });
  if (answer.status !== 302 && answer.status !== 303) {
    await shopper.get(`/${prefix}/customer/account/create`);
    const password = 'Bench-shopper-2026!';
    const email = `bench-${Date.now()}@example.com`;
    answer = await shopper.post(`/${prefix}/customer/account/create`, {
      firstName: 'Bench',
      lastName: 'Shopper',
      email,
      password,
      confirmPassword: password,
      returnTo: `/${prefix}/customer`,
    });
  }
  const account = await shopper.get(`/${prefix}/customer`);
  if (!shopper.cookie('session') || account.status !== 200)
    throw new Error(`could not log in (login answered ${answer.status}, account page ${account.status})`);
  return shopper;
}

await benchShop(
  'personal',
  async (shop, lines, options) => {
    const base = shop.baseUrl;
    const seconds = Number(options.seconds ?? 5);
    if (!(seconds > 0)) throw new Error('--seconds must be a positive number');
    const durationMs = options.duration === undefined ? undefined : parseDuration(options.duration);
    console.log(
      `database: ${process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : 'PGlite'}; ${clients} keep-alive connections; load generator on the same machine`,
    );

    // Cold: the first request to each page type since the start (the product's link comes from the category page).
    const pages: [string, string][] = [
      ['home', `${base}/${prefix}`],
      ['category with filters', `${base}/${prefix}/paracord?color=black&rope_diameter=4&sort=price_asc`],
    ];
    const cold = [];
    for (const [name, url] of pages) cold.push(`${name} ${ms(await timedGet(url, undefined, shopperHeaders))}`);
    pages.push(['product', await firstProductUrl(pages[1]![1])]);
    pages.push(['search results', `${base}/${prefix}/search?q=black+paracord`]);
    pages.push(['content page', `${base}${contentPagePath(prefix, 'shippingRates', 'en-US')}`]);
    for (const [name, url] of pages.slice(2)) cold.push(`${name} ${ms(await timedGet(url, undefined, shopperHeaders))}`);
    lines.push(`cold (first request after a fresh start, anonymous): ${cold.join(', ')}`);
    console.log(`pages:\n${pages.map(([name, url]) => `  ${name.padEnd(22)} ${url}`).join('\n')}`);

    const withCookies = (shopper: FormClient) => ({ ...shopperHeaders, cookie: shopper.cookieHeader() });
    const cart = withCookies(await cartShopper(base, pages[2]![1]));
    const states: [string, Record<string, string>][] = [
      ['anonymous', shopperHeaders],
      ['cart', cart],
      ['logged in', withCookies(await loggedInShopper(base))],
    ];
    /** After the warm-up, one request tells whether the page cache answers; then the load. */
    const measure = async (urls: string[], headers: Record<string, string>, maxMs: number) => {
      await runLoad({ urls, headers, clients, requests: Infinity, maxMs: warmupMs });
      const cached = (await fetch(urls[0]!, { headers, redirect: 'manual' })).headers.get('x-page-cache') === 'hit';
      return { cache: cached ? 'cache' : 'render', ...(await runLoad({ urls, headers, clients, requests: Infinity, maxMs })) };
    };

    if (durationMs !== undefined) {
      console.log(`a cart shopper over the ${pages.length} pages in turn for ${(durationMs / 60_000).toFixed(1)} minutes...`);
      const mix = await measure(
        pages.map(([, url]) => url),
        cart,
        durationMs,
      );
      const p999 = percentile(mix.sorted, 99.9);
      const slow = mix.sorted.filter((latency) => latency >= p999TargetMs).length;
      lines.push(
        `${'mix, cart, duration'.padEnd(44)}${figures(mix)}  max ${ms(mix.sorted.at(-1) ?? Number.NaN)}  ${slow} req >= ${p999TargetMs} ms  (target p99.9 < ${p999TargetMs} ms: ${p999 < p999TargetMs ? 'ok' : 'MISSED'})`,
      );
      return;
    }

    const baseline = await startBaseline();
    try {
      const baselineRuns = [await measure([`${baseline.baseUrl}/`], shopperHeaders, seconds * 1000)];
      console.log(`${'baseline (empty page)'.padEnd(44)}${figures(baselineRuns[0]!)}`);
      const results: [string, LoadFigures][] = [];
      for (const [page, url] of pages) {
        for (const [state, headers] of states) {
          const result = await measure([url], headers, seconds * 1000);
          results.push([`${page}, ${state} (${result.cache})`, result]);
          console.log(`${results.at(-1)![0].padEnd(44)}${figures(result)}`);
        }
      }
      baselineRuns.push(await measure([`${baseline.baseUrl}/`], shopperHeaders, seconds * 1000));
      const baselinePerSecond = (baselineRuns[0]!.perSecond + baselineRuns[1]!.perSecond) / 2;
      lines.push(
        '',
        `${'baseline (empty page), before'.padEnd(44)}${figures(baselineRuns[0]!)}`,
        `${'baseline (empty page), after'.padEnd(44)}${figures(baselineRuns[1]!)}`,
      );
      lines.push(
        `targets: req/s >= ${ratioTarget} x the baseline's (mean of before and after: ${baselinePerSecond.toFixed(0)} req/s) and p97.5 < ${p975TargetMs} ms`,
      );
      for (const [label, result] of results) {
        const ratio = result.perSecond / baselinePerSecond;
        const met = ratio >= ratioTarget && percentile(result.sorted, 97.5) < p975TargetMs;
        lines.push(`${label.padEnd(44)}${figures(result)}  ratio ${ratio.toFixed(2)}  ${met ? 'ok' : 'MISSED'}`);
      }
    } finally {
      await baseline.stop();
    }
  },
  { options: ['seconds', 'duration'] },
);
