/**
 * The hourly search refresh (rebuildSearchIndex) in slices (issue 18, decision 0034): it writes
 * only the documents that differ, catches up with changes made behind the admin's back, and lets
 * the event loop run between its slices.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#app/db/client.server.ts';
import { products, productTranslations } from '#app/db/schema.ts';
import { rebuildSearchIndex } from '#app/modules/search/search-index.server.ts';
import { searchCatalogue } from '#app/modules/search/search.server.ts';
import { createDemoDatabase, type TestDatabase, testDrivers } from '../support/database.ts';
import { countTurns } from '../support/event-loop-turns.ts';

describe.each(testDrivers)('the search refresh on %s', (driver) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createDemoDatabase(driver, 0.05);
  });
  afterAll(() => database?.destroy());

  /** Each document's version by its key: a row written again gets a new xmin. */
  const documentVersions = async () =>
    new Map(
      (
        await queryRows<{ key: string; version: string }>(
          database.db,
          sql`select locale || ' ' || kind || ' ' || ref_id as key, xmin::text as version from search_documents`,
        )
      ).map(({ key, version }) => [key, version]),
    );

  it('writes only the documents that differ, slice by slice, and finds a changed name afterwards', async () => {
    expect((await rebuildSearchIndex(database.db, { productsPerSlice: 40, restMs: 1 })).written).toBe(0);
    const ids = (await database.db.select({ id: products.id }).from(products).orderBy(products.id)).map((row) => row.id);
    expect(ids.length).toBeGreaterThan(120);
    // Three products in three different slices: one renamed, one taken off the shop, one whose document was lost.
    const [renamed, inactive, lost] = [ids[3]!, ids[60]!, ids.at(-1)!];
    await database.db
      .update(productTranslations)
      .set({ name: 'Zebrafinch Hammock Line' })
      .where(and(eq(productTranslations.productId, renamed), eq(productTranslations.locale, 'en-US')));
    await database.db.update(products).set({ isActive: false }).where(eq(products.id, inactive));
    await database.db.execute(sql`delete from search_documents where kind = 'product' and ref_id = ${lost} and locale = 'de-DE'`);
    const before = await documentVersions();

    const stop = countTurns();
    const slices = Math.ceil(ids.length / 40);
    const { written } = await rebuildSearchIndex(database.db, { productsPerSlice: 40, restMs: 1 });
    // A turn for others at least after every slice of products.
    expect(stop()).toBeGreaterThanOrEqual(slices);

    const after = await documentVersions();
    const rewritten = [...after].filter(([key, version]) => before.get(key) !== version).map(([key]) => key);
    const gone = [...before.keys()].filter((key) => !after.has(key));
    expect(rewritten.toSorted()).toEqual([`de-DE product ${lost}`, `en-US product ${renamed}`].toSorted());
    expect(gone.length).toBeGreaterThan(0);
    expect(gone.every((key) => key.endsWith(` product ${inactive}`))).toBe(true);
    // The two documents, those of the product taken off, and lexicon words ("zebrafinch", "hammock") whose counts moved.
    expect(written).toBeGreaterThan(2 + gone.length);

    const [word] = await queryRows<{ documents: number }>(
      database.db,
      sql`select documents from search_lexicon where locale = 'en-US' and word = 'zebrafinch'`,
    );
    expect(Number(word?.documents)).toBe(1);
    const found = await searchCatalogue(database.db, 'en-US', 'zebrafinch');
    expect(found.hits.map((hit) => `${hit.kind} ${hit.refId} ${hit.title}`)).toContain(`product ${renamed} Zebrafinch Hammock Line`);

    // Nothing left to write: a second refresh writes nothing.
    expect((await rebuildSearchIndex(database.db, { productsPerSlice: 40, restMs: 1 })).written).toBe(0);
    expect(await documentVersions()).toEqual(after);
  });
});
