/**
 * Measures search on a running shop: the search box's suggestions (/api/search/suggest) and the
 * search results page, each under load from 10 concurrent clients with a rotating set of
 * realistic queries; then cold (words nobody searched in the last minute): one shopper at a time
 * ("alone": what a shopper waits, the target of issue 14) and 10 clients at once ("load": throughput
 * on one process). Prints the figures; a missed target does not fail it, an error (e.g. a non-200
 * answer) does. Every request is computed: the page cache skips /api/ and /search.
 *   node bench/search.ts                 fresh data directory (first start seeds the demo catalogue)
 *   node bench/search.ts --scale 10      seeds a 10x catalogue into a temporary directory first
 *   BENCH_DATA_DIR=./data-bench node bench/search.ts   reuses a seeded directory (its popular searches grow)
 */
import { benchShop, fetchText, loadTest, shopperHeaders } from './support/bench-kit.ts';

const suggestQueries: [locale: string, q: string][] = [
  ...['par', 'parac', 'paracord 5', 'black', 'buck', 'snap', 'kern', 'PC550-00', 'neon gr'].map((q) => ['en-US', q] as [string, string]),
  ...['schwa', 'schnall', 'seil'].map((q) => ['de-DE', q] as [string, string]),
  ...['zwart', 'gesp'].map((q) => ['nl-NL', q] as [string, string]),
];
const resultQueries: [prefix: string, q: string][] = [
  ...['paracord 550', 'paracrod 550', 'black cord', 'buckle', 'kernmantle', 'reflective', 'PC550-0001'].map((q) => ['en-us', q] as [string, string]),
  ['de-de', 'schwarzes seil'],
];

/**
 * Cold searches (issue 14): queries nobody searched in the last minute, so no cache has them — pairs
 * of words shoppers use, each pair once per run (1,560 pairs: 400 of each kind under load, 380 of each alone).
 */
const shopperWords = (
  'paracord cord rope black red blue green olive coyote neon reflective buckle snap hook carabiner kernmantle climbing ' +
  'webbing leather biothane strap whistle cobra bracelet lanyard camo orange yellow white purple 550 275 425 750 thin strong knot survival dog leash'
).split(' ');
const coldPairs = shopperWords.flatMap((first, i) => shopperWords.filter((_, j) => j !== i).map((second) => [first, second] as const));
/** A fixed shuffle, so two runs ask the same questions in the same order. */
const shuffled = <T>(items: readonly T[]) =>
  items
    .map((item, index) => ({ item, key: (index * 7919) % items.length }))
    .toSorted((a, b) => a.key - b.key)
    .map(({ item }) => item);

/** There is no HTTP cache in front of the shop; this only says so to anything that might be. */
const suggestHeaders = { ...shopperHeaders, accept: 'application/json', 'cache-control': 'no-cache' };

await benchShop('search', async (shop, lines) => {
  const base = shop.baseUrl;
  const suggestUrls = suggestQueries.map(([locale, q]) => `${base}/api/search/suggest?${new URLSearchParams({ q, locale })}`);
  const resultUrls = resultQueries.map(([prefix, q]) => `${base}/${prefix}/search?${new URLSearchParams({ q })}`);

  // Warm up every URL twice (which also checks each answers 200), and check the searches find something.
  for (const url of suggestUrls) for (let i = 0; i < 2; i++) await fetchText(url, suggestHeaders);
  for (const url of resultUrls) for (let i = 0; i < 2; i++) await fetchText(url);
  const suggested = JSON.parse(await fetchText(suggestUrls[0] as string, suggestHeaders)) as { products: unknown[] };
  if (suggested.products.length === 0) throw new Error(`no product suggestions for ${suggestUrls[0]}: is the search index empty?`);
  if (!(await fetchText(resultUrls[0] as string)).includes('product-card')) throw new Error(`no product cards on ${resultUrls[0]}`);
  const products = (await fetchText(`${base}/en-us`)).match(/([\d,.]+)(?:<!-- -->)? cords and ropes/)?.[1] ?? '?';

  lines.push(`search on a catalogue of ${products} cords and ropes`);
  lines.push(await loadTest({ label: 'search suggestions', urls: suggestUrls, headers: suggestHeaders, p95TargetMs: 30 }));
  lines.push(await loadTest({ label: 'search results page', urls: resultUrls, p95TargetMs: 80 }));

  // Cold: each pair once. A shopper's latency is one search at a time (the target of issue 14); the 10-client
  // lines are throughput under load, where the p95 is mostly waiting behind the other nine on one thread.
  const cold = shuffled(coldPairs);
  const coldSuggestUrls = (pairs: typeof cold) =>
    pairs.map(([first, second]) => `${base}/api/search/suggest?${new URLSearchParams({ q: `${first} ${second.slice(0, 3)}`, locale: 'en-US' })}`);
  const coldResultUrls = (pairs: typeof cold) => pairs.map(([first, second]) => `${base}/en-us/search?${new URLSearchParams({ q: `${first} ${second}` })}`);
  const loaded = { suggest: coldSuggestUrls(cold.slice(0, 400)), results: coldResultUrls(cold.slice(400, 800)) };
  // Pairs 800 on, asked by nobody above ("black str" can be "black strap" or "black strong": each suggestion once).
  const alone = {
    suggest: [...new Set(coldSuggestUrls(cold.slice(800, 1180)))].filter((url) => !loaded.suggest.includes(url)),
    results: coldResultUrls(cold.slice(1180, 1560)),
  };
  const oneAtATime = (urls: string[]) => ({ urls, clients: 1, requests: urls.length, maxMs: 120_000 });
  lines.push(await loadTest({ label: 'cold suggestions, alone', ...oneAtATime(alone.suggest), headers: suggestHeaders, p95TargetMs: 30 }));
  lines.push(await loadTest({ label: 'cold results page, alone', ...oneAtATime(alone.results), p95TargetMs: 30 }));
  lines.push(await loadTest({ label: 'cold suggestions, load', urls: loaded.suggest, headers: suggestHeaders, p95TargetMs: 30 }));
  lines.push(await loadTest({ label: 'cold results page, load', urls: loaded.results, p95TargetMs: 30 }));
});
