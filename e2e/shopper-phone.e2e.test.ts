import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openBrowser } from './support/browser.ts';

const baseUrl = inject('baseUrl');

/** What a shopper on a phone meets (issue 22): pages that fit the screen. */
describe('on a 390 px phone', () => {
  let browser: BrowserContext;
  beforeAll(async () => {
    browser = await openBrowser({ viewport: { width: 390, height: 844 }, locale: 'de-DE' });
    await browser.addCookies([{ name: 'consent', value: 'necessary', url: baseUrl }]);
  });
  afterAll(() => browser?.close());

  // Long German names ("Streifen Nussbraun/Elfenbein", "Zolltarifnummer") wrap instead of widening the page.
  it.each([
    ['a de-de listing', '/de-de/search?q=nussbraun%20elfenbein'],
    ['a de-de product page', '/de-de/paracord-550-typ-iii-streifen-nussbraun-elfenbein'],
  ])('%s does not scroll sideways', async (_what, path) => {
    const page = await browser.newPage();
    const response = await page.goto(`${baseUrl}${path}`);
    expect(response?.status()).toBe(200);
    await page.locator('h1').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.close();
  });
});
