import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localeCodes } from '#app/modules/i18n/locales.ts';
import { invalidateListingIndex } from '#app/modules/catalogue/listing-index.server.ts';
import { searchCatalogue, searchWordsMissing, warmSearchWords } from '#app/modules/search/search.server.ts';
import { createDemoDatabase, type TestDatabase, testDrivers } from '../support/database.ts';

/** Issue 14: a web process makes every store's search words once it is ready, so no first search waits for them. */
describe.each(testDrivers)('search words made ahead on %s', (driver) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createDemoDatabase(driver, 0.05);
    invalidateListingIndex(database.db);
  }, 120_000);
  afterAll(() => database?.destroy());

  it('are missing in every store before, in none after, and searches answer from them', async () => {
    for (const locale of localeCodes) expect(await searchWordsMissing(database.db, locale)).toBe(true);
    expect(await warmSearchWords(database.db)).toBe(true);
    for (const locale of localeCodes) expect(await searchWordsMissing(database.db, locale)).toBe(false);
    const found = await searchCatalogue(database.db, 'de-DE', 'paracord');
    expect(found.hits.length).toBeGreaterThan(0);
  });
});
