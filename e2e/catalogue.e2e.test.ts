import { readFileSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type LocaleCode, storefronts } from '#app/modules/i18n/locales.ts';
import { formatMessage, lookupMessage, type MessageTree } from '#app/modules/i18n/messages.ts';
import { initialEuroRates } from '#app/modules/i18n/reference-data.server.ts';
import { formatPrice, type PriceDisplay } from '#app/modules/pricing/price-display.ts';
import { displayVatRateBp } from '#app/modules/pricing/vat.ts';
import { catalogueLanguageOf, planCatalogue } from '../scripts/demo-catalogue/catalogue-plan.ts';
import { categoryPath } from '../scripts/demo-catalogue/vocabulary/catalogue-text.ts';
import { baseColours } from '../scripts/demo-catalogue/vocabulary/colours.ts';
import { facetLabels, facetValues } from '../scripts/demo-catalogue/vocabulary/facet-text.ts';
import { openBrowser, shopperUserAgent, untilHydrated } from './support/browser.ts';

const baseUrl = inject('baseUrl');
// The shop was seeded from the same deterministic plan, so the test knows every price.
const plan = planCatalogue();
const variantsBySku = new Map(plan.products.flatMap((p) => p.variants.map((v) => [v.sku, v] as const)));
const messages = (locale: string) => JSON.parse(readFileSync(new URL(`../locales/${locale}.json`, import.meta.url), 'utf8')) as MessageTree;
const t = (locale: LocaleCode, key: string, values?: Record<string, string | number>) =>
  formatMessage(lookupMessage(messages(locale), key) ?? key, values, locale);

/** Prices as a first-time visitor sees them: the store's default currency and VAT display. */
function defaultDisplay(locale: LocaleCode): PriceDisplay {
  const store = storefronts.find((s) => s.code === locale)!;
  const currency = store.currencies[0];
  return {
    locale,
    currency,
    minorUnits: currency === 'JPY' ? 0 : 2,
    rate: initialEuroRates[currency]!,
    vatRateBp: displayVatRateBp[locale],
    includeVat: store.pricesIncludeVat,
  };
}

const black = (locale: LocaleCode) => baseColours.find((c) => c.code === 'black')!.name[catalogueLanguageOf(locale)];
const millimetres = (locale: LocaleCode, value: number) => `${new Intl.NumberFormat(locale).format(value)} mm`;

async function expectTierPrices(page: Page, locale: LocaleCode) {
  const sku = (await page.locator('.product__sku').textContent())?.match(/[A-Z0-9]+-\d+-\d+M/)?.[0];
  const variant = variantsBySku.get(sku ?? '');
  expect(variant, `variant ${sku}`).toBeDefined();
  const display = defaultDisplay(locale);
  const table = page.getByRole('table', { name: t(locale, 'product.tiers') });
  const tenOrMore = table.getByRole('row').filter({ hasText: t(locale, 'product.tierQuantity', { quantity: 10 }) });
  await expect(tenOrMore.textContent()).resolves.toContain(formatPrice(variant!.tiers[1]!.unitPriceCents, display));
  await expect(tenOrMore.textContent()).resolves.toContain('10');
  return { sku: sku!, variant: variant! };
}

