import http from 'node:http';
import { gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productVariants, sessions } from '#app/db/schema.ts';
import { addToCart } from '#app/modules/cart/add-to-cart.server.ts';
import { createWishlist } from '#app/modules/wishlists/wishlists.server.ts';
import { buildListingIndex, type IndexedProduct } from '#app/modules/catalogue/listing-index.server.ts';
import { createDemoDatabase, type TestDatabase, testDrivers } from '../support/database.ts';
import { createCustomer } from '../support/factories.ts';
import { type ShopInProcess, startShopInProcess } from '../support/shop-in-process.ts';
import { loggedInVisitor, newVisitor, type Visitor } from '../support/visitors.ts';

/**
 * Issue 14 / decision 0020: shoppers with a cart or a session get pages from the cache, each
 * exactly as it would be rendered for them: their cart count, their name, their cart's contents.
 */
describe.each(testDrivers)('pages shared with shoppers on %s', (driver) => {
  let database: TestDatabase;
  let shop: ShopInProcess;
  let product: IndexedProduct;
  let variantId: number;

  beforeAll(async () => {
    database = await createDemoDatabase(driver, 0.05);
    product = (await buildListingIndex(database.db)).products.find((candidate) => candidate.inStock && candidate.onlyVariantId !== null)!;
    variantId = product.onlyVariantId!;
    await database.db.update(productVariants).set({ stockQuantity: 100 }).where(eq(productVariants.id, variantId));
    shop = await startShopInProcess(database);
  }, 120_000);
  afterAll(async () => {
    await shop?.close();
    await database?.destroy();
  });

  const productPath = () => `/en-gb/${product.urlKeys['en-GB']}`;
  const get = async (path: string, visitor: Visitor) => {
    const response = await fetch(`${shop.baseUrl}${path}`, { headers: { cookie: visitor.cookie } });
    return { status: response.status, cached: response.headers.get('x-page-cache') === 'hit', body: await response.text() };
  };
  /** A visitor with a cart holding `quantity` of the product. */
  const withCart = async (quantity: number, visitor?: Visitor) => {
    const added = await addToCart(database.db, { cartId: undefined, customerId: null, locale: 'en-GB', currency: 'GBP', variantId, quantity });
    if (!added.ok) throw new Error(`not added: ${added.reason}`);
    const base = visitor ?? (await newVisitor(shop.baseUrl, 'en-gb'));
    return { ...base, cookie: `${base.cookie}; cart=${added.cartId}` };
  };
  const cartLabel = (count: number) => `${count} ${count === 1 ? 'item' : 'items'} in your cart`;

  it('serves a shopper with a cart from the cache, with their own cart count and what of the product is in it', async () => {
    const one = await withCart(1);
    const three = await withCart(3);
    expect((await get(productPath(), one)).cached).toBe(false);
    const again = await get(productPath(), one);
    expect(again.cached).toBe(true);
    expect(again.body).toContain(cartLabel(1));
    expect(again.body).toContain('1 piece is in your cart.');
    // Another cart, another page: never the first shopper's count.
    await get(productPath(), three);
    const theirs = await get(productPath(), three);
    expect(theirs.cached).toBe(true);
    expect(theirs.body).toContain(cartLabel(3));
    expect(theirs.body).toContain('3 pieces are in your cart.');
    expect(theirs.body).not.toContain(cartLabel(1));
    // A second shopper with the same cart count shares the page.
    const alsoOne = await withCart(1);
    expect((await get(productPath(), alsoOne)).cached).toBe(true);
  });

  it('sends a cached page gzipped to a client that takes gzip, with its length, and the same page plain to one that does not', async () => {
    const visitor = await withCart(2);
    await get(productPath(), visitor);
    const raw = (acceptEncoding: string) =>
      new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        http
          .get(`${shop.baseUrl}${productPath()}`, { headers: { cookie: visitor.cookie, 'accept-encoding': acceptEncoding } }, (response) => {
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
          })
          .on('error', reject);
      });
    const zipped = await raw('gzip');
    expect(zipped.headers['x-page-cache']).toBe('hit');
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(Number(zipped.headers['content-length'])).toBe(zipped.body.length);
    const plain = await raw('identity');
    expect(plain.headers['x-page-cache']).toBe('hit');
    expect(plain.headers['content-encoding']).toBeUndefined();
    // Each answer has its own CSP nonce, in its header and its scripts.
    const nonceOf = (headers: http.IncomingHttpHeaders) => /'nonce-([^']+)'/.exec(String(headers['content-security-policy']))?.[1] as string;
    const unzipped = gunzipSync(zipped.body).toString();
    expect(unzipped).toContain(`nonce="${nonceOf(zipped.headers)}"`);
    expect(unzipped.replaceAll(nonceOf(zipped.headers), 'N')).toBe(plain.body.toString().replaceAll(nonceOf(plain.headers), 'N'));
    expect(unzipped).toContain(cartLabel(2));
  });

  it('shows a change to the cart at once', async () => {
    const shopper = await withCart(1);
    await get(productPath(), shopper);
    expect((await get(productPath(), shopper)).body).toContain(cartLabel(1));
    const cartId = /cart=([\w-]+)/.exec(shopper.cookie)![1]!;
    await addToCart(database.db, { cartId, customerId: null, locale: 'en-GB', currency: 'GBP', variantId, quantity: 1 });
    const after = await get(productPath(), shopper);
    expect(after.body).toContain(cartLabel(2));
    expect(after.body).toContain('2 pieces are in your cart.');
  });

  it('greets each logged-in customer by their own name, from the cache', async () => {
    const anna = await createCustomer(database.db, { firstName: 'Annabel' });
    const bram = await createCustomer(database.db, { firstName: 'Bramwell' });
    const annaVisitor = await loggedInVisitor(shop.baseUrl, 'en-gb', anna);
    const bramVisitor = await loggedInVisitor(shop.baseUrl, 'en-gb', bram);
    await get('/en-gb', annaVisitor);
    const annaPage = await get('/en-gb', annaVisitor);
    expect(annaPage.cached).toBe(true);
    expect(annaPage.body).toContain('Hi Annabel');
    const bramPage = await get('/en-gb', bramVisitor);
    expect(bramPage.body).toContain('Hi Bramwell');
    expect(bramPage.body).not.toContain('Annabel');
  });

  it('offers the choice of list on the product page as soon as a customer has a second list', async () => {
    const customer = await createCustomer(database.db, { firstName: 'Wilhelmina' });
    const visitor = await loggedInVisitor(shop.baseUrl, 'en-gb', customer);
    await createWishlist(database.db, customer.id, 'Knots');
    await get(productPath(), visitor);
    const oneList = await get(productPath(), visitor);
    expect(oneList.cached).toBe(true);
    expect(oneList.body).not.toContain('wishlist-choice-');
    // The list count comes with the session read: the next page already knows about the second list.
    await createWishlist(database.db, customer.id, 'Gifts');
    const twoLists = await get(productPath(), visitor);
    expect(twoLists.body).toContain('wishlist-choice-');
    expect(twoLists.body).toContain('Gifts');
  });

  it('renders pages that do not share for every shopper, and a session that ended is told so', async () => {
    const shopper = await withCart(1);
    await get(`/en-gb/checkout`, shopper);
    expect((await get(`/en-gb/checkout`, shopper)).cached).toBe(false);

    const customer = await createCustomer(database.db, { firstName: 'Cordelia' });
    const visitor = await loggedInVisitor(shop.baseUrl, 'en-gb', customer);
    await get('/en-gb', visitor);
    expect((await get('/en-gb', visitor)).cached).toBe(true);
    await database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.customerId, customer.id));
    const ended = await get('/en-gb', visitor);
    expect(ended.cached).toBe(false);
    expect(ended.body).not.toContain('Hi Cordelia');
    // Said on the page itself (not only present in the hydration data's dictionary), with a way back in.
    expect(ended.body).toMatch(
      /<p class="notice session-ended" role="status">Your session has expired\. Please log in again\.(<!-- -->)? <a href="\/en-gb\/customer\/account\/login\?returnTo=%2Fen-gb&amp;reason=expired">Log in<\/a>/,
    );
    // Told once: the page's read ended the session, so the same cookie again is a stranger's.
    expect((await get('/en-gb', visitor)).body).not.toContain('session-ended');
  });
});
