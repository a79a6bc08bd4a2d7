import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#app/db/client.server.ts';
import { buildListingIndex } from '#app/modules/catalogue/listing-index.server.ts';
import { minimumDistinctVisitors, popularSearches, recordSearch } from '#app/modules/search/popular-searches.server.ts';
import { closestWord, getLexicon, similarity, trigramsOf } from '#app/modules/search/lexicon.server.ts';
import { matchProducts } from '#app/modules/search/product-search.server.ts';
import { searchConfigOf } from '#app/modules/search/search-config.ts';
import { searchCatalogue } from '#app/modules/search/search.server.ts';
import { suggest } from '#app/modules/search/suggest.server.ts';
import { planCatalogue } from '../../scripts/demo-catalogue/catalogue-plan.ts';
import type { LocaleCode } from '#app/modules/i18n/locales.ts';
import { createDemoDatabase, type TestDatabase, testDrivers } from '../support/database.ts';

const scale = 0.1;
const plan = planCatalogue({ scale });

describe.each(testDrivers)('searching the catalogue on %s', (driver) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createDemoDatabase(driver, scale);
  });
  afterAll(() => database?.destroy());

  it('finds products and categories by name, stemmed in the store language', async () => {
    const result = await searchCatalogue(database.db, 'en-US', 'paracord 550');
    expect(result.correctedQuery).toBeNull();
    expect(result.hits.some((hit) => hit.kind === 'product' && hit.title.startsWith('Paracord 550'))).toBe(true);
    expect(result.hits.find((hit) => hit.kind === 'category')?.title).toBe('Paracord 550 Type III');
    const german = await searchCatalogue(database.db, 'de-DE', 'schwarzes');
    expect(german.hits.some((hit) => hit.title.includes('Schwarz'))).toBe(true);
  });

  it('measures word similarity in memory exactly as pg_trgm does, and corrects to the word the database would choose', async () => {
    const pairs = [
      ['paracrod', 'paracord'],
      ['schwarz', 'schwartz'],
      ['gesp', 'klikgesp'],
      ['kernmantel', 'kernmantle'],
      ['blau', 'blue'],
      ['crème', 'creme'],
      ['x', 'xx'],
    ];
    for (const [a, b] of pairs) {
      const [row] = await queryRows<{ value: number }>(database.db, sql`select similarity(${a}, ${b})::float8 as value`);
      expect(similarity(trigramsOf(a!), trigramsOf(b!)), `${a} ~ ${b}`).toBeCloseTo(Number(row!.value), 5);
    }
    const lexicon = await getLexicon(database.db, 'en-US');
    for (const typo of ['paracrod', 'bukcle', 'reflectve', 'carabinr']) {
      const [closest] = await queryRows<{ word: string }>(
        database.db,
        sql`select word from search_lexicon where locale = 'en-US' and word % ${typo} order by similarity(word, ${typo}) desc, documents desc, word limit 1`,
      );
      expect(closestWord(lexicon, typo), typo).toBe(closest?.word ?? typo);
    }
  });

  it('finds in memory the products the database finds by name and attribute values (decision 0026)', async () => {
    const index = await buildListingIndex(database.db);
    const cases: [LocaleCode, string[]][] = [
      ['en-US', ['paracord', '550']],
      ['en-US', ['black']],
      ['en-GB', ['the', 'ropes']],
      ['en-US', ['buck']],
      ['de-DE', ['schwarzes', 'seil']],
      ['nl-NL', ['zwart']],
      ['fr-FR', ['cordes']],
      ['pl-PL', ['czarny']],
    ];
    for (const [locale, words] of cases) {
      const inMemory = (await matchProducts(database.db, index, locale, words, 100_000)).map((product) => product.id);
      // The database's own answer, over the name (weight A) and the SKU and attribute values (weight B) only.
      const tsquery = words.map((word, position) => (position === words.length - 1 ? `${word}:*AB` : `${word}:AB`)).join(' & ');
      const rows = await queryRows<{ ref_id: number }>(
        database.db,
        sql`select ref_id from search_documents, to_tsquery(${searchConfigOf(locale)}::regconfig, ${tsquery}) q where locale = ${locale} and kind = 'product' and document @@ q`,
      );
      expect(
        inMemory.toSorted((a, b) => a - b),
        `${locale}: ${words.join(' ')}`,
      ).toEqual(rows.map((row) => Number(row.ref_id)).toSorted((a, b) => a - b));
    }
  });

  it('tolerates typos by correcting to the shop’s own words', async () => {
    const result = await searchCatalogue(database.db, 'en-US', 'paracrod 550');
    expect(result.correctedQuery).toBe('paracord 550');
    expect(result.hits.some((hit) => hit.title.startsWith('Paracord 550'))).toBe(true);
  });

  it('matches SKUs, colour names and attribute values', async () => {
    const product = plan.products[0]!;
    expect((await searchCatalogue(database.db, 'fr-FR', product.sku)).hits[0]?.refId).toBeDefined();
    expect((await searchCatalogue(database.db, 'fr-FR', product.sku)).hits.map((hit) => hit.title)).toContain(product.texts['fr-FR'].name);
    expect((await searchCatalogue(database.db, 'en-GB', 'kernmantle')).hits.length).toBeGreaterThan(0);
  });

  it('suggests products and categories whose words start with what is typed, and completions', async () => {
    const index = await buildListingIndex(database.db);
    const typing = await suggest(database.db, index, 'de-DE', 'parac 55');
    expect(typing.products.length).toBeGreaterThan(0);
    for (const product of typing.products) expect(product.name).toMatch(/^Paracord 550/);
    expect((await suggest(database.db, index, 'de-DE', 'steckschn')).products[0]?.name).toMatch(/^Steckschnalle/);
    expect((await suggest(database.db, index, 'en-GB', 'buck')).categories).toContainEqual({ name: 'Buckles', urlPath: 'paracord-accessory/buckles' });
    const sku = plan.products[0]!.sku;
    expect((await suggest(database.db, index, 'en-US', sku)).products.map((p) => p.sku)).toEqual([sku]);
    await searchedByVisitors(database, 'en-US', 'paracord 550 black', 3);
    expect((await suggest(database.db, index, 'en-US', 'paracord 5')).completions).toEqual(['paracord 550 black']);
  });

  it('finds nothing for nonsense, and counts searches per locale for the popular list', async () => {
    expect((await searchCatalogue(database.db, 'sv-SE', 'xqzvvw')).hits).toEqual([]);
    await searchedByVisitors(database, 'nl-NL', 'Paracord  550', 12);
    await recordSearch(database.db, 'nl-NL', 'paracord 550', 12, 'visitor-a');
    await searchedByVisitors(database, 'nl-NL', 'gesp', 3);
    await searchedByVisitors(database, 'nl-NL', 'xqzvvw', 0);
    expect(await popularSearches(database.db, 'nl-NL')).toEqual(['paracord 550', 'gesp']);
    expect(await popularSearches(database.db, 'de-DE')).toEqual([]);
  });

  it('counts a visitor’s repeat of a search within a minute once (a reload, a cached results page asked again)', async () => {
    const { db } = database;
    for (let time = 0; time < 3; time++) await recordSearch(db, 'da-DK', 'paracord', 5, 'same-visitor');
    await recordSearch(db, 'da-DK', 'paracord', 5, 'other-visitor');
    expect(await queryRows(db, sql`select searches from search_terms where locale = 'da-DK' and term = 'paracord'`)).toEqual([{ searches: 2 }]);
  });

  it('shows other shoppers only searches several visitors made with words the shop uses', async () => {
    const { db } = database;
    // One visitor, however often, puts nothing in front of other shoppers.
    for (let time = 0; time < 5; time++) await recordSearch(db, 'en-GB', 'kernmantle', 4, 'one-visitor');
    expect(await popularSearches(db, 'en-GB')).toEqual([]);
    // Free text the shop does not use is never counted, whoever types it.
    await searchedByVisitors(database, 'en-GB', 'cheap watches here', 2);
    // Blocked words stay out even next to the shop's own words.
    await searchedByVisitors(database, 'en-GB', 'porn kernmantle', 2);
    // A misspelling is counted as the search it became.
    const corrected = await searchCatalogue(db, 'en-GB', 'kernmantel');
    await searchedByVisitors(database, 'en-GB', corrected.query, 4);
    expect(await popularSearches(db, 'en-GB')).toEqual(['kernmantle']);
  });
});

/** The same search made by enough different visitors to be shown to others. */
async function searchedByVisitors(database: TestDatabase, locale: 'en-US' | 'en-GB' | 'nl-NL', query: string, results: number) {
  for (let visitor = 0; visitor < minimumDistinctVisitors; visitor++) await recordSearch(database.db, locale, query, results, `visitor-${visitor}`);
}

describe.each(testDrivers)('compound words on %s', (driver) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createDemoDatabase(driver, 0.05);
  });
  afterAll(() => database?.destroy());

  it('finds part of a compound word ("gesp" in "Klikgesp")', async () => {
    const result = await searchCatalogue(database.db, 'nl-NL', 'gesp');
    expect(result.hits.some((hit) => hit.title.startsWith('Klikgesp'))).toBe(true);
  });
});