describe('the catalogue journey in Chromium', () => {
  let browser: BrowserContext;
  beforeAll(async () => {
    browser = await openBrowser();
    // A returning shopper who has answered the cookie banner, so it covers nothing.
    await browser.addCookies([{ name: 'consent', value: 'necessary', url: baseUrl }]);
  });
  afterAll(() => browser?.close());

  it.each(storefronts.map((s) => [s.code, s.prefix] as [LocaleCode, string]))(
    '%s: home, category, filters, sort, paging, product, colour, length, tier price',
    async (locale, prefix) => {
      const page = await browser.newPage();
      await page.goto(`${baseUrl}/${prefix}?locale=${locale}`);
      await page
        .getByRole('region', { name: t(locale, 'home.categoriesHeading') })
        .getByRole('link', { name: /^Paracord\s+\d/ })
        .click();
      await page.waitForURL(`${baseUrl}/${prefix}/paracord`);

      await page.getByRole('checkbox', { name: new RegExp(`^${black(locale)} \\(`) }).check();
      await page.waitForURL(/color=black/);
      await page.getByRole('checkbox', { name: new RegExp(`^${millimetres(locale, 4)} \\(`) }).check();
      await page.waitForURL(/rope_diameter=4/);
      await page.getByRole('combobox', { name: t(locale, 'listing.sortBy') }).selectOption('price_asc');
      await page.waitForURL(/sort=price_asc/);
      await page
        .getByRole('navigation', { name: t(locale, 'listing.pagination') })
        .getByRole('link', { name: t(locale, 'listing.next') })
        .click();
      await page.waitForURL(/page=2/);
      await expect.poll(() => page.locator('.pagination__range').textContent()).toMatch(/^25\D/);

      await page.locator('.product-card__link').first().click();
      await page.waitForURL((url) => !url.pathname.endsWith('/paracord'));
      // Another colour of the same cord, then a length.
      const firstProductUrl = page.url();
      const otherDesign = page
        .getByRole('region', { name: t(locale, 'product.otherDesigns') })
        .getByRole('link')
        .first();
      const otherName = await otherDesign.getAttribute('aria-label');
      await otherDesign.click();
      await page.waitForURL((url) => url.href !== firstProductUrl);
      await page.getByRole('heading', { level: 1, name: otherName ?? '' }).waitFor();
      const productUrl = page.url();
      await page.evaluate(() => ((window as unknown as { stayedOnPage: boolean }).stayedOnPage = true));
      await page.getByRole('radio', { name: new RegExp(`${new Intl.NumberFormat(locale).format(30)} m`) }).check();
      await expect.poll(() => page.url()).toContain('length=30m');
      expect(await page.evaluate(() => (window as unknown as { stayedOnPage?: boolean }).stayedOnPage)).toBe(true);
      const { sku } = await expectTierPrices(page, locale);
      expect(sku).toMatch(/-30M$/);
      expect(productUrl.startsWith(`${baseUrl}/${prefix}/`)).toBe(true);
      await page.close();
    },
  );

  it("filters leather straps by the spec's leather grade facet, in the store's language (issue 19)", async () => {
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/de-de${categoryPath('leather-straps', 'de')}`);
    const count = () => page.locator('.listing__count').textContent();
    const before = await count();
    const grade = page.getByRole('group', { name: facetLabels.leather_grade!.de });
    await grade.getByRole('checkbox', { name: new RegExp(`^${facetValues['full-grain']!.de} \\(`) }).check();
    await page.waitForURL(/leather_grade=full-grain/);
    await expect.poll(count).not.toBe(before);
    // The chip of the active filter takes it off again.
    await page.getByRole('link', { name: t('de-DE', 'listing.removeFilter', { filter: facetValues['full-grain']!.de }) }).click();
    await page.waitForURL((url) => !url.search.includes('leather_grade'));
    await expect.poll(count).toBe(before);
    await page.close();
  });

  it('shows the second picture of the gallery without a reload, and by URL without JavaScript', async () => {
    const page = await browser.newPage();
    const product = plan.products.find((p) => p.imagePaths.length > 1)!;
    await page.goto(`${baseUrl}/en-gb/${product.texts['en-GB'].urlKey}`);
    const main = page.getByRole('img', { name: product.texts['en-GB'].name });
    expect(await main.getAttribute('src')).toContain(product.imagePaths[0]);
    const second = page.getByRole('link', { name: t('en-GB', 'product.showImage', { number: 2 }) });
    await untilHydrated(second);
    await second.click();
    await expect.poll(() => main.getAttribute('src')).toContain(product.imagePaths[1]);
    expect(page.url()).not.toContain('image=');
    const html = await (await fetch(`${baseUrl}/en-gb/${product.texts['en-GB'].urlKey}?image=1`, { headers: { 'user-agent': shopperUserAgent } })).text();
    expect(html).toContain(`src="/images/${product.imagePaths[1]}?w=640"`);
    await page.close();
  });

  it('switching the locale on a product page lands on the same product', async () => {
    const page = await browser.newPage();
    const product = plan.products.find((p) => p.sku === 'PC550-0010')!;
    await page.goto(`${baseUrl}/en-gb/${product.texts['en-GB'].urlKey}`);
    const footer = page.getByRole('contentinfo');
    await footer.getByText(t('en-GB', 'locale.label')).click();
    await footer.getByRole('link', { name: 'Italia' }).click();
    await page.waitForURL(`${baseUrl}/it-it/${product.texts['it-IT'].urlKey}`);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(product.texts['it-IT'].name);
    await page.close();
  });

  it('offers the back-in-stock form for a variant that is sold out, and confirms a request', async () => {
    const soldOut = plan.products.find(
      (p) => p.productType === 'paracord-550' && p.variants.some((v) => v.stock === 0) && p.variants.some((v) => v.stock > 0),
    )!;
    const variant = soldOut.variants.find((v) => v.stock === 0)!;
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/en/${soldOut.texts.en.urlKey}?length=${variant.options.length}`);
    const email = page.getByLabel(t('en', 'product.backInStockEmail'));
    await email.fill('not-an-address');
    await page.getByRole('button', { name: t('en', 'product.backInStockSubmit') }).click();
    await page.getByText(t('en', 'validation.email')).waitFor();
    expect(await email.inputValue()).toBe('not-an-address');
    await email.fill('shopper@example.com');
    await page.getByRole('button', { name: t('en', 'product.backInStockSubmit') }).click();
    await page
      .getByRole('status')
      .filter({ hasText: t('en', 'product.backInStockConfirmation') })
      .waitFor();
    await page.close();
  });
});

