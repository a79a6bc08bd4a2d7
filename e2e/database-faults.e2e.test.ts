import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '#app/db/client.server.ts';
import { ensureReferenceData } from '#app/modules/i18n/reference-data.server.ts';
import { demoCustomer } from '../scripts/demo-catalogue/demo-customer.ts';
import { loadDemoCatalogue } from '../scripts/demo-catalogue/load.ts';
import enMessages from '../locales/en.json' with { type: 'json' };
import { openBrowser, shopperUserAgent } from './support/browser.ts';
import { FormClient } from './support/form-client.ts';
import { type RunningShop, startShop } from './support/shop-server.ts';

/**
 * Fault injection: a shop on its own PostgreSQL database, which the test then breaks. A broken
 * schema must give the 500 page, a database that is gone the 503 page and an unhealthy /healthz.
 */
const serverUrl = process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';
const databaseName = `cordial_e2e_${process.pid}`;

async function admin<T>(run: (client: pg.Client) => Promise<T>, database?: string): Promise<T> {
  const url = new URL(serverUrl);
  if (database) url.pathname = `/${database}`;
  const client = new pg.Client({ connectionString: url.href });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

const postgresReachable = await admin(async () => true).catch(() => false);

describe.runIf(postgresReachable)('when the database breaks', () => {
  let shop: RunningShop;
  let dataDir: string;

  beforeAll(async () => {
    await admin((client) => client.query(`create database ${databaseName}`));
    dataDir = mkdtempSync(join(tmpdir(), 'cordial-faults-'));
    const url = new URL(serverUrl);
    url.pathname = `/${databaseName}`;
    shop = await startShop({ DATA_DIR: dataDir, DATABASE_URL: url.href, DEMO_CATALOGUE: 'false', NODE_ENV: 'production' });
  });

  afterAll(async () => {
    await shop?.stop();
    await admin((client) => client.query(`drop database if exists ${databaseName} with (force)`)).catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves the shop on PostgreSQL while all is well', async () => {
    expect((await fetch(`${shop.baseUrl}/en-gb`)).status).toBe(200);
  });

  it('shows the error page with status 500 when a query fails, without the raw error in production', async () => {
    await admin((client) => client.query('alter table products rename to products_gone'), databaseName);
    const browser = await openBrowser();
    try {
      const page = await browser.newPage();
      // Pages not seen before: the page cache would (rightly) serve a page it already has.
      const response = await page.goto(`${shop.baseUrl}/en-us`);
      expect(response?.status()).toBe(500);
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Oops');
      await expect(page.getByText('Error code 500').count()).resolves.toBe(1);
      expect(await page.title()).toBe('500 Error');
      await expect(page.locator('pre').count()).resolves.toBe(0);
    } finally {
      await browser.close();
      await admin((client) => client.query('alter table products_gone rename to products'), databaseName);
    }
  });

  it('answers 503 on pages and the health check when the database is gone', async () => {
    await admin((client) => client.query(`drop database ${databaseName} with (force)`));
    const health = await fetch(`${shop.baseUrl}/healthz`);
    expect(health.status).toBe(503);
    expect(await health.json()).toEqual({ status: 'unavailable' });
    const page = await fetch(`${shop.baseUrl}/en`, { headers: { 'user-agent': shopperUserAgent } });
    expect(page.status).toBe(503);
    expect(await page.text()).toContain('briefly unavailable');
  });
});

/**
 * The outage of issue 20 §4: the shop's database refuses connections and every session of it is
 * terminated while shoppers are placing orders. The shop must say 503 (never hang, 500 or crash),
 * come back by itself, and lose or duplicate no order.
 */
describe.runIf(postgresReachable)('when the database goes away and comes back', () => {
  const outageDatabase = `cordial_e2e_outage_${process.pid}`;
  const outageUrl = new URL(serverUrl);
  outageUrl.pathname = `/${outageDatabase}`;
  const address = {
    firstName: 'Sam',
    lastName: 'Visser',
    companyName: '',
    vatNumber: '',
    street: 'Oudegracht',
    houseNumber: '12',
    zipCode: '3511 AB',
    city: 'Utrecht',
    countryCode: 'NL',
    state: '',
    phone: '+31 30 123 4567',
  };
  const unavailableText = enMessages.errors.unavailable;
  let shop: RunningShop;
  let dataDir: string;
  let productPaths: string[];

  const cutDatabase = async () => {
    await admin((client) => client.query(`alter database ${outageDatabase} allow_connections false`));
    await admin((client) => client.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [outageDatabase]));
  };
  const restoreDatabase = () => admin((client) => client.query(`alter database ${outageDatabase} allow_connections true`));

  /** A shopper with ten of a product (each shopper another one) in the cart, on the payment step. */
  async function shopperAtPayment(index: number): Promise<FormClient> {
    const shopper = new FormClient(shop.baseUrl);
    const productPath = productPaths[index % productPaths.length]!;
    const product = await shopper.get(productPath);
    const variantId = product.body.match(/name="variantId" value="(\d+)"/)?.[1];
    // A form post without JavaScript answers with a redirect to the page and its message (issue 19 item 9).
    expect((await shopper.post(productPath, { intent: 'add-to-cart', variantId: variantId!, quantity: '10' })).status).toBe(303);
    await shopper.get('/en/checkout/customer');
    expect((await shopper.post('/en/checkout/customer', { email: `outage-${index}@example.com` })).location).toMatch(/shipping$/);
    expect((await shopper.post('/en/checkout/shipping', { ...address, shippingMethod: 'home_delivery', billingSame: 'on' })).location).toMatch(/billing$/);
    expect((await shopper.post('/en/checkout/billing', { billingSame: 'same' })).location).toMatch(/payment$/);
    await shopper.get('/en/checkout/payment');
    return shopper;
  }
  const placeOrder = (shopper: FormClient) => shopper.post('/en/checkout/payment', { paymentMethod: 'bank_transfer', terms: 'on' });

  beforeAll(async () => {
    await admin((client) => client.query(`create database ${outageDatabase}`));
    dataDir = mkdtempSync(join(tmpdir(), 'cordial-outage-'));
    // A small catalogue, loaded here rather than by the shop: enough for a category, products and the demo customer.
    const database = await openDatabase({ driver: 'postgres', url: outageUrl.href });
    await database.migrate();
    await ensureReferenceData(database.db);
    await loadDemoCatalogue(database.db, { mediaDir: join(dataDir, 'media'), scale: 0.05 });
    await database.close();
    shop = await startShop({ DATA_DIR: dataDir, DATABASE_URL: outageUrl.href, DEMO_CATALOGUE: 'false', NODE_ENV: 'production' });
    const listing = await new FormClient(shop.baseUrl).get('/en/paracord');
    productPaths = [...new Set([...listing.body.matchAll(/class="product-card__link" href="([^"]+)"/g)].map((match) => match[1]!))];
  });

  afterAll(async () => {
    await shop?.stop();
    await admin((client) => client.query(`drop database if exists ${outageDatabase} with (force)`)).catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers 503 everywhere at once, recovers by itself, and loses or duplicates no order in flight', async () => {
    const customer = new FormClient(shop.baseUrl);
    await customer.get('/en/customer/account/login');
    expect((await customer.post('/en/customer/account/login', { email: demoCustomer.email, password: demoCustomer.password, returnTo: '' })).status).toBe(302);
    const stranger = new FormClient(shop.baseUrl);
    await stranger.get('/en/customer/account/login');
    const visitor = await shopperAtPayment(0);
    const inFlight = await Promise.all([1, 2, 3, 4, 5].map((index) => shopperAtPayment(index)));

    // Taken now: placing an order ends the cart cookie's life in the browser.
    const cartIds = inFlight.map((shopper) => shopper.cookie('cart'));
    // The cut falls in the middle of five orders being placed.
    const placing = inFlight.map((shopper) =>
      placeOrder(shopper).then(
        ({ status }) => status,
        () => 'no answer',
      ),
    );
    await cutDatabase();
    try {
      const started = performance.now();
      expect((await fetch(`${shop.baseUrl}/healthz`)).status).toBe(503);
      expect(performance.now() - started).toBeLessThan(1_000);

      const answers: [string, Promise<{ status: number; retryAfter: string | null; body: string }>][] = [
        ['category with a cart cookie', visitor.get('/en/paracord')],
        ['product', visitor.get(productPaths[0]!)],
        ['cart', visitor.get('/en/checkout')],
        ['customer area', customer.get('/en/customer')],
        ['search', visitor.get('/en/search?q=paracord')],
        ['add to cart', visitor.post(productPaths[0]!, { intent: 'add-to-cart', variantId: '1', quantity: '1' })],
        ['place order', placeOrder(visitor)],
        ['login', stranger.post('/en/customer/account/login', { email: demoCustomer.email, password: 'wrong', returnTo: '' })],
      ];
      for (const [name, answer] of answers) {
        const { status, retryAfter, body } = await answer;
        expect({ name, status, retryAfter: Boolean(retryAfter) }).toEqual({ name, status: 503, retryAfter: true });
        expect(body, name).toContain(unavailableText);
      }
      const suggestions = await visitor.get('/api/search/suggest?q=para&locale=en');
      expect(suggestions.status).toBe(503);
      expect(shop.process.exitCode).toBeNull();
    } finally {
      await restoreDatabase();
    }

    // Back by itself within seconds, no restart.
    const deadline = Date.now() + 10_000;
    while ((await fetch(`${shop.baseUrl}/healthz`)).status !== 200) {
      expect(Date.now()).toBeLessThan(deadline);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect((await visitor.get('/en/paracord')).status).toBe(200);

    // Each shopper cut off in the middle places the order again: exactly one order per cart.
    const cutOff = await Promise.all(placing);
    // Placed before the cut (302) or refused for now (503); never a 500 or no answer at all.
    for (const status of cutOff) expect([302, 503]).toContain(status);
    for (const shopper of inFlight) {
      // Placed now, or placed before the cut: then the cart is gone from the browser and the post
      // answers the success page (the browser's placed-order marker) or the empty cart, never a second order.
      const again = await placeOrder(shopper);
      expect(again.location).toMatch(/\/checkout(\/success\?order=[A-Z]{2}\d{6}.*)?$/);
    }
    const rows = await admin(
      (client) =>
        client.query<{ idempotency_key: string; orders: string }>(
          'select idempotency_key, count(*) as orders from orders where idempotency_key = any($1) group by idempotency_key',
          [cartIds.map((id) => `cart:${id}`)],
        ),
      outageDatabase,
    );
    expect(rows.rows.map((row) => Number(row.orders))).toEqual(inFlight.map(() => 1));
    expect(shop.output()).not.toMatch(/"status":500/);
  });
});
