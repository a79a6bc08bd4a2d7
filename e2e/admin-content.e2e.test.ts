import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { formatMessage, lookupMessage } from '#app/modules/i18n/messages.ts';
import { demoStaff } from '../scripts/demo-catalogue/demo-staff.ts';
import { enterTwoFactorCode, openTwoFactorPage } from './support/admin-login.ts';
import { checkAtBothWidths, type Violation } from './support/axe.ts';
import { openBrowser } from './support/browser.ts';
import { messages } from './support/checkout-flow.ts';

const baseUrl = inject('baseUrl');
const t = (key: string, values?: Record<string, string | number>) => formatMessage(lookupMessage(messages('en'), key) ?? key, values, 'en');

/** A seeded FAQ category of a language: its slug and first question. */
const faqCategory = (language: string, key: string) =>
  (
    JSON.parse(readFileSync(new URL(`../app/modules/faq/seed/${language}.json`, import.meta.url), 'utf8')).categories as {
      key: string;
      slug: string;
      questions: { question: string }[];
    }[]
  ).find((category) => category.key === key)!;

/** Reloads `path` until `ready` holds on it: the shop drops its caches within moments of a change. */
async function eventually(page: Page, path: string, ready: (status: number) => Promise<boolean>) {
  for (let attempt = 0; attempt < 20; attempt++) {
    const response = await page.goto(`${baseUrl}${path}`);
    if (await ready(response?.status() ?? 0)) return;
    await page.waitForTimeout(250);
  }
  throw new Error(`${path} did not show the change`);
}

describe('content in the back office (issue 16)', () => {
  let staff: BrowserContext;
  let shopper: BrowserContext;
  let page: Page;
  const found: Violation[] = [];

  beforeAll(async () => {
    [staff, shopper] = await Promise.all([openBrowser(), openBrowser({ locale: 'de-DE' })]);
    await shopper.addCookies([{ name: 'consent', value: 'necessary', url: baseUrl }]);
    page = await staff.newPage();
    await openTwoFactorPage(page, demoStaff.editor.email);
    await enterTwoFactorCode(page);
  });
  afterAll(async () => {
    await staff?.close();
    await shopper?.close();
  });

  const openSection = (key: string) =>
    page
      .getByRole('navigation', { name: t('admin.nav.label') })
      .getByRole('link', { name: t(`admin.nav.${key}`) })
      .click();

  it('an editor changes a German FAQ answer, previews it, and shoppers see it on the German FAQ page', async () => {
    await openSection('faq');
    await page.getByRole('heading', { level: 1, name: t('admin.faq.title') }).waitFor();
    await checkAtBothWidths(page, 'admin-faq', found);
    const shipping = faqCategory('en', 'shipping');
    await page
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: shipping.questions[0]!.question }) })
      .getByRole('link', { name: /^de-DE/ })
      .click();
    const answer = `Meist in zwei Werktagen bei Ihnen ${randomUUID().slice(0, 6)}.`;
    await page.getByLabel(t('admin.faq.answer')).fill(`<p>${answer}</p><script>alert(1)</script>`);
    await page.getByRole('button', { name: t('admin.contentPages.preview') }).click();
    const preview = page.getByRole('region', { name: t('admin.contentPages.previewTyped') });
    await preview.getByText(answer).waitFor();
    expect(await preview.innerHTML()).not.toContain('script');
    await checkAtBothWidths(page, 'admin-faq-question', found);
    await page.getByRole('button', { name: t('admin.save') }).click();
    await page
      .getByRole('status')
      .filter({ hasText: t('admin.faq.saved') })
      .waitFor();

    const german = await shopper.newPage();
    await eventually(german, `/de-de/faq/${faqCategory('de', 'shipping').slug}`, async () => (await german.getByText(answer).count()) > 0);
  });

  it('an editor writes a German post scheduled for tomorrow (not shown), then moves its time to the past (shown)', async () => {
    await openSection('blog');
    await page.getByRole('heading', { level: 1, name: t('admin.blog.title') }).waitFor();
    await checkAtBothWidths(page, 'admin-blog', found);
    const code = `e2e-${randomUUID().slice(0, 8)}`;
    await page.getByLabel(t('admin.faq.code')).fill(code);
    await page.getByLabel(t('admin.blog.author')).fill('Mia Seil');
    await page.getByRole('button', { name: t('admin.faq.create') }).click();
    await page
      .getByRole('navigation', { name: t('admin.blog.otherStores') })
      .getByRole('link', { name: 'de-DE' })
      .click();
    await page.getByRole('group', { name: t('admin.blog.textIn', { locale: 'de-DE' }) }).waitFor();
    const title = `Knoten für den Winter ${code}`;
    await page.getByLabel(t('admin.contentPages.pageTitle')).fill(title);
    await page.getByLabel(t('admin.contentPages.slug')).fill(code);
    await page.getByLabel(t('admin.blog.summary')).fill('Welche Knoten auch mit Handschuhen halten.');
    await page.getByLabel(t('admin.contentPages.body')).fill('<p>Der Palstek geht immer.</p>');
    await page.getByLabel(t('admin.content.published')).check();
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 16);
    await page.getByLabel(t('admin.blog.publishedAt')).fill(tomorrow);
    await checkAtBothWidths(page, 'admin-blog-post', found);
    await page.getByRole('button', { name: t('admin.save') }).click();
    await page
      .getByRole('status')
      .filter({ hasText: t('admin.blog.saved') })
      .waitFor();

    const german = await shopper.newPage();
    expect((await german.goto(`${baseUrl}/de-de/ratgeber/${code}`))?.status()).toBe(404);

    await page.getByRole('link', { name: title }).click();
    await page
      .getByRole('navigation', { name: t('admin.blog.otherStores') })
      .getByRole('link', { name: 'de-DE' })
      .click();
    // Both editors have the same fields: wait for the German one, or the save may reach the English text.
    await page.getByRole('group', { name: t('admin.blog.textIn', { locale: 'de-DE' }) }).waitFor();
    await page.getByLabel(t('admin.blog.publishedAt')).fill(new Date(Date.now() - 3_600_000).toISOString().slice(0, 16));
    await page.getByRole('button', { name: t('admin.save') }).click();
    await page
      .getByRole('status')
      .filter({ hasText: t('admin.blog.saved') })
      .waitFor();
    await eventually(german, `/de-de/ratgeber/${code}`, async (status) => status === 200);
    await german.getByRole('heading', { level: 1, name: title }).waitFor();
  });

  it('shows the banners and a banner editor without accessibility violations', async () => {
    await openSection('banners');
    await page.getByRole('heading', { level: 1, name: t('admin.banners.title') }).waitFor();
    await checkAtBothWidths(page, 'admin-banners', found);
    await page
      .getByRole('link', { name: /^de-DE/ })
      .first()
      .click();
    await page.getByLabel(t('admin.banners.heading')).waitFor();
    await checkAtBothWidths(page, 'admin-banner', found);
    expect(found).toEqual([]);
  });
});
