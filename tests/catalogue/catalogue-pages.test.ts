import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentPages, contentPageTranslations, productReviews, productVariants, stockAlertSubscriptions, urlRedirects } from '#app/db/schema.ts';
import { getCategoryPage } from '#app/modules/catalogue/category-page.server.ts';
import { buildListingIndex, type ListingIndex } from '#app/modules/catalogue/listing-index.server.ts';
import { getProductPage } from '#app/modules/catalogue/product-page.server.ts';
import { resolveCataloguePath } from '#app/modules/catalogue/resolve-path.server.ts';
import { getContentPage } from '#app/modules/content/content-page.server.ts';
import { stockAlertIntent, stockAlertRefusal, subscribeToStockAlert } from '#app/modules/engagement/stock-alerts.server.ts';
import { parseIntent } from '#app/lib/forms/field-errors.ts';
import type { PriceDisplay } from '#app/modules/pricing/price-display.ts';
import { createDemoDatabase, createTestDatabase, type TestDatabase, testDrivers } from '../support/database.ts';

const euros: PriceDisplay = { locale: 'de-DE', currency: 'EUR', minorUnits: 2, rate: '1', vatRateBp: 1900, includeVat: false };
const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};

describe.each(testDrivers)('catalogue pages on %s', (driver) => {
  let database: TestDatabase;
  let index: ListingIndex;
  beforeAll(async () => {
    database = await createDemoDatabase(driver, 0.1);
    index = await buildListingIndex(database.db);
  });
  afterAll(() => database?.destroy());

  it('resolves localised category paths, product URL keys and stored redirects', async () => {
    const { db } = database;
    expect(await resolveCataloguePath(db, 'de-DE', 'anderes-seil/kletterseile-pro-meter')).toMatchObject({
      type: 'CATEGORY',
      relativeUrl: '/de-de/anderes-seil/kletterseile-pro-meter',
    });
    expect(await resolveCataloguePath(db, 'en-US', 'climbing-rope-per-meter')).toMatchObject({ type: 'CATEGORY' });
    const key = index.products[0]!.urlKeys['fr-FR']!;
    expect(await resolveCataloguePath(db, 'fr-FR', key)).toMatchObject({ type: 'PRODUCT', sku: index.products[0]!.sku });
    expect(await resolveCataloguePath(db, 'de-DE', 'gibt-es-nicht')).toBeNull();
    await db.insert(urlRedirects).values({ locale: 'nl-NL', fromPath: 'oud-touw', toPath: 'overig-touw', statusCode: 301 });
    expect(await resolveCataloguePath(db, 'nl-NL', 'oud-touw')).toEqual({ type: 'REDIRECT', redirectCode: 301, relativeUrl: '/nl-nl/overig-touw' });
  });

  it('lists a category with facets, filters and the same page in every locale', async () => {
    const category = await resolveCataloguePath(database.db, 'de-DE', 'paracord');
    if (category?.type !== 'CATEGORY') throw new Error('no paracord category');
    const page = await getCategoryPage(database.db, index, category.id, new URLSearchParams('color=black&sort=price_asc'), 'de-DE', euros);
    expect(page.name).toBe('Paracord');
    expect(page.listing.total).toBeGreaterThan(0);
    const black = index.products.filter((p) => p.categoryIds.has(category.id) && p.options.get('color')?.includes('black'));
    expect(page.listing.total).toBe(black.length);
    expect(page.listing.facets.map((f) => f.code)).toEqual(expect.arrayContaining(['color', 'rope_diameter', 'pattern_type']));
    expect(Object.keys(page.alternates)).toHaveLength(11);
    expect(page.alternates['nl-NL']).toBe('/nl-nl/paracord');
  });

  it('shows a product with the length from the URL, tier savings, breadcrumbs and JSON-LD', async () => {
    const product = index.products.find((p) => p.productType === 'paracord-550')!;
    const page = await getProductPage(database.db, index, product.id, new URLSearchParams('length=30m'), 'de-DE', euros, 'https://shop.example');
    expect(page?.selection).toEqual({ length: '30m' });
    const variant = page!.detail.variants.find((v) => v.options[0]?.option === '30m')!;
    expect(variant.tiers.map((t) => t.minQuantity)).toEqual([5, 10, 25]);
    expect(page!.trail.map((c) => c.code)).toEqual(['paracord', 'paracord-550-type-iii']);
    expect(page!.alternates['it-IT']).toBe(`/it-it/${product.urlKeys['it-IT']}`);
    expect(JSON.stringify(page!.jsonLd)).toContain('"@type":"AggregateOffer"');
    expect(page!.shareImage).toMatch(/^https:\/\/shop\.example\/images\/.+/);
    const fallback = await getProductPage(database.db, index, product.id, new URLSearchParams('length=999m'), 'de-DE', euros, 'https://shop.example');
    expect(fallback?.selection.length).not.toBe('999m');
  });

  it('shows a product’s own reviews, those in the store’s language (any English store) first', async () => {
    const approved = await database.db
      .select({ productId: productReviews.productId, locale: productReviews.locale })
      .from(productReviews)
      .where(eq(productReviews.status, 'approved'));
    const languagesOf = (productId: number) => approved.filter((review) => review.productId === productId).map((review) => review.locale.slice(0, 2));
    const reviewed = index.products.find((p) => languagesOf(p.id).includes('en') && new Set(languagesOf(p.id)).size > 1);
    if (!reviewed) throw new Error('no product with English and other reviews');
    const page = await getProductPage(database.db, index, reviewed.id, new URLSearchParams(), 'en-GB', euros, 'https://shop.example');
    const languages = page!.detail.reviews.items.map((review) => review.locale.slice(0, 2));
    expect(languages.sort()).toEqual(languagesOf(reviewed.id).sort());
    const shown = page!.detail.reviews.items.map((review) => review.locale.slice(0, 2));
    expect(shown.length).toBeLessThanOrEqual(20);
    expect(shown.indexOf('en')).toBe(0);
    expect(shown.lastIndexOf('en')).toBe(shown.filter((language) => language === 'en').length - 1);
  });

  it('stores a back-in-stock request once, and refuses bad input', async () => {
    const { db } = database;
    // The product page's form as its action reads it: parsed, then stored.
    const subscribe = async (productId: number, fields: Record<string, string>) => {
      const parsed = parseIntent(stockAlertIntent, form({ intent: 'back-in-stock', ...fields }));
      if (!parsed.ok) return stockAlertRefusal(parsed.fieldErrors, fields.email ?? '');
      return subscribeToStockAlert(db, productId, 'de-DE', parsed.data);
    };
    const product = index.products[0]!;
    const [variant] = await db.select({ id: productVariants.id }).from(productVariants).where(eq(productVariants.productId, product.id)).limit(1);
    const other = index.products[1]!;
    const [otherVariant] = await db.select({ id: productVariants.id }).from(productVariants).where(eq(productVariants.productId, other.id)).limit(1);
    expect(await subscribe(product.id, { email: 'Anna@Example.com', variantId: String(variant!.id) })).toEqual({ ok: true });
    expect(await subscribe(product.id, { email: 'anna@example.com', variantId: String(variant!.id) })).toEqual({ ok: true });
    expect(await db.$count(stockAlertSubscriptions)).toBe(1);
    expect(await subscribe(product.id, { email: 'not-an-address', variantId: String(variant!.id) })).toEqual({
      ok: false,
      fieldErrors: { email: 'validation.email' },
      email: 'not-an-address',
    });
    expect(await subscribe(product.id, { email: '', variantId: String(variant!.id) })).toMatchObject({ fieldErrors: { email: 'validation.required' } });
    expect(await subscribe(product.id, { email: 'b@example.com', variantId: String(otherVariant!.id) })).toMatchObject({ ok: false });
    expect(await db.$count(stockAlertSubscriptions)).toBe(1);
  });
});

