/**
 * Pins what the in-memory product words answer (issue 18, decision 0034): the fixed searches of
 * product-words-queries.ts on the demo catalogue give exactly the results stored in
 * product-words.results.json, which were made with the word index as it was before its storage
 * moved into typed arrays. `UPDATE_PRODUCT_WORDS_RESULTS=1` writes the file afresh instead (only
 * for a deliberate change of results).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildListingIndex, type ListingIndex } from '#app/modules/catalogue/listing-index.server.ts';
import type { LocaleCode } from '#app/modules/i18n/locales.ts';
import { createDemoDatabase, type TestDatabase } from '../support/database.ts';
import { productWordQueries, type QueryResults, runProductWordQuery } from './product-words-queries.ts';

const resultsFile = new URL('./product-words.results.json', import.meta.url);
const update = process.env.UPDATE_PRODUCT_WORDS_RESULTS === '1';

describe('the product words of the demo catalogue', () => {
  let database: TestDatabase;
  let index: ListingIndex;
  beforeAll(async () => {
    database = await createDemoDatabase('pglite', 0.1);
    index = await buildListingIndex(database.db);
  });
  afterAll(() => database?.destroy());

  it('answer the fixed searches exactly as before', async () => {
    const results: Record<string, QueryResults> = {};
    for (const [locale, queries] of Object.entries(productWordQueries)) {
      for (const query of queries) results[`${locale} ${JSON.stringify(query)}`] = await runProductWordQuery(database.db, index, locale as LocaleCode, query);
    }
    // One line per search, so a changed result shows as a changed line.
    const lines = Object.entries(results).map(([key, result]) => `${JSON.stringify(key)}: ${JSON.stringify(result)}`);
    if (update) writeFileSync(resultsFile, `{\n${lines.join(',\n')}\n}\n`);
    const stored = JSON.parse(readFileSync(resultsFile, 'utf8')) as Record<string, QueryResults>;
    // Searches that find something in each way, so the comparison is not of empty lists.
    expect(Object.values(stored).filter((result) => result.matchProducts.length > 0).length).toBeGreaterThan(40);
    expect(Object.values(stored).filter((result) => result.startingLike.length > 0).length).toBeGreaterThan(40);
    expect(Object.values(stored).filter((result) => result.titleMatches.some((match) => match.startsWith('product:'))).length).toBeGreaterThan(40);
    for (const key of Object.keys(stored)) expect(results[key], key).toEqual(stored[key]);
    expect(Object.keys(results)).toEqual(Object.keys(stored));
  });
});
