/**
 * What a page carries inline for hydration (issue 14, decision 0032): the characters of the inline
 * scripts of the home page, a category and a product page (React Router's context and its streamed
 * loader data), and the part of them that is the loader data. Not a test: it prints figures.
 *   node scripts/hydration-data-size.ts                                 fresh data directory
 *   node scripts/hydration-data-size.ts --base-url http://127.0.0.1:3000   a shop that already runs
 */
import { parseArgs } from 'node:util';
import { shopToLookAt } from '../e2e/support/shop-server.ts';

const { values } = parseArgs({ options: { 'base-url': { type: 'string' }, store: { type: 'string', default: 'en-gb' } } });
const shop = await shopToLookAt(values['base-url']);
const browser = { 'user-agent': 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36' };

const html = async (path: string) => (await fetch(`${shop.baseUrl}${path}`, { headers: browser })).text();
const firstLink = (page: string, className: string) =>
  [...page.matchAll(/<a\b[^>]*>/g)]
    .map(([tag]) => tag)
    .find((tag) => new RegExp(`class="[^"]*\\b${className}\\b`).test(tag))
    ?.match(/href="([^"]+)"/)?.[1];

/** Inline scripts (no src) and, of them, the router's streamed loader data (`streamController.enqueue`). */
function inlineScripts(page: string) {
  const bodies = [...page.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(([, body]) => body ?? '');
  const data = bodies.filter((body) => body.includes('streamController.enqueue'));
  const sum = (list: string[]) => list.reduce((total, body) => total + body.length, 0);
  return { inline: sum(bodies), loaderData: sum(data), html: page.length };
}

try {
  const home = await html(`/${values.store}`);
  const category = firstLink(home, 'category-menu__link') ?? `/${values.store}/paracord`;
  const categoryPage = await html(category);
  const product = firstLink(categoryPage, 'product-card__link');
  const rows = [
    ['home', `/${values.store}`, home],
    ['category', category, categoryPage],
    ['product', product ?? '', product ? await html(product) : ''],
  ] as const;
  for (const [name, path, page] of rows) {
    const { inline, loaderData, html: length } = inlineScripts(page);
    console.log(`${name.padEnd(9)} inline scripts ${inline} chars (loader data ${loaderData}), whole HTML ${length} chars  ${path}`);
  }
} finally {
  await shop.stop();
}