describe.each(testDrivers)('content pages on %s', (driver) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(driver);
  });
  afterAll(() => database?.destroy());

  it('resolve by localised slug and render sanitised HTML with alternates', async () => {
    const { db } = database;
    const [page] = await db.insert(contentPages).values({ code: 'imprint' }).returning();
    await db.insert(contentPageTranslations).values([
      {
        pageId: page!.id,
        locale: 'de-DE',
        title: 'Impressum',
        slug: 'impressum',
        bodyHtml: '<p>Cordial B.V.<script>alert(1)</script><a href="https://shop.example/de-de/agb">AGB</a></p>',
      },
      { pageId: page!.id, locale: 'en-GB', title: 'Imprint', slug: 'imprint', bodyHtml: '<p>Cordial B.V.</p>' },
    ]);
    const resolved = await resolveCataloguePath(db, 'de-DE', 'impressum');
    expect(resolved).toMatchObject({ type: 'CMS_PAGE', identifier: 'imprint' });
    const content = await getContentPage(db, resolved!.type === 'CMS_PAGE' ? resolved!.id : 0, 'de-DE', {
      siteUrl: 'https://shop.example',
      shopName: 'Cordial',
    });
    expect(content?.segments).toEqual([{ kind: 'html', html: '<p>Cordial B.V.<a href="/de-de/agb">AGB</a></p>' }]);
    expect(content?.alternates).toEqual({ 'de-DE': '/de-de/impressum', 'en-GB': '/en-gb/imprint' });
  });
});
