/**
 * Screenshots of what a shopper sees, at a phone's 390 px and a desktop's 1280 px: home (also as a
 * first visit, with the cookie banner and the region prompt), a listing, a product page, the cart
 * and each checkout step up to the order's success page. Not a test: it looks, a person judges.
 *   npm run screenshots                          fresh data directory, into ./screenshots
 *   npm run screenshots -- /tmp/shots            into another folder
 *   npm run screenshots -- --base-url http://127.0.0.1:3000   a shop that already runs
 *   npm run screenshots -- --store de-de         another storefront (default en-gb)
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { BrowserContext, Page } from 'playwright-core';
import { openBrowser } from '../e2e/support/browser.ts';
import { shopToLookAt } from '../e2e/support/shop-server.ts';
import { formatMessage, lookupMessage, type MessageTree } from '#app/modules/i18n/messages.ts';
import { storefronts } from '#app/modules/i18n/locales.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { 'base-url': { type: 'string' }, store: { type: 'string', default: 'en-gb' } },
});
const outDir = resolve(positionals[0] ?? 'screenshots');
const storefront = storefronts.find((s) => s.prefix === values.store);
if (!storefront) throw new Error(`unknown store "${values.store}" (one of ${storefronts.map((s) => s.prefix).join(', ')})`);
const prefix = storefront.prefix;
const messages = JSON.parse(readFileSync(new URL(`../locales/${storefront.code}.json`, import.meta.url), 'utf8')) as MessageTree;
const t = (key: string, vars?: Record<string, string | number>) => formatMessage(lookupMessage(messages, key) ?? key, vars, storefront.code);
const widths = [390, 1280] as const;

const shop = await shopToLookAt(values['base-url']);
const { baseUrl } = shop;
mkdirSync(outDir, { recursive: true });
const taken: string[] = [];

async function shoot(page: Page, name: string, width: number, { fullPage = true } = {}) {
  const file = join(outDir, `${name}-${width}.png`);
  if (fullPage) {
    // Scroll through once so lazy pictures load, then back to the top.
    await page.evaluate(async () => {
      for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight) {
        window.scrollTo(0, y);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      window.scrollTo(0, 0);
    });
    await page.waitForLoadState('networkidle');
  }
  await page.screenshot({ path: file, fullPage });
  taken.push(file);
}

/** The consent cookie, so the banner does not cover the pages after the first visit. */
async function consented(browser: BrowserContext) {
  await browser.addCookies([{ name: 'consent', value: 'necessary', url: baseUrl }]);
}

const continueButton = (page: Page) => page.getByRole('button', { name: t('checkout.continue') });

async function atStep(page: Page, step: string) {
  await page.waitForURL(new RegExp(`/checkout/${step}$`));
  await page.getByRole('heading', { level: 1, name: t(`checkout.step.${step}`) }).waitFor();
}

try {
  for (const width of widths) {
    const viewport = { width, height: width === 390 ? 844 : 900 };
    // First visit from a browser of another country: the region prompt and the cookie banner.
    const visitor = await openBrowser({ viewport, locale: storefront.code === 'de-DE' ? 'en-GB' : 'de-DE' });
    const first = await visitor.newPage();
    await first.goto(`${baseUrl}/${prefix}`);
    await shoot(first, 'first-visit', width, { fullPage: false });
    await visitor.close();

    const browser = await openBrowser({ viewport, locale: storefront.code });
    await consented(browser);
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/${prefix}`);
    await shoot(page, 'home', width);

    await page.goto(`${baseUrl}/${prefix}/paracord`);
    await shoot(page, 'listing', width);
    const product = await page.locator('.product-card__link').first().getAttribute('href');
    await page.goto(`${baseUrl}${product}`);
    await shoot(page, 'product', width);
    // Enough for the minimum order value.
    await page.getByLabel(t('cart.quantity'), { exact: true }).first().fill('12');
    await page
      .getByRole('button', { name: t('cart.add'), exact: true })
      .first()
      .click();
    await page
      .getByRole('status')
      .filter({ hasText: t('cart.added') })
      .first()
      .waitFor();
    await shoot(page, 'product-added', width, { fullPage: false });

    await page.goto(`${baseUrl}/${prefix}/checkout`);
    await shoot(page, 'cart', width);
    await page.goto(`${baseUrl}/${prefix}/checkout/customer`);
    await atStep(page, 'customer');
    await shoot(page, 'checkout-1-customer', width);
    await page.getByLabel(t('account.email')).fill(`screenshots-${width}@example.com`);
    await continueButton(page).click();
    await atStep(page, 'shipping');
    await shoot(page, 'checkout-2-shipping', width);
    // Sent empty: the error summary at the top, with the focus on it.
    await continueButton(page).click();
    await page.locator('.error-summary').waitFor();
    await shoot(page, 'checkout-2-shipping-errors', width, { fullPage: false });
    // An address in the store's own format (the UK's: the house number in the first line, no state).
    const address =
      storefront.countryCode === 'GB' || storefront.countryCode === 'US'
        ? {
            firstName: 'Eva',
            lastName: 'Visser',
            street: '10 Downing Street',
            zipCode: storefront.countryCode === 'GB' ? 'SW1A 2AA' : '62704',
            city: storefront.countryCode === 'GB' ? 'London' : 'Springfield',
            phone: '+44 20 7946 0000',
            ...(storefront.countryCode === 'US' ? { state: 'IL' } : {}),
          }
        : { firstName: 'Eva', lastName: 'Visser', street: 'Oudegracht', houseNumber: '10', zipCode: '3511 AB', city: 'Utrecht', phone: '030 123 4567' };
    if (!storefront.countryCode || !['GB', 'US'].includes(storefront.countryCode))
      await page.getByLabel(t('address.country'), { exact: true }).first().selectOption('NL');
    for (const [name, value] of Object.entries(address)) await page.locator(`input[name="${name}"]`).fill(value);
    await continueButton(page).click();
    await atStep(page, 'billing');
    await shoot(page, 'checkout-3-billing', width);
    await continueButton(page).click();
    await atStep(page, 'payment');
    await shoot(page, 'checkout-4-payment', width);
    await page.getByRole('radio', { name: new RegExp(t('payment.method.bank_transfer')) }).check();
    await page.getByLabel(t('checkout.terms')).check();
    const [placeOrder] = t('checkout.placeOrder', { total: '\u0000' }).split('\u0000');
    await page.getByRole('button', { name: new RegExp(`^${placeOrder!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) }).click();
    await page.waitForURL(/\/checkout\/success\?order=/);
    await shoot(page, 'checkout-5-success', width);
    await browser.close();
  }
  console.log(`${taken.length} screenshots in ${outDir}:\n${taken.map((file) => `  ${file}`).join('\n')}`);
} finally {
  await shop.stop();
}
