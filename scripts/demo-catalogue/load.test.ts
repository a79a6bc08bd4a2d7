import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, inArray, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '#app/db/schema.ts';
import { countCordsAndDesigns, getHomeOverview } from '#app/modules/catalogue/home.server.ts';
import { buildListingIndex } from '#app/modules/catalogue/listing-index.server.ts';
import { createTestDatabase, type TestDatabase, testDrivers } from '../../tests/support/database.ts';
import { planCatalogue } from './catalogue-plan.ts';
import { catalogueIsEmpty, copyCords, loadDemoCatalogue } from './load.ts';
import { cordTypes } from './product-types.ts';

// A tenth of the catalogue keeps the test quick; the plan test checks the full-size figures.
const scale = 0.1;

describe.each(testDrivers)('loading the demo catalogue on %s', (driver) => {
  let database: TestDatabase;
  let mediaDir: string;
  const plan = planCatalogue({ scale });

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    mediaDir = mkdtempSync(join(tmpdir(), 'cordial-media-'));
    expect(await catalogueIsEmpty(database.db)).toBe(true);
    await loadDemoCatalogue(database.db, { mediaDir, scale });
  });
  afterAll(() => database?.destroy());

  it('stores every product, variant, price tier and translation of the plan', async () => {
    const { db } = database;
    expect(await catalogueIsEmpty(db)).toBe(false);
    expect(await db.$count(schema.products)).toBe(plan.products.length);
    const variants = plan.products.flatMap((p) => p.variants);
    expect(await db.$count(schema.productVariants)).toBe(variants.length);
    expect(await db.$count(schema.priceTiers)).toBe(variants.length * 3);
    expect(await db.$count(schema.productTranslations)).toBe(plan.products.length * 11);
    expect(await db.$count(schema.categoryTranslations)).toBe(plan.categories.length * 11);
    expect(await db.$count(schema.productReviews)).toBe(plan.products.reduce((n, p) => n + p.reviews.length, 0));
  });

  it('stores localised names and URL keys that lead back to the product', async () => {
    const [german] = await database.db
      .select({ sku: schema.products.sku, name: schema.productTranslations.name })
      .from(schema.productTranslations)
      .innerJoin(schema.products, eq(schema.products.id, schema.productTranslations.productId))
      .where(and(eq(schema.productTranslations.locale, 'de-DE'), eq(schema.productTranslations.urlKey, plan.products[0]!.texts['de-DE'].urlKey)));
    expect(german).toEqual({ sku: plan.products[0]!.sku, name: plan.products[0]!.texts['de-DE'].name });
  });

  it('draws a picture for every colour, pattern and accessory it uses', () => {
    const files = readdirSync(mediaDir, { recursive: true }).filter((f) => String(f).endsWith('.svg'));
    expect(files.length).toBe(plan.images.size);
  });

  it('feeds the home page with categories, products and claims counted from the data', async () => {
    const overview = await getHomeOverview(database.db, await buildListingIndex(database.db), 'fr-FR');
    // Spec §2's home links: BioThane through its own page, other cord only in the menu.
    expect(overview.categories.map((c) => c.urlPath)).toContain('webbing-biothane/biothane');
    expect(overview.categories.map((c) => c.urlPath)).not.toContain('autre-corde');
    expect(overview.recommended).toHaveLength(8);
    expect(new Set(overview.recommended.map((p) => p.sku.split('-')[0])).size).toBe(8);
    expect(overview.recommended[0]?.priceFromCents).toBeGreaterThan(0);
    for (const quote of overview.quotes) expect(quote.product).toBeTruthy();
    const claims = await countCordsAndDesigns(database.db);
    expect(claims.cordsAndRopes).toBe(plan.products.filter((p) => p.isCordOrRope).length);
    expect(claims.designs).toBeGreaterThan(100);
  });
});

