/**
 * A category listing computed in memory (listing-query.server.ts, decision 0046) on the largest
 * category of the catalogue, as shoppers ask it while the page cache has none of it: its first
 * listing after the listing index changed, the next page, an option chosen, a price order (page 3),
 * the name order and the first listing again. Each round starts from a fresh copy of the index, so
 * nothing is kept from the round before. Prints milliseconds (p50 and max of the rounds); not a test.
 *   node bench/listing-query.ts --data-dir /tmp/words-10          a seeded PGlite directory
 *   node bench/listing-query.ts --database-url postgresql://…/cordial_bench_scale_100
 */
import { parseArgs } from 'node:util';
import { openDatabase } from '#app/db/client.server.ts';
import { getListingIndex, type IndexedCategory } from '#app/modules/catalogue/listing-index.server.ts';
import { parseListingParams, queryListing } from '#app/modules/catalogue/listing-query.server.ts';
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
  const times = asks.map(() => [] as number[]);
  for (let round = 0; round < Number(values.rounds); round++) {
    const fresh = { ...index };
    asks.forEach((ask, i) => {
      const started = performance.now();
      queryListing(fresh, category.id, parseListingParams(new URLSearchParams(ask), facetCodes), 'en-US', dollars);
      times[i]!.push(performance.now() - started);
    });
  }
  console.log(`${index.products.length} products; the largest category, ${category.code}: ${largestSize} products`);
  asks.forEach((ask, i) => {
    const sorted = times[i]!.toSorted((a, b) => a - b);
    const label = i === 0 ? 'first listing' : i === asks.length - 1 ? 'the same again' : `?${ask}`;
    console.log(`  ${label.padEnd(24)} p50 ${ms(percentile(sorted, 50))}, max ${ms(sorted.at(-1) as number)}`);
  });
} finally {
  await database.close();
}
