import { randomUUID } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openBrowser } from './support/browser.ts';
import { CheckoutFlow } from './support/checkout-flow.ts';

const baseUrl = inject('baseUrl');

/** The focused element: its tag, id and text, to say where the keyboard is. */
const focused = (page: Page) =>
  page.evaluate(() => ({
    tag: document.activeElement?.tagName ?? '',
    id: document.activeElement?.id ?? '',
    text: document.activeElement?.textContent?.trim() ?? '',
    className: document.activeElement?.className ?? '',
  }));

/**
 * Issue 22: a checkout that guides, at a phone's and a desktop's width, in the UK store: focus on
 * each new step's heading with the step announced, an error summary that takes the focus and
 * links to the fields, the billing address only when it differs, no warehouse pickup in the
 * Netherlands for a UK address, and the terms error on the terms checkbox.
 */
describe.each([390, 1280])('a guiding checkout at %i px', (width) => {
  let browser: BrowserContext;
  beforeAll(async () => {
    browser = await openBrowser({ viewport: { width, height: width === 390 ? 844 : 900 }, locale: 'en-GB' });
    await browser.addCookies([{ name: 'consent', value: 'necessary', url: baseUrl }]);
  });
  afterAll(() => browser?.close());

  it('moves the focus and says what is wrong, step by step', async () => {
    const page = await browser.newPage();
    const flow = new CheckoutFlow(page, 'en-GB', 'en-gb');
    await flow.addFirstParacord(12);
    await page.goto(`${baseUrl}/en-gb/checkout/customer`);
    await flow.atStep('customer');
    // The reduced header: no footer, no search.
    expect(await page.getByRole('contentinfo').count()).toBe(0);
    expect(await page.getByRole('searchbox').count()).toBe(0);

    // Sent empty: the summary takes the focus and its link leads to the field.
    await flow.continue();
    const summary = page.getByRole('alert').filter({ hasText: flow.t('checkout.errorSummary', { count: 1 }) });
    await summary.waitFor();
    await expect.poll(async () => (await focused(page)).className).toContain('error-summary');
    await summary.getByRole('link', { name: new RegExp(flow.t('account.email')) }).click();
    await expect.poll(async () => (await focused(page)).id).toBe('field-email');
    await page.getByLabel(flow.t('account.email')).fill(`guide-${randomUUID()}@example.com`);
    // Fixed: the message goes as soon as the address is a valid one.
    await page.locator('#field-email-error').waitFor({ state: 'detached' });
    await flow.continue();

    // The next step's heading has the focus and the step is announced.
    await flow.atStep('shipping');
    await expect.poll(async () => (await focused(page)).text).toBe(flow.t('checkout.step.shipping'));
    await expect
      .poll(() => page.locator('#checkout-announcer').textContent())
      .toBe(flow.t('checkout.stepOf', { number: 2, count: 4, step: flow.t('checkout.step.shipping') }));
    // A UK address: home delivery only, no pickup at the Dutch warehouse; one first line, no house number or state.
    expect(await page.getByRole('radio', { name: new RegExp(flow.t('shipping.method.warehouse_pickup')) }).count()).toBe(0);
    await expect(page.getByRole('radio', { name: new RegExp(flow.t('shipping.method.home_delivery')) }).isChecked()).resolves.toBe(true);
    expect(await page.getByLabel(flow.t('address.houseNumber'), { exact: true }).count()).toBe(0);
    expect(await page.getByLabel(flow.t('address.state'), { exact: true }).count()).toBe(0);
    // Billing as the shipping address unless unticked; the billing form appears only then.
    const same = page.getByLabel(flow.t('checkout.billingSameAsShipping'));
    await expect(same.isChecked()).resolves.toBe(true);
    const billingFirstName = page.locator('#billing-billing_firstName');
    await expect(billingFirstName.isVisible()).resolves.toBe(false);
    await same.uncheck();
    await expect(billingFirstName.isVisible()).resolves.toBe(true);
    await same.check();
    await flow.fillAddress({
      firstName: 'Oliver',
      lastName: 'Smith',
      street: '10 Downing Street',
      zipCode: 'SW1A 2AA',
      city: 'London',
      phone: '+44 20 7946 0000',
    });
    await flow.continue();

    await flow.atStep('billing');
    await expect.poll(async () => (await focused(page)).text).toBe(flow.t('checkout.step.billing'));
    await page.locator('address').filter({ hasText: '10 Downing Street' }).first().waitFor();
    await flow.continue();

    await flow.atStep('payment');
    await expect.poll(async () => (await focused(page)).text).toBe(flow.t('checkout.step.payment'));
    // The terms link sits in the checkbox's label; the order without them: the focus goes to the box.
    const terms = page.locator('label[for="terms"]');
    expect(await terms.getByRole('link', { name: flow.t('checkout.termsLink') }).getAttribute('href')).toMatch(/^\/en-gb\//);
    await page.getByRole('radio', { name: new RegExp(flow.t('payment.method.bank_transfer')) }).check();
    await flow.placeOrderButton().click();
    await page.getByText(flow.t('checkout.acceptTerms')).waitFor();
    await expect.poll(async () => (await focused(page)).id).toBe('terms');
    await page.close();
  });
});
