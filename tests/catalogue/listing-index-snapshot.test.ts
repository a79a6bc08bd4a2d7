import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { queryRows } from '#app/db/client.server.ts';
import { attributeTranslations, products, productTranslations, productVariants } from '#app/db/schema.ts';
import {
  buildListingIndex,
  getListingIndex,
  indexedProductsById,
  invalidateListingIndex,
  type IndexedProduct,
  type ListingIndex,
} from '#app/modules/catalogue/listing-index.server.ts';
import { currentDatabaseSnapshot, readListingIndexSnapshot, writeListingIndexSnapshot } from '#app/modules/catalogue/listing-index-snapshot.server.ts';
import { createDemoDatabase, type TestDatabase, testDrivers } from '../support/database.ts';
import { createProduct } from '../support/factories.ts';

/** Issue 18 / decision 0039: a process starts from the listing index's snapshot and the changes since, not a build of minutes. */
describe.each(testDrivers)('listing index snapshot on %s', (driver) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createDemoDatabase(driver, 0.1);
  }, 120_000);
  afterAll(() => database?.destroy());

  const withoutTimes = (index: Omit<ListingIndex, 'builtAt' | 'textsKey'>) => ({
    products: index.products,
    facets: index.facets,
    categories: index.categories,
  });
  /** A whole build written as the snapshot, with the name of one product in it changed (what only the snapshot says). */
  const snapshotMarking = async (marked: number) => {
    const databaseSnapshot = await currentDatabaseSnapshot(database.db);
    const built = await buildListingIndex(database.db);
    const products = built.products.map((product) =>
      product.id === marked ? { ...product, names: { ...product.names, 'en-GB': 'Only in the snapshot' } } : product,
    );
    expect(await writeListingIndexSnapshot(database.db, { ...built, products }, databaseSnapshot)).toBeGreaterThan(0);
  };
  /** What a process starting now serves first. */
  const started = async () => {
    invalidateListingIndex(database.db);
    return getListingIndex(database.db);
  };

  it('round trip: the snapshot read back is the index a whole build gives', async () => {
    const databaseSnapshot = await currentDatabaseSnapshot(database.db);
    const built = await buildListingIndex(database.db);
    expect(await writeListingIndexSnapshot(database.db, built, databaseSnapshot)).toBeGreaterThan(0);
    // Another process's snapshot of the same moment is not written again.
    expect(await writeListingIndexSnapshot(database.db, built, databaseSnapshot)).toBeNull();
    const read = await readListingIndexSnapshot(database.db);
    expect(read?.changedSince).toEqual([]);
    expect(withoutTimes(read!.index)).toEqual(withoutTimes(built));

    // Loaded, it keeps one copy of what products have alike, as a build does (decision 0031).
    const loaded = await started();
    expect(withoutTimes(loaded)).toEqual(withoutTimes(built));
    const distinct = (part: (product: IndexedProduct) => unknown, index: ListingIndex) => new Set(index.products.map(part)).size;
    for (const part of [
      (p: IndexedProduct) => p.categoryIds,
      (p: IndexedProduct) => p.options,
      (p: IndexedProduct) => p.numbers,
      (p: IndexedProduct) => p.colourHexes,
    ])
      expect(distinct(part, loaded)).toBe(distinct(part, built));
  });

  it('starts with the changes made while no process ran: a rename, a new, a deleted product and a price', async () => {
    const before = await buildListingIndex(database.db);
    const [untouched, renamed, deleted] = [before.products[3]!, before.products[5]!, before.products[7]!];
    const priced = before.products.find((product) => product.onlyVariantId !== null && ![untouched.id, renamed.id, deleted.id].includes(product.id))!;
    await snapshotMarking(untouched.id);

    await database.db
      .update(productTranslations)
      .set({ name: 'Renamed while down' })
      .where(sql`${productTranslations.productId} = ${renamed.id} and ${productTranslations.locale} = 'en-GB'`);
    const created = await createProduct(database.db, { name: 'Made while down' });
    await database.db.delete(products).where(eq(products.id, deleted.id));
    await database.db.update(productVariants).set({ priceCents: 12_345 }).where(eq(productVariants.id, priced.onlyVariantId!));

    const index = await started();
    const byId = indexedProductsById(index);
    // Started from the snapshot (the product only it names so)…
    expect(byId.get(untouched.id)?.names['en-GB']).toBe('Only in the snapshot');
    // …with exactly the changes since read again.
    expect(byId.get(renamed.id)?.names['en-GB']).toBe('Renamed while down');
    expect(byId.get(created.id)?.names['en-GB']).toBe('Made while down');
    expect(byId.has(deleted.id)).toBe(false);
    expect(byId.get(priced.id)?.minPriceCents).toBe(12_345);
    const built = await buildListingIndex(database.db);
    const marked = (list: IndexedProduct[]) => list.filter((product) => product.id !== untouched.id);
    expect(marked(index.products)).toEqual(marked(built.products));
    expect(index.products.map((product) => product.id)).toEqual(built.products.map((product) => product.id));
  });

  it('serves the snapshot at start after a change of what products share, and a whole build once it is made', async () => {
    const [untouched] = (await buildListingIndex(database.db)).products;
    await snapshotMarking(untouched!.id);
    const [label] = await database.db.select().from(attributeTranslations).limit(1);
    await database.db
      .update(attributeTranslations)
      .set({ label: `${label!.label} (new)` })
      .where(sql`${attributeTranslations.attributeId} = ${label!.attributeId} and ${attributeTranslations.locale} = ${label!.locale}`);

    const first = await started();
    expect(indexedProductsById(first).get(untouched!.id)?.names['en-GB']).toBe('Only in the snapshot');
    await expect
      .poll(async () => indexedProductsById(await getListingIndex(database.db)).get(untouched!.id)?.names['en-GB'], { timeout: 30_000 })
      .not.toBe('Only in the snapshot');
    const rebuilt = await getListingIndex(database.db);
    expect(rebuilt.facets.flatMap((facet) => Object.values(facet.labels))).toContain(`${label!.label} (new)`);
    expect(withoutTimes(rebuilt)).toEqual(withoutTimes(await buildListingIndex(database.db)));
    // The whole build is the next process's snapshot.
    await expect
      .poll(async () => indexedProductsById((await readListingIndexSnapshot(database.db))!.index as ListingIndex).get(untouched!.id)?.names['en-GB'], {
        timeout: 30_000,
      })
      .not.toBe('Only in the snapshot');
  });

  it('builds the whole index when there is no snapshot, and writes one for the next process', async () => {
    await database.db.execute(sql`delete from listing_index_snapshots`);
    expect(await readListingIndexSnapshot(database.db)).toBeNull();
    // Changes logged two hours ago, and one now.
    await database.db.execute(sql`update storefront_change_log set logged_at = now() - interval '2 hours'`);
    const [recent] = await database.db.select().from(products).limit(1);
    await database.db
      .update(products)
      .set({ position: recent!.position + 1 })
      .where(eq(products.id, recent!.id));
    const index = await started();
    expect(withoutTimes(index)).toEqual(withoutTimes(await buildListingIndex(database.db)));
    await expect.poll(async () => (await readListingIndexSnapshot(database.db)) !== null, { timeout: 30_000 }).toBe(true);
    // The change log keeps what the snapshot kept has not seen, and for an hour what running processes may not have.
    const logged = await queryRows<{ products: string }>(database.db, sql`select products from storefront_change_log`);
    expect(logged).toEqual([{ products: String(recent!.id) }]);
  });
});
