/**
 * A search finds the categories, pages and posts holding its words in memory and has the database
 * rank only those (issue 14: cold searches): the documents found must be exactly those the
 * database's `document @@ query` finds, checked against the database itself on the demo
 * catalogue, and a page changed afterwards is found once the search documents tell of it.
 */
import { and, eq, sql } from 'drizzle-orm';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows } from '#app/db/client.server.ts';
import { contentPageTranslations } from '#app/db/schema.ts';
import { invalidateCachesOnStorefrontChanges } from '#app/modules/catalogue/storefront-changes.server.ts';
import type { LocaleCode } from '#app/modules/i18n/locales.ts';
import { storefrontPageCache } from '../../server/storefront-page-cache.ts';
import { matchOtherDocuments } from '#app/modules/search/product-search.server.ts';
import { searchConfigOf } from '#app/modules/search/search-config.ts';
import { refreshPageSearchDocuments, refreshScheduledSearchDocuments } from '#app/modules/search/search-index.server.ts';
import { seedContent } from '#app/modules/content/seed-content.server.ts';
import { seedBlog } from '#app/modules/blog/blog-seed.server.ts';
import { drawBlogHero } from '../../scripts/demo-catalogue/blog-heroes.ts';
import { correctSpelling, queryWords, searchCatalogue } from '#app/modules/search/search.server.ts';
import { createDemoDatabase, type TestDatabase, testDrivers } from '../support/database.ts';

/** Words of the shop's pages, posts and categories and words shoppers use, alone and paired, the last one whole or begun. */
const words: Record<string, string[]> = {
  'en-US': ['paracord', 'cord', 'rope', 'knot', 'delivery', 'returns', 'privacy', 'shipping', 'bracelet', 'survival', 'climbing', 'care', 'the'],
  'de-DE': ['paracord', 'seil', 'knoten', 'versand', 'rückgabe', 'datenschutz', 'armband', 'kletterseil'],
  'nl-NL': ['paracord', 'touw', 'knoop', 'verzending', 'retour'],
};
const queries: [LocaleCode, string][] = Object.entries(words).flatMap(([locale, list]) => [
  ...list.map((word) => [locale, word] as [LocaleCode, string]),
  ...list.map((word) => [locale, word.slice(0, 4)] as [LocaleCode, string]),
  ...list.flatMap((first) => list.filter((second) => second !== first).map((second) => [locale, `${first} ${second}`] as [LocaleCode, string])),
]);

describe.each(testDrivers)('categories, pages and posts found in memory on %s', (driver) => {
  let database: TestDatabase;
  const mediaDir = mkdtempSync(join(tmpdir(), 'cordial-blog-media-'));
  beforeAll(async () => {
    database = await createDemoDatabase(driver, 0.05);
    // The shop's information pages and blog posts, with their search documents, as a start adds them.
    await seedContent(database.db, { shopName: 'Cordial' });
    await seedBlog(database.db, mediaDir, drawBlogHero);
    await refreshScheduledSearchDocuments(database.db);
  });
  afterAll(async () => {
    await database?.destroy();
    rmSync(mediaDir, { recursive: true, force: true });
  });

  /** The database's answer: the store's documents of these kinds holding every word (the last also as a start), in the order read. */
  async function databaseAnswer(locale: LocaleCode, typed: string[]): Promise<{ id: number; kind: 'category' | 'page' | 'post' }[]> {
    const tsquery = typed.map((word, position) => (position === typed.length - 1 ? `${word}:*` : word)).join(' & ');
    const rows = await queryRows<{ id: number; kind: 'category' | 'page' | 'post' }>(
      database.db,
      sql`select id, kind from search_documents, to_tsquery(${searchConfigOf(locale)}::regconfig, ${tsquery}) q
          where locale = ${locale} and kind <> 'product' and document @@ q order by kind, ref_id`,
    );
    return rows.map((row) => ({ id: Number(row.id), kind: row.kind }));
  }

  it('finds exactly the documents the database finds', async () => {
    const found = { category: 0, page: 0, post: 0 };
    for (const [locale, query] of queries) {
      const typed = await correctSpelling(database.db, locale, queryWords(query));
      const expected = await databaseAnswer(locale, typed);
      expect(await matchOtherDocuments(database.db, locale, typed), `${locale} ${query}`).toEqual(expected.map(({ id }) => id));
      for (const { kind } of expected) found[kind]++;
    }
    // Not a comparison of empty lists: many of these searches find pages, posts and categories.
    expect(Math.min(found.category, found.page, found.post)).toBeGreaterThan(20);
  });

  it('follows a changed page once the search documents tell of it', async () => {
    const { db } = database;
    const stopListening = await invalidateCachesOnStorefrontChanges(database, storefrontPageCache());
    try {
      // A word no document has, and none like it the spelling correction would turn it into.
      const query = 'zebrafinchknot';
      expect((await searchCatalogue(db, 'en-US', query)).hits).toEqual([]);
      const [page] = await db
        .select({ id: contentPageTranslations.pageId, title: contentPageTranslations.title })
        .from(contentPageTranslations)
        .where(and(eq(contentPageTranslations.locale, 'en-US'), eq(contentPageTranslations.published, true)))
        .limit(1);
      await db
        .update(contentPageTranslations)
        .set({ bodyHtml: '<p>How to tie a zebrafinchknot.</p>' })
        .where(and(eq(contentPageTranslations.pageId, page!.id), eq(contentPageTranslations.locale, 'en-US')));
      await refreshPageSearchDocuments(db, [page!.id]);
      await vi.waitFor(
        async () =>
          expect((await searchCatalogue(db, 'en-US', query)).hits.map(({ kind, refId }) => ({ kind, refId }))).toEqual([{ kind: 'page', refId: page!.id }]),
        { timeout: 20_000, interval: 100 },
      );
    } finally {
      await stopListening();
    }
  });
});
