import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { formatMessage, lookupMessage } from '../app/modules/i18n/messages.ts';
import { currentTotp } from '../app/modules/admin/two-factor.server.ts';
import { demoStaff, demoStaffPassword, demoStaffTotpSecret } from '../scripts/demo-catalogue/demo-staff.ts';
import { openBrowser } from './support/browser.ts';
import { CheckoutFlow, messages } from './support/checkout-flow.ts';
import { waitForMail } from '../tests/support/mail-catcher.ts';

const baseUrl = inject('baseUrl');
const mailDir = inject('mailDir');
/** The admin speaks English to the demo staff. */
const t = (key: string, values?: Record<string, string | number>) => formatMessage(lookupMessage(messages('en'), key) ?? key, values, 'en');
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Logs in as the demo manager with password and the current two-factor code. */
async function logIn(page: Page) {
  await page.goto(`${baseUrl}/paracord_admin/login`);
  await page.getByLabel(t('admin.login.email')).fill(demoStaff.manager.email);
  await page.getByLabel(t('admin.login.password')).fill(demoStaffPassword);
  await page.getByRole('button', { name: t('admin.login.submit') }).click();
  await page.getByLabel(t('admin.twoFactor.code')).fill(currentTotp(demoStaffTotpSecret));
  await page.getByRole('button', { name: t('admin.twoFactor.submit') }).click();
  await page.waitForURL(`${baseUrl}/paracord_admin`);
}

