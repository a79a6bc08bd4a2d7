import { demoBankAccount } from '#app/modules/payments/bank-account.ts';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartItems, productVariants, products } from '#app/db/schema.ts';
import { addToCart } from '#app/modules/cart/add-to-cart.server.ts';
import { buildListingIndex } from '#app/modules/catalogue/listing-index.server.ts';
import { getProductDetail } from '#app/modules/catalogue/product-detail.server.ts';
import { listCustomerReviews, reviewableProducts, submitReview } from '#app/modules/customers/customer-reviews.server.ts';
import { listPendingReviews, moderateReview } from '#app/modules/engagement/review-moderation.server.ts';
import { createTranslator } from '#app/modules/i18n/i18n.tsx';
import { customerInvoiceDocuments } from '#app/modules/orders/invoice-documents.server.ts';
import { getCustomerOrder, listCustomerOrders } from '#app/modules/orders/customer-orders.server.ts';
import { renderInvoicePdf } from '#app/modules/orders/invoice-pdf.server.ts';
import { parseIntent } from '#app/lib/forms/field-errors.ts';
import { changeWishlist, wishlistItemToCart } from '#app/modules/wishlists/wishlist-actions.server.ts';
import { wishlistChangeSchema } from '#app/modules/wishlists/wishlist-forms.ts';
import { addToWishlist, createWishlist, getWishlists } from '#app/modules/wishlists/wishlists.server.ts';
import enUS from '../../locales/en-US.json' with { type: 'json' };
import { createDemoDatabase, type TestDatabase, testDrivers } from '../support/database.ts';
import { createCustomer, createPaidOrder } from '../support/factories.ts';

const t = createTranslator('en-US', enUS);
const form = (fields: Record<string, string | number>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, String(value));
  return data;
};
/** The wishlist page's form as its action reads it: parsed, then the change. */
const runWishlistForm = async (db: TestDatabase['db'], customerId: number, fields: Record<string, string | number>) => {
  const parsed = parseIntent(wishlistChangeSchema, form(fields));
  if (!parsed.ok) return parsed;
  return parsed.data.intent === 'add-to-cart'
    ? wishlistItemToCart(db, { cartId: undefined, customerId, locale: 'en-US', currency: 'USD' }, parsed.data.itemId)
    : changeWishlist(db, customerId, parsed.data);
};

