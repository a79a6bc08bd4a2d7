import { readFileSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { LocaleCode } from '#app/modules/i18n/locales.ts';
import { formatMessage, lookupMessage, type MessageTree } from '#app/modules/i18n/messages.ts';
import { openBrowser, shopperUserAgent } from './support/browser.ts';

const baseUrl = inject('baseUrl');
const messages = (locale: string) => JSON.parse(readFileSync(new URL(`../locales/${locale}.json`, import.meta.url), 'utf8')) as MessageTree;
const t = (locale: LocaleCode, key: string, values?: Record<string, string | number>) =>
  formatMessage(lookupMessage(messages(locale), key) ?? key, values, locale);

const visitors = ['203.0.113.1', '203.0.113.2', '203.0.113.3'];

/** One search over plain HTTP, as the visitor at this address; answers the page cache's verdict. */
async function searchAs(visitor: string, prefix: string, q: string) {
  const response = await fetch(`${baseUrl}/${prefix}/search?q=${encodeURIComponent(q)}`, {
    headers: { 'user-agent': shopperUserAgent, 'x-forwarded-for': visitor },
  });
  expect(response.status).toBe(200);
  await response.text();
  return response.headers.get('x-page-cache');
}

describe('search', () => {
  let browser: BrowserContext;
  beforeAll(async () => {
    browser = await openBrowser();
    await browser.addCookies([{ name: 'consent', value: 'necessary', url: baseUrl }]);
    // Popular searches need several different visitors (the shop trusts X-Forwarded-For from loopback).
    for (const visitor of visitors) await searchAs(visitor, 'en-us', 'paracord 550');
  });
  afterAll(() => browser?.close());

  const searchBox = (page: Page, locale: LocaleCode) => page.getByRole('combobox', { name: t(locale, 'header.searchLabel') });

  it.each([
    ['en-US', 'en-us', 'paracord 550', 'Paracord 550'],
    ['de-DE', 'de-de', 'schwarzes seil', 'Schwarz'],
    ['fr-FR', 'fr-fr', 'boucle noir', 'Boucle'],
  ] as [LocaleCode, string, string, string][])('%s: finds products from the header search box', async (locale, prefix, query, expected) => {
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/${prefix}`);
    await searchBox(page, locale).fill(query);
    await searchBox(page, locale).press('Enter');
    await page.waitForURL(new RegExp(`/${prefix}/search\\?q=`));
    // The heading names what the results are for: the query, or its correction when the search corrected it.
    const [before = '', after = ''] = t(locale, 'search.resultsFor', { query: '\u0000' }).split('\u0000');
    const h1 = page.getByRole('heading', { level: 1, name: before });
    await h1.waitFor();
    const heading = (await h1.textContent()) ?? '';
    expect(heading.startsWith(before) && heading.endsWith(after) && heading.length > before.length + after.length).toBe(true);
    expect(await searchBox(page, locale).inputValue()).toBe(query);
    const names = await page.locator('.product-card__name').allTextContents();
    expect(names.length).toBeGreaterThan(0);
    expect(names.some((name) => name.includes(expected))).toBe(true);
    await page.close();
  });

  it('keeps words typed before the page came alive (a slow phone) and searches for them', async () => {
    const page = await browser.newPage();
    // Hold the page's scripts back until the words are typed, as a slow connection would.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/.*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${baseUrl}/en-gb`, { waitUntil: 'domcontentloaded' });
    await searchBox(page, 'en-GB').fill('paracord 550');
    release();
    // React Router's client has started; give React its turn to hydrate and run the effects.
    await page.waitForFunction(() => (window as { __reactRouterRouteModules?: unknown }).__reactRouterRouteModules !== undefined);
    await page.waitForLoadState('networkidle');
    expect(await searchBox(page, 'en-GB').inputValue()).toBe('paracord 550');
    await searchBox(page, 'en-GB').press('Enter');
    await page.waitForURL(/\/en-gb\/search\?q=paracord(\+|%20)550/);
    await page.close();
  });

  it('tolerates a typo, says once what it searched for and keeps what was typed in the box', async () => {
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/en-us/search?q=paracrod%20550`);
    await page.getByRole('heading', { level: 1, name: t('en-US', 'search.resultsFor', { query: 'paracord 550' }) }).waitFor();
    expect((await page.locator('.product-card__name').allTextContents()).some((name) => name.startsWith('Paracord 550'))).toBe(true);
    // One line about the query: not "Results for “paracrod 550”" beside the corrected one.
    expect(
      await page
        .locator('main')
        .getByText(/results for/i)
        .count(),
    ).toBe(1);
    expect(await searchBox(page, 'en-US').inputValue()).toBe('paracrod 550');
    await page.close();
  });

  it.each([390, 1280])('at %i px the suggestions are painted, not only present', async (width) => {
    const context = await openBrowser({ viewport: { width, height: width < 768 ? 844 : 900 }, locale: 'en-GB' });
    await context.addCookies([{ name: 'consent', value: 'necessary', url: baseUrl }]);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/en-gb`);
    const box = searchBox(page, 'en-GB');
    await box.click();
    await box.pressSequentially('para', { delay: 40 });
    const option = page.getByRole('listbox').getByRole('option').first();
    await option.waitFor();
    // What a sighted shopper sees at the option's centre: the option itself, inside the window.
    const painted = await option.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const x = box.left + box.width / 2;
      const y = box.top + box.height / 2;
      const hit = document.elementFromPoint(x, y);
      return { inViewport: x >= 0 && y >= 0 && x <= window.innerWidth && y <= window.innerHeight, isTheOption: hit !== null && element.contains(hit) };
    });
    expect(painted).toEqual({ inViewport: true, isTheOption: true });
    await context.close();
  });

  it('suggests while typing and is usable with the keyboard', async () => {
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/en-gb`);
    const box = searchBox(page, 'en-GB');
    await box.click();
    await box.pressSequentially('kernm', { delay: 40 });
    const listbox = page.getByRole('listbox');
    await listbox.getByRole('option').first().waitFor();
    await box.press('ArrowDown');
    const first = listbox.getByRole('option').first();
    expect(await first.getAttribute('aria-selected')).toBe('true');
    expect(await box.getAttribute('aria-activedescendant')).toBe(await first.getAttribute('id'));
    const label = await first.locator('.search-suggestions__label').textContent();
    await box.press('Enter');
    await page.getByRole('heading', { level: 1, name: label ?? '' }).waitFor();
    expect(page.url()).not.toContain('/search');
    await page.close();
  });

  it('shows popular searches when the empty box gets focus', async () => {
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/en-us`);
    await searchBox(page, 'en-US').focus();
    const popular = page.getByRole('listbox', { name: t('en-US', 'search.popular') });
    await popular.getByRole('option', { name: 'paracord 550' }).waitFor();
    await page.close();
  });

  it('says so when nothing is found, and offers popular searches', async () => {
    const page = await browser.newPage();
    const response = await page.goto(`${baseUrl}/en-us/search?q=xqzvvw`);
    expect(response?.status()).toBe(200);
    await page.getByText(t('en-US', 'search.noResults', { query: 'xqzvvw' })).waitFor();
    await page
      .getByRole('navigation', { name: t('en-US', 'search.popular') })
      .getByRole('link', { name: 'paracord 550' })
      .click();
    await page.waitForURL(/search\?q=paracord%20550/);
    await page.close();
  });

  it('counts searches served from the page cache for the popular searches, from several visitors only', async () => {
    // A results page is stored at its second ask (most searches are asked once), then served.
    expect([
      await searchAs(visitors[0]!, 'en-gb', 'snap hook'),
      await searchAs(visitors[1]!, 'en-gb', 'snap hook'),
      await searchAs(visitors[2]!, 'en-gb', 'snap hook'),
    ]).toEqual([null, null, 'hit']);
    // A fourth visitor makes it the most searched (a visitor's own repeat within a minute counts once).
    await searchAs('203.0.113.4', 'en-gb', 'snap hook');
    await searchAs(visitors[0]!, 'en-gb', 'snap hook');
    // One visitor typing something many times shows it to nobody.
    for (let time = 0; time < 4; time++) await searchAs(visitors[0]!, 'en-gb', 'paracrod blak');
    for (const visitor of visitors) await searchAs(visitor, 'en-gb', 'carabiner');
    await expect
      .poll(async () => (await (await fetch(`${baseUrl}/api/search/suggest?q=&locale=en-GB`)).json()).completions)
      .toEqual(['snap hook', 'carabiner']);
  });

  it('works without JavaScript as a GET form, and serves suggestions as JSON', async () => {
    const html = await (await fetch(`${baseUrl}/nl-nl/search?q=gesp`, { headers: { 'user-agent': shopperUserAgent } })).text();
    expect(html).toContain(`<html lang="nl-NL"`);
    expect(html).toMatch(/class="product-card__name">[^<]*gesp/i);
    const response = await fetch(`${baseUrl}/api/search/suggest?q=snap&locale=en`);
    expect(response.headers.get('cache-control')).toBe('public, max-age=60, s-maxage=60, stale-while-revalidate=300');
    const suggestions = await response.json();
    expect(suggestions.products.length).toBeGreaterThan(0);
    expect(suggestions.products[0]).toMatchObject({ name: expect.stringContaining('Snap'), priceFromCents: expect.any(Number) });
    expect((await fetch(`${baseUrl}/api/search/suggest?q=snap&locale=xx`)).status).toBe(400);
  });
  it('keeps the search words when a filter is ticked', async () => {
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/en-us/search?q=black+paracord`);
    // The filter form (a GET form, with or without JavaScript) carries the search words along.
    expect(await page.locator('.filters__form input[type=hidden][name=q]').getAttribute('value')).toBe('black paracord');
    const filterName = await page.locator('.filters__form .facet input[type=checkbox]').first().getAttribute('name');
    const filterValue = await page.locator('.filters__form .facet input[type=checkbox]').first().getAttribute('value');
    await page.goto(`${baseUrl}/en-us/search?q=black+paracord&${filterName}=${encodeURIComponent(filterValue ?? '')}`);
    expect(await page.locator('.product-card__name').count()).toBeGreaterThan(0);
    const clear = await page.getByRole('link', { name: t('en-US', 'listing.clearFilters') }).getAttribute('href');
    expect(new URL(clear ?? '', baseUrl).searchParams.get('q')).toBe('black paracord');
    await page.close();
  });
});
