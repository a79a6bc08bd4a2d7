import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabasePool, openDatabase, queryRows } from '#app/db/client.server.ts';
import { carts, productTranslations, productVariants } from '#app/db/schema.ts';
import { buildListingIndex, type IndexedProduct } from '#app/modules/catalogue/listing-index.server.ts';
import { seedContent } from '#app/modules/content/seed-content.server.ts';
import type { CheckoutDetails } from '#app/modules/checkout/checkout-details.ts';
import { createDemoDatabase, type TestDatabase } from '../support/database.ts';
import { type ShopInProcess, startShopInProcess } from '../support/shop-in-process.ts';
import { newVisitor, testClientAddress, type Visitor } from '../support/visitors.ts';

const browserAgent = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
const ready: CheckoutDetails = {
  email: 'replica-buyer@example.com',
  shippingAddress: {
    firstName: 'Anna',
    lastName: 'Jansen',
    street: 'Dorpsstraat',
    houseNumber: '1',
    zipCode: '3511 AB',
    city: 'Utrecht',
    countryCode: 'NL',
    phone: '+31 30 123 4567',
  },
  shippingMethod: 'home_delivery',
  billingSameAsShipping: true,
};

/**
 * DATABASE_REPLICA_URL (decision 0024): the same PostgreSQL database opened a second time stands in
 * for the replica, a pool of its own; each pool counts its queries.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('catalogue reads on a read replica', () => {
  let demo: TestDatabase;
  let shop: ShopInProcess;
  let visitor: Visitor;
  let product: IndexedProduct;
  let variantId: number;
  const queries: Record<DatabasePool, number> = { primary: 0, replica: 0 };

  beforeAll(async () => {
    demo = await createDemoDatabase('postgres', 0.05);
    await seedContent(demo.db, { shopName: 'Cordial' });
    const replicated = await openDatabase({
      driver: 'postgres',
      url: demo.url!,
      replicaUrl: demo.url!,
      onQueryDone: (_seconds, _failed, pool) => queries[pool]++,
    });
    product = (await buildListingIndex(demo.db)).products.find((candidate) => candidate.inStock && candidate.onlyVariantId !== null)!;
    variantId = product.onlyVariantId!;
    await demo.db.update(productVariants).set({ stockQuantity: 100 }).where(eq(productVariants.id, variantId));
    shop = await startShopInProcess({
      ...replicated,
      async destroy() {
        await replicated.close();
      },
    });
    visitor = await newVisitor(shop.baseUrl, 'nl-nl');
  }, 240_000);
  afterAll(async () => {
    await shop?.close();
    await demo?.destroy();
  });

  /** The queries each pool ran while `request` was answered. */
  const queriesOf = async (request: () => Promise<Response>) => {
    queries.primary = queries.replica = 0;
    const response = await request();
    const cookies = response.headers.getSetCookie();
    await response.arrayBuffer();
    return { status: response.status, cookies, ...queries };
  };
  const send = (path: string, form?: Record<string, string>, cookie = '') =>
    fetch(`${shop.baseUrl}${path}`, {
      method: form ? 'POST' : 'GET',
      headers: {
        cookie: [visitor.cookie, cookie].filter(Boolean).join('; '),
        'user-agent': browserAgent,
        'x-forwarded-for': testClientAddress,
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: form ? new URLSearchParams({ ...form, _csrf: visitor.csrfToken }).toString() : undefined,
      redirect: 'manual',
    });

  it('reads the category, product, search and content pages from the replica', async () => {
    const [category] = await queryRows<{ urlPath: string }>(
      demo.db,
      sql`select ct.url_path as "urlPath" from category_translations ct join categories c on c.id = ct.category_id
        where c.is_active and ct.locale = 'nl-NL' order by c.level desc, c.id limit 1`,
    );
    const [page] = await queryRows<{ code: string }>(demo.db, sql`select code from content_pages where is_active order by id limit 1`);
    for (const path of [
      `/nl-nl/${category!.urlPath}`,
      `/nl-nl/${product.urlKeys['nl-NL']}`,
      `/nl-nl/search?q=${encodeURIComponent(product.sku)}`,
      `/nl-nl/page?code=${page!.code}`,
    ]) {
      const answered = await queriesOf(() => send(path));
      expect({ path, ...answered }).toMatchObject({ path, status: 200 });
      expect(answered.replica, path).toBeGreaterThan(0);
    }
  });

  it('keeps adding to the cart and placing the order on the primary', async () => {
    const added = await queriesOf(() => send(`/nl-nl/${product.urlKeys['nl-NL']}`, { intent: 'add-to-cart', variantId: String(variantId), quantity: '1' }));
    expect(added).toMatchObject({ status: 303, replica: 0 });
    expect(added.primary).toBeGreaterThan(0);
    const cart = added.cookies.map((line) => line.split(';')[0]!).find((pair) => pair.startsWith('cart='))!;
    expect(cart).toBeDefined();
    await demo.db
      .update(carts)
      .set({ checkout: ready as Record<string, unknown> })
      .where(eq(carts.id, cart.slice('cart='.length)));
    const placed = await queriesOf(() => send('/nl-nl/checkout/payment', { paymentMethod: 'bank_transfer', terms: 'on' }, cart));
    expect(placed).toMatchObject({ status: 302, replica: 0 });
    expect(placed.primary).toBeGreaterThan(0);
  });

  it('shows a change made on the primary once the replica has it', async () => {
    const path = `/nl-nl/${product.urlKeys['nl-NL']}`;
    await send(path);
    const renamed = 'Hernoemd koord na replicatie';
    await demo.db
      .update(productTranslations)
      .set({ name: renamed })
      .where(and(eq(productTranslations.productId, product.id), eq(productTranslations.locale, 'nl-NL')));
    let body = '';
    for (let attempt = 0; attempt < 40 && !body.includes(renamed); attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      body = await (await send(path)).text();
    }
    expect(body).toContain(renamed);
  });
});
