import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { demoStaff } from '../scripts/demo-catalogue/demo-staff.ts';
import { waitForMail } from '../tests/support/mail-catcher.ts';
import { enterTwoFactorCode, openTwoFactorPage } from './support/admin-login.ts';
import { openBrowser } from './support/browser.ts';

const baseUrl = inject('baseUrl');
const mailDir = inject('mailDir');
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
/** WCAG 2.0, 2.1 and 2.2 at levels A and AA. */
const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];
const widths = [390, 1280] as const;
const shots = process.env.E2E_SCREENSHOTS;

interface Violation {
  page: string;
  width: number;
  rule: string;
  help: string;
  targets: string[];
}

/** axe on the page as it is painted now; evaluated through the DevTools protocol, so the page's CSP does not stand in the way. */
async function axeViolations(page: Page, name: string, width: number): Promise<Violation[]> {
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async (tags) => {
    const { axe } = window as unknown as { axe: typeof import('axe-core') };
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags } });
    return result.violations.map((violation) => ({ rule: violation.id, help: violation.help, targets: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')) }));
  }, wcagTags);
  return violations.map((violation) => ({ page: name, width, ...violation }));
}

/** Checks the open page at a phone's and a laptop's width (and keeps screenshots when E2E_SCREENSHOTS names a folder). */
async function checkAtBothWidths(page: Page, name: string, found: Violation[]) {
  for (const width of widths) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    found.push(...(await axeViolations(page, name, width)));
    if (shots) await page.screenshot({ path: join(shots, `admin-${name}-${width}.png`), fullPage: true });
  }
}

describe('the back office for everyone', () => {
  let visitor: BrowserContext;
  let staff: BrowserContext;
  beforeAll(async () => {
    if (shots) mkdirSync(shots, { recursive: true });
    visitor = await openBrowser();
    await visitor.addCookies([{ name: 'consent', value: 'necessary', url: baseUrl }]);
    staff = await openBrowser();
  });
  afterAll(async () => {
    await visitor?.close();
    await staff?.close();
  });

  it('answers a contact message from the inbox: the sender gets the reply by mail and the message is handled', async () => {
    const shopper = await visitor.newPage();
    const email = `asker-${randomUUID()}@example.com`;
    const subject = `Hammock knots ${randomUUID().slice(0, 6)}`;
    await shopper.goto(`${baseUrl}/en/contact-us`);
    const form = shopper.getByRole('form', { name: 'Contact form' });
    await form.getByLabel('Your name').fill('Pim de Boer');
    await form.getByLabel('E-mail address').fill(email);
    await form.getByLabel('Subject').fill(subject);
    await form.getByLabel('Your message').fill('Which cord holds a hammock of 120 kg?');
    await form.getByRole('button', { name: 'Send message' }).click();
    await shopper.getByRole('status').filter({ hasText: `sent a confirmation to ${email}` }).waitFor();

    const page = await staff.newPage();
    await openTwoFactorPage(page, demoStaff.support.email);
    await enterTwoFactorCode(page);
    await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Contact messages' }).click();
    await page.getByRole('search', { name: 'Search messages' }).getByLabel('Search messages').fill(subject);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('link', { name: subject }).click();
    await page.getByRole('heading', { level: 1, name: subject }).waitFor();
    await page.getByLabel('Your reply').fill('Our 550 paracord holds 250 kg; tie a bowline.');
    await page.getByRole('button', { name: 'Send reply' }).click();
    await page.getByRole('status').filter({ hasText: 'The reply is on its way' }).waitFor();
    await page.getByText(/^Handled by Sam Support/).waitFor();
    const reply = await waitForMail(mailDir, email, /tie a bowline/);
    expect(reply.text).toContain(`Re: ${subject}`);
    expect(reply.text).toContain('Which cord holds a hammock of 120 kg?');
    await page.close();
    await shopper.close();
  }, 120_000);

  it('axe finds no WCAG 2.2 A/AA violations on any admin page, at 390 and 1280 px', async () => {
    const found: Violation[] = [];
    const page = await staff.newPage();
    // The login pages, then in as the owner, who sees every page.
    await page.context().clearCookies();
    await openTwoFactorPage(page, demoStaff.owner.email, (step) => checkAtBothWidths(page, step, found));
    await enterTwoFactorCode(page);
    const admin = (path: string) => `${baseUrl}/paracord_admin${path ? `/${path}` : ''}`;
    /** The address of the first record linked from a list, e.g. the newest order. */
    const firstLink = async (list: string, pattern: RegExp) => {
      await page.goto(admin(list));
      const hrefs = await page.locator('main a[href]').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
      return hrefs.find((href) => pattern.test(href));
    };
    const pages: [string, string | undefined][] = [
      ['dashboard', admin('')],
      ['orders', admin('orders')],
      ['order', await firstLink('orders', /\/orders\/[A-Z]{2}\d+$/)],
      ['customers', admin('customers')],
      ['customer', await firstLink('customers', /\/customers\/\d+$/)],
      ['reviews', admin('reviews')],
      ['reviews-approved', admin('reviews?status=approved')],
      ['coupons', admin('coupons')],
      ['coupon-new', admin('coupons/new')],
      ['coupon', await firstLink('coupons', /\/coupons\/\d+$/)],
      ['gift-cards', admin('gift-cards')],
      ['gift-card', await firstLink('gift-cards', /\/gift-cards\/\d+$/)],
      ['stock-alerts', admin('stock-alerts')],
      ['outbox', admin('mail')],
      ['outbox-sent', admin('mail?view=sent')],
      ['contact', admin('contact?view=all')],
      ['contact-message', await firstLink('contact?view=all', /\/contact\/\d+$/)],
      ['staff', admin('staff')],
      ['audit', admin('audit')],
      ['profile', admin('profile')],
    ];
    for (const [name, url] of pages) {
      if (!url) continue;
      const response = await page.goto(new URL(url, baseUrl).href);
      expect(response?.status(), name).toBe(200);
      await checkAtBothWidths(page, name, found);
    }
    // Records every shop has by now (demo orders and customers, the message of the test above) were checked too.
    for (const name of ['order', 'customer', 'contact-message']) expect(pages.find(([candidate]) => candidate === name)?.[1], name).toBeDefined();
    expect(found).toEqual([]);
  }, 300_000);
});
