import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { formatMessage, lookupMessage, type MessageTree } from '#app/modules/i18n/messages.ts';
import { storefronts } from '#app/modules/i18n/locales.ts';
import { seller } from '#app/modules/orders/seller.ts';
import { openBrowser } from './support/browser.ts';
import { waitForMail } from '../tests/support/mail-catcher.ts';

const baseUrl = inject('baseUrl');
const mailDir = inject('mailDir');
const t = (locale: string, key: string, values?: Record<string, string | number>) => {
  const messages = JSON.parse(readFileSync(new URL(`../locales/${locale}.json`, import.meta.url), 'utf8')) as MessageTree;
  return formatMessage(lookupMessage(messages, key) ?? key, values, locale);
};

/** The links of a page's footer (server-rendered HTML), as paths. */
function footerLinks(html: string): string[] {
  const footer = /<footer[\s\S]*?<\/footer>/.exec(html)?.[0] ?? '';
  return [...footer.matchAll(/<a [^>]*href="(\/[^"#]*)"/g)].map((match) => match[1]!.replaceAll('&amp;', '&'));
}

describe('content pages', () => {
  it('every footer link of every storefront answers 200 with a heading, in that store', { timeout: 300_000 }, async () => {
    for (const store of storefronts) {
      const home = await fetch(`${baseUrl}/${store.prefix}`, { headers: { cookie: 'consent=necessary' } });
      expect(home.status).toBe(200);
      const homeHtml = await home.text();
      // The footer speaks the store's language.
      for (const key of ['pages.terms', 'pages.privacy', 'content.pages.stores'])
        expect(homeHtml, store.code).toContain(`>${t(store.code, key).replaceAll('&', '&amp;')}</a>`);
      const links = [...new Set(footerLinks(homeHtml))];
      // The sixteen content pages, the store locator and the store preference links at least.
      expect(links.length, store.code).toBeGreaterThanOrEqual(17);
      for (const link of links) {
        const response = await fetch(`${baseUrl}${link}`, { headers: { cookie: `consent=necessary; locale=${store.code}` } });
        const html = await response.text();
        expect(response.status, `${store.code} ${link}`).toBe(200);
        expect(html, `${store.code} ${link}`).toMatch(/<h1[^>]*>[^<]+/);
      }
    }
  });
});

describe('content pages in Chromium', () => {
  let browser: BrowserContext;
  beforeAll(async () => {
    browser = await openBrowser({ javaScriptEnabled: false });
    await browser.addCookies([{ name: 'consent', value: 'necessary', url: baseUrl }]);
  });
  afterAll(() => browser?.close());

  it('sends a contact message without JavaScript: field messages first, then the shop and the sender get a mail', async () => {
    const page = await browser.newPage();
    const email = `visitor-${randomUUID()}@example.com`;
    await page.goto(`${baseUrl}/en/contact-us`);
    await page.getByRole('heading', { level: 1, name: 'Contact us' }).waitFor();
    const form = page.getByRole('form', { name: 'Contact form' });
    await form.getByLabel('Your name').fill('Anna Jansen');
    await form.getByLabel('E-mail address').fill('not an address');
    await form.getByLabel('Subject').fill('Rope <b>question</b>');
    await form.getByLabel('Your message').fill('<script>alert(1)</script> Which cord holds a hammock?');
    await form.getByRole('button', { name: 'Send message' }).click();
    await page.getByText('Please enter a valid email address').waitFor();
    await expect(page.getByLabel('Your message').inputValue()).resolves.toBe('<script>alert(1)</script> Which cord holds a hammock?');

    await page.getByLabel('E-mail address').fill(email);
    await page.getByRole('button', { name: 'Send message' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `sent a confirmation to ${email}` })
      .waitFor();

    // This visitor's message: another test sends the shop a hammock question too.
    const toShop = await waitForMail(mailDir, seller.email, new RegExp(email.replace(/[.]/g, '\\.')));
    expect(toShop.text).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(toShop.text).toContain(email);
    const acknowledgement = await waitForMail(mailDir, email, /We have received your message/);
    expect(acknowledgement.text).toContain('Rope &lt;b&gt;question&lt;/b&gt;');
    await page.close();
  });

  it("the checkout's terms link opens the terms in the shopper's language", async () => {
    // With JavaScript, as the checkout's own browser tests shop.
    const shopper = await openBrowser();
    await shopper.addCookies([{ name: 'consent', value: 'necessary', url: baseUrl }]);
    const page = await shopper.newPage();
    const locale = 'de-DE';
    await page.goto(`${baseUrl}/de-de/paracord`);
    const href = await page.locator('.product-card__link').first().getAttribute('href');
    await page.goto(`${baseUrl}${href}`);
    // Enough for the minimum order value.
    await page.getByLabel(t(locale, 'cart.quantity'), { exact: true }).fill('12');
    await page.getByRole('button', { name: t(locale, 'cart.add'), exact: true }).click();
    await page
      .getByRole('status')
      .filter({ hasText: t(locale, 'cart.added') })
      .waitFor();
    await page.goto(`${baseUrl}/de-de/checkout`);
    await page.getByRole('link', { name: t(locale, 'cart.checkout') }).click();
    await page.waitForURL(/\/checkout\/customer$/);
    await page.getByLabel(t(locale, 'account.email')).fill(`guest-${randomUUID()}@example.com`);
    await page.getByRole('button', { name: t(locale, 'checkout.continue') }).click();
    await page.waitForURL(/\/checkout\/shipping$/);
    const address = { firstName: 'Eva', lastName: 'Muster', street: 'Seilweg', houseNumber: '7', phone: '+49 30 1234567', zipCode: '10115', city: 'Berlin' };
    // The country first: the form follows its address format (issue 22).
    await page.locator('select[name="countryCode"]').selectOption('DE');
    for (const [name, value] of Object.entries(address)) await page.locator(`input[name="${name}"]`).fill(value);
    await page.getByRole('button', { name: t(locale, 'checkout.continue') }).click();
    await page.waitForURL(/\/checkout\/billing$/);
    await page.getByRole('button', { name: t(locale, 'checkout.continue') }).click();
    await page.waitForURL(/\/checkout\/payment$/);

    // The link in the terms checkbox's label (issue 22).
    const termsLink = page.locator('label[for="terms"]').getByRole('link', { name: t(locale, 'checkout.termsLink'), exact: true });
    await expect(termsLink.getAttribute('target')).resolves.toBe('_blank');
    const [terms] = await Promise.all([shopper.waitForEvent('page'), termsLink.click()]);
    await terms.waitForLoadState();
    expect(new URL(terms.url()).pathname).toBe('/de-de/agb');
    await expect(terms.locator('html').getAttribute('lang')).resolves.toBe('de-DE');
    await terms.getByRole('heading', { level: 1 }).waitFor();
    await terms.getByRole('heading', { name: /withdrawal form|Widerrufsformular/i }).waitFor();
    await shopper.close();
  });
});
