import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { openBrowser } from './support/browser.ts';

const baseUrl = inject('baseUrl');

describe('the running shop', () => {
  let browser: BrowserContext;
  beforeAll(async () => {
    browser = await openBrowser();
  });
  afterAll(() => browser?.close());

  it('answers its health check', async () => {
    const response = await fetch(`${baseUrl}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('renders the home page from the seeded catalogue with its claims', async () => {
    const page = await browser.newPage();
    const response = await page.goto(baseUrl);
    expect(response?.status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe('/en-us');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Paracord, rope and accessories');
    const claims = page.getByRole('list', { name: 'Our assortment' });
    const [designs, cords] = (await claims.getByRole('listitem').allTextContents()).map((text) => Number(text.replace(/\D/g, '')));
    expect(designs).toBeGreaterThanOrEqual(2000);
    expect(cords).toBeGreaterThanOrEqual(3500);
    const categories = page.getByRole('region', { name: 'Shop by category' }).getByRole('listitem');
    // Spec §2's nine home links.
    expect(await categories.count()).toBe(9);
  });

  it('serves the generated swatches through the image pipeline as webp', async () => {
    const page = await browser.newPage();
    await page.goto(baseUrl);
    const image = page.getByRole('region', { name: 'Recommended products' }).locator('img').first();
    await image.scrollIntoViewIfNeeded();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    const src = await image.getAttribute('src');
    const response = await fetch(new URL(src ?? '', baseUrl));
    expect(response.headers.get('content-type')).toBe('image/webp');
    expect(response.headers.get('cache-control')).toContain('max-age=604800');
  });

  it('answers a wrong method on the payment webhook with 405 and the method it takes', async () => {
    const response = await fetch(`${baseUrl}/api/payments/stripe`);
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
    expect(await response.text()).not.toContain('Unexpected Server Error');
  });

  it('sends security headers and a request id', async () => {
    const response = await fetch(`${baseUrl}/en-us`);
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self' 'nonce-");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends the build’s scripts with only the headers a file that never changes needs (decision 0047)', async () => {
    const html = await (await fetch(`${baseUrl}/en-us`)).text();
    const script = html.match(/"(\/assets\/[^"]+\.js)"/)?.[1];
    expect(script).toBeDefined();
    const response = await fetch(`${baseUrl}${script}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('x-request-id')).toBeNull();
    expect(response.headers.get('etag')).toBeNull();
  });
});
