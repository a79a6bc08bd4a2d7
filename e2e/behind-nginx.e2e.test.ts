import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import type { BrowserContext, Response as BrowserResponse } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '#app/db/client.server.ts';
import { productVariants } from '#app/db/schema.ts';
import { buildListingIndex, type IndexedProduct } from '#app/modules/catalogue/listing-index.server.ts';
import { ensureReferenceData } from '#app/modules/i18n/reference-data.server.ts';
import { formatMessage, lookupMessage } from '#app/modules/i18n/messages.ts';
import { loadDemoCatalogue } from '../scripts/demo-catalogue/load.ts';
import { demoStaff } from '../scripts/demo-catalogue/demo-staff.ts';
import { freePort } from '../tests/support/free-port.ts';
import { enterTwoFactorCode, openTwoFactorPage } from './support/admin-login.ts';
import { openBrowser, shopperUserAgent } from './support/browser.ts';
import { CheckoutFlow, messages } from './support/checkout-flow.ts';
import { nginxPath, type RunningNginx, startNginx } from './support/nginx.ts';
import { type RunningShop, startShop } from './support/shop-server.ts';

/** The PostgreSQL server the run creates its database on (and drops it from afterwards). */
const serverUrl = new URL(process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres');
serverUrl.pathname = '/postgres';
const postgresAnswers = async () => {
  const client = new pg.Client({ connectionString: serverUrl.href, connectionTimeoutMillis: 2_000 });
  return client.connect().then(
    () => client.end().then(() => true),
    () => false,
  );
};
const missing = [
  !existsSync(nginxPath) && `nginx at ${nginxPath} (Debian: apt-get install -y nginx, or set NGINX_PATH)`,
  !(await postgresAnswers()) && `a PostgreSQL server at ${serverUrl.href}`,
].filter(Boolean);
// Locally a machine without them skips, saying so; CI (CI=true) installs them and must run this.
const skip = missing.length > 0 && !process.env.CI;
if (skip) console.warn(`e2e/behind-nginx skipped: it needs ${missing.join(' and ')}.`);

const t = (key: string, values: Record<string, string | number> = {}) => formatMessage(lookupMessage(messages('en'), key) ?? key, values, 'en');

/**
 * Issue 18: deploy/nginx.conf in front of two web processes (ROLE=web) and a worker (ROLE=worker)
 * on a fresh PostgreSQL database. Which process answered a request is read from its log: nginx
 * gives every request an X-Request-Id, the shop logs it and sends it back.
 */
describe.skipIf(skip)('the shop behind nginx: two web processes and a worker on PostgreSQL', () => {
  const databaseName = `cordial_e2e_nginx_${randomBytes(4).toString('hex')}`;
  const databaseUrl = new URL(serverUrl);
  databaseUrl.pathname = `/${databaseName}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'cordial-e2e-nginx-'));
  let webPorts: [number, number];
  let web: RunningShop[] = [];
  let worker: RunningShop | undefined;
  let nginx: RunningNginx | undefined;
  let browser: BrowserContext;
  let product: IndexedProduct;
  let sku: string;

  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl.href });
    await client.connect();
    await client.query(sql).finally(() => client.end());
  };

  beforeAll(async () => {
    if (missing.length > 0) throw new Error(`CI must run the e2e through nginx, but this machine lacks ${missing.join(' and ')}.`);
    await admin(`create database ${databaseName}`);
    // A small demo catalogue, loaded before the processes start (they find it and seed nothing more).
    const database = await openDatabase({ driver: 'postgres', url: databaseUrl.href });
    try {
      await database.migrate();
      await ensureReferenceData(database.db);
      await loadDemoCatalogue(database.db, { mediaDir: join(dataDir, 'media'), scale: 0.05 });
      product = (await buildListingIndex(database.db)).products.find((candidate) => candidate.inStock && candidate.onlyVariantId !== null)!;
      [{ sku }] = (await database.db.select({ sku: productVariants.sku }).from(productVariants).where(eq(productVariants.id, product.onlyVariantId!))) as [
        { sku: string },
      ];
    } finally {
      await database.close();
    }

    webPorts = [await freePort(), await freePort()];
    const nginxPort = await freePort();
    const siteUrl = `http://127.0.0.1:${nginxPort}`;
    const env = (role: string, port: number) => ({
      ROLE: role,
      PORT: String(port),
      DATABASE_URL: databaseUrl.href,
      DATA_DIR: dataDir,
      SITE_URL: siteUrl,
      SESSION_SECRET: 'e2e-behind-nginx-session-secret-of-enough-length',
      DEMO_CATALOGUE: 'false',
    });
    // The worker serves no HTTP: it is started when it says so. It alone runs imports (the price edit below).
    [worker, ...web] = await Promise.all([
      startShop(env('worker', await freePort()), { timeoutMs: 120_000, readyLine: /worker is running/ }),
      ...webPorts.map((port) => startShop(env('web', port), { timeoutMs: 120_000, readyLine: /is ready on/ })),
    ]);
    nginx = await startNginx(nginxPort, webPorts);
    browser = await openBrowser();
    await browser.addCookies([{ name: 'consent', value: 'necessary', url: siteUrl }]);
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await nginx?.stop();
    await Promise.all([...web, worker].map((shop) => shop?.stop()));
    await admin(`drop database if exists ${databaseName} with (force)`).catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** The web process (0 or 1) whose log holds the request, waiting for the log line. */
  async function servedBy(response: BrowserResponse): Promise<number> {
    const requestId = response.headers()['x-request-id'];
    expect(requestId, response.url()).toBeTruthy();
    for (let attempt = 0; attempt < 40; attempt++) {
      const process = web.findIndex((shop) => shop.output().includes(`"requestId":"${requestId}"`));
      if (process >= 0) return process;
      await new Promise((done) => setTimeout(done, 50));
    }
    throw new Error(`no web process logged request ${requestId} (${response.url()})`);
  }

  /** The price a web process shows on the product page now, asked directly (not through nginx). */
  const priceOn = async (port: number) => {
    const html = await (await fetch(`http://127.0.0.1:${port}/nl-nl/${product.urlKeys['nl-NL']}`, { headers: { 'user-agent': shopperUserAgent } })).text();
    return /class="product__price"><span class="price">([^<]+)</.exec(html)?.[1];
  };

  it('browses, adds to the cart on one process, shows a staff price edit on both within a second and checks out on the other', async () => {
    const flow = new CheckoutFlow(await browser.newPage(), 'nl-NL', 'nl-nl', nginx!.baseUrl);
    const { page } = flow;
    const shopResponses: BrowserResponse[] = [];
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.origin === nginx!.baseUrl && !url.pathname.startsWith('/assets/') && !url.pathname.startsWith('/images/')) shopResponses.push(response);
    });

    // Browse a category, then the product; put it in the cart.
    await page.goto(`${nginx!.baseUrl}/nl-nl/paracord`);
    await page.locator('.product-card__link').first().waitFor();
    await page.goto(`${nginx!.baseUrl}/nl-nl/${product.urlKeys['nl-NL']}`);
    await flow.product.heading().waitFor();
    const priceBefore = (await page.locator('.product__price .price').textContent())!.trim();
    const added = page.waitForResponse((response) => response.request().method() === 'POST');
    await flow.product.add(1);
    const addedOn = await servedBy(await added);

    // A staff member changes the price (a price import in the back office, through nginx too).
    const staff = await browser.newPage();
    await openTwoFactorPage(staff, demoStaff.editor.email, async () => {}, nginx!.baseUrl);
    await enterTwoFactorCode(staff);
    await staff
      .getByRole('navigation', { name: 'Admin sections' })
      .getByRole('link', { name: t('admin.nav.imports') })
      .click();
    await staff.getByRole('radio', { name: new RegExp(`^${t('admin.imports.kinds.prices')}`) }).check();
    await staff
      .getByLabel(t('admin.imports.file'))
      .setInputFiles({ name: 'prices.csv', mimeType: 'text/csv', buffer: Buffer.from(`sku;price_eur\r\n${sku};987.65\r\n`) });
    await staff.getByRole('button', { name: t('admin.imports.check') }).click();
    await staff.getByRole('button', { name: t('admin.imports.apply', { count: 1 }) }).click();
    await staff.getByText(t('admin.imports.statuses.done'), { exact: true }).waitFor({ timeout: 20_000 });
    // Both processes show it within a second (their caches heard PostgreSQL's NOTIFY).
    const shown = await Promise.all(
      webPorts.map(async (port) => {
        const until = Date.now() + 1_000;
        let price = await priceOn(port);
        while (price === priceBefore && Date.now() < until) price = await priceOn(port);
        return price;
      }),
    );
    expect(shown[0]).not.toBe(priceBefore);
    expect(shown[1]).toBe(shown[0]);
    // nginx keeps no page (they are private), so it has nothing to purge: it passes the new price on.
    const throughNginx = await page.goto(`${nginx!.baseUrl}/nl-nl/${product.urlKeys['nl-NL']}`);
    expect(throughNginx?.headers()['x-cache-status']).not.toBe('HIT');
    expect((await page.locator('.product__price .price').textContent())!.trim()).toBe(shown[0]);

    // The checkout: its requests go to both processes, so also to the one that did not add to the cart.
    const checkoutFrom = shopResponses.length;
    const orderNumber = await flow.placeBankTransferOrder('nginx-buyer@example.com', async () => {});
    expect(orderNumber).toMatch(/^NL\d{6}$/);
    const checkout = shopResponses.slice(checkoutFrom).filter((response) => new URL(response.url()).pathname.includes('/checkout'));
    const checkoutOn = new Set(await Promise.all(checkout.map(servedBy)));
    expect(checkoutOn).toContain(1 - addedOn);
    expect(worker!.process.exitCode).toBeNull();
  }, 90_000);
});
