import { randomUUID } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { formatMessage, lookupMessage } from '#app/modules/i18n/messages.ts';
import { demoStaff } from '../scripts/demo-catalogue/demo-staff.ts';
import { enterTwoFactorCode, openTwoFactorPage } from './support/admin-login.ts';
import { checkAtBothWidths, type Violation } from './support/axe.ts';
import { openBrowser } from './support/browser.ts';
import { messages } from './support/checkout-flow.ts';

const baseUrl = inject('baseUrl');
const say = (locale: string) => (key: string, values?: Record<string, string | number>) =>
  formatMessage(lookupMessage(messages(locale), key) ?? key, values, locale);
const t = say('en');
const de = say('de-DE');

/** Reloads `path` until `ready` holds on it: the shop drops its caches within moments of a change. */
async function eventually(page: Page, path: string, ready: () => Promise<boolean>) {
  for (let attempt = 0; attempt < 20; attempt++) {
    await page.goto(`${baseUrl}${path}`);
    if (await ready()) return;
    await page.waitForTimeout(250);
  }
  throw new Error(`${path} did not show the change`);
}

describe('the catalogue in the back office (issue 16)', () => {
  let staff: BrowserContext;
  let shopper: BrowserContext;
  beforeAll(async () => {
    [staff, shopper] = await Promise.all([openBrowser(), openBrowser({ locale: 'de-DE' })]);
    await shopper.addCookies([{ name: 'consent', value: 'necessary', url: baseUrl }]);
  });
  afterAll(async () => {
    await staff?.close();
    await shopper?.close();
  });

  it('renames a product in German and adds an image; the German page, search and gallery show it within seconds', async () => {
    const page = await staff.newPage();
    await openTwoFactorPage(page, demoStaff.editor.email);
    await enterTwoFactorCode(page);
    const found: Violation[] = [];

    // The list: the storefront's search, then the first product found.
    await page
      .getByRole('navigation', { name: t('admin.nav.label') })
      .getByRole('link', { name: t('admin.nav.products') })
      .click();
    await page.getByLabel(t('admin.catalogue.filters.search')).fill('paracord 550');
    await page
      .getByRole('search')
      .getByRole('button', { name: t('admin.filter') })
      .click();
    await page.waitForURL(/q=paracord/);
    await checkAtBothWidths(page, 'admin-products', found);
    await page
      .getByRole('region', { name: t('admin.catalogue.products') })
      .getByRole('rowheader')
      .first()
      .getByRole('link')
      .click();
    await page.getByRole('heading', { level: 1 }).waitFor();

    // The German texts: a new name, saved.
    const name = `Kordel Zugspitze ${randomUUID().slice(0, 6)}`;
    await page.locator('summary').filter({ hasText: 'de-DE' }).click();
    await page.getByLabel(t('admin.catalogue.partIn', { part: t('admin.catalogue.parts.name'), locale: 'de-DE' })).fill(name);
    const urlKey = await page.getByLabel(t('admin.catalogue.partIn', { part: t('admin.catalogue.parts.urlKey'), locale: 'de-DE' })).inputValue();
    await page.getByRole('button', { name: t('admin.save') }).click();
    await page
      .getByRole('status')
      .filter({ hasText: t('admin.catalogue.notices.saved') })
      .waitFor();

    // An image from the plain file field (drag and drop fills the same field).
    const image = await sharp({ create: { width: 640, height: 640, channels: 3, background: '#d4402b' } })
      .png()
      .toBuffer();
    await page.getByLabel(t('admin.catalogue.images.file')).setInputFiles({ name: 'red-cord.png', mimeType: 'image/png', buffer: image });
    await page.getByRole('button', { name: t('admin.catalogue.images.upload') }).click();
    await page
      .getByRole('status')
      .filter({ hasText: t('admin.catalogue.notices.imageAdded') })
      .waitFor();
    const images = await page
      .getByRole('region', { name: t('admin.catalogue.images.title') })
      .getByRole('listitem')
      .count();
    await checkAtBothWidths(page, 'admin-product-editor', found);
    // The category tree and an attribute's labels pass the same checks.
    await page.goto(`${baseUrl}/paracord_admin/categories`);
    await checkAtBothWidths(page, 'admin-categories', found);
    await page.goto(`${baseUrl}/paracord_admin/attributes`);
    await page.getByRole('link', { name: 'Colour', exact: true }).click();
    await page.getByRole('heading', { name: t('admin.catalogue.attributes.options') }).waitFor();
    await checkAtBothWidths(page, 'admin-attribute', found);

    // The shopper's German product page, German search and gallery.
    const german = await shopper.newPage();
    await eventually(german, `/de-de/${urlKey}`, async () => (await german.getByRole('heading', { level: 1 }).textContent()) === name);
    if (images > 1) {
      const thumb = german.getByRole('link', { name: de('product.showImage', { number: images }) });
      expect(await thumb.locator('img').getAttribute('src')).toMatch(/^\/images\/products\/[0-9a-f]{32}\.png\?w=96$/);
      await thumb.click();
    }
    const shown = german.locator('.product__image');
    expect(await shown.getAttribute('src')).toMatch(/^\/images\/products\//);
    // The image pipeline renders the upload (webp at the page's width), not only links to it.
    await shown.evaluate(
      (img: HTMLImageElement) => (img.complete && img.naturalWidth > 0) || new Promise((done) => img.addEventListener('load', done, { once: true })),
    );
    expect(await shown.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await eventually(german, `/de-de/search?q=${encodeURIComponent('zugspitze')}`, async () => (await german.getByRole('link', { name }).count()) > 0);
    expect(found).toEqual([]);
  });

  it('creates a product from the list that shoppers find at once, and deletes it again', async () => {
    const manager = await openBrowser();
    const page = await manager.newPage();
    await openTwoFactorPage(page, demoStaff.manager.email);
    await enterTwoFactorCode(page);
    const found: Violation[] = [];
    await page.goto(`${baseUrl}/paracord_admin/products`);
    await page.getByRole('link', { name: t('admin.catalogue.create.link') }).click();
    await page.getByRole('heading', { level: 1, name: t('admin.catalogue.create.title') }).waitFor();
    // Sent empty: each field says what it needs.
    await page.getByRole('button', { name: t('admin.catalogue.create.submit') }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: t('admin.catalogue.notSaved') })
      .waitFor();
    await checkAtBothWidths(page, 'admin-product-new', found);

    const code = randomUUID().slice(0, 6);
    const name = `Cobra buckle ${code}`;
    await page.getByLabel(t('admin.catalogue.create.nameIn', { language: 'International' })).fill(name);
    await page.getByLabel(t('admin.catalogue.sku')).fill(`COBRA-${code}`);
    await page.getByLabel(t('admin.catalogue.filters.type')).fill('buckle');
    await page.getByLabel(t('admin.catalogue.filters.category')).selectOption({ index: 1 });
    await page.getByLabel(t('admin.catalogue.priceEur')).fill('3.20');
    await page.getByRole('button', { name: t('admin.catalogue.create.submit') }).click();
    await page
      .getByRole('status')
      .filter({ hasText: t('admin.catalogue.notices.created') })
      .waitFor();
    await checkAtBothWidths(page, 'admin-product-created', found);
    // A new product misses most of its texts: the long "missing" notes wrap on a phone.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const editorUrl = page.url();

    const shop = await shopper.newPage();
    await eventually(shop, `/en/cobra-buckle-${code}`, async () => (await shop.getByRole('heading', { level: 1 }).textContent()) === name);

    // The category editor (meta texts, the move to another parent) and the imports page with XLSX pass the same checks.
    await page.goto(`${baseUrl}/paracord_admin/categories`);
    await page.getByRole('rowheader').first().getByRole('link').click();
    await page.getByRole('heading', { name: t('admin.catalogue.categories.place') }).waitFor();
    const international = page.locator('details').filter({ hasText: 'International' });
    await international.locator('summary').click();
    await international.getByLabel(t('admin.catalogue.parts.metaTitle')).waitFor();
    await checkAtBothWidths(page, 'admin-category-editor', found);
    await page.goto(`${baseUrl}/paracord_admin/imports`);
    await checkAtBothWidths(page, 'admin-imports', found);

    await page.goto(editorUrl);
    await page.getByLabel(t('admin.catalogue.delete.confirm', { sku: `COBRA-${code}` })).check();
    await page.getByRole('button', { name: t('admin.catalogue.delete.submit') }).click();
    await page
      .getByRole('status')
      .filter({ hasText: t('admin.catalogue.delete.done', { sku: `COBRA-${code}` }) })
      .waitFor();
    await eventually(shop, `/en/cobra-buckle-${code}`, async () => (await shop.getByRole('heading', { level: 1 }).textContent()) !== name);
    await manager.close();
    expect(found).toEqual([]);
  });
});
