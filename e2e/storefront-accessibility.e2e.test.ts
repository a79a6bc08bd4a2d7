import { randomUUID } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { checkAtBothWidths, type Violation } from './support/axe.ts';
import { openBrowser } from './support/browser.ts';
import { CheckoutFlow } from './support/checkout-flow.ts';

const baseUrl = inject('baseUrl');

/** The storefront's own pages linked from a page (same origin, no files, no admin). */
async function pageLinks(page: Page, scope: string): Promise<string[]> {
  const hrefs = await page.locator(`${scope} a[href^="/"]`).evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  return [...new Set(hrefs.filter((href) => !/\.[a-z]+$/i.test(href) && !href.includes('_admin')))];
}

/** Issue 14: no axe violation (WCAG 2.2 A/AA) on any storefront page type at 390 and 1280 px. */
describe('the storefront for everyone', () => {
  let newcomer: BrowserContext;
  let shopper: BrowserContext;
  beforeAll(async () => {
    newcomer = await openBrowser();
    shopper = await openBrowser();
    await shopper.addCookies([{ name: 'consent', value: 'necessary', url: baseUrl }]);
  });
  afterAll(async () => {
    await newcomer?.close();
    await shopper?.close();
  });

  it('has no violation on the first visit (region prompt and cookie banner open)', async () => {
    const found: Violation[] = [];
    const page = await newcomer.newPage();
    await page.goto(`${baseUrl}/de-de`);
    await checkAtBothWidths(page, 'first-visit', found);
    expect(found).toEqual([]);
  });

  it('has no violation on catalogue, content, cart, checkout and account pages', { timeout: 600_000 }, async () => {
    const found: Violation[] = [];
    const page = await shopper.newPage();
    const check = async (name: string, path: string) => {
      await page.goto(`${baseUrl}${path}`);
      await checkAtBothWidths(page, name, found);
    };
    await check('home', '/en-gb');
    const footerPages = await pageLinks(page, 'footer');
    await check('category', '/en-gb/paracord?color=black');
    const product = await page.locator('.product-card__link').first().getAttribute('href');
    await check('product', product!);
    await check('product-de', `/de-de/${product!.split('/').slice(2).join('/')}`);
    await check('search', '/en-gb/search?q=paracord');
    await check('search-nothing', '/en-gb/search?q=zzqqxx');
    await check('not-found', '/en-gb/no-such-page');
    await check('offline', '/en-gb/offline');
    for (const path of footerPages) await check(`footer${path.replaceAll('/', '-')}`, path);

    const flow = new CheckoutFlow(page, 'en-GB', 'en-gb');
    await flow.addFirstParacord(2);
    await checkAtBothWidths(page, 'product-added', found);
    await check('cart', '/en-gb/checkout');
    await check('login', '/en-gb/customer/account/login');
    await check('register', '/en-gb/customer/account/create');
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Lovelace');
    await page.getByLabel('Email address').fill(`axe-${randomUUID()}@example.com`);
    await page.getByLabel('Password', { exact: true }).fill('Rope&Knot2026');
    await page.getByLabel('Confirm password').fill('Rope&Knot2026');
    await page.getByRole('button', { name: 'Create an account' }).click();
    await page.waitForURL(`${baseUrl}/en-gb/customer`);
    await checkAtBothWidths(page, 'account', found);
    for (const path of await pageLinks(page, 'main')) {
      if (path.startsWith('/en-gb/customer/') && !path.includes('logout')) await check(`account${path.replaceAll('/', '-')}`, path);
    }
    expect(found).toEqual([]);
  });
});
