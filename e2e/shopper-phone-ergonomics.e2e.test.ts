import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { formatMessage, lookupMessage } from '#app/modules/i18n/messages.ts';
import { openBrowser } from './support/browser.ts';
import { messages } from './support/checkout-flow.ts';
import { ProductPage } from './pages/product-page.ts';

const baseUrl = inject('baseUrl');
const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 900 };
const t = (locale: string, key: string, values?: Record<string, string | number>) => formatMessage(lookupMessage(messages(locale), key) ?? key, values, locale);

/** Whether the element is what a person sees at its centre: inside the viewport and on top. */
async function painted(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const x = box.left + box.width / 2;
    const y = box.top + box.height / 2;
    if (x < 0 || y < 0 || x > window.innerWidth || y > window.innerHeight) return false;
    const top = document.elementFromPoint(x, y);
    return top !== null && (top === element || element.contains(top));
  });
}

const focusedInside = (page: Page, selector: string) => page.evaluate((s) => document.querySelector(s)?.contains(document.activeElement) ?? false, selector);

async function shopper(viewport: { width: number; height: number }, { javaScriptEnabled = true, locale = 'en-GB' } = {}): Promise<BrowserContext> {
  const browser = await openBrowser({ viewport, javaScriptEnabled, locale });
  await browser.addCookies([{ name: 'consent', value: 'necessary', url: baseUrl }]);
  return browser;
}

/** The first paracord of the en-gb listing (a product sold in lengths, with a long page). */
async function openFirstParacord(page: Page) {
  const product = new ProductPage(page, (key, values) => t('en-GB', key, values));
  await product.openFirstOf('en-gb');
  return product;
}

describe('the product page on a phone (issue 22)', () => {
  let browser: BrowserContext;
  beforeAll(async () => {
    browser = await shopper(phone);
  });
  afterAll(() => browser?.close());

  it('shows a buy bar once the form scrolled away; it adds, opens the mini-cart and gives the focus back', async () => {
    const page = await browser.newPage();
    const product = await openFirstParacord(page);
    const bar = await product.buyBar();
    // At the top the page's own button is there; the bar is not.
    await product.addButton().waitFor();
    expect(await bar.isVisible()).toBe(false);

    await page.locator('#description').scrollIntoViewIfNeeded();
    await bar.waitFor();
    await expect.poll(() => painted(bar)).toBe(true);

    // The bar never covers the end of the page: the page's last line is painted above it.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const lastLine = page.locator('.site-footer').getByRole('link', { name: t('en-GB', 'footer.cookieSettings') });
    await expect.poll(() => painted(lastLine)).toBe(true);

    await bar.focus();
    await page.keyboard.press('Enter');
    const miniCart = page.getByRole('dialog', { name: t('en-GB', 'cart.miniCartTitle') });
    await miniCart.waitFor();
    expect(await focusedInside(page, 'dialog.mini-cart')).toBe(true);
    // Announced by a live region, and one message only: no notice on the page behind the mini-cart.
    await product.addedMessage().waitFor({ state: 'attached' });
    expect(await page.locator('.notice--success').count()).toBe(0);
    expect(await miniCart.getByRole('link', { name: t('en-GB', 'cart.view') }).isVisible()).toBe(true);

    await page.keyboard.press('Escape');
    await miniCart.waitFor({ state: 'hidden' });
    expect(await bar.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.close();
  });

  it('without JavaScript the added message is the only one and names what the cart holds', async () => {
    const noScript = await shopper(phone, { javaScriptEnabled: false });
    const page = await noScript.newPage();
    const product = await openFirstParacord(page);
    await product.addButton().click();
    const message = product.addedMessage();
    await message.waitFor();
    expect(await message.count()).toBe(1);
    expect(await message.textContent()).toContain(t('en-GB', 'cart.inCart', { count: 1 }));
    expect(await page.locator('.in-cart').count()).toBe(0);
    await noScript.close();
  });

  it('on a desktop the bar stays away while the form is in view', async () => {
    const wide = await shopper(desktop);
    const page = await wide.newPage();
    const product = await openFirstParacord(page);
    await product.addButton().waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.locator('.sticky-buy').isVisible()).toBe(false);
    await wide.close();
  });
});

