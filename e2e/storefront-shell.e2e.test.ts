import { readFileSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { localeCodes, storefronts } from '#app/modules/i18n/locales.ts';
import { lookupMessage, type MessageTree } from '#app/modules/i18n/messages.ts';
import { openBrowser, untilHydrated } from './support/browser.ts';

const baseUrl = inject('baseUrl');
const messages = (locale: string) => JSON.parse(readFileSync(new URL(`../locales/${locale}.json`, import.meta.url), 'utf8')) as MessageTree;
const text = (locale: string, key: string) => lookupMessage(messages(locale), key) ?? key;

let browser: BrowserContext | undefined;
afterEach(async () => {
  await browser?.close();
  browser = undefined;
});

describe('every storefront home page (HTTP, no JavaScript)', () => {
  it.each(storefronts.map((s) => [s.code, s.prefix]))('%s has its language, hreflang set, canonical link and translated shell', async (code, prefix) => {
    const response = await fetch(`${baseUrl}/${prefix}?utm_source=mail`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(`<html lang="${code}"`);
    for (const other of storefronts) expect(html).toContain(`rel="alternate" hrefLang="${other.code}" href="${baseUrl}/${other.prefix}"`);
    expect(html.match(/rel="alternate" hrefLang="/g)).toHaveLength(12);
    expect(html).toMatch(/rel="alternate" hrefLang="x-default"/);
    expect(html).toContain(`rel="canonical" href="${baseUrl}/${prefix}"`);
    // The international en store has no territory of its own, so no og:locale (it would repeat en_GB).
    if (code === 'en') expect(html).not.toContain(`property="og:locale"`);
    else expect(html).toContain(`property="og:locale" content="${code.replace('-', '_')}"`);
    expect(html.match(/property="og:locale:alternate" content="en_GB"/g)?.length ?? 0).toBeLessThanOrEqual(1);
    expect(html).toContain(text(code, 'header.searchPlaceholder').replace(/&/g, '&amp;'));
    expect(html).toContain(text(code, 'footer.customerService'));
    expect(html).toMatch(/<title>[^<]+ \| Cordial<\/title>/);
  });
});

describe('payment badges in the footer (issue 19)', () => {
  // This shop has a Stripe key: card everywhere, iDEAL and Bancontact only where the checkout offers them (euros).
  const badges = async (prefix: string, locale: string) => {
    browser = await openBrowser();
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/${prefix}`);
    const list = page.getByRole('contentinfo').getByRole('list', { name: text(locale, 'footer.paymentMethods') });
    return (await list.getByRole('listitem').allTextContents()).map((badge) => badge.trim());
  };
  const method = (locale: string, code: string) => text(locale, `payment.method.${code}`);

  it('lists iDEAL and Bancontact in a euro store, with card and bank transfer', async () => {
    const shown = await badges('nl-nl', 'nl-NL');
    for (const code of ['ideal', 'bancontact', 'card', 'bank_transfer']) expect(shown).toContain(method('nl-NL', code));
  });

  it('leaves iDEAL and Bancontact out of the pound store, whose checkout does not offer them', async () => {
    const shown = await badges('en-gb', 'en-GB');
    expect(shown).toContain(method('en-GB', 'card'));
    expect(shown).toContain(method('en-GB', 'bank_transfer'));
    expect(shown).not.toContain(method('en-GB', 'ideal'));
    expect(shown).not.toContain(method('en-GB', 'bancontact'));
  });
});

describe('locale detection', () => {
  it('sends / to the store of the browser language', async () => {
    browser = await openBrowser({ locale: 'de-DE' });
    const page = await browser.newPage();
    await page.goto(baseUrl);
    expect(new URL(page.url()).pathname).toBe('/de-de');
    expect(await page.locator('html').getAttribute('lang')).toBe('de-DE');
  });

  it('prefers the locale cookie and falls back to en-US', async () => {
    const withCookie = await fetch(`${baseUrl}/`, { headers: { cookie: 'locale=fr-FR', 'accept-language': 'de-DE' }, redirect: 'manual' });
    expect(withCookie.headers.get('location')).toBe('/fr-fr');
    const unknownLanguage = await fetch(`${baseUrl}/`, { headers: { 'accept-language': 'ja-JP' }, redirect: 'manual' });
    expect(unknownLanguage.headers.get('location')).toBe('/en-us');
  });

  it('adds the prefix to paths without one and answers 404 for an unknown prefix', async () => {
    const unprefixed = await fetch(`${baseUrl}/paracord?sort=name`, { headers: { 'accept-language': 'nl-NL' }, redirect: 'manual' });
    expect(unprefixed.status).toBe(302);
    expect(unprefixed.headers.get('location')).toBe('/nl-nl/paracord?sort=name');
    expect((await fetch(`${baseUrl}/xx-yy/paracord`)).status).toBe(404);
  });

  it('invites a visitor whose browser points to another store', async () => {
    browser = await openBrowser({ locale: 'sv-SE' });
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/en-gb`);
    // The prompt speaks the visitor's language, not the page's (issue 22).
    const prompt = page.getByRole('region', { name: text('sv-SE', 'locale.promptLabel') });
    expect(await prompt.getAttribute('lang')).toBe('sv-SE');
    await prompt.getByRole('link', { name: /Sverige/ }).click();
    await page.waitForURL(`${baseUrl}/sv-se`);
    expect(await page.locator('html').getAttribute('lang')).toBe('sv-SE');
    await expect(page.getByRole('region', { name: text('sv-SE', 'locale.promptLabel') }).count()).resolves.toBe(0);
  });
});

describe.each([true, false])('switching with JavaScript %s', (javaScriptEnabled) => {
  it('changes the store from the footer, keeps the page and remembers the choice', async () => {
    browser = await openBrowser({ javaScriptEnabled, locale: 'en-US' });
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/en-us`);
    const footer = page.getByRole('contentinfo');
    await footer.getByText(text('en-US', 'locale.label')).click();
    await footer.getByRole('link', { name: 'Deutschland' }).click();
    await page.waitForURL(`${baseUrl}/de-de`);
    expect(await page.locator('html').getAttribute('lang')).toBe('de-DE');
    await expect(
      page
        .getByRole('search')
        .getByRole('combobox', { name: text('de-DE', 'header.searchLabel') })
        .getAttribute('placeholder'),
    ).resolves.toBe(text('de-DE', 'header.searchPlaceholder'));
    await page.goto(baseUrl);
    expect(new URL(page.url()).pathname).toBe('/de-de');
  });

  it('changes the currency with the footer links and the currency parameter', async () => {
    browser = await openBrowser({ javaScriptEnabled });
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/en`);
    const firstPrice = page.locator('.product-card__price').first();
    await expect(firstPrice.textContent()).resolves.toContain('€');
    await page.getByRole('contentinfo').getByRole('link', { name: 'GBP', exact: true }).click();
    await page.waitForURL(`${baseUrl}/en`);
    await expect(firstPrice.textContent()).resolves.toContain('£');
    // A currency the store offers, by parameter: applied, then the parameter leaves the URL.
    await page.goto(`${baseUrl}/en?currency=SEK`);
    expect(page.url()).toBe(`${baseUrl}/en`);
    await expect(firstPrice.textContent()).resolves.toMatch(/SEK|kr/);
    // One it does not offer falls back to the store's default.
    await page.goto(`${baseUrl}/de-de?currency=GBP`);
    expect(page.url()).toBe(`${baseUrl}/de-de`);
    await expect(page.locator('.product-card__price').first().textContent()).resolves.toContain('€');
  });
});

describe('VAT display', () => {
  it('shows Italian prices incl. VAT and switches on request, remembered', async () => {
    browser = await openBrowser({ javaScriptEnabled: false });
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/it-it`);
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByText(text('it-IT', 'vat.inclVat'), { exact: false }).count()).resolves.toBeGreaterThan(0);
    const grossPrice = await page.locator('.product-card__price').first().textContent();
    await footer.getByRole('link', { name: text('it-IT', 'vat.showExclVat') }).click();
    await page.waitForURL(`${baseUrl}/it-it`);
    const netPrice = await page.locator('.product-card__price').first().textContent();
    expect(netPrice).not.toBe(grossPrice);
    await page.reload();
    expect(await page.locator('.product-card__price').first().textContent()).toBe(netPrice);
  });
});

describe('not found', () => {
  it('shows the translated not-found page with a way home, status 404', async () => {
    browser = await openBrowser();
    const page = await browser.newPage();
    const response = await page.goto(`${baseUrl}/fr-fr/cette-page-nexiste-pas`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(text('fr-FR', 'errors.notFound'));
    expect(await page.title()).toBe(text('fr-FR', 'errors.notFoundTitle'));
    await page
      .getByRole('main')
      .getByRole('link', { name: text('fr-FR', 'errors.backHome') })
      .click();
    await page.waitForURL(`${baseUrl}/fr-fr`);
  });

  it('gives bots the status without the error page', async () => {
    const response = await fetch(`${baseUrl}/en-us/missing-page`, { headers: { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' } });
    expect(response.status).toBe(404);
    expect(await response.text()).toBe('404');
  });
});

describe('SEO resources', () => {
  it('serves robots.txt and a sitemap index with one sitemap per locale listing its URLs', async () => {
    const robots = await (await fetch(`${baseUrl}/robots.txt`)).text();
    expect(robots).toContain('Sitemap:');
    const index = await (await fetch(`${baseUrl}/sitemap.xml`)).text();
    expect(index.match(/<sitemap>/g)).toHaveLength(localeCodes.length);
    const german = await (await fetch(`${baseUrl}/sitemaps/de-de.xml`)).text();
    expect(german).toContain('/de-de/anderes-seil/kletterseile-pro-meter</loc>');
    expect(german.match(/<url>/g)?.length).toBeGreaterThan(3500);
  });
});

describe('cookie consent', () => {
  it('asks before anything optional, stores the choice and can be changed from the footer', async () => {
    browser = await openBrowser({ javaScriptEnabled: false });
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/nl-nl`);
    const banner = page.getByRole('region', { name: text('nl-NL', 'consent.title') });
    await banner.getByRole('button', { name: text('nl-NL', 'consent.necessaryOnly') }).click();
    await page.waitForURL(`${baseUrl}/nl-nl`);
    await expect(banner.count()).resolves.toBe(0);
    const cookies = await browser.cookies(baseUrl);
    expect(cookies.find((c) => c.name === 'consent')?.value).toBe('necessary');

    await page
      .getByRole('contentinfo')
      .getByRole('link', { name: text('nl-NL', 'footer.cookieSettings') })
      .click();
    await banner.getByLabel(new RegExp(text('nl-NL', 'consent.analytics'))).check();
    await banner.getByRole('button', { name: text('nl-NL', 'consent.save') }).click();
    await page.waitForURL(`${baseUrl}/nl-nl`);
    expect((await browser.cookies(baseUrl)).find((c) => c.name === 'consent')?.value).toBe('necessary%2Canalytics');
  });

  it('refuses a consent form without the CSRF token', async () => {
    const response = await fetch(`${baseUrl}/api/consent`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: baseUrl },
      body: 'choice=all',
      redirect: 'manual',
    });
    expect(response.status).toBe(403);
  });
});

