/**
 * Issue 16: what the back office changes in the catalogue, seen by shoppers through the whole
 * shop (page cache included): a category's meta texts in the page head, a product created and
 * deleted on its page, its category's listing and the sitemap.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, categoryTranslations } from '#app/db/schema.ts';
import * as categoryEditor from '#app/routes/admin/catalogue/category-editor.tsx';
import * as newProduct from '#app/routes/admin/catalogue/product-new.tsx';
import * as productEditor from '#app/routes/admin/catalogue/product-editor.tsx';
import { callRoute, createStaff, loggedIn } from '../admin/admin-support.ts';
import { createTestDatabase, type TestDatabase, testDrivers } from '../support/database.ts';
import { type ShopInProcess, startShopInProcess } from '../support/shop-in-process.ts';

describe.each(testDrivers)('catalogue edits on the storefront on %s', (driver) => {
  let database: TestDatabase;
  let shop: ShopInProcess;
  let editor: Awaited<ReturnType<typeof loggedIn>>;
  beforeAll(async () => {
    database = await createTestDatabase(driver);
    editor = await loggedIn(database.db, await createStaff(database.db, 'editor'));
    shop = await startShopInProcess(database);
    // Vite's first compile takes minutes on a loaded two-core machine.
  }, 400_000);
  afterAll(async () => {
    await shop?.close();
    await database?.destroy();
  });

  const page = async (path: string) => {
    const response = await fetch(`${shop.baseUrl}${path}`, { redirect: 'manual' });
    return { status: response.status, body: await response.text() };
  };
  /** Caches are dropped within moments of a change; a loaded machine renders slowly. */
  const settled = { timeout: 20_000, interval: 200 };
  const head = (body: string) => ({
    title: /<title>([^<]*)<\/title>/.exec(body)?.[1],
    description: /<meta name="description" content="([^"]*)"/.exec(body)?.[1],
  });

  it("shows a category's meta title and description in its page head, and its name and description while they are empty", async () => {
    const code = randomUUID().slice(0, 8);
    const [category] = await database.db
      .insert(categories)
      .values({ code: `meta-${code}`, level: 1 })
      .returning();
    await database.db
      .insert(categoryTranslations)
      .values({ categoryId: category!.id, locale: 'en', name: 'Rope', urlSegment: `rope-${code}`, urlPath: `rope-${code}`, description: 'All our rope.' });
    expect(head((await page(`/en/rope-${code}`)).body)).toEqual({ title: 'Rope | Cordial', description: 'All our rope.' });

    const saved = await callRoute(categoryEditor.action, {
      db: database.db,
      staff: editor,
      path: `categories/${category!.id}`,
      params: { categoryId: String(category!.id) },
      form: {
        intent: 'save',
        'name.en': 'Rope',
        'urlSegment.en': `rope-${code}`,
        'description.en': 'All our rope.',
        'metaTitle.en': 'Rope by the metre',
        'metaDescription.en': 'Rope cut to length, shipped the next day.',
      },
    });
    expect(saved.status).toBe(302);
    // The editor shows what it stored.
    const editing = await callRoute(categoryEditor.loader, {
      db: database.db,
      staff: editor,
      path: `categories/${category!.id}`,
      params: { categoryId: String(category!.id) },
    });
    expect(editing.data).toMatchObject({ texts: { en: { metaTitle: 'Rope by the metre', metaDescription: 'Rope cut to length, shipped the next day.' } } });
    await expect
      .poll(async () => head((await page(`/en/rope-${code}`)).body))
      .toEqual({
        title: 'Rope by the metre | Cordial',
        description: 'Rope cut to length, shipped the next day.',
      });
  });

  it('shows a product created in the admin on its page, in its category and in the sitemap, and neither once deleted', async () => {
    const code = randomUUID().slice(0, 8);
    const [category] = await database.db
      .insert(categories)
      .values({ code: `new-${code}`, level: 1 })
      .returning();
    await database.db
      .insert(categoryTranslations)
      .values({ categoryId: category!.id, locale: 'en', name: 'Buckles', urlSegment: `buckles-${code}`, urlPath: `buckles-${code}` });
    const listing = `/en/buckles-${code}`;
    const name = `Cobra buckle ${code}`;
    // Read once before, so the page cache holds the listing without the product.
    expect((await page(listing)).body).not.toContain(name);
    const created = await callRoute(newProduct.action, {
      db: database.db,
      staff: editor,
      path: 'products/new',
      form: { productType: 'buckle', categoryId: category!.id, sku: `COBRA-${code}`, name, price: '3.20' },
    });
    expect(created.status).toBe(302);
    const productId = /products\/(\d+)/.exec(created.headers.get('location') ?? '')![1]!;
    const productPath = `/en/cobra-buckle-${code}`;
    await expect.poll(async () => (await page(productPath)).status, settled).toBe(200);
    expect((await page(productPath)).body).toContain(name);
    await expect.poll(async () => (await page(listing)).body, settled).toContain(name);
    expect((await page('/sitemaps/en.xml')).body).toContain(`${productPath}</loc>`);

    const deleted = await callRoute(productEditor.action, {
      db: database.db,
      staff: editor,
      path: `products/${productId}`,
      params: { productId },
      form: { intent: 'delete', confirm: 'yes' },
    });
    expect(deleted.status).toBe(302);
    await expect.poll(async () => (await page(productPath)).status, settled).toBe(404);
    await expect.poll(async () => (await page(listing)).body, settled).not.toContain(name);
    expect((await page('/sitemaps/en.xml')).body).not.toContain(`${productPath}</loc>`);
  });
});
