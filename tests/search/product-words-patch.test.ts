/**
 * The product words follow a patch of the listing index (issue 18, decision 0035): after some
 * products changed, each store's words are patched from those made before — the other products
 * keep theirs — and answer exactly what words built whole from the same index answer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { queryRows } from '#app/db/client.server.ts';
import { products, productTranslations } from '#app/db/schema.ts';
import {
  getListingIndex,
  type ListingIndex,
  type ListingIndexChange,
  listingIndexFollowsChanges,
  refreshListingIndex,
  wholeCatalogue,
} from '#app/modules/catalogue/listing-index.server.ts';
import type { LocaleCode } from '#app/modules/i18n/locales.ts';
import { forgetProductWords, productWords } from '#app/modules/search/product-words.server.ts';
import { createDemoDatabase, type TestDatabase, testDrivers } from '../support/database.ts';
import { createProduct } from '../support/factories.ts';
import { productWordQueries, productWordResults } from './product-words-queries.ts';

const stores: LocaleCode[] = ['en-US', 'de-DE'];

describe.each(testDrivers)('product words after a change of some products on %s', (driver) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createDemoDatabase(driver, 0.05);
    // No rebuild of the whole index a minute after it was built, in the middle of a test.
    listingIndexFollowsChanges(database.db, true);
  }, 120_000);
  afterAll(async () => {
    listingIndexFollowsChanges(database.db, false);
    await database?.destroy();
  });

  /** What the fixed searches of both stores find in the index's words. */
  const answers = async (index: ListingIndex) => {
    const found: Record<string, unknown> = {};
    for (const locale of stores) {
      for (const query of productWordQueries[locale] ?? []) found[`${locale} ${query}`] = await productWordResults(database.db, index, locale, query);
    }
    return found;
  };
  const wordsOfStores = async (index: ListingIndex) =>
    Object.fromEntries(await Promise.all(stores.map(async (locale) => [locale, await productWords(database.db, index, locale)] as const)));

  /**
   * The stores' words before and after `change` (it answers what the listing index reads again:
   * the products changed, as their notification names them), once checked against words built whole from the same index, searches and all.
   */
  const wordsAround = async (change: () => Promise<ListingIndexChange>) => {
    // The words this process made last (a new texts key asks for them: after an earlier call, those of the whole build below).
    const before = await wordsOfStores({ ...(await getListingIndex(database.db)), textsKey: {} });
    await refreshListingIndex(database.db, await change());
    const index = await getListingIndex(database.db);
    const after = await wordsOfStores(index);
    const found = await answers(index);

    forgetProductWords(database.db);
    const whole = { ...index, textsKey: {} };
    for (const locale of stores) expect(after[locale], locale).toStrictEqual(await productWords(database.db, whole, locale));
    expect(found).toStrictEqual(await answers(whole));
    return { before, after, found };
  };
  const anyProduct = async (at: number) => (await getListingIndex(database.db)).products[at]!;

  it('patches the words of a renamed product: the store keeps its other words, another store all of them', async () => {
    const product = await anyProduct(4);
    const { before, after, found } = await wordsAround(async () => {
      await database.db
        .update(productTranslations)
        .set({ name: 'Zebrafinch Hammock Line' })
        .where(and(eq(productTranslations.productId, product.id), eq(productTranslations.locale, 'en-US')));
      return { products: [product.id] };
    });
    const [enBefore, enAfter, deBefore, deAfter] = [before['en-US']!, after['en-US']!, before['de-DE']!, after['de-DE']!];
    // Words built again would be new arrays; patched, the SKU and attribute words stay as they were.
    expect(enAfter.folded).not.toBe(enBefore.folded);
    expect(enAfter.keywords).toBe(enBefore.keywords);
    expect(enAfter.positionsById).toBe(enBefore.positionsById);
    for (const list of ['folded', 'nameStems', 'keywords', 'positionsById'] as const) expect(deAfter[list], list).toBe(deBefore[list]);
    expect(enAfter.folded.words).toContain('zebrafinch');
    expect((await productWordResults(database.db, await getListingIndex(database.db), 'en-US', 'zebrafinch')).matchProducts).toEqual([product.id]);
    // Searches that find something, so the comparison is not of empty lists.
    expect(Object.values(found).filter((result) => (result as { matchProducts: number[] }).matchProducts.length > 0).length).toBeGreaterThan(10);
  });

  it('patches the words of a new, a moved, a deactivated and a deleted product', async () => {
    const created = await createProduct(database.db, { name: 'Quokkastrap Deluxe' });
    const { after: withNew } = await wordsAround(async () => ({ products: [created.id] }));
    expect(withNew['en-US']!.products.map((product) => product.id)).toContain(created.id);
    expect(withNew['en-US']!.folded.words).toContain('quokkastrap');

    const moved = await anyProduct(2);
    await wordsAround(async () => {
      await database.db.update(products).set({ position: 1_000_000 }).where(eq(products.id, moved.id));
      return { products: [moved.id] };
    });
    const deactivated = await anyProduct(7);
    const { after: without } = await wordsAround(async () => {
      await database.db.update(products).set({ isActive: false }).where(eq(products.id, deactivated.id));
      return { products: [deactivated.id] };
    });
    expect(without['de-DE']!.products.map((product) => product.id)).not.toContain(deactivated.id);
    const { after: gone } = await wordsAround(async () => {
      await database.db.delete(products).where(eq(products.id, created.id));
      return { products: [created.id] };
    });
    expect(gone['en-US']!.folded.words).not.toContain('quokkastrap');
  });

  it('patches the attribute words of a product whose option changed', async () => {
    const [value] = await queryRows<{ id: number; product_id: number; other: number }>(
      database.db,
      sql`select v.id, v.product_id, o.id as other
          from product_attribute_values v
          join attributes a on a.id = v.attribute_id and a.is_filterable
          join products p on p.id = v.product_id and p.is_active
          join attribute_options o on o.attribute_id = v.attribute_id and o.id <> v.option_id
          order by v.id, o.id limit 1`,
    );
    expect(value).toBeDefined();
    const { before, after } = await wordsAround(async () => {
      await database.db.execute(sql`update product_attribute_values set option_id = ${value!.other} where id = ${value!.id}`);
      return { products: [Number(value!.product_id)] };
    });
    expect(after['en-US']!.folded).toBe(before['en-US']!.folded);
    expect(after['en-US']!.keywords).not.toBe(before['en-US']!.keywords);
  });

  it('keeps the words through a whole build of the index, and builds them again when an option label changed', async () => {
    const { before, after } = await wordsAround(async () => wholeCatalogue);
    for (const locale of stores) {
      for (const list of ['folded', 'nameStems', 'keywords', 'positionsById'] as const)
        expect(after[locale]![list], `${locale} ${list}`).toBe(before[locale]![list]);
    }

    const [option] = await queryRows<{ option_id: number }>(
      database.db,
      sql`select t.option_id from attribute_option_translations t
          join attribute_options o on o.id = t.option_id join attributes a on a.id = o.attribute_id and a.is_filterable
          where t.locale = 'en-US' and exists (select from product_attribute_values v where v.option_id = t.option_id)
          order by t.option_id limit 1`,
    );
    const relabelled = await wordsAround(async () => {
      await database.db.execute(sql`update attribute_option_translations set label = 'Wombatgrey' where option_id = ${option!.option_id} and locale = 'en-US'`);
      return wholeCatalogue;
    });
    expect(relabelled.after['en-US']!.keywords.words).toContain('wombatgrey');
    expect(relabelled.after['en-US']!.keywords).not.toBe(relabelled.before['en-US']!.keywords);
    // The label of another store: its words stay.
    expect(relabelled.after['de-DE']!.keywords).toBe(relabelled.before['de-DE']!.keywords);
  });
});
