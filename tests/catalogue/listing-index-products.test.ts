import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { products, productTranslations, productVariants } from '#app/db/schema.ts';
import {
  buildListingIndex,
  changesListingIndex,
  getListingIndex,
  indexedProductsById,
  type ListingIndex,
  refreshListingIndex,
} from '#app/modules/catalogue/listing-index.server.ts';
import { invalidateCachesOnStorefrontChanges, listingIndexChangeOf } from '#app/modules/catalogue/storefront-changes.server.ts';
import type { Unlisten } from '#app/db/notifications.server.ts';
import { storefrontPageCache } from '../../server/storefront-page-cache.ts';
import { createDemoDatabase, type TestDatabase, testDrivers } from '../support/database.ts';
import { createProduct } from '../support/factories.ts';

/** Issue 18 / decision 0033: a change names its products, and the listing index reads only those again. */
describe.each(testDrivers)('listing index after a change of some products on %s', (driver) => {
  let database: TestDatabase;
  let stopFollowing: Unlisten | undefined;
  const payloads: string[] = [];
  let unlistenPayloads: Unlisten | undefined;

  beforeAll(async () => {
    database = await createDemoDatabase(driver, 0.1);
    await getListingIndex(database.db);
    stopFollowing = await invalidateCachesOnStorefrontChanges(database, storefrontPageCache());
    unlistenPayloads = await database.listen('storefront_change', (payload) => payloads.push(payload));
  }, 120_000);
  afterAll(async () => {
    await unlistenPayloads?.();
    await stopFollowing?.();
    await database?.destroy();
  });

  /** Notifications reach PostgreSQL listeners a moment after the commit, and the index follows. */
  const eventually = async (check: () => boolean | Promise<boolean>) => {
    for (let attempt = 0; attempt < 100 && !(await check()); attempt++) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await check()).toBe(true);
  };
  const payloadsOf = async (change: () => Promise<unknown>) => {
    payloads.length = 0;
    await change();
    await eventually(() => payloads.length > 0);
    await new Promise((resolve) => setTimeout(resolve, 100));
    return [...payloads];
  };
  /** The index after the change, once it is served; the old index's other products are kept as they were. */
  const indexAfter = async (old: ListingIndex, changed: (index: ListingIndex) => boolean) => {
    await eventually(async () => changed(await getListingIndex(database.db)));
    const fresh = await getListingIndex(database.db);
    expect(fresh.builtAt).toBe(old.builtAt);
    const before = indexedProductsById(old);
    const kept = fresh.products.filter((product) => before.get(product.id) === product).length;
    expect(kept).toBeGreaterThanOrEqual(fresh.products.length - 1);
    // The same as a whole build would have made.
    expect({ ...fresh, builtAt: 0, textsKey: null }).toEqual({ ...(await buildListingIndex(database.db)), builtAt: 0, textsKey: null });
    return fresh;
  };
  const anyProduct = async (index: number) => (await getListingIndex(database.db)).products[index]!;

  it('reads again the product whose name changed, and search words are made again', async () => {
    const old = await getListingIndex(database.db);
    const product = await anyProduct(5);
    const told = await payloadsOf(() =>
      database.db
        .update(productTranslations)
        .set({ name: 'Renamed Zebra Cord' })
        .where(sql`${productTranslations.productId} = ${product.id} and ${productTranslations.locale} = 'en-GB'`),
    );
    expect(told).toEqual([`product_translations;${product.id}`]);
    const fresh = await indexAfter(old, (index) => indexedProductsById(index).get(product.id)?.names['en-GB'] === 'Renamed Zebra Cord');
    expect(fresh.textsKey).not.toBe(old.textsKey);
  });

  it('reads again the product whose price changed, and keeps the texts (search keeps its words)', async () => {
    const old = await getListingIndex(database.db);
    const product = old.products.find((candidate) => candidate.onlyVariantId !== null)!;
    const told = await payloadsOf(() =>
      database.db
        .update(productVariants)
        .set({ priceCents: product.minPriceCents + 7 })
        .where(eq(productVariants.id, product.onlyVariantId!)),
    );
    expect(told).toEqual([`product_variants;${product.id}`]);
    const fresh = await indexAfter(old, (index) => indexedProductsById(index).get(product.id)?.minPriceCents === product.minPriceCents + 7);
    expect(fresh.textsKey).toBe(old.textsKey);
  });

  it('adds a new product, and takes out a deactivated and a deleted one', async () => {
    let old = await getListingIndex(database.db);
    const created = await createProduct(database.db, { name: 'Brand new cord' });
    let fresh = await indexAfter(old, (index) => indexedProductsById(index).get(created.id)?.minPriceCents === created.variants[0]!.priceCents);
    expect(indexedProductsById(fresh).get(created.id)?.names['de-DE']).toBe('Brand new cord');
    expect(fresh.textsKey).not.toBe(old.textsKey);

    old = fresh;
    const deactivated = await anyProduct(3);
    const told = await payloadsOf(() => database.db.update(products).set({ isActive: false }).where(eq(products.id, deactivated.id)));
    expect(told).toEqual([`products;${deactivated.id}`]);
    fresh = await indexAfter(old, (index) => !indexedProductsById(index).has(deactivated.id));
    expect(fresh.products).toHaveLength(old.products.length - 1);

    old = fresh;
    await database.db.delete(products).where(eq(products.id, created.id));
    fresh = await indexAfter(old, (index) => !indexedProductsById(index).has(created.id));
    expect(fresh.products).toHaveLength(old.products.length - 1);
  });

  it('tells a product changed in several tables in one transaction once', async () => {
    const product = await anyProduct(8);
    const told = await payloadsOf(() =>
      database.db.transaction(async (tx) => {
        await tx.update(products).set({ position: product.position }).where(eq(products.id, product.id));
        await tx
          .update(productTranslations)
          .set({ name: sql`name` })
          .where(eq(productTranslations.productId, product.id));
      }),
    );
    expect(told).toEqual([`products;${product.id}`]);
  });

  it('names every product a statement changed, and all of them ("*") past 4,000 characters', async () => {
    const three = (await getListingIndex(database.db)).products.slice(10, 13).map((product) => product.id);
    const told = await payloadsOf(() =>
      database.db
        .update(products)
        .set({ hasSample: sql`has_sample` })
        .where(sql`${products.id} = any(${`{${three.join(',')}}`}::int[])`),
    );
    expect(told).toHaveLength(1);
    const [table, ids] = told[0]!.split(';');
    expect(table).toBe('products');
    expect(ids!.split(',').map(Number).sort()).toEqual(three.toSorted());

    // 700 products of 8-digit ids: 5,600 characters.
    const many = await payloadsOf(() =>
      database.db.execute(
        sql`insert into products (id, sku, kind, product_type, is_active) select g, 'BULK-' || g, 'simple', 'paracord', false from generate_series(10000001, 10000700) g`,
      ),
    );
    expect(many).toEqual(['products;*']);
    expect(listingIndexChangeOf(many[0]!)).toMatchObject({ whole: true });
    const deletedAt = Date.now();
    await payloadsOf(() => database.db.execute(sql`delete from products where id > 10000000`));
    // Read as a change of everything: a whole build after it.
    await eventually(async () => (await getListingIndex(database.db)).builtAt >= deletedAt);
    // And any build still under way.
    await refreshListingIndex(database.db, {});
  });

  it('leaves the index as it is after a change of a table it does not read', async () => {
    const old = await getListingIndex(database.db);
    const told = await payloadsOf(() =>
      database.db.execute(sql`update category_translations set name = name where category_id = (select min(category_id) from category_translations)`),
    );
    expect(told).toEqual(['category_translations']);
    expect(changesListingIndex(listingIndexChangeOf(told[0]!))).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await getListingIndex(database.db)).toBe(old);
  });
});