describe('the listing filters on a phone (issue 22)', () => {
  it('open in a drawer from the keyboard, filter with the live count, and close with Esc', async () => {
    const browser = await shopper(phone);
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/en-gb/paracord`);
    const total = Number((await page.locator('.listing__count').textContent())?.replace(/\D/g, ''));
    const openButton = page.getByRole('button', { name: t('en-GB', 'listing.filters'), exact: true });
    // The results start right below the button, not below the filter groups.
    const firstCard = page.locator('.product-card').first();
    expect((await firstCard.boundingBox())!.y).toBeLessThan(phone.height);

    // Closed, the drawer holds no form: a phone does not build the filter groups again after hydration.
    await openButton.waitFor();
    expect(await page.locator('dialog.filters-drawer input').count()).toBe(0);

    await openButton.focus();
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog', { name: t('en-GB', 'listing.filters') });
    await drawer.waitFor();
    expect(await focusedInside(page, 'dialog.filters-drawer')).toBe(true);
    await drawer.getByRole('button', { name: t('en-GB', 'listing.showResults', { count: total }) }).waitFor();
    // No group twice: "Paracord type" repeated the categories.
    const legends = await drawer.locator('legend').allTextContents();
    expect(new Set(legends).size).toBe(legends.length);
    expect(legends).not.toContain('Paracord type');
    // The price boxes show amounts in the store's currency.
    expect(await drawer.getByLabel(t('en-GB', 'listing.priceMin')).getAttribute('placeholder')).toMatch(/^£\d/);

    const choice = drawer.getByRole('checkbox', { name: /Paracord 425/ });
    await choice.focus();
    await page.keyboard.press('Space');
    await page.waitForURL(/category_uid=/);
    const filtered = page.getByRole('button', { name: /^Show \d+ results?$/ });
    await expect.poll(async () => Number((await filtered.textContent())?.replace(/\D/g, ''))).toBeLessThan(total);
    const count = Number((await filtered.textContent())?.replace(/\D/g, ''));
    // The drawer stayed open, the focus where it was.
    expect(await drawer.isVisible()).toBe(true);
    expect(await choice.evaluate((element) => element === document.activeElement)).toBe(true);

    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    const reopen = page.getByRole('button', { name: t('en-GB', 'listing.filtersWithCount', { count: 1 }) });
    expect(await reopen.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await page.locator('.listing__count').textContent()).toBe(t('en-GB', 'listing.productCount', { count }));

    // "Show N results" closes it too; the close button as well.
    await reopen.click();
    await drawer.getByRole('button', { name: t('en-GB', 'listing.showResults', { count }) }).click();
    await drawer.waitFor({ state: 'hidden' });
    await reopen.click();
    await drawer.getByRole('button', { name: t('en-GB', 'listing.closeFilters') }).click();
    await drawer.waitFor({ state: 'hidden' });
    await browser.close();
  });

  it('work without JavaScript as a fold-out form', async () => {
    const browser = await shopper(phone, { javaScriptEnabled: false });
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/en-gb/paracord`);
    // Folded, the filter groups and the menu have no boxes: not styled or laid out with the page (issue 14).
    const boxes = (selector: string) =>
      page
        .locator(selector)
        .first()
        .evaluate((element) => element.getClientRects().length);
    expect(await boxes('.filters fieldset')).toBe(0);
    expect(await boxes('.nav-drawer__panel a')).toBe(0);
    await page.getByText(t('en-GB', 'listing.filters'), { exact: true }).click();
    expect(await boxes('.filters fieldset')).toBe(1);
    await page.getByRole('checkbox', { name: /Paracord 425/ }).check();
    await page.locator('.filters__apply').click();
    await page.waitForURL(/category_uid=/);
    expect(await page.getByRole('link', { name: t('en-GB', 'listing.removeFilter', { filter: 'Paracord 425' }) }).isVisible()).toBe(true);
    await browser.close();
  });
});

describe('a first visit on a phone (issue 22)', () => {
  // A German browser in the British store, a Polish one in the French store (the longest texts).
  it.each([
    ['en-gb', 'de-DE'],
    ['fr-fr', 'pl-PL'],
  ])(
    'in %s from a %s browser: the region prompt in its own language and the cookie banner take at most a third of the screen',
    async (store, browserLocale) => {
      const browser = await openBrowser({ viewport: phone, locale: browserLocale });
      const page = await browser.newPage();
      await page.goto(`${baseUrl}/${store}`);
      const prompt = page.getByRole('region', { name: t(browserLocale, 'locale.promptLabel') });
      const banner = page.getByRole('region', { name: t(store === 'fr-fr' ? 'fr-FR' : 'en-GB', 'consent.title') });
      await prompt.waitFor();
      await banner.waitFor();
      expect(await prompt.getAttribute('lang')).toBe(browserLocale);
      expect(await prompt.textContent()).toContain(t(browserLocale, 'locale.promptQuestion', { store: browserLocale === 'de-DE' ? 'Deutschland' : 'Polska' }));
      const heights = (await prompt.boundingBox())!.height + (await banner.boundingBox())!.height;
      expect(heights).toBeLessThanOrEqual(phone.height / 3);
      // Both still offer their choices.
      expect(await painted(banner.getByRole('button', { name: t(store === 'fr-fr' ? 'fr-FR' : 'en-GB', 'consent.acceptAll') }))).toBe(true);
      await browser.close();
    },
  );
});

describe('the menus (issue 22)', () => {
  it('the phone menu closes with Esc and with its close button, the focus back on the menu button', async () => {
    const browser = await shopper(phone);
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/en-gb`);
    const menuButton = page.locator('.nav-drawer summary');
    const menu = page.getByRole('navigation', { name: t('en-GB', 'header.mainNavigation') }).first();
    const closeButton = page.getByRole('button', { name: t('en-GB', 'header.closeMenu') });
    await menuButton.click();
    await closeButton.waitFor();
    expect(await menu.isVisible()).toBe(true);
    await menu.getByRole('link').first().focus();
    await page.keyboard.press('Escape');
    await closeButton.waitFor({ state: 'hidden' });
    expect(await menuButton.evaluate((element) => element === document.activeElement)).toBe(true);

    await page.keyboard.press('Enter');
    await closeButton.waitFor();
    await closeButton.click();
    await closeButton.waitFor({ state: 'hidden' });
    expect(await menuButton.evaluate((element) => element === document.activeElement)).toBe(true);
    await browser.close();
  });

  it.each(['en-gb', 'es-es'])('the desktop menu of %s fits one row at 1280 px', async (store) => {
    const browser = await shopper(desktop);
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/${store}`);
    const tops = await page.locator('.category-menu__link').evaluateAll((links) => links.map((link) => Math.round(link.getBoundingClientRect().top)));
    expect(tops.length).toBeGreaterThan(5);
    expect(new Set(tops).size).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
    await browser.close();
  });
});