describe('orders in the back office', () => {
  let shopper: BrowserContext;
  let staff: BrowserContext;
  beforeAll(async () => {
    shopper = await openBrowser();
    await shopper.addCookies([{ name: 'consent', value: 'necessary', url: baseUrl }]);
    staff = await openBrowser({ viewport: { width: 1280, height: 900 } });
  });
  afterAll(async () => {
    await shopper?.close();
    await staff?.close();
  });

  it('marks a bank transfer order paid (the invoice appears) and ships it (the shopper gets the tracking mail)', async () => {
    const email = `admin-orders-${randomUUID()}@example.com`;
    const flow = new CheckoutFlow(await shopper.newPage(), 'nl-NL', 'nl-nl');
    const orderNumber = await flow.placeBankTransferOrder(email);
    expect(orderNumber).toMatch(/^NL\d{6}$/);

    const page = await staff.newPage();
    await logIn(page);
    await page.getByRole('link', { name: t('admin.nav.orders'), exact: true }).first().click();
    await page.getByLabel(t('fulfilment.admin.list.search')).fill(email);
    await page.getByRole('button', { name: t('fulfilment.admin.list.apply') }).click();
    await page.getByRole('link', { name: orderNumber }).click();
    await page.getByRole('heading', { level: 1, name: t('fulfilment.admin.detail.title', { orderNumber }) }).waitFor();

    await page.getByLabel(t('fulfilment.admin.actions.paidNote')).fill('Bank statement 25 Nov');
    await page.getByRole('button', { name: new RegExp(`^${escape(t('fulfilment.admin.actions.paid'))}`) }).click();
    const paidNotice = page.getByRole('status').filter({ hasText: t('fulfilment.admin.done.paid', { invoiceNumber: '\u0000' }).split('\u0000')[0]! });
    await paidNotice.waitFor();
    const invoiceNumber = /(\d{4}-\d{6})/.exec((await paidNotice.textContent()) ?? '')![1]!;
    const invoiceLink = page.getByRole('link', { name: t('fulfilment.admin.detail.invoice', { number: invoiceNumber }) });
    const invoice = await page.request.get(new URL((await invoiceLink.getAttribute('href'))!, baseUrl).href);
    expect(invoice.headers()['content-type']).toBe('application/pdf');
    expect((await invoice.body()).subarray(0, 5).toString()).toBe('%PDF-');

    await page.getByLabel(t('fulfilment.admin.actions.carrier')).selectOption('postnl');
    await page.getByLabel(t('fulfilment.admin.actions.trackingNumber')).fill('3S CORD 123 4567');
    await page.getByRole('button', { name: t('fulfilment.admin.actions.shipped') }).click();
    await page.getByRole('status').filter({ hasText: t('fulfilment.admin.done.shipped', { trackingNumber: '3SCORD1234567' }) }).waitFor();
    await page.locator('.order-status--shipped').first().waitFor();

    const mail = await waitForMail(mailDir, email, /track-and-trace\/3SCORD1234567-NL-3511AB/);
    expect(mail.text).toContain(flow.t('fulfilment.mail.shipped.subject', { orderNumber, shopName: 'Cordial' }));
    // The timeline says who did what.
    await page.getByText(t('fulfilment.admin.timeline.shipment', { carrier: 'PostNL', trackingNumber: '3SCORD1234567' })).waitFor();
    await page.getByText(t('fulfilment.admin.detail.by', { actor: demoStaff.manager.email })).first().waitFor();

    // Screens for review at a laptop's and a phone's width (E2E_SCREENSHOTS=dir).
    const shots = process.env.E2E_SCREENSHOTS;
    if (shots) {
      mkdirSync(shots, { recursive: true });
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
        await page.screenshot({ path: join(shots, `order-detail-${width}.png`), fullPage: true });
        await page.goto(`${baseUrl}/paracord_admin/orders`);
        await page.screenshot({ path: join(shots, `order-list-${width}.png`), fullPage: true });
        await page.goBack();
      }
    }
  });

  it('holds an unverified business’s pay-on-invoice order for review; approving it mails the invoice, and the invoice can be marked paid (issue 23)', async () => {
    const email = `held-invoice-${randomUUID()}@example.com`;
    const flow = new CheckoutFlow(await shopper.newPage(), 'nl-NL', 'nl-nl');
    const orderNumber = await flow.placeOrder({
      email,
      companyName: 'Touw B.V.',
      paymentMethod: 'invoice',
      // The payment step says the order is checked first.
      atPayment: () => flow.page.getByText(flow.t('businessRisks.invoiceReviewHint')).waitFor(),
    });
    await flow.page.getByText(flow.t('businessRisks.onHold')).waitFor();

    const page = await staff.newPage();
    await page.goto(`${baseUrl}/paracord_admin/orders/${orderNumber}`);
    if (page.url().includes('/login')) await logIn(page);
    await page.goto(`${baseUrl}/paracord_admin/orders/${orderNumber}`);
    await page.locator('.order-status--on_hold').filter({ hasText: t('order.status.on_hold') }).waitFor();
    await page.getByText(t('fulfilment.admin.detail.noDocuments')).waitFor();
    await page.getByRole('button', { name: t('businessRisks.admin.approveOrder') }).click();
    const approved = page.getByRole('status').filter({ hasText: t('businessRisks.admin.reviewApproved', { invoiceNumber: '\u0000' }).split('\u0000')[0]! });
    await approved.waitFor();
    const invoiceNumber = /(\d{4}-\d{6})/.exec((await approved.textContent()) ?? '')![1]!;
    await page.getByRole('link', { name: t('fulfilment.admin.detail.invoice', { number: invoiceNumber }) }).waitFor();
    const mail = await waitForMail(mailDir, email, new RegExp(escape(flow.t('fulfilment.mail.invoice.subject', { orderNumber, shopName: 'Cordial' }))));
    expect(mail.raw).toContain(`invoice-${invoiceNumber}.pdf`);

    // The money arrives: staff record it, and the button goes.
    const markPaid = page.getByRole('button', { name: new RegExp(`^${escape(t('businessRisks.admin.invoicePaid'))}`) });
    await markPaid.click();
    await page.getByRole('status').filter({ hasText: t('businessRisks.admin.invoicePaidNow') }).waitFor();
    // The notice shows while the page's data is still being read again: wait for that.
    await markPaid.waitFor({ state: 'detached' });
    await expect(page.getByText(t('fulfilment.admin.detail.notPaid')).count()).resolves.toBe(0);
  });
});