describe('the same journey without JavaScript (HTTP)', () => {
  const get = async (path: string) => {
    const response = await fetch(`${baseUrl}${path}`, { headers: { 'user-agent': shopperUserAgent, cookie: 'consent=necessary' } });
    expect(response.status, path).toBe(200);
    return response.text();
  };

  it.each(storefronts.map((s) => [s.code, s.prefix] as [LocaleCode, string]))(
    '%s: filtered, sorted, paged listing and a product with its length and tier price',
    async (locale, prefix) => {
      const listing = await get(`/${prefix}/paracord?color=black&rope_diameter=4&sort=price_asc&page=2`);
      expect(listing).toContain(`<html lang="${locale}"`);
      const links = [...listing.matchAll(/<a [^>]*href="([^"]+)"[^>]*class="product-card__link"|<a [^>]*class="product-card__link"[^>]*href="([^"]+)"/g)].map(
        (m) => (m[1] ?? m[2])!,
      );
      expect(links.length).toBeGreaterThan(0);
      const product = await get(`${links[0]}?length=10m`);
      const sku = product.match(/[A-Z0-9]+-\d{4}-10M/)?.[0];
      const variant = variantsBySku.get(sku ?? '');
      expect(variant, `${locale} ${sku}`).toBeDefined();
      expect(product.replace(/<!-- -->/g, '')).toContain(formatPrice(variant!.tiers[1]!.unitPriceCents, defaultDisplay(locale)).replace(/&/g, '&amp;'));
      expect(product).toContain('application/ld+json');
      // The hreflang links lead to the same product in the other stores.
      const italian = product.match(/rel="alternate" hrefLang="it-IT" href="[^"]*?(\/it-it\/[^"]+)"/)?.[1];
      expect(await get(italian!)).toContain(sku!.replace(/-10M$/, ''));
    },
  );

  it('answers the route and URL-key calls of spec §7', async () => {
    const route = await (await fetch(`${baseUrl}/api/route?url=/de-de/anderes-seil/kletterseile-pro-meter`)).json();
    expect(route).toMatchObject({ type: 'CATEGORY', redirect_code: 0, relative_url: '/de-de/anderes-seil/kletterseile-pro-meter' });
    const product = plan.products[0]!;
    const byKey = await (await fetch(`${baseUrl}/api/route?url=/fr-fr/${product.texts['fr-FR'].urlKey}`)).json();
    expect(byKey).toMatchObject({ type: 'PRODUCT', sku: product.sku });
    expect((await fetch(`${baseUrl}/api/route?url=/fr-fr/nope`)).status).toBe(404);
    const keys = await (await fetch(`${baseUrl}/api/product/${product.sku}/urlPath`)).json();
    expect(keys).toMatchObject({ url_key: product.texts['en-US'].urlKey, url_key_de_DE: product.texts['de-DE'].urlKey, url_key_en: product.texts.en.urlKey });
  });
});