describe('not found after a client-side navigation', () => {
  it('checks the path with the server, then shows the not-found page', async () => {
    browser = await openBrowser();
    const page = await browser.newPage();
    const routeChecks: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/route?url=')) routeChecks.push(request.url());
    });
    await page.goto(`${baseUrl}/en-us`);
    await page.getByRole('contentinfo').waitFor();
    // A client-side navigation (the router follows history changes) to a path the shop does not know.
    await page.evaluate(() => {
      window.history.pushState(null, '', '/en-us/no-such-page');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.getByRole('heading', { level: 1, name: text('en-US', 'errors.notFound') }).waitFor();
    expect(routeChecks).toEqual([`${baseUrl}/api/route?url=%2Fen-us%2Fno-such-page`]);
  });
});

describe('plain links followed in the page (decision 0050)', () => {
  /** A mark in the page's window: still there after a click when the click did not load a new document. */
  const markDocument = (page: Page) => page.evaluate(() => Object.assign(window, { documentMark: true }));
  const sameDocument = (page: Page) => page.evaluate(() => 'documentMark' in window);

  it('follows the menu, product card and footer links without loading a new document', async () => {
    browser = await openBrowser();
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/en-gb`);
    const menu = page.getByRole('navigation', { name: text('en-GB', 'header.mainNavigation') });
    const category = menu.getByRole('link').first();
    await untilHydrated(category);
    const categoryName = (await category.textContent())!.trim();
    await markDocument(page);
    await category.click();
    await page.getByRole('heading', { level: 1, name: categoryName }).waitFor();
    expect(await sameDocument(page)).toBe(true);

    const card = page.locator('.product-grid').getByRole('link').first();
    const productName = (await card.textContent())!.trim();
    await card.click();
    await page.getByRole('heading', { level: 1, name: productName }).waitFor();
    expect(await sameDocument(page)).toBe(true);

    const terms = page.getByRole('contentinfo').getByRole('link', { name: text('en-GB', 'pages.terms') });
    await terms.click();
    await page.waitForURL(`${baseUrl}${await terms.getAttribute('href')}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await sameDocument(page)).toBe(true);
  });

  it('leaves a click with a modifier key to the browser: a new tab, the page stays', async () => {
    browser = await openBrowser();
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/en-gb`);
    const category = page
      .getByRole('navigation', { name: text('en-GB', 'header.mainNavigation') })
      .getByRole('link')
      .first();
    await untilHydrated(category);
    const [tab] = await Promise.all([browser.waitForEvent('page'), category.click({ modifiers: ['Control'] })]);
    await tab.waitForLoadState();
    expect(tab.url()).toBe(`${baseUrl}${await category.getAttribute('href')}`);
    expect(page.url()).toBe(`${baseUrl}/en-gb`);
  });
});