describe.each(testDrivers)('customer resources on %s', (driver) => {
  let database: TestDatabase;
  let product: { id: number; variantId: number };
  beforeAll(async () => {
    database = await createDemoDatabase(driver, 0.05);
    const [variant] = await database.db
      .select({ id: productVariants.id, productId: productVariants.productId })
      .from(productVariants)
      .where(sql`${productVariants.stockQuantity} > 3`)
      .orderBy(asc(productVariants.id))
      .limit(1);
    product = { id: variant!.productId, variantId: variant!.id };
  });
  afterAll(() => database?.destroy());

  it('keeps named wishlists: default list, duplicate names, move, rename, delete', async () => {
    const { db } = database;
    const anna = await createCustomer(db);
    // Quick saves before any list exists (double clicks, several tabs): one default list, one entry.
    await Promise.all([1, 2, 3, 4, 5, 6].map(() => db.execute(sql`select pg_sleep(0.05)`))); // warm connections, so the saves really overlap
    const saves = await Promise.all(
      [1, 2, 3, 4, 5, 6].map(() => addToWishlist(db, anna.id, { productId: product.id, variantId: product.variantId, wishlistId: null }, 'My wishlist')),
    );
    expect(saves.every((save) => save.ok && save.wishlistName === 'My wishlist')).toBe(true);
    expect(await getWishlists(db, anna.id)).toMatchObject([{ name: 'My wishlist', isDefault: true, items: [{ productId: product.id }] }]);
    const gifts = await createWishlist(db, anna.id, 'Gifts');
    expect(gifts.ok).toBe(true);
    expect(await createWishlist(db, anna.id, 'GIFTS')).toEqual({ ok: false, reason: 'duplicate-name' });
    expect(await runWishlistForm(db, anna.id, { intent: 'create', name: 'gifts' })).toEqual({ kind: 'invalid', error: { key: 'errors.wishlistCreate' } });
    expect(await runWishlistForm(db, anna.id, { intent: 'create', name: '  ' })).toMatchObject({
      ok: false,
      error: { key: 'validation.required' },
      intent: 'create',
    });
    expect(await runWishlistForm(db, anna.id, { intent: 'rename', wishlistId: 'x', name: 'Birthday' })).toMatchObject({
      ok: false,
      error: { key: 'errors.notFound' },
      intent: 'rename',
    });

    let lists = await getWishlists(db, anna.id);
    expect(lists.map((list) => [list.name, list.isDefault, list.items.length])).toEqual([
      ['My wishlist', true, 1],
      ['Gifts', false, 0],
    ]);
    const giftsId = lists[1]!.id;
    expect(await runWishlistForm(db, anna.id, { intent: 'move', itemId: lists[0]!.items[0]!.id, targetWishlistId: giftsId })).toEqual({
      kind: 'done',
      notice: 'moved',
    });
    expect(await runWishlistForm(db, anna.id, { intent: 'rename', wishlistId: giftsId, name: 'Birthday' })).toEqual({ kind: 'done', notice: 'renamed' });
    expect(await runWishlistForm(db, anna.id, { intent: 'rename', wishlistId: giftsId, name: 'my wishlist' })).toMatchObject({ kind: 'invalid' });
    lists = await getWishlists(db, anna.id);
    expect(lists.map((list) => [list.name, list.items.length])).toEqual([
      ['My wishlist', 0],
      ['Birthday', 1],
    ]);
    expect(await runWishlistForm(db, anna.id, { intent: 'delete', wishlistId: lists[0]!.id })).toEqual({ kind: 'done', notice: 'deleted' });
    lists = await getWishlists(db, anna.id);
    expect(lists.map((list) => [list.name, list.isDefault])).toEqual([['Birthday', true]]);
  });

  it('never lets a customer touch another customer’s wishlist', async () => {
    const { db } = database;
    const anna = await createCustomer(db);
    const bert = await createCustomer(db);
    await addToWishlist(db, anna.id, { productId: product.id, variantId: null, wishlistId: null }, 'My wishlist');
    const [annasList] = await getWishlists(db, anna.id);
    const itemId = annasList!.items[0]!.id;
    const bertsList = await createWishlist(db, bert.id, 'Mine');
    if (!bertsList.ok) throw new Error('no list');
    const attempts: Record<string, string | number>[] = [
      { intent: 'remove', itemId },
      { intent: 'move', itemId, targetWishlistId: bertsList.id },
      { intent: 'move', itemId, targetWishlistId: annasList!.id },
      { intent: 'rename', wishlistId: annasList!.id, name: 'Hacked' },
      { intent: 'delete', wishlistId: annasList!.id },
      { intent: 'set-default', wishlistId: annasList!.id },
    ];
    for (const fields of attempts) {
      expect(await runWishlistForm(db, bert.id, fields), JSON.stringify(fields)).toEqual({ kind: 'not-found' });
    }
    expect(await runWishlistForm(db, bert.id, { intent: 'add-to-cart', itemId })).toEqual({ kind: 'not-found' });
    expect(await addToWishlist(db, bert.id, { productId: product.id, variantId: null, wishlistId: annasList!.id }, 'My wishlist')).toEqual({ ok: false });
    expect((await getWishlists(db, anna.id))[0]).toMatchObject({ name: 'My wishlist', items: [{ id: itemId }] });
  });

  it('puts a wishlist variant in the cart, within the stock', async () => {
    const { db } = database;
    const [variant] = await db.select({ stock: productVariants.stockQuantity }).from(productVariants).where(eq(productVariants.id, product.variantId));
    const added = await addToCart(db, { cartId: undefined, customerId: null, locale: 'en-US', currency: 'USD', variantId: product.variantId, quantity: 1 });
    if (!added.ok) throw new Error('not added');
    expect(
      await addToCart(db, { cartId: added.cartId, customerId: null, locale: 'en-US', currency: 'USD', variantId: product.variantId, quantity: variant!.stock }),
    ).toEqual({ ok: false, reason: 'quantity' });
    const again = await addToCart(db, { cartId: added.cartId, customerId: null, locale: 'en-US', currency: 'USD', variantId: product.variantId, quantity: 1 });
    expect(again).toEqual({ ok: true, cartId: added.cartId, otherLinesOutOfStock: false });
    const lines = await db.select().from(cartItems).where(eq(cartItems.cartId, added.cartId));
    expect(lines.map((line) => line.quantity)).toEqual([2]);
    // Another customer's cart id from a cookie is never joined.
    const anna = await createCustomer(db);
    const annas = await addToCart(db, { cartId: undefined, customerId: anna.id, locale: 'en-US', currency: 'USD', variantId: product.variantId, quantity: 1 });
    const bert = await createCustomer(db);
    const berts = await addToCart(db, {
      cartId: annas.ok ? annas.cartId : undefined,
      customerId: bert.id,
      locale: 'en-US',
      currency: 'USD',
      variantId: product.variantId,
      quantity: 1,
    });
    expect(berts.ok && annas.ok && berts.cartId !== annas.cartId).toBe(true);
  });

  it('shows orders and invoices to their customer only', async () => {
    const { db } = database;
    const anna = await createCustomer(db);
    const bert = await createCustomer(db);
    const order = await createPaidOrder(db, anna.id);
    expect((await listCustomerOrders(db, anna.id)).orders.map((o) => o.orderNumber)).toEqual([order.orderNumber]);
    expect((await listCustomerOrders(db, bert.id)).orders).toEqual([]);
    const detail = await getCustomerOrder(db, anna.id, order.orderNumber);
    expect(detail?.invoices).toHaveLength(1);
    expect(detail).not.toHaveProperty('idempotencyKey');
    expect(await getCustomerOrder(db, bert.id, order.orderNumber)).toBeNull();

    const invoiceNumber = detail!.invoices[0]!.invoiceNumber;
    const [document] = await customerInvoiceDocuments(
      db,
      { t, locale: 'en-US', shopName: 'Cordial', siteUrl: 'https://shop.example', bankAccount: demoBankAccount },
      anna.id,
      invoiceNumber,
    );
    expect(document).toMatchObject({ invoiceNumber, orderNumber: order.orderNumber, currencyCode: 'EUR', paid: true, totalCents: detail!.totalCents });
    // The invoice names the terms of sale in its own language.
    expect(document!.seller.termsLine).toBe('General terms and conditions: https://shop.example/en-us/general-terms-conditions');
    expect(document!.vatBreakdown.reduce((sum, rate) => sum + rate.taxCents, 0)).toBe(detail!.taxCents);
    expect(
      await customerInvoiceDocuments(
        db,
        { t, locale: 'en-US', shopName: 'Cordial', siteUrl: 'https://shop.example', bankAccount: demoBankAccount },
        bert.id,
        invoiceNumber,
      ),
    ).toEqual([]);
    const pdf = await renderInvoicePdf(document!);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('numbers orders per store and invoices per year without gaps, also when orders race', async () => {
    const { db } = database;
    const anna = await createCustomer(db);
    const placed = await Promise.all(Array.from({ length: 8 }, () => createPaidOrder(db, anna.id, { locale: 'de-DE' })));
    const numbers = placed.map((order) => Number(order.orderNumber.slice(2))).sort((a, b) => a - b);
    expect(placed.every((order) => order.orderNumber.startsWith('DE'))).toBe(true);
    expect(numbers).toEqual(Array.from({ length: 8 }, (_, index) => numbers[0]! + index));
    const invoiceNumbers = (await listCustomerOrders(db, anna.id, { pageSize: 100 })).orders
      .flatMap((order) => order.invoiceNumbers)
      .map((number) => Number(number.split('-')[1]))
      .sort((a, b) => a - b);
    expect(new Set(invoiceNumbers).size).toBe(8);
    expect(invoiceNumbers.at(-1)! - invoiceNumbers[0]!).toBe(7);
    // The account lists them a page at a time, newest first, every order exactly once.
    const pages = await Promise.all([1, 2, 3].map((page) => listCustomerOrders(db, anna.id, { page, pageSize: 3 })));
    expect(pages.map(({ window }) => [window.from, window.to, window.total])).toEqual([
      [1, 3, 8],
      [4, 6, 8],
      [7, 8, 8],
    ]);
    const listed = pages.flatMap(({ orders }) => orders);
    expect(listed.map((order) => order.orderNumber).sort()).toEqual(placed.map((order) => order.orderNumber).sort());
    expect(listed.every((order, index) => index === 0 || order.createdAt <= listed[index - 1]!.createdAt)).toBe(true);
  });

  it('takes reviews of bought products only, and shows them once approved', async () => {
    const { db } = database;
    const anna = await createCustomer(db, { firstName: 'Anna', lastName: 'Jansen' });
    const order = await getCustomerOrder(db, anna.id, (await createPaidOrder(db, anna.id)).orderNumber);
    const [bought] = await db.select({ productId: productVariants.productId }).from(productVariants).where(eq(productVariants.id, order!.items[0]!.variantId!));
    const [notBought] = await db
      .select({ id: products.id })
      .from(products)
      .where(
        sql`${products.id} not in (select product_id from product_variants where id in (${sql.join(
          order!.items.map((item) => sql`${item.variantId}`),
          sql`, `,
        )}))`,
      )
      .limit(1);
    expect((await reviewableProducts(db, anna.id, 'en-US')).map((p) => p.productId)).toContain(bought!.productId);
    const review = { productId: bought!.productId, rating: 4, title: 'Strong cord', body: 'Held up well on a hiking trip.' };
    expect(await submitReview(db, anna.id, 'en-US', { ...review, productId: notBought!.id })).toBe(false);
    expect(await submitReview(db, anna.id, 'en-US', review)).toBe(true);
    expect(await submitReview(db, anna.id, 'en-US', review)).toBe(false);
    expect(await listCustomerReviews(db, anna.id, 'en-US')).toMatchObject([{ title: 'Strong cord', status: 'pending' }]);
    // Another customer neither sees Anna's review nor reviews what only Anna bought.
    const bert = await createCustomer(db);
    expect(await listCustomerReviews(db, bert.id, 'en-US')).toEqual([]);
    expect(await submitReview(db, bert.id, 'en-US', review)).toBe(false);

    const index = await buildListingIndex(db);
    const before = await getProductDetail(db, index, bought!.productId, 'en-US');
    expect(before?.reviews.items.some((item) => item.title === 'Strong cord')).toBe(false);
    const pending = (await listPendingReviews(db)).find((item) => item.title === 'Strong cord');
    expect(pending?.authorName).toBe('Anna J.');
    expect(await moderateReview(db, pending!.id, 'approved')).toBe(true);
    expect(await moderateReview(db, pending!.id, 'rejected')).toBe(false);
    const after = await getProductDetail(db, index, bought!.productId, 'de-DE');
    expect(after?.reviews.items.some((item) => item.title === 'Strong cord')).toBe(true);
  });
});
