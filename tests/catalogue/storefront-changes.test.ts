import http from 'node:http';
import { and, eq, sql } from 'drizzle-orm';
import { queryRows } from '#app/db/client.server.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productReviews, products, productTranslations, productVariants, staffUsers } from '#app/db/schema.ts';
import { queueImport } from '#app/modules/catalogue-transfer/import-jobs.server.ts';
import { previewImport } from '#app/modules/catalogue-transfer/import-preview.server.ts';
import { runImportJob } from '#app/modules/catalogue-transfer/import-runner.server.ts';
import { createLogger } from '#app/lib/observability/logger.server.ts';
import { storefrontPageCache } from '../../server/storefront-page-cache.ts';
import { rebuildSearchIndex } from '#app/modules/search/search-index.server.ts';
import { buildListingIndex, type IndexedProduct } from '#app/modules/catalogue/listing-index.server.ts';
import { createDemoDatabase, type TestDatabase, testDrivers } from '../support/database.ts';
import { type ShopInProcess, startShopInProcess } from '../support/shop-in-process.ts';
import { newVisitor, type Visitor } from '../support/visitors.ts';

/** Issue 14 / decision 0019: shared pages follow the database instead of living out their minute. */
describe.each(testDrivers)('caches after storefront changes on %s', (driver) => {
  let database: TestDatabase;
  let shop: ShopInProcess;
  let visitor: Visitor;
  let product: IndexedProduct;
  const pageCache = storefrontPageCache();

  beforeAll(async () => {
    database = await createDemoDatabase(driver, 0.05);
    product = (await buildListingIndex(database.db)).products.find((candidate) => candidate.inStock)!;
    shop = await startShopInProcess(database, { pageCache });
    visitor = await newVisitor(shop.baseUrl, 'en-gb');
  }, 120_000);
  afterAll(async () => {
    await shop?.close();
    await database?.destroy();
  });

  const productPath = () => `/en-gb/${product.urlKeys['en-GB']}`;
  const get = async (path: string) => {
    const response = await fetch(`${shop.baseUrl}${path}`, { headers: { cookie: visitor.cookie } });
    return { cached: response.headers.get('x-page-cache') === 'hit', body: await response.text() };
  };
  const getAlone = (path: string) =>
    new Promise<{ cached: boolean; body: string }>((resolve, reject) => {
      const request = http.get(`${shop.baseUrl}${path}`, { agent: false, headers: { cookie: visitor.cookie } }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ cached: response.headers['x-page-cache'] === 'hit', body }));
      });
      request.on('error', reject);
    });
  /** A page from the cache, rendered first if need be. */
  const cachedPage = async (path: string) => {
    await get(path);
    // A search results page is stored at its second ask.
    if (path.includes('/search?')) await get(path);
    const hit = await get(path);
    expect(hit.cached).toBe(true);
    return hit;
  };
  /** Notifications reach PostgreSQL listeners a moment after the commit. */
  const eventually = async (check: () => Promise<boolean>) => {
    for (let attempt = 0; attempt < 50 && !(await check()); attempt++) await new Promise((resolve) => setTimeout(resolve, 50));
    return check();
  };

  it('shows a renamed product at once on its page and in its category, not after a minute', async () => {
    const category = `/en-gb/search?q=${encodeURIComponent(product.sku)}`;
    await cachedPage(productPath());
    await cachedPage(category);
    const renamed = `Renamed cord ${driver}`;
    await database.db
      .update(productTranslations)
      .set({ name: renamed })
      .where(and(eq(productTranslations.productId, product.id), eq(productTranslations.locale, 'en-GB')));
    expect(await eventually(async () => (await get(productPath())).body.includes(renamed))).toBe(true);
    expect((await get(category)).body).toContain(renamed);
  });

  it('keeps pages through a sale that leaves stock, and drops them when a variant sells out', async () => {
    const [variant] = await database.db.select().from(productVariants).where(eq(productVariants.productId, product.id)).limit(1);
    const setStock = (stockQuantity: number) => database.db.update(productVariants).set({ stockQuantity }).where(eq(productVariants.id, variant!.id));
    await setStock(5);
    await cachedPage(productPath());
    const before = pageCache.generation;
    await setStock(4);
    // No notification to wait for: give a wrong one the time to arrive.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(pageCache.generation).toBe(before);
    expect((await get(productPath())).cached).toBe(true);
    await setStock(0);
    expect(await eventually(async () => pageCache.generation > before)).toBe(true);
  });

  it('keeps pages when a review waits for moderation, and drops them when it is approved', async () => {
    await cachedPage(productPath());
    const before = pageCache.generation;
    const [review] = await database.db
      .insert(productReviews)
      .values({ productId: product.id, locale: 'en-GB', authorName: 'Ada', rating: 5, title: 'Strong cord', body: 'Holds my hammock.', status: 'pending' })
      .returning({ id: productReviews.id });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(pageCache.generation).toBe(before);
    await database.db.update(productReviews).set({ status: 'approved' }).where(eq(productReviews.id, review!.id));
    expect(await eventually(async () => pageCache.generation > before)).toBe(true);
  });

  it('keeps pages through a search rebuild that finds nothing changed, and drops them when it writes', async () => {
    // Earlier tests edited the catalogue behind the admin's back: the first rebuild catches up
    // (in several transactions), and the caches are emptied once the listing index is rebuilt after them.
    await rebuildSearchIndex(database.db);
    for (let generation = -1; generation !== pageCache.generation;) {
      generation = pageCache.generation;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    await cachedPage(productPath());
    const before = pageCache.generation;
    /** Each row's version: a row written again gets a new xmin. */
    const rowVersions = () =>
      queryRows<{ versions: string }>(
        database.db,
        sql`select (select string_agg(id || ':' || xmin::text, ',' order by id) from search_documents)
          || '|' || (select string_agg(word || ':' || xmin::text, ',' order by locale, word) from search_lexicon) as versions`,
      );
    const versions = await rowVersions();
    expect((await rebuildSearchIndex(database.db)).written).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await rowVersions()).toEqual(versions);
    expect(pageCache.generation).toBe(before);
    expect((await get(productPath())).cached).toBe(true);

    await database.db.execute(sql`update search_documents set title = 'Stale title' where kind = 'product' and ref_id = ${product.id} and locale = 'en-GB'`);
    expect(await eventually(async () => pageCache.generation > before)).toBe(true);
    const afterEdit = pageCache.generation;
    expect((await rebuildSearchIndex(database.db)).written).toBe(1);
    expect(await eventually(async () => pageCache.generation > afterEdit)).toBe(true);
    const [document] = await queryRows<{ title: string }>(
      database.db,
      sql`select title from search_documents where kind = 'product' and ref_id = ${product.id} and locale = 'en-GB'`,
    );
    expect(document!.title).not.toBe('Stale title');
  });

  it('drops pages when a product is taken off sale', async () => {
    await cachedPage(productPath());
    const before = pageCache.generation;
    await database.db.update(products).set({ isActive: false }).where(eq(products.id, product.id));
    expect(await eventually(async () => pageCache.generation > before)).toBe(true);
    expect((await get(productPath())).body).not.toContain(product.sku);
  });

  it('renders a page once for the visitors who miss it together after a change; the others get that page (issue 16)', async () => {
    // The product of the tests above is off sale now.
    const other = (await buildListingIndex(database.db)).products.find((candidate) => candidate.id !== product.id)!;
    const path = `/en-gb/${other.urlKeys['en-GB']}`;
    await cachedPage(path);
    pageCache.clear();
    // Six visitors ask while the catalogue is locked, so the first render cannot end before the others ask.
    const asked = await database.db.transaction(async (tx) => {
      await tx.execute(sql`lock table products in access exclusive mode`);
      const requests = Array.from({ length: 6 }, () => getAlone(path));
      await new Promise((resolve) => setTimeout(resolve, 500));
      return requests;
    });
    const answers = await Promise.all(asked);
    expect(answers.filter((answer) => answer.cached)).toHaveLength(5);
    expect(answers.every((answer) => answer.body.includes(other.sku))).toBe(true);
  });

  it('shows what an import sold out on the product page and in the listing once it ends (issue 16)', async () => {
    const [staff] = await database.db
      .insert(staffUsers)
      .values({ email: `importer-${driver}@example.com`, name: 'Imogen', role: 'editor' })
      .returning();
    const soldOut = (await buildListingIndex(database.db)).products.find((candidate) => candidate.inStock && candidate.onlyVariantId !== null)!;
    const [variant] = await database.db.select().from(productVariants).where(eq(productVariants.productId, soldOut.id));
    const path = `/en-gb/${soldOut.urlKeys['en-GB']}`;
    const listing = `/en-gb/search?q=${encodeURIComponent(soldOut.sku)}`;
    expect((await cachedPage(path)).body).toContain('stock-badge--in');
    expect((await cachedPage(listing)).body).toContain('stock-badge--in');
    const preview = await previewImport(database.db, staff!.id, {
      kind: 'stock',
      fileName: 'stock.csv',
      bytes: new TextEncoder().encode(`sku,quantity\n${variant!.sku},0\n`),
    });
    if (!preview.ok) throw new Error('the stock file was refused');
    await queueImport(database.db, staff!.id, preview.jobId);
    expect(await runImportJob({ db: database.db, logger: createLogger('silent') }, preview.jobId)).toBe('done');
    expect(await eventually(async () => (await get(path)).body.includes('stock-badge--out'))).toBe(true);
    const card = (await get(listing)).body;
    expect(card).toContain('stock-badge--out');
    expect(card).not.toContain('stock-badge--in');
  });
});
