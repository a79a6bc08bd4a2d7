/**
 * Searches that no product's name, SKU or attributes answer find products by their descriptions
 * from memory (decision 0038): the products the database's `document @@ query` finds, in the order
 * of the database's weights (name 1, SKU and attributes 0.5, description 0.1) summed over the
 * words, then by id — checked against the database itself on the demo catalogue, and followed
 * after a description changes.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows } from '#app/db/client.server.ts';
import { productTranslations } from '#app/db/schema.ts';
import { invalidateCachesOnStorefrontChanges, searchDocumentsChangedIn } from '#app/modules/catalogue/storefront-changes.server.ts';
import { buildListingIndex } from '#app/modules/catalogue/listing-index.server.ts';
import type { LocaleCode } from '#app/modules/i18n/locales.ts';
import { storefrontPageCache } from '../../server/storefront-page-cache.ts';
import { matchProducts } from '#app/modules/search/product-search.server.ts';
import { searchConfigOf } from '#app/modules/search/search-config.ts';
import { refreshProductSearchDocuments } from '#app/modules/search/search-index.server.ts';
import { correctSpelling, queryWords, searchCatalogue } from '#app/modules/search/search.server.ts';
import { createDemoDatabase, type TestDatabase, testDrivers } from '../support/database.ts';

/** Words shoppers use (bench/search.ts's), paired: most pairs are in no product's name. */
const pairs: [LocaleCode, string][] = [
  ...['dog', 'survival', 'strong', 'thin', 'knot', 'climbing', 'whistle', 'camo'].flatMap((first) =>
    ['kernmantle', 'paracord', 'rope', 'leash', 'outdoor', 'strap', 'cord', 'bracelet'].map(
      (second) => ['en-US', `${first} ${second}`] as [LocaleCode, string],
    ),
  ),
  ['en-GB', 'strong ropes'],
  ['de-DE', 'hund seil'],
  ['de-DE', 'stark schnur'],
  ['nl-NL', 'sterk touw'],
  ['fr-FR', 'corde solide'],
  ['pl-PL', 'mocna linka'],
];

describe.each(testDrivers)('searching product descriptions on %s', (driver) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createDemoDatabase(driver, 0.1);
  });
  afterAll(() => database?.destroy());

  /** The database's answer: the products whose document holds every word, by the weights summed over the words (in tenths), then by id. */
  async function databaseAnswer(locale: LocaleCode, words: string[]): Promise<number[]> {
    const config = searchConfigOf(locale);
    const term = (word: string, position: number) => (position === words.length - 1 ? `${word}:*` : `${word}:`);
    const weighted = JSON.stringify(words.map((word, position) => [`${term(word, position)}A`, `${term(word, position)}B`]));
    const rows = await queryRows<{ ref_id: number }>(
      database.db,
      sql`select ref_id from search_documents d, to_tsquery(${config}::regconfig, ${words.map((word, position) => term(word, position).replace(/:$/, '')).join(' & ')}) q
          where locale = ${locale} and kind = 'product' and document @@ q
          order by (select sum(case when d.document @@ to_tsquery(${config}::regconfig, t->>0) then 10 when d.document @@ to_tsquery(${config}::regconfig, t->>1) then 5 else 1 end)
                    from json_array_elements(${weighted}::json) t) desc, ref_id`,
    );
    return rows.map((row) => Number(row.ref_id));
  }

  it('finds the products the database finds by description, in the order of its weights', async () => {
    const index = await buildListingIndex(database.db);
    let answered = 0;
    for (const [locale, query] of pairs) {
      const words = await correctSpelling(database.db, locale, queryWords(query));
      // Only searches that no name, SKU or attribute answers fall back to descriptions.
      if ((await matchProducts(database.db, index, locale, words, 1000)).length > 0) continue;
      const found = (await searchCatalogue(database.db, locale, query)).hits.filter((hit) => hit.kind === 'product').map((hit) => hit.refId);
      const expected = await databaseAnswer(locale, words);
      expect(found, `${locale} ${query}`).toEqual(expected);
      if (expected.length > 1) answered++;
    }
    // Not a comparison of empty lists: many of these searches find several products by description.
    expect(answered).toBeGreaterThan(10);
  });

  it('follows a changed description once the search documents tell of it', async () => {
    const { db } = database;
    const stopListening = await invalidateCachesOnStorefrontChanges(database, storefrontPageCache());
    try {
      // A word no document has, and none like it the spelling correction would turn it into.
      const query = 'zebrafinchline';
      expect((await searchCatalogue(db, 'en-US', query)).hits).toEqual([]);
      const [product] = await db
        .select({ id: productTranslations.productId })
        .from(productTranslations)
        .where(eq(productTranslations.locale, 'en-US'))
        .limit(1);
      await db
        .update(productTranslations)
        .set({ description: 'Strong enough for a zebrafinchline.' })
        .where(and(eq(productTranslations.productId, product!.id), eq(productTranslations.locale, 'en-US')));
      await refreshProductSearchDocuments(db, [product!.id]);
      await vi.waitFor(async () => expect((await searchCatalogue(db, 'en-US', query)).hits.map((hit) => hit.refId)).toEqual([product!.id]), {
        timeout: 20_000,
        interval: 100,
      });
    } finally {
      await stopListening();
    }
  });

  it('reads the description words again only on a change of the search documents', () => {
    expect(searchDocumentsChangedIn('search_documents;*')).toBe(true);
    expect(searchDocumentsChangedIn('products,search_documents;12')).toBe(true);
    expect(searchDocumentsChangedIn('*')).toBe(true);
    expect(searchDocumentsChangedIn('product_variants;12')).toBe(false);
  });
});
