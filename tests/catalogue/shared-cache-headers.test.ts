import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '#app/db/schema.ts';
import { createDemoDatabase, type TestDatabase, testDrivers } from '../support/database.ts';
import { createCustomer } from '../support/factories.ts';
import { type ShopInProcess, startShopInProcess } from '../support/shop-in-process.ts';
import { loggedInVisitor, newVisitor } from '../support/visitors.ts';

/** Issue 18 / decision 0024: nothing personal reaches a shared cache (CDN, nginx); public reads may. */
describe.each(testDrivers)('Cache-Control for shared caches on %s', (driver) => {
  let database: TestDatabase;
  let shop: ShopInProcess;
  beforeAll(async () => {
    database = await createDemoDatabase(driver, 0.05);
    shop = await startShopInProcess(database);
  }, 120_000);
  afterAll(async () => {
    await shop?.close();
    await database?.destroy();
  });

  const cacheControl = async (path: string, cookie = '') => {
    const response = await fetch(`${shop.baseUrl}${path}`, { headers: { cookie }, redirect: 'manual' });
    await response.arrayBuffer();
    return {
      value: response.headers.get('cache-control') ?? '',
      setsCookie: response.headers.getSetCookie().length > 0,
      surrogateKey: response.headers.get('surrogate-key'),
    };
  };
  const shareable = (value: string) => /\b(public|s-maxage)\b/.test(value);

  it('keeps every page, for anonymous visitors and customers alike, out of shared caches', async () => {
    const firstVisit = await cacheControl('/en-gb/');
    expect(firstVisit.setsCookie).toBe(true);
    expect(firstVisit.value).toBe('private, no-store');
    const anonymous = await newVisitor(shop.baseUrl, 'en-gb');
    for (const path of ['/en-gb/', '/en-gb/search?q=paracord', '/en-gb/checkout/cart']) {
      const answer = await cacheControl(path, anonymous.cookie);
      expect(shareable(answer.value), `${path}: ${answer.value}`).toBe(false);
    }
    // Served from the page cache the second time: still private.
    expect(shareable((await cacheControl('/en-gb/', anonymous.cookie)).value)).toBe(false);

    const customer = await createCustomer(database.db, { email: 'cache-headers@example.com' });
    const loggedIn = await loggedInVisitor(shop.baseUrl, 'en-gb', customer);
    for (const path of ['/en-gb/', '/en-gb/customer', '/en-gb/customer/orders']) {
      expect((await cacheControl(path, loggedIn.cookie)).value, path).toMatch(/private, no-store/);
    }
  });

  it('lets shared caches keep public reads, with a stale window, and tags a product’s answer with its key', async () => {
    // A first request without cookies (a CDN's) gets no cookie, so the answer can be kept.
    const cookieless = await cacheControl('/api/currency');
    expect(cookieless.setsCookie).toBe(false);
    expect(cookieless.value).toMatch(/s-maxage=60/);
    const visitor = await newVisitor(shop.baseUrl, 'en-gb');
    expect((await cacheControl('/api/currency', visitor.cookie)).value).toMatch(/^public, max-age=60, s-maxage=60, stale-while-revalidate=300$/);
    expect((await cacheControl('/sitemap.xml', visitor.cookie)).value).toMatch(/s-maxage=3600/);
    const [product] = await database.db.select({ sku: products.sku }).from(products).limit(1);
    const answer = await cacheControl(`/api/product/${product!.sku}/urlPath`, visitor.cookie);
    expect(answer.value).toMatch(/s-maxage=300/);
    expect(answer.surrogateKey).toBe(`product-${product!.sku}`);
  });
});
