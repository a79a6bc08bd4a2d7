import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { planCatalogue } from '../scripts/demo-catalogue/catalogue-plan.ts';
import { openBrowser } from './support/browser.ts';
import { messages } from './support/checkout-flow.ts';
import { formatMessage, lookupMessage } from '../app/modules/i18n/messages.ts';

/** Issue 17: the installable app, offline shopping and the chunk-load rule in Chromium. */
const baseUrl = inject('baseUrl');
const screenshots = process.env.E2E_SCREENSHOTS;
const t = (key: string, values?: Record<string, string | number>) => formatMessage(lookupMessage(messages('en-GB'), key) ?? key, values, 'en-GB');

// A simple product with plenty in stock, so adding three never runs into the stock rules.
const product = planCatalogue().products.find((candidate) => candidate.kind === 'simple' && candidate.variants[0]!.stock >= 50)!;
const productUrl = `${baseUrl}/en-gb/${product.texts['en-GB'].urlKey}`;
const productName = product.texts['en-GB'].name;

/** Waits until the worker controls the page (it claims its pages once active). */
async function controlledBy(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 15_000 });
}

describe('the installable app in Chromium', () => {
  let browser: BrowserContext;
  beforeAll(async () => {
    browser = await openBrowser({ viewport: { width: 390, height: 844 } });
    await browser.addCookies([{ name: 'consent', value: 'necessary', url: baseUrl }]);
  });
  afterAll(() => browser?.close());

  it('serves a valid manifest with loading icons, linked from the page, and the worker at the root scope', async () => {
    const manifestResponse = await fetch(`${baseUrl}/manifest.webmanifest?store=en-gb`);
    expect(manifestResponse.status).toBe(200);
    expect(manifestResponse.headers.get('content-type')).toContain('application/manifest+json');
    const manifest = (await manifestResponse.json()) as Record<string, unknown> & { icons: { src: string; sizes: string; purpose: string }[] };
    expect(manifest).toMatchObject({ short_name: 'Cordial', start_url: '/en-gb/?source=app', scope: '/en-gb/', display: 'standalone', lang: 'en-GB', theme_color: '#1f6b36' });
    expect(String(manifest.name)).toContain('Cordial');
    expect(manifest.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(manifest.icons.some((icon) => icon.purpose === 'maskable')).toBe(true);
    for (const icon of manifest.icons) {
      const image = await fetch(`${baseUrl}${icon.src}`);
      expect(image.status, icon.src).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/png');
    }
    // Without ?store= the visitor's store, from the browser's language.
    const german = (await (await fetch(`${baseUrl}/manifest.webmanifest`, { headers: { 'accept-language': 'de-DE' } })).json()) as { scope: string };
    expect(german.scope).toBe('/de-de/');

    const worker = await fetch(`${baseUrl}/sw.js`, { redirect: 'manual' });
    expect(worker.status).toBe(200);
    expect(worker.headers.get('service-worker-allowed')).toBe('/');
    expect(worker.headers.get('cache-control')).toBe('no-cache');
    expect(worker.headers.get('content-type')).toContain('javascript');

    const build = (await (await fetch(`${baseUrl}/api/build`)).json()) as { buildId: string };
    expect(build.buildId).toMatch(/^[a-z0-9]+-[a-z0-9]+$/);

    const page = await browser.newPage();
    await page.goto(`${baseUrl}/en-gb`);
    expect(await page.locator('link[rel=manifest]').getAttribute('href')).toBe('/manifest.webmanifest?store=en-gb');
    await page.close();
  });

  it('opens visited pages and the cart offline with a notice, and sends an add to cart made offline once back online', async () => {
    const page = await browser.newPage();
    await page.goto(productUrl);
    await controlledBy(page);
    const quantity = page.getByLabel(t('cart.quantity'), { exact: true });
    await page.getByRole('button', { name: t('cart.add'), exact: true }).click();
    await page.getByRole('dialog').getByRole('heading', { name: t('cart.miniCartTitle') }).waitFor();
    await page.keyboard.press('Escape');
    // Visited once more under the worker (the first answers set cookies, which it never keeps).
    await page.goto(productUrl);
    await page.goto(`${baseUrl}/en-gb/checkout`);
    await expect(page.getByRole('spinbutton', { name: t('cart.quantityOf', { name: productName }) }).inputValue()).resolves.toBe('1');

    await browser.setOffline(true);
    await page.goto(productUrl);
    const notices = page.getByRole('status').filter({ hasText: t('app.offlineNotice') });
    await notices.waitFor();
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toContain(productName);
    if (screenshots) await page.screenshot({ path: `${screenshots}/offline-product-390.png`, fullPage: false });

    // Offline, an add to cart waits in the worker's queue and the shopper is told.
    await quantity.fill('2');
    await page.getByRole('button', { name: t('cart.add'), exact: true }).click();
    await page.getByRole('status').filter({ hasText: t('app.cartQueued', { count: 1 }) }).waitFor();
    if (screenshots) await page.screenshot({ path: `${screenshots}/offline-queued-390.png` });

    await page.goto(`${baseUrl}/en-gb/checkout`);
    await page.getByRole('status').filter({ hasText: t('app.offlineNotice') }).waitFor();
    await expect(page.getByRole('spinbutton', { name: t('cart.quantityOf', { name: productName }) }).inputValue()).resolves.toBe('1');

    // A checkout step was never kept: the store's offline page says it needs a connection.
    await page.goto(`${baseUrl}/en-gb/checkout/customer`);
    await page.getByRole('heading', { level: 1, name: t('app.offlineTitle') }).waitFor();

    // Back online, the page asks the worker to send the queue (or Background Sync does): the shopper is told.
    await browser.setOffline(false);
    await page.getByRole('status').filter({ hasText: t('app.cartQueueSent', { count: 1 }) }).waitFor({ timeout: 15_000 });
    await page.goto(`${baseUrl}/en-gb/checkout`);
    await expect(page.getByRole('spinbutton', { name: t('cart.quantityOf', { name: productName }) }).inputValue()).resolves.toBe('3');
    await page.close();
  });
});
