import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '#app/db/schema.ts';
import { countCordsAndDesigns, getHomeOverview } from '#app/modules/catalogue/home.server.ts';
import { buildListingIndex } from '#app/modules/catalogue/listing-index.server.ts';
import { createTestDatabase, type TestDatabase, testDrivers } from '../../tests/support/database.ts';
import { planCatalogue } from './catalogue-plan.ts';
import { catalogueIsEmpty, loadDemoCatalogue } from './load.ts';

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
