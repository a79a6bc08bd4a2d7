/**
 * A category listing computed in memory (listing-query.server.ts, decision 0046) on the largest
 * category of the catalogue, as shoppers ask it while the page cache has none of it: its first
 * listing after the listing index changed, the next page, an option chosen, a price order (page 3),
 * the name order and the first listing again. Each round starts from a fresh copy of the index, so
 * nothing is kept from the round before. Then the same after one of its products was renamed and
 * repriced (a new index, what was worked out carried over: decision 0048), and how long carrying
 * over took. Prints milliseconds (p50 and max of the rounds); not a test.
 *   node bench/listing-query.ts --data-dir /tmp/words-10          a seeded PGlite directory
 *   node bench/listing-query.ts --database-url postgresql://…/cordial_bench_scale_100
 */
import { parseArgs } from 'node:util';
import { openDatabase } from '#app/db/client.server.ts';
import { getListingIndex, type IndexedCategory, type IndexedProduct, type ListingIndex } from '#app/modules/catalogue/listing-index.server.ts';
import { carryListingsOver, parseListingParams, queryListing } from '#app/modules/catalogue/listing-query.server.ts';
import type { PriceDisplay } from '#app/modules/pricing/price-display.ts';
import { ms, percentile } from './support/bench-kit.ts';

const { values } = parseArgs({
  options: { 'data-dir': { type: 'string' }, 'database-url': { type: 'string' }, rounds: { type: 'string', default: '3' } },
});
const url = values['database-url'];
if (!url && !values['data-dir']) {
  console.error('--data-dir DIR (PGlite) or --database-url URL (PostgreSQL): a seeded catalogue');
  process.exit(2);
}
const database = await openDatabase(url ? { driver: 'postgres', url } : { driver: 'pglite', dataDir: values['data-dir'] as string });
const dollars: PriceDisplay = { locale: 'en-US', currency: 'USD', minorUnits: 2, rate: '1.08', vatRateBp: 0, includeVat: false };
try {
  const index = await getListingIndex(database.db);
  const sizes = new Map<number, number>();
  for (const product of index.products) for (const id of product.categoryIds) sizes.set(id, (sizes.get(id) ?? 0) + 1);
  const [largestId, largestSize] = [...sizes].reduce((largest, entry) => (entry[1] > largest[1] ? entry : largest));
  const category = index.categories.get(largestId) as IndexedCategory;
  const facetCodes = new Set(index.facets.map((facet) => facet.code));
  const color = index.facets.find((facet) => facet.code === 'color')?.options[0]?.code ?? '';
  const asks = ['', 'page=2', `color=${color}`, 'sort=price_asc&page=3', 'sort=name', ''];
  const changed = index.products.find((product) => product.categoryIds.has(largestId) && product.names['en-US']) as IndexedProduct;
  const times = asks.map(() => [] as number[]);
  const timesAfterChange = asks.map(() => [] as number[]);
  const carryTimes: number[] = [];
  const ask = (at: ListingIndex, into: number[][]) =>
    asks.forEach((search, i) => {
      const started = performance.now();
      queryListing(at, category.id, parseListingParams(new URLSearchParams(search), facetCodes), 'en-US', dollars);
      into[i]!.push(performance.now() - started);
    });
  for (let round = 0; round < Number(values.rounds); round++) {
    const fresh = { ...index };
    ask(fresh, times);
    // As reading one product again makes it (listing-index.server.ts, withProductsReadAgain).
    const renamed = { ...changed, names: { ...changed.names, 'en-US': `A ${changed.names['en-US']}` }, minPriceCents: changed.minPriceCents + 100 };
    const after = { ...fresh, products: fresh.products.map((product) => (product === changed ? renamed : product)) };
    const started = performance.now();
    carryListingsOver(fresh, after, new Set([changed.id]));
    carryTimes.push(performance.now() - started);
    ask(after, timesAfterChange);
  }
  const print = (label: string, sample: number[]) => {
    const sorted = sample.toSorted((a, b) => a - b);
    console.log(`  ${label.padEnd(24)} p50 ${ms(percentile(sorted, 50))}, max ${ms(sorted.at(-1) as number)}`);
  };
  const labelOf = (i: number) => (i === 0 ? 'first listing' : i === asks.length - 1 ? 'the same again' : `?${asks[i]}`);
  console.log(`${index.products.length} products; the largest category, ${category.code}: ${largestSize} products`);
  asks.forEach((_, i) => print(labelOf(i), times[i]!));
  console.log(`after a product of it was renamed and repriced: carried over in`);
  print('(the index changed)', carryTimes);
  asks.forEach((_, i) => print(labelOf(i), timesAfterChange[i]!));
} finally {
  await database.close();
}
