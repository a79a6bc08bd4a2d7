import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productTranslations, products, productVariants, sessions } from '../../app/db/schema.ts';
import { addToCart } from '../../app/modules/cart/add-to-cart.server.ts';
import { loadDemoCatalogue } from '../../scripts/demo-catalogue/load.ts';
import { createTestDatabase, type TestDatabase, testDrivers } from '../support/database.ts';
import { createCustomer } from '../support/factories.ts';
import { type ShopInProcess, startShopInProcess } from '../support/shop-in-process.ts';
import { loggedInVisitor } from '../support/visitors.ts';

const browserAgent = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';

/**
 * Issue 14: shoppers with a cart or a session are served shared pages from the cache, each with
 * their own header and in-cart note (decision 0019).
 */
describe.each(testDrivers)('personal parts of shared pages on %s', (driver) => {
  let database: TestDatabase;
  let shop: ShopInProcess;
  let productPath: string;
  let variants: [number, number];

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    await loadDemoCatalogue(database.db, { mediaDir: mkdtempSync(join(tmpdir(), 'cordial-media-')), scale: 0.05 });
    const simple = await database.db
      .select({ id: productVariants.id, productId: products.id, urlKey: productTranslations.urlKey })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .innerJoin(productTranslations, and(eq(productTranslations.productId, products.id), eq(productTranslations.locale, 'en')))
      .where(and(eq(products.kind, 'simple'), eq(products.soldByLength, false), eq(products.isActive, true)))
      .orderBy(asc(productVariants.id))
      .limit(2);
    productPath = `/en/${simple[0]!.urlKey}`;
    variants = [simple[0]!.id, simple[1]!.id];
    await database.db.update(productVariants).set({ stockQuantity: 1_000 }).where(sql`${productVariants.id} in (${variants[0]}, ${variants[1]})`);
    shop = await startShopInProcess(database);
  }, 400_000);
  afterAll(async () => {
    await shop?.close();
    await database?.destroy();
  });

  /** A logged-in customer with `quantity` of a variant in their cart. */
  async function shopper(firstName: string, variantId: number, quantity: number): Promise<string> {
    const customer = await createCustomer(database.db, { firstName });
    const { cookie } = await loggedInVisitor(shop.baseUrl, 'en', customer);
    const added = await addToCart(database.db, { cartId: undefined, customerId: customer.id, locale: 'en', currency: 'EUR', variantId, quantity });
    if (!added.ok) throw new Error(`not added: ${added.reason}`);
    return `${cookie}; cart=${added.cartId}`;
  }
  const page = async (path: string, cookie = '') => {
    const response = await fetch(`${shop.baseUrl}${path}`, { headers: { cookie, 'user-agent': browserAgent } });
    return { status: response.status, cache: response.headers.get('x-page-cache'), body: await response.text(), setCookies: response.headers.getSetCookie() };
  };
  const cartCount = (body: string) => /class="cart-link__count"[^>]*>(\d+)</.exec(body)?.[1] ?? null;
  const inCartNote = (body: string) => /<p class="in-cart">(.*?)<a /.exec(body)?.[1] ?? null;

  it('serves two shoppers in the same state one cached page, each with their own name', async () => {
    const anna = await shopper('Anna', variants[0], 2);
    const carl = await shopper('Carl', variants[0], 2);
    const first = await page(productPath, anna);
    expect(first.status).toBe(200);
    expect(first.setCookies).toEqual([]);
    expect(first.body).toContain('Hi Anna');
    expect(inCartNote(first.body)).toContain('2 pieces are in your cart.');
    expect(cartCount(first.body)).toBe('2');

    const second = await page(productPath, carl);
    expect(second.cache).toBe('hit');
    expect(second.body).toContain('Hi Carl');
    expect(second.body).not.toContain('Anna');
    expect(inCartNote(second.body)).toContain('2 pieces are in your cart.');
    // The hydration data carries the same name as the HTML.
    expect(second.body).toMatch(/customerFirstName.{0,12}Carl/);
  });

  it('renders another variant for another cart, and an anonymous visitor never sees a shopper', async () => {
    const bjorn = await shopper('Björn', variants[1], 3);
    const other = await page(productPath, bjorn);
    expect(other.cache).toBeNull();
    expect(other.body).toContain('Hi Björn');
    expect(inCartNote(other.body)).toBeNull();
    expect(cartCount(other.body)).toBe('3');
    expect((await page(productPath, bjorn)).cache).toBe('hit');

    await page(productPath);
    const anonymous = await page(productPath);
    expect(anonymous.cache).toBe('hit');
    expect(anonymous.body).toContain('Log in');
    expect(anonymous.body).not.toMatch(/Hi (Anna|Carl|Björn)/);
    expect(cartCount(anonymous.body)).toBeNull();
  });

  it('renders a name that would need escaping for its owner, escaped', async () => {
    const quoted = await shopper(`D'Arcy <b>`, variants[0], 2);
    const response = await page(productPath, quoted);
    expect(response.cache).toBeNull();
    expect(response.body).toContain('Hi D&#x27;Arcy &lt;b&gt;');
    expect(response.body).not.toContain('<b>');
  });

  it('serves client navigation data the same way', async () => {
    const anna = await shopper('Anna', variants[0], 2);
    const carl = await shopper('Carl', variants[0], 2);
    const first = await page(`${productPath}.data`, anna);
    expect(first.status).toBe(200);
    expect(first.body).toContain('Anna');
    const second = await page(`${productPath}.data`, carl);
    expect(second.cache).toBe('hit');
    expect(second.body).toContain('Carl');
    expect(second.body).not.toContain('Anna');
  });

  it('never serves a page that reads the cart itself (the checkout) from the cache to a shopper', async () => {
    const anna = await shopper('Anna', variants[0], 1);
    const bjorn = await shopper('Björn', variants[1], 1);
    await page('/en/checkout', anna);
    expect((await page('/en/checkout', anna)).cache).toBeNull();
    const [annaSku, bjornSku] = await Promise.all(
      variants.map(async (id) => (await database.db.select({ sku: productVariants.sku }).from(productVariants).where(eq(productVariants.id, id)))[0]!.sku),
    );
    const other = await page('/en/checkout', bjorn);
    expect(other.cache).toBeNull();
    expect(other.body).toContain(bjornSku);
    expect(other.body).not.toContain(annaSku);
  });

  it('tells a shopper whose session ended, instead of serving the cached page', async () => {
    const eve = await shopper('Eve', variants[0], 2);
    await page(productPath, eve);
    expect((await page(productPath, eve)).cache).toBe('hit');
    await database.db.update(sessions).set({ expiresAt: sql`now() - interval '1 minute'` });
    const ended = await page(productPath, eve);
    expect(ended.cache).toBeNull();
    expect(ended.setCookies.some((line) => line.startsWith('session=') && /Max-Age=0/.test(line))).toBe(true);
    expect(ended.body).toContain('Log in');
  });
});
