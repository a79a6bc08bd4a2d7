import { randomUUID } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { formatMessage, lookupMessage } from '#app/modules/i18n/messages.ts';
import { defaultBusinessRules } from '#app/modules/config/business-rules.ts';
import { planCatalogue } from '../scripts/demo-catalogue/catalogue-plan.ts';
import { demoStaff } from '../scripts/demo-catalogue/demo-staff.ts';
import { waitForMail } from '../tests/support/mail-catcher.ts';
import { enterTwoFactorCode, openTwoFactorPage } from './support/admin-login.ts';
import { openBrowser } from './support/browser.ts';
import { CheckoutFlow, messages } from './support/checkout-flow.ts';

const baseUrl = inject('baseUrl');
const mailDir = inject('mailDir');
const admin = (key: string) => formatMessage(lookupMessage(messages('en'), key) ?? key, {}, 'en');

/**
 * Issue 15: a shopper buys the last pieces of a product, someone else asks to hear when it is
 * back, staff cancel the order (the stock returns), and the background job's mail reaches the
 * local SMTP server in the subscriber's store language, with the product link.
 */
describe('back-in-stock mail', () => {
  let browser: BrowserContext;
  beforeAll(async () => {
    browser = await openBrowser();
    await browser.addCookies([{ name: 'consent', value: 'necessary', url: baseUrl }]);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('mails the subscriber of a sold-out product once its stock returns through a cancelled order', async () => {
    // A variant chosen by one option (a length of cord) with so few pieces that one guest may buy
    // them all: no more than the minimum quantity one order may always take (decision 0018).
    const [found] = planCatalogue()
      .products.filter((candidate) => candidate.kind === 'configurable' && !candidate.soldByLength)
      .flatMap((candidate) => candidate.variants.map((variant) => ({ product: candidate, variant })))
      .filter(({ variant }) => variant.stock > 0 && variant.stock <= defaultBusinessRules.maxStockShareMinQuantity && Object.keys(variant.options).length === 1)
      .sort((a, b) => a.variant.stock - b.variant.stock);
    if (!found) throw new Error(`the demo catalogue has no variant with 1 to ${defaultBusinessRules.maxStockShareMinQuantity} pieces in stock`);
    const { product, variant } = found;
    const stock = variant.stock;
    const choice = `?${new URLSearchParams(variant.options)}`;
    const productUrl = `${baseUrl}/nl-nl/${product.texts['nl-NL'].urlKey}${choice}`;

    // Someone buys every piece.
    const flow = new CheckoutFlow(await browser.newPage(), 'nl-NL', 'nl-nl');
    const orderNumber = await flow.placeBankTransferOrder(`buyer-${randomUUID()}@example.com`, async () => {
      await flow.page.goto(productUrl);
      await flow.page.getByLabel(flow.t('cart.quantity'), { exact: true }).fill(String(stock));
      await flow.page.getByRole('button', { name: flow.t('cart.add'), exact: true }).click();
      await flow.page
        .getByRole('status')
        .filter({ hasText: flow.t('cart.added') })
        .waitFor();
    });

    // Another shopper, in the German store, asks for a mail.
    const subscriber = `alert-${randomUUID()}@example.com`;
    const german = new CheckoutFlow(await browser.newPage(), 'de-DE', 'de-de');
    await german.page.goto(`${baseUrl}/de-de/${product.texts['de-DE'].urlKey}${choice}`);
    await german.page.getByLabel(german.t('product.backInStockEmail')).fill(subscriber);
    await german.page.getByRole('button', { name: german.t('product.backInStockSubmit') }).click();
    await german.page
      .getByRole('status')
      .filter({ hasText: german.t('product.backInStockConfirmation') })
      .waitFor();

    // Staff cancel the order: the pieces go back into stock.
    const page = await browser.newPage();
    await logInAsManager(page);
    await page.goto(`${baseUrl}/paracord_admin/orders/${orderNumber}`);
    // The cancel form opens from its summary, then its button cancels.
    await page
      .locator('summary')
      .filter({ hasText: admin('fulfilment.admin.actions.cancelled') })
      .click();
    await page.getByRole('button', { name: admin('fulfilment.admin.actions.cancelled') }).click();
    await page
      .getByRole('status')
      .filter({ hasText: admin('fulfilment.admin.done.cancelled') })
      .waitFor();

    const mail = await waitForMail(mailDir, subscriber, /stock-alerts\/unsubscribe\?token=/, 30_000);
    expect(mail.text).toContain('wieder erhältlich');
    expect(mail.text).toContain(`/de-de/${product.texts['de-DE'].urlKey}`);
    expect(mail.text).toMatch(/\/de-de\/stock-alerts\/unsubscribe\?token=/);
    // Three actors (buyer, subscriber, staff with two-factor login) and the job's round on a shared machine.
  }, 150_000);
});

/** The shared two-factor login: it waits for the next code when another test just used this one. */
async function logInAsManager(page: Page) {
  await openTwoFactorPage(page, demoStaff.manager.email);
  await enterTwoFactorCode(page);
}
