import { randomUUID } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { demoStaff, demoStaffPassword } from '../scripts/demo-catalogue/demo-staff.ts';
import { enterTwoFactorCode } from './support/admin-login.ts';
import { openBrowser } from './support/browser.ts';
import { CheckoutFlow } from './support/checkout-flow.ts';

const baseUrl = inject('baseUrl');
const shopperPassword = 'Knots&Rope2026';
const contexts: BrowserContext[] = [];
afterAll(async () => {
  for (const context of contexts) await context.close();
});

async function newPage(): Promise<Page> {
  const context = await openBrowser();
  await context.addCookies([{ name: 'consent', value: 'necessary', url: baseUrl }]);
  contexts.push(context);
  return context.newPage();
}

/** Password, then a wrong code (refused with the message), then the authenticator code computed from the demo secret. */
async function logInToAdmin(page: Page, email: string) {
  await page.goto(`${baseUrl}/paracord_admin`);
  await page.waitForURL(/\/paracord_admin\/login\?returnTo=/);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(demoStaffPassword);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('heading', { name: 'Two-factor authentication' }).waitFor();
  await page.getByLabel('Code').fill('000000');
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('alert').filter({ hasText: 'This code is not valid' }).waitFor();
  await enterTwoFactorCode(page);
}

describe('the back office', () => {
  it('answers without caching and indexing, and sends visitors to its login', async () => {
    const response = await fetch(`${baseUrl}/paracord_admin/login`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(await response.text()).toContain('<meta name="robots" content="noindex, nofollow"/>');
    const robots = await (await fetch(`${baseUrl}/robots.txt`)).text();
    expect(robots).toContain('Disallow: /paracord_admin');
  });

  // The shopper, the order and the review are this test's own: the demo customer's purchases are
  // reviewed by other browser tests sharing the shop (each product can be reviewed once).
  it('logs in with two-factor, approves a review with a reply, and the product page shows both', async () => {
    // A new customer orders by bank transfer (in the Dutch store, as a Dutch address); the manager
    // marks the order paid, so it can be reviewed (the owner logs in in the next test: a code is
    // accepted once per time step).
    const shopper = await newPage();
    const email = `reviewer-${randomUUID()}@example.com`;
    await shopper.goto(`${baseUrl}/en-us/customer/account/create`);
    await shopper.getByLabel('First name').fill('Rita');
    await shopper.getByLabel('Last name').fill('Reviewer');
    await shopper.getByLabel('Email address').fill(email);
    await shopper.getByLabel('Password', { exact: true }).fill(shopperPassword);
    await shopper.getByLabel('Confirm password').fill(shopperPassword);
    await shopper.getByRole('button', { name: 'Create an account' }).click();
    await shopper.waitForURL(`${baseUrl}/en-us/customer`);
    const orderNumber = await new CheckoutFlow(shopper, 'nl-NL', 'nl-nl').placeBankTransferOrder();

    const admin = await newPage();
    await logInToAdmin(admin, demoStaff.manager.email);
    await admin.goto(`${baseUrl}/paracord_admin/orders/${orderNumber}`);
    await admin.getByRole('button', { name: /^Mark as paid/ }).click();
    await admin.getByRole('status').filter({ hasText: 'Marked as paid' }).waitFor();

    // The customer writes a review of what they bought.
    await shopper.goto(`${baseUrl}/en-us/customer/account/reviews`);
    const title = `Knots hold ${randomUUID().slice(0, 6)}`;
    await shopper.getByRole('radio', { name: '4 stars' }).check();
    await shopper.getByLabel('Title').fill(title);
    await shopper.getByLabel('Your review').fill('Tied a bowline in the rain; it held.');
    await shopper.getByRole('button', { name: 'Submit review' }).click();
    await shopper.getByRole('status').filter({ hasText: 'once it has been approved' }).waitFor();

    await admin.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Reviews' }).click();
    const card = admin.getByRole('article', { name: title });
    await card.getByRole('button', { name: 'Approve' }).click();
    await admin.getByRole('status').filter({ hasText: 'The review is published on the product page.' }).waitFor();
    await admin.getByRole('link', { name: 'Published' }).click();
    const published = admin.getByRole('article', { name: title });
    const sku = await published.locator('code').first().textContent();
    await published.getByLabel('Public reply from the shop').fill('Thank you, happy knotting!');
    await published.getByRole('button', { name: 'Save reply' }).click();
    await admin.getByRole('status').filter({ hasText: 'The reply has been saved.' }).waitFor();

    const { url_key: urlKey } = (await (await fetch(`${baseUrl}/api/product/${sku}/urlPath`)).json()) as { url_key: string };
    // Within the minute the product data is cached: look until the review shows.
    await expect
      .poll(
        async () => {
          await shopper.goto(`${baseUrl}/en-us/${urlKey}`);
          return shopper.locator('#reviews').textContent();
        },
        { timeout: 70_000, interval: 5_000 },
      )
      .toContain(title);
    const review = shopper.locator('.review').filter({ hasText: title });
    await expect(review.textContent()).resolves.toContain('Reply from Cordial');
    await expect(review.textContent()).resolves.toContain('Thank you, happy knotting!');
  }, 120_000);

  it('refuses the support role a manager action, as a page and as a direct POST, and logs it', async () => {
    const support = await newPage();
    await logInToAdmin(support, demoStaff.support.email);
    const nav = support.getByRole('navigation', { name: 'Admin sections' });
    await expect(nav.getByRole('link', { name: 'Coupons' }).count()).resolves.toBe(0);
    const page = await support.goto(`${baseUrl}/paracord_admin/coupons/new`);
    expect(page?.status()).toBe(403);
    await support.getByRole('heading', { name: 'Not allowed' }).waitFor();
    // A forged form post with a valid CSRF token still meets the server's check.
    const status = await support.evaluate(async () => {
      const token = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')!.content;
      const body = new URLSearchParams({
        _csrf: token,
        intent: 'save',
        code: 'FORGED',
        kind: 'free_shipping',
        percent: '',
        amount: '',
        startsAt: '',
        endsAt: '',
        minSubtotal: '',
        usageLimit: '',
        perCustomerLimit: '',
        isActive: 'on',
      });
      return (await fetch('/paracord_admin/coupons/new', { method: 'POST', body })).status;
    });
    expect(status).toBe(403);

    const owner = await newPage();
    await logInToAdmin(owner, demoStaff.owner.email);
    await owner.goto(`${baseUrl}/paracord_admin/audit?action=access.denied`);
    const rows = owner.getByRole('table').getByRole('row').filter({ hasText: 'Sam Support' });
    await expect(rows.count()).resolves.toBeGreaterThanOrEqual(2);
    await expect(rows.first().textContent()).resolves.toContain('coupons.write');
  }, 90_000);
});
