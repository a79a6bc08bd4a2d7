import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openBrowser } from './support/browser.ts';
import { waitForMail } from '../tests/support/mail-catcher.ts';

/** A top-level FAQ category's slug in a language, as its seed file names it. */
const faqSlug = (language: string, key: string): string =>
  (JSON.parse(readFileSync(new URL(`../app/modules/faq/seed/${language}.json`, import.meta.url), 'utf8')).categories as { key: string; slug: string }[]).find(
    (category) => category.key === key,
  )!.slug;

const baseUrl = inject('baseUrl');
const mailDir = inject('mailDir');

async function newShopper(options: { javaScriptEnabled?: boolean } = {}): Promise<BrowserContext> {
  const context = await openBrowser(options);
  await context.addCookies([{ name: 'consent', value: 'necessary', url: baseUrl }]);
  return context;
}

describe('the FAQ without JavaScript', () => {
  let browser: BrowserContext;
  beforeAll(async () => {
    browser = await newShopper({ javaScriptEnabled: false });
  });
  afterAll(() => browser?.close());

  it('opens a category from the index and expands an answer', async () => {
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/en-gb/faq`);
    await expect(page.title()).resolves.toBe('Frequently asked questions | Cordial');
    await page.getByRole('link', { name: 'Shipping and delivery' }).first().click();
    await page.waitForURL(`${baseUrl}/en-gb/faq/shipping`);
    await page.getByRole('heading', { level: 1, name: 'Shipping and delivery' }).waitFor();
    const answer = page.getByText('leave our warehouse in the Netherlands the same day');
    expect(await answer.isVisible()).toBe(false);
    await page.getByText('How fast will my order arrive?').click();
    await answer.waitFor({ state: 'visible' });
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}');
    expect(jsonLd['@type']).toBe('FAQPage');
    expect(await page.locator('link[rel="alternate"][hreflang="de-DE"]').getAttribute('href')).toBe(`${baseUrl}/de-de/faq/${faqSlug('de', 'shipping')}`);
  });

  it('follows the aliases to a nested category and shows the 404 page for an unknown one', async () => {
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/en-gb/frequently-asked-questions/which-cord/paracord-types`);
    expect(page.url()).toBe(`${baseUrl}/en-gb/faq/which-cord/paracord-types`);
    await page.getByRole('heading', { level: 1, name: 'Paracord types' }).waitFor();
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Which cord for what?' }).waitFor();
    const care = faqSlug('it', 'care');
    await page.goto(`${baseUrl}/it-it/it/faq/${care}`);
    expect(page.url()).toBe(`${baseUrl}/it-it/faq/${care}`);
    await page.goto(`${baseUrl}/it/faq/${care}`);
    expect(page.url()).toBe(`${baseUrl}/it-it/faq/${care}`);
    const missing = await page.goto(`${baseUrl}/en-gb/faq/no-such-topic`);
    expect(missing?.status()).toBe(404);
  });
});