describe.each(testDrivers)('copying the cords for a larger catalogue on %s', (driver) => {
  let database: TestDatabase;
  const plan = planCatalogue({ scale });
  const cords = plan.products.filter((p) => cordTypes.some((type) => type.code === p.productType));
  const cord = cords[0]!;
  const newArrivals = () =>
    database.db.$count(
      schema.productCategories,
      inArray(
        schema.productCategories.categoryId,
        database.db.select({ id: schema.categories.id }).from(schema.categories).where(eq(schema.categories.code, 'new-arrivals')),
      ),
    );

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    await loadDemoCatalogue(database.db, { mediaDir: mkdtempSync(join(tmpdir(), 'cordial-media-')), scale });
    const before = await newArrivals();
    await database.db.transaction((tx) => copyCords(tx, 3, plan.products.length));
    expect(await newArrivals()).toEqual(before);
  });
  afterAll(() => database?.destroy());

  it('adds two copies of every cord with its variants, prices, texts, pictures and reviews; accessories stay single', async () => {
    const { db } = database;
    const variants = plan.products.reduce((n, p) => n + p.variants.length, 0) + 2 * cords.reduce((n, p) => n + p.variants.length, 0);
    expect(await db.$count(schema.products)).toBe(plan.products.length + 2 * cords.length);
    expect(await db.$count(schema.productTranslations)).toBe((plan.products.length + 2 * cords.length) * 11);
    expect(await db.$count(schema.productVariants)).toBe(variants);
    expect(await db.$count(schema.priceTiers)).toBe(variants * 3);
    expect(await db.$count(schema.variantOptionValues)).toBe(variants);
    expect(await db.$count(schema.productImages)).toBe(plan.products.reduce((n, p) => n + p.imagePaths.length, 0) + 2 * cords.length * 2);
    expect(await db.$count(schema.productReviews)).toBe(
      plan.products.reduce((n, p) => n + p.reviews.length, 0) + 2 * cords.reduce((n, p) => n + p.reviews.length, 0),
    );
  });

  it('tells a copy apart by its SKU, name and URL key', async () => {
    const [copy] = await database.db
      .select({ id: schema.products.id, name: schema.productTranslations.name, urlKey: schema.productTranslations.urlKey })
      .from(schema.products)
      .innerJoin(schema.productTranslations, and(eq(schema.productTranslations.productId, schema.products.id), eq(schema.productTranslations.locale, 'de-DE')))
      .where(eq(schema.products.sku, `${cord.sku}-C3`));
    expect(copy).toMatchObject({ name: `${cord.texts['de-DE'].name} #3`, urlKey: `${cord.texts['de-DE'].urlKey}-3` });
    const variantSkus = await database.db
      .select({ sku: schema.productVariants.sku })
      .from(schema.productVariants)
      .where(eq(schema.productVariants.productId, copy!.id));
    expect(variantSkus.map((v) => v.sku).sort()).toEqual(cord.variants.map((v) => v.sku.replace(cord.sku, `${cord.sku}-C3`)).sort());
  });

  it('relates a copy to the same accessories and to cords of its own copy', async () => {
    const { db } = database;
    const copies = await db.select({ id: schema.products.id }).from(schema.products).where(like(schema.products.sku, '%-C3'));
    const related = await db
      .select({ sku: schema.products.sku })
      .from(schema.relatedProducts)
      .innerJoin(schema.products, eq(schema.products.id, schema.relatedProducts.relatedProductId))
      .where(
        inArray(
          schema.relatedProducts.productId,
          copies.map((c) => c.id),
        ),
      );
    const cordSkus = new Set(cords.map((p) => p.sku));
    expect(related.length).toBe(plan.related.filter((r) => cordSkus.has(r.sku)).length);
    for (const { sku } of related) expect(cordSkus.has(sku.replace(/-C3$/, '')) ? sku.endsWith('-C3') : !/-C\d+$/.test(sku)).toBe(true);
  });

  it('leaves the id sequences after the copies', async () => {
    const [added] = await database.db
      .insert(schema.products)
      .values({ sku: 'AFTER-COPIES', kind: 'simple', productType: cord.productType })
      .returning({ id: schema.products.id });
    const [highest] = await database.db.select({ id: sql<number>`max(id)` }).from(schema.productVariants);
    const [variant] = await database.db
      .insert(schema.productVariants)
      .values({ productId: added!.id, sku: 'AFTER-COPIES-1', priceCents: 100 })
      .returning({ id: schema.productVariants.id });
    expect(variant!.id).toBeGreaterThan(Number(highest!.id));
  });
});
