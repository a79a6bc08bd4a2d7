import { randomUUID } from 'node:crypto';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { formatMessage, lookupMessage } from '#app/modules/i18n/messages.ts';
import { demoStaff } from '../scripts/demo-catalogue/demo-staff.ts';
import { waitForMail } from '../tests/support/mail-catcher.ts';
import { enterTwoFactorCode, openTwoFactorPage } from './support/admin-login.ts';
import { openBrowser } from './support/browser.ts';
import { CheckoutFlow, messages } from './support/checkout-flow.ts';

const baseUrl = inject('baseUrl');
const mailDir = inject('mailDir');
const admin = (key: string, values?: Record<string, string>) => formatMessage(lookupMessage(messages('en'), key) ?? key, values, 'en');
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const generatedCode = /\b([2-9A-HJKMNP-Z]{4}-){3}[2-9A-HJKMNP-Z]{4}\b/;

/**
 * Issue 15: a shopper buys a gift card in the Dutch store by bank transfer, staff mark the order
 * paid, the background job mails the card (code and PDF) to the recipient through the local SMTP
 * server, and the recipient pays part of a second order with it.
 */
describe('gift cards', () => {
  let browser: BrowserContext;
  beforeAll(async () => {
    browser = await openBrowser();
    await browser.addCookies([{ name: 'consent', value: 'necessary', url: baseUrl }]);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('is bought by bank transfer, mailed with its code once paid, and pays a second checkout', async () => {
    const recipient = `lotte-${randomUUID()}@example.com`;
    const flow = new CheckoutFlow(await browser.newPage(), 'nl-NL', 'nl-nl');
    const { page } = flow;
    const orderNumber = await flow.placeBankTransferOrder(`ben-${randomUUID()}@example.com`, async () => {
      await page.goto(`${baseUrl}/nl-nl/cadeaubon`);
      await page.getByRole('heading', { level: 1, name: flow.t('giftCards.pageTitle') }).waitFor();
      await page.getByLabel(flow.t('giftCards.amount')).fill('5');
      await page.getByLabel(flow.t('giftCards.senderName')).fill('Ben');
      await page.getByLabel(flow.t('giftCards.recipientName')).fill('Lotte');
      await page.getByLabel(flow.t('giftCards.recipientEmail')).fill(recipient);
      await page.getByLabel(flow.t('giftCards.message')).fill('Veel knoopplezier!');
      // The preview follows what is typed.
      const preview = page.getByRole('region', { name: flow.t('giftCards.preview') });
      await preview.getByText(flow.t('giftCards.pdf.to', { name: 'Lotte' })).waitFor();
      await preview.getByText('Veel knoopplezier!').waitFor();
      // Too little: the message names both bounds, and nothing typed is lost.
      await page.getByRole('button', { name: flow.t('giftCards.add') }).click();
      const [before, middle] = flow.t('giftCards.amountBounds', { min: '\u0000', max: '\u0000' }).split('\u0000');
      await page.getByText(new RegExp(`${escape(before!)}€\\s10,00${escape(middle!)}€\\s500,00`)).waitFor();
      expect(await page.getByLabel(flow.t('giftCards.recipientEmail')).inputValue()).toBe(recipient);
      await page.getByLabel(flow.t('giftCards.amount')).fill('30');
      await preview.getByText(/€\s30,00/).waitFor();
      await page.getByRole('button', { name: flow.t('giftCards.add') }).click();
      await page.waitForURL(/\/nl-nl\/checkout$/);
      await page
        .getByText(flow.t('giftCards.line.for', { name: 'Lotte' }), { exact: false })
        .first()
        .waitFor();
    });

    // Staff mark the bank transfer as received: the card is issued and mailed on its day (today).
    const staff = await browser.newPage();
    await openTwoFactorPage(staff, demoStaff.manager.email);
    await enterTwoFactorCode(staff);
    await staff.goto(`${baseUrl}/paracord_admin/orders/${orderNumber}`);
    await staff.getByRole('button', { name: new RegExp(`^${escape(admin('fulfilment.admin.actions.paid'))}`) }).click();
    await staff
      .getByRole('status')
      .filter({ hasText: admin('fulfilment.admin.done.paid', { invoiceNumber: '' }).split(';')[0]! })
      .waitFor();

    const mail = await waitForMail(mailDir, recipient, generatedCode, 30_000);
    const code = generatedCode.exec(mail.text)![0];
    expect(mail.text).toContain('Ben geeft je een cadeaubon ter waarde van');
    expect(mail.text).toContain('Veel knoopplezier!');
    expect(mail.raw).toMatch(/Content-Type: application\/pdf/);

    // The recipient pays part of an order with it; the balance page shows it spent.
    const recipientBrowser = await openBrowser();
    await recipientBrowser.addCookies([{ name: 'consent', value: 'necessary', url: baseUrl }]);
    const second = new CheckoutFlow(await recipientBrowser.newPage(), 'nl-NL', 'nl-nl');
    await second.placeBankTransferOrder(`lotte-${randomUUID()}@example.com`, undefined, async () => {
      await second.page.getByLabel(second.t('checkout.giftCardCode')).fill(code.toLowerCase());
      await second.page.getByRole('button', { name: second.t('checkout.applyGiftCard') }).click();
      await second.page.getByText(second.t('checkout.giftCardPaid', { code })).waitFor();
    });
    await second.page.goto(`${baseUrl}/nl-nl/cadeaubon/saldo`);
    await second.page.getByLabel(second.t('giftCards.balance.code')).fill(code);
    await second.page.getByRole('button', { name: second.t('giftCards.balance.submit') }).click();
    await second.page.getByText(new RegExp(`€\\s0,00.*€\\s30,00`)).waitFor();
    await recipientBrowser.close();
  }, 180_000);
});