describe('the blog', () => {
  let browser: BrowserContext;
  beforeAll(async () => {
    browser = await newShopper();
  });
  afterAll(() => browser?.close());

  it('pages the listing and opens a post with its hero image and Article data', async () => {
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/en/blog`);
    await page.getByRole('heading', { level: 1, name: 'Blog' }).waitFor();
    expect(await page.locator('.blog-card').count()).toBe(6);
    await page.getByRole('link', { name: 'Next page' }).click();
    await page.waitForURL(`${baseUrl}/en/blog?page=2`);
    await page.getByText('7–8 of 8').waitFor();
    expect(await page.locator('.blog-card').count()).toBe(2);
    await page.getByRole('link', { name: 'Five knots every cord user should know' }).click();
    await page.waitForURL(`${baseUrl}/en/blog/five-essential-knots`);
    await page.getByRole('heading', { level: 1, name: 'Five knots every cord user should know' }).waitFor();
    await page.getByRole('heading', { name: '1. The bowline: a loop that does not slip' }).waitFor();
    const hero = page.getByRole('img', { name: 'Coils of olive green paracord' });
    // A hero nobody asked for yet is rendered cold by the image pipeline, which waits behind other renders under load.
    await expect.poll(() => hero.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)), { timeout: 30_000 }).toBeGreaterThan(0);
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}');
    expect(jsonLd).toMatchObject({ '@type': 'Article', headline: 'Five knots every cord user should know', author: { name: 'Marieke de Vries' } });
    expect(await page.title()).toBe('Five knots every cord user should know | Cordial');
    expect((await page.goto(`${baseUrl}/en/blog/no-such-post`))?.status()).toBe(404);
  });

  it('serves an Atom feed per store and lists posts in the search results', async () => {
    const feed = await fetch(`${baseUrl}/de-de/ratgeber/feed.xml`);
    expect(feed.headers.get('content-type')).toContain('application/atom+xml');
    // The demo's eight German posts, and one more when the back-office test (admin-content) ran first.
    expect((await feed.text()).match(/<entry>/g)?.length).toBeGreaterThanOrEqual(8);
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/en/search?q=bowline`);
    await page.getByRole('navigation', { name: 'Blog posts' }).getByRole('link', { name: 'Five knots every cord user should know' }).click();
    await page.waitForURL(`${baseUrl}/en/blog/five-essential-knots`);
  });
});

describe('the newsletter', () => {
  let browser: BrowserContext;
  beforeAll(async () => {
    browser = await newShopper();
  });
  afterAll(() => browser?.close());

  it('subscribes from the footer with a double opt-in by mail and unsubscribes with one click', async () => {
    const email = `reader-${randomUUID()}@example.com`;
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/nl-nl`);
    const footer = page.getByRole('region', { name: 'Nieuwsbrief' });
    await footer.getByLabel('E-mail voor de nieuwsbrief').fill(email);
    await footer.getByRole('button', { name: 'Aanmelden' }).click();
    await page.getByText(`Bijna klaar: we hebben een e-mail gestuurd naar ${email}`).waitFor();

    const mail = await waitForMail(mailDir, email, /newsletter\/confirm\?token=/);
    const link = /(http:\/\/127\.0\.0\.1:\d+\/nl-nl\/newsletter\/confirm\?token=[\w.%-]+)/.exec(mail.text)![1]!;
    await page.goto(link);
    await page.getByRole('button', { name: 'Aanmelding bevestigen' }).click();
    await page.getByText('Bedankt! Je aanmelding is bevestigd.').waitFor();

    // The welcome newsletter carries the RFC 8058 headers; a mail client posts to them without cookies.
    const welcome = await waitForMail(mailDir, email, /Welkom bij de nieuwsbrief/);
    const raw = welcome.raw.replace(/\r?\n[ \t]+/g, ' ');
    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
    const oneClick = /^List-Unsubscribe: <([^>]+)>/m.exec(raw)![1]!;
    const forged = await fetch(oneClick.replace(/\.[\w-]+$/, '.forged'), {
      method: 'POST',
      body: 'List-Unsubscribe=One-Click',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(forged.status).toBe(400);
    const unsubscribed = await fetch(oneClick, {
      method: 'POST',
      body: 'List-Unsubscribe=One-Click',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(unsubscribed.status).toBe(200);

    // The confirmation link, used again after unsubscribing, changes nothing and says so.
    await page.goto(link);
    await page.getByRole('button', { name: 'Aanmelding bevestigen' }).click();
    await page.getByText('Deze link is niet geldig').waitFor();
    await page.goto(`${baseUrl}/nl-nl/newsletter/confirm?token=forged.token`);
    await page.getByText('Deze link is niet geldig').waitFor();
  });

  it('asks for a valid address next to the field and keeps what was typed', async () => {
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/en-us/newsletter`);
    const main = page.getByRole('main');
    await main.getByLabel('Email address').fill('not-an-address');
    await main.getByRole('button', { name: 'Subscribe' }).click();
    await main.getByText('Please enter a valid email address').waitFor();
    expect(await main.getByLabel('Email address').inputValue()).toBe('not-an-address');
  });
});
