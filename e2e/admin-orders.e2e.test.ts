import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { formatMessage, lookupMessage } from '#app/modules/i18n/messages.ts';
import { currentTotp } from '#app/modules/admin/two-factor.server.ts';
import { demoStaff, demoStaffPassword, demoStaffTotpSecret } from '../scripts/demo-catalogue/demo-staff.ts';
import { enterTwoFactorCode, openTwoFactorPage } from './support/admin-login.ts';
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
  await openTwoFactorPage(page, demoStaff.manager.email);
  await enterTwoFactorCode(page);
}

/** What the focused element shows: a keyboard user must always see where the focus is. */
const focusOf = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return { visible: false, what: 'body' };
    const style = getComputedStyle(element);
    const outline = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0;
    const shadow = style.boxShadow !== 'none';
    return {
      visible: outline || shadow,
      what: `${element.tagName.toLowerCase()} ${(element.textContent ?? '').trim().slice(0, 40) || element.getAttribute('name') || ''}`,
    };
  });

/**
 * Presses Tab (Shift+Tab `backwards`) until `target` has the focus; at every stop on the way the
 * focused element must show a focus outline or ring.
 */
async function tabTo(page: Page, target: Locator, { backwards = false, limit = 80 } = {}) {
  for (let step = 0; step < limit; step++) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    const focus = await focusOf(page);
    expect(focus.visible, `no visible focus on ${focus.what}`).toBe(true);
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`Tab never reached ${target}`);
}

describe('orders in the back office', () => {
  let shopper: BrowserContext;
  let staff: BrowserContext;
  beforeAll(async () => {
    shopper = await openBrowser();
    await shopper.addCookies([{ name: 'consent', value: 'necessary', url: baseUrl }]);
    staff = await openBrowser({ viewport: { width: 1280, height: 900 } });
  });
  const contexts: BrowserContext[] = [];
  afterAll(async () => {
    await shopper?.close();
    await staff?.close();
    for (const context of contexts) await context.close();
  });

  it('marks a bank transfer order paid (the invoice appears) and ships it (the shopper gets the tracking mail)', async () => {
    const email = `admin-orders-${randomUUID()}@example.com`;
    const flow = new CheckoutFlow(await shopper.newPage(), 'nl-NL', 'nl-nl');
    const orderNumber = await flow.placeBankTransferOrder(email);
    expect(orderNumber).toMatch(/^NL\d{6}$/);

    const page = await staff.newPage();
    await logIn(page);
    await page
      .getByRole('link', { name: t('admin.nav.orders'), exact: true })
      .first()
      .click();
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
    await page
      .getByRole('status')
      .filter({ hasText: t('fulfilment.admin.done.shipped', { trackingNumber: '3SCORD1234567' }) })
      .waitFor();
    await page.locator('.order-status--shipped').first().waitFor();

    const mail = await waitForMail(mailDir, email, /track-and-trace\/3SCORD1234567-NL-3511AB/);
    expect(mail.text).toContain(flow.t('fulfilment.mail.shipped.subject', { orderNumber, shopName: 'Cordial' }));
    // The timeline says who did what.
    await page.getByText(t('fulfilment.admin.timeline.shipment', { carrier: 'PostNL', trackingNumber: '3SCORD1234567' })).waitFor();
    await page
      .getByText(t('fulfilment.admin.detail.by', { actor: demoStaff.manager.email }))
      .first()
      .waitFor();

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
    await page
      .locator('.order-status--on_hold')
      .filter({ hasText: t('order.status.on_hold') })
      .waitFor();
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
    await page
      .getByRole('status')
      .filter({ hasText: t('businessRisks.admin.invoicePaidNow') })
      .waitFor();
    // The notice shows while the page's data is still being read again: wait for that.
    await markPaid.waitFor({ state: 'detached' });
    await expect(page.getByText(t('fulfilment.admin.detail.notPaid')).count()).resolves.toBe(0);
  });

  it('works with the keyboard alone: log in with two-factor, find an order, open it, mark it paid and go back', async () => {
    const email = `admin-keys-${randomUUID()}@example.com`;
    const orderNumber = await new CheckoutFlow(await shopper.newPage(), 'nl-NL', 'nl-nl').placeBankTransferOrder(email);
    // A browser of its own: the other test's staff session would skip the login.
    const browser = await openBrowser({ viewport: { width: 1280, height: 900 } });
    contexts.push(browser);
    const page = await browser.newPage();
    const { keyboard } = page;
    await page.goto(`${baseUrl}/paracord_admin/login`);
    await tabTo(page, page.getByLabel(t('admin.login.email')));
    // The owner, not the manager of the other tests: a code is accepted once per staff member and time step.
    await keyboard.type(demoStaff.owner.email);
    await tabTo(page, page.getByLabel(t('admin.login.password')));
    await keyboard.type(demoStaffPassword);
    await keyboard.press('Enter');
    await page.getByRole('heading', { name: t('admin.twoFactor.title') }).waitFor();
    // A code is accepted once per time step: another test may have just used this one.
    for (let attempt = 0; ; attempt++) {
      // Forwards from the password page; back up from the button after a refused code.
      await tabTo(page, page.getByLabel(t('admin.twoFactor.code')), { backwards: attempt > 0 });
      await keyboard.press('ControlOrMeta+a');
      await keyboard.type(currentTotp(demoStaffTotpSecret));
      await tabTo(page, page.getByRole('button', { name: t('admin.twoFactor.submit') }));
      // The answer to this code (the alert of the last one may still be showing): 400 is a refusal.
      const answered = page.waitForResponse((response) => response.url().includes('/login/two-factor') && response.request().method() === 'POST');
      await keyboard.press('Enter');
      const outcome = (await answered).status() === 400 ? 'refused' : 'in';
      if (outcome === 'in') {
        await page.getByRole('navigation', { name: t('admin.nav.label') }).waitFor();
        break;
      }
      expect(attempt).toBe(0);
      await page.waitForTimeout(30_000 - (Date.now() % 30_000) + 500);
    }

    await tabTo(page, page.getByRole('navigation', { name: t('admin.nav.label') }).getByRole('link', { name: t('admin.nav.orders'), exact: true }));
    await keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: t('fulfilment.admin.list.title') }).waitFor();
    await tabTo(page, page.getByLabel(t('fulfilment.admin.list.search')));
    await keyboard.type(email);
    await keyboard.press('Enter');
    await page.waitForURL(/[?&]q=/);
    const orderLink = page.getByRole('link', { name: orderNumber });
    await orderLink.waitFor();
    await tabTo(page, orderLink);
    await keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: t('fulfilment.admin.detail.title', { orderNumber }) }).waitFor();

    await tabTo(page, page.getByRole('button', { name: new RegExp(`^${escape(t('fulfilment.admin.actions.paid'))}`) }));
    await keyboard.press('Space');
    await page
      .getByRole('status')
      .filter({ hasText: t('fulfilment.admin.done.paid', { invoiceNumber: '\u0000' }).split('\u0000')[0]! })
      .waitFor();
    await page.locator('.order-status--paid').first().waitFor();
    // The confirmation has the focus (the button went with the step it took): back up from there.
    const notice = await focusOf(page);
    expect(notice).toMatchObject({ visible: true, what: expect.stringMatching(/^p /) });
    await tabTo(page, page.getByRole('link', { name: t('fulfilment.admin.detail.back') }), { backwards: true });
    await keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: t('fulfilment.admin.list.title') }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/paracord_admin/orders');
  }, 180_000);
});
