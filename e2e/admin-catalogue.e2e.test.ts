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
});
