import { randomUUID } from 'node:crypto';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { demoStaff } from '../scripts/demo-catalogue/demo-staff.ts';
import { waitForMail } from '../tests/support/mail-catcher.ts';
import { enterTwoFactorCode, openTwoFactorPage } from './support/admin-login.ts';
import { checkAtBothWidths, type Violation } from './support/axe.ts';
import { openBrowser } from './support/browser.ts';

const baseUrl = inject('baseUrl');
const mailDir = inject('mailDir');
describe('the back office for everyone', () => {
  let visitor: BrowserContext;
  let staff: BrowserContext;
  beforeAll(async () => {
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
    await shopper
      .getByRole('status')
      .filter({ hasText: `sent a confirmation to ${email}` })
      .waitFor();

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
    await openTwoFactorPage(page, demoStaff.owner.email, (step) => checkAtBothWidths(page, `admin-${step}`, found));
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
      ['imports', admin('imports')],
      ['redirect-new', admin('redirects/new')],
      ['redirects', admin('redirects')],
      ['translations', admin('translations?locale=de-DE&filter=english')],
      ['translation', admin('translations/de-DE/header.cart')],
      ['content-pages', admin('content-pages')],
      ['content-page', await firstLink('content-pages', /\/content-pages\/\d+\/de-DE$/)],
      ['faq', admin('faq')],
      ['faq-category', await firstLink('faq', /\/faq\/categories\/\d+\/de-DE$/)],
      ['faq-question', await firstLink('faq', /\/faq\/questions\/\d+\/de-DE$/)],
      ['blog', admin('blog')],
      ['blog-post', await firstLink('blog', /\/blog\/\d+\/en$/)],
      ['banners', admin('banners')],
      ['banner', await firstLink('banners', /\/banners\/\d+\/de-DE$/)],
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
      await checkAtBothWidths(page, `admin-${name}`, found);
    }
    // Records every shop has by now (demo orders and customers, the message of the test above) were checked too.
    for (const name of ['order', 'customer', 'contact-message']) expect(pages.find(([candidate]) => candidate === name)?.[1], name).toBeDefined();
    expect(found).toEqual([]);
  }, 300_000);
});
