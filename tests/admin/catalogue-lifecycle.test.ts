/** Issue 16: creating a product from the list and deleting one that was never ordered. */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  categories,
  categoryTranslations,
  productCategories,
  products,
  productTranslations,
  productVariants,
  searchDocuments,
} from '#app/db/schema.ts';
import * as newProduct from '#app/routes/admin/catalogue/product-new.tsx';
import * as productEditor from '#app/routes/admin/catalogue/product-editor.tsx';
import { createTestDatabase, type TestDatabase, testDrivers } from '../support/database.ts';
import { createCustomer, createPaidOrder } from '../support/factories.ts';
import { callRoute, createStaff, loggedIn } from './admin-support.ts';

describe.each(testDrivers)('creating and deleting products in the admin on %s', (driver) => {
  let database: TestDatabase;
  let editor: Awaited<ReturnType<typeof loggedIn>>;
  let support: Awaited<ReturnType<typeof loggedIn>>;
  let categoryId: number;
  beforeAll(async () => {
    database = await createTestDatabase(driver);
    editor = await loggedIn(database.db, await createStaff(database.db, 'editor'));
    support = await loggedIn(database.db, await createStaff(database.db, 'support'));
    const [category] = await database.db
      .insert(categories)
      .values({ code: `cord-${randomUUID().slice(0, 8)}`, level: 1 })
      .returning();
    categoryId = category!.id;
    await database.db
      .insert(categoryTranslations)
      .values({ categoryId, locale: 'en', name: 'Cord', urlSegment: `cord-${categoryId}`, urlPath: `cord-${categoryId}` });
  });
  afterAll(() => database?.destroy());

  const create = (form: Record<string, string | number>, staff = editor) =>
    callRoute(newProduct.action, { db: database.db, staff, path: 'products/new', form });
  const remove = (productId: number, form: Record<string, string>, staff = editor) =>
    callRoute(productEditor.action, {
      db: database.db,
      staff,
      path: `products/${productId}`,
      params: { productId: String(productId) },
      form: { intent: 'delete', ...form },
    });
  const newSku = () => `NEW-${randomUUID().slice(0, 8)}`;
  const createdId = (location: string | null) => Number(/products\/(\d+)\?notice=created$/.exec(location ?? '')?.[1]);

  it('creates an active simple product with its name, URL key, price, category place and search documents; a taken SKU is refused', async () => {
    // Bad input: each field's message, what was typed kept.
    expect(await create({ productType: 'Paracord!', categoryId: '', sku: 'no spaces', name: '', price: '12,345' })).toMatchObject({
      status: 400,
      data: {
        fieldErrors: {
          productType: { key: 'admin.catalogue.errors.code' },
          sku: { key: 'admin.catalogue.errors.sku' },
          name: { key: 'validation.required' },
          price: { key: 'admin.validation.amount' },
        },
        values: { productType: 'Paracord!', sku: 'no spaces', price: '12,345' },
      },
    });
    const sku = newSku();
    const name = `Zugspitze Cord ${sku}`;
    const created = await create({ productType: 'paracord-550', categoryId, sku, name, price: '12,50' });
    expect(created.status).toBe(302);
    const productId = createdId(created.headers.get('location'));
    const [product] = await database.db.select().from(products).where(eq(products.id, productId));
    expect(product).toMatchObject({ sku, kind: 'simple', productType: 'paracord-550', isActive: true });
    expect(
      await database.db
        .select({ name: productTranslations.name, urlKey: productTranslations.urlKey, locale: productTranslations.locale })
        .from(productTranslations)
        .where(eq(productTranslations.productId, productId)),
    ).toEqual([{ locale: 'en', name, urlKey: `zugspitze-cord-${sku.toLowerCase()}` }]);
    expect(
      await database.db
        .select({ sku: productVariants.sku, priceCents: productVariants.priceCents, stock: productVariants.stockQuantity })
        .from(productVariants)
        .where(eq(productVariants.productId, productId)),
    ).toEqual([{ sku, priceCents: 1250, stock: 0 }]);
    expect(
      await database.db.select({ categoryId: productCategories.categoryId }).from(productCategories).where(eq(productCategories.productId, productId)),
    ).toEqual([{ categoryId }]);
    const [document] = await database.db
      .select({ title: searchDocuments.title, urlPath: searchDocuments.urlPath })
      .from(searchDocuments)
      .where(and(eq(searchDocuments.kind, 'product'), eq(searchDocuments.refId, productId), eq(searchDocuments.locale, 'en')));
    expect(document).toEqual({ title: name, urlPath: `zugspitze-cord-${sku.toLowerCase()}` });
    const [audit] = await database.db
      .select({ staffId: auditLog.staffId })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'product.create'), eq(auditLog.entityId, String(productId))));
    expect(audit?.staffId).toBe(editor.id);

    // The same SKU in other letters is taken (by the product and by its variant); the same name gets the next free key.
    expect(await create({ productType: 'paracord-550', categoryId: '', sku: sku.toLowerCase(), name, price: '1' })).toMatchObject({
      status: 400,
      data: { fieldErrors: { sku: { key: 'admin.catalogue.errors.skuTaken' } }, values: { sku: sku.toLowerCase(), name, price: '1' } },
    });
    const twin = await create({ productType: 'paracord-550', categoryId: '', sku: newSku(), name, price: '1' });
    const [twinText] = await database.db
      .select({ urlKey: productTranslations.urlKey })
      .from(productTranslations)
      .where(eq(productTranslations.productId, createdId(twin.headers.get('location'))));
    expect(twinText?.urlKey).toBe(`zugspitze-cord-${sku.toLowerCase()}-2`);
  });

  it('deletes a product never ordered once confirmed, and refuses one that was ordered with the number of orders', async () => {
    const productId = createdId(
      (await create({ productType: 'buckle', categoryId: '', sku: newSku(), name: 'Side release buckle', price: '0.80' })).headers.get('location'),
    );
    expect(await remove(productId, {})).toMatchObject({ status: 400, data: { deleteError: { key: 'admin.catalogue.delete.confirmRequired' } } });
    const deleted = await remove(productId, { confirm: 'yes' });
    expect(deleted.status).toBe(302);
    expect(deleted.headers.get('location')).toMatch(/\/products\?deleted=NEW-/);
    expect(await database.db.select().from(products).where(eq(products.id, productId))).toEqual([]);
    expect(
      await database.db
        .select()
        .from(searchDocuments)
        .where(and(eq(searchDocuments.kind, 'product'), eq(searchDocuments.refId, productId))),
    ).toEqual([]);
    const [audit] = await database.db
      .select({ before: auditLog.before })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'product.delete'), eq(auditLog.entityId, String(productId))));
    expect(audit?.before).toMatchObject({ productType: 'buckle' });

    const sku = newSku();
    const orderedId = createdId((await create({ productType: 'buckle', categoryId: '', sku, name: 'Ordered buckle', price: '0.80' })).headers.get('location'));
    const [variant] = await database.db.select().from(productVariants).where(eq(productVariants.productId, orderedId));
    const line = {
      variantId: variant!.id,
      sku,
      name: 'Ordered buckle',
      quantity: 1,
      lengthCm: null,
      isSample: false,
      unitPriceCents: 80,
      rowTotalCents: 80,
      vatRateBp: 2100,
      taxCents: 17,
    };
    const customer = await createCustomer(database.db);
    await createPaidOrder(database.db, customer.id, { lines: [line], subtotalCents: 80, taxCents: 17, totalCents: 97 });
    await createPaidOrder(database.db, customer.id, { lines: [line], subtotalCents: 80, taxCents: 17, totalCents: 97 });
    expect(await remove(orderedId, { confirm: 'yes' })).toMatchObject({
      status: 400,
      data: { deleteError: { key: 'admin.catalogue.delete.ordered', values: { count: 2 } } },
    });
    expect(await database.db.select({ id: products.id }).from(products).where(eq(products.id, orderedId))).toEqual([{ id: orderedId }]);
  });

  it('lets support see neither the form nor its action, nor delete', async () => {
    expect((await callRoute(newProduct.loader, { db: database.db, staff: support, path: 'products/new' })).status).toBe(403);
    expect((await create({ productType: 'buckle', categoryId: '', sku: newSku(), name: 'Support buckle', price: '1' }, support)).status).toBe(403);
    const productId = createdId(
      (await create({ productType: 'buckle', categoryId: '', sku: newSku(), name: 'Kept buckle', price: '1' })).headers.get('location'),
    );
    expect((await remove(productId, { confirm: 'yes' }, support)).status).toBe(403);
    expect(await database.db.select({ id: products.id }).from(products).where(eq(products.id, productId))).toEqual([{ id: productId }]);
    // The editor sees the form with the categories to choose from.
    expect((await callRoute(newProduct.loader, { db: database.db, staff: editor, path: 'products/new' })).data).toMatchObject({
      categories: expect.arrayContaining([expect.objectContaining({ id: categoryId, name: 'Cord' })]),
    });
  });
});
