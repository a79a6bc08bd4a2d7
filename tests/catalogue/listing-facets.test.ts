/**
 * Pins what the listings answer (issue 14, decision 0036): every category of the demo catalogue
 * (0.1) and sets of products like search results, each with no filter, a chosen option, two
 * options and a price bound, and a child category, give exactly the products, facet counts,
 * child categories and price bounds stored in listing-facets.results.json, which were made by the
 * listing code before it counted the facets in one pass over the products instead of one per
 * facet; the category listings in other orders (name, price, a measure) were added to it by the code
 * before the listings of large categories were sorted once per category and order (decision 0046).
 * `UPDATE_LISTING_FACETS_RESULTS=1` writes the file afresh (only for a deliberate change).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildListingIndex, type ListingIndex } from '#app/modules/catalogue/listing-index.server.ts';
import { type ListingResult, parseListingParams, queryListing, queryProducts } from '#app/modules/catalogue/listing-query.server.ts';
import type { PriceDisplay } from '#app/modules/pricing/price-display.ts';
import { createDemoDatabase, testDrivers } from '../support/database.ts';

const resultsFile = new URL('./listing-facets.results.json', import.meta.url);
const update = process.env.UPDATE_LISTING_FACETS_RESULTS === '1';
const dollars: PriceDisplay = { locale: 'en-US', currency: 'USD', minorUnits: 2, rate: '1.08', vatRateBp: 0, includeVat: false };

/** A listing as one line of text per part: the products shown, each facet with its counts (* = chosen). */
function summary(listing: ListingResult) {
  return {
    total: listing.total,
    products: listing.products.map((product) => product.id).join(' '),
    facets: listing.facets.map(
      (facet) => `${facet.code}: ${facet.options.map((option) => `${option.value}=${option.count}${option.selected ? '*' : ''}`).join(' ')}`,
    ),
    subcategories: listing.subcategories.map((child) => `${child.code}=${child.count}${child.selected ? '*' : ''}`).join(' '),
    priceBounds: listing.priceBounds,
  };
}

/** Parameters that choose from what a first listing offers: an option, two options of another facet and a price bound, a child category. */
function narrowings(first: ListingResult, sort: string): URLSearchParams[] {
  const [one, two] = first.facets.filter((facet) => facet.options.length > 1);
  const searches: URLSearchParams[] = [];
  if (one) searches.push(new URLSearchParams({ [one.code]: one.options[0]!.value, sort }));
  if (two && first.priceBounds) {
    const max = String(Math.ceil((first.priceBounds.min + first.priceBounds.max) / 2));
    searches.push(new URLSearchParams({ [two.code]: `${two.options[0]!.value},${two.options.at(-1)!.value}`, price_max: max, sort, page: '2' }));
  }
  if (one && two) searches.push(new URLSearchParams({ [one.code]: one.options.at(-1)!.value, [two.code]: two.options[0]!.value, sort }));
  const child = first.subcategories[0];
  if (child) searches.push(new URLSearchParams({ category_uid: child.uid, ...(one && { [one.code]: one.options[0]!.value }), sort }));
  return searches;
}

describe.each(testDrivers)('listings of the demo catalogue on %s', (driver) => {
  // The listings are computed in memory: the database is only needed to build the index.
  let index: ListingIndex;
  beforeAll(async () => {
    const database = await createDemoDatabase(driver, 0.1);
    try {
      index = await buildListingIndex(database.db);
    } finally {
      await database.destroy();
    }
  });

  it('answer the fixed listings exactly as before', () => {
    const results: Record<string, ReturnType<typeof summary>> = {};
    const facetCodes = new Set(index.facets.map((facet) => facet.code));
    const run = (key: string, search: URLSearchParams, listing: (params: ReturnType<typeof parseListingParams>) => ListingResult) => {
      const first = listing(parseListingParams(search, facetCodes, 'relevance'));
      results[`${key} ?${search}`] = summary(first);
      for (const narrower of narrowings(first, search.get('sort') ?? 'relevance')) {
        results[`${key} ?${narrower}`] = summary(listing(parseListingParams(narrower, facetCodes, 'relevance')));
      }
    };
    [...index.categories.values()]
      .toSorted((a, b) => a.id - b.id)
      .forEach((category, nth) => {
        // Every category in its own order; every third also by name, price and a measure.
        for (const sort of nth % 3 === 0 ? ['position', 'name', 'price_desc', 'rope_diameter'] : ['position']) {
          run(`category ${category.code}`, new URLSearchParams({ sort }), (params) => queryListing(index, category.id, params, 'en-US', dollars));
        }
      });
    // Found products as a search finds them: any mix of kinds, in an order of their own, up to 1,000.
    const mixes: [name: string, every: number, offset: number][] = [
      ['every product', 1, 0],
      ['every 3rd', 3, 1],
      ['every 7th', 7, 2],
      ['every 40th', 40, 5],
    ];
    for (const [name, every, offset] of mixes) {
      const found = index.products
        .filter((_, position) => position % every === offset % every)
        .toReversed()
        .slice(0, 1000);
      for (const sort of ['relevance', 'price_asc', 'name']) {
        run(`found ${name}`, new URLSearchParams({ q: name, sort }), (params) => queryProducts(index, found, [], params, 'en-US', dollars));
      }
    }
    // One line per listing, so a changed answer shows as a changed line.
    const lines = Object.entries(results).map(([key, result]) => `${JSON.stringify(key)}: ${JSON.stringify(result)}`);
    if (update) writeFileSync(resultsFile, `{\n${lines.join(',\n')}\n}\n`);
    const stored = JSON.parse(readFileSync(resultsFile, 'utf8')) as Record<string, ReturnType<typeof summary>>;
    // Listings with chosen options and several facets, so the comparison is not of empty lists.
    expect(Object.keys(stored).filter((key) => /\?.*=.*&/.test(key) && stored[key]!.facets.some((facet) => facet.includes('*'))).length).toBeGreaterThan(40);
    expect(Object.values(stored).filter((result) => result.facets.length >= 4).length).toBeGreaterThan(40);
    for (const key of Object.keys(stored)) expect(results[key], key).toEqual(stored[key]);
    expect(Object.keys(results)).toEqual(Object.keys(stored));
  });
});
