import { randomUUID } from 'node:crypto';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { demoGiftCard } from '../scripts/demo-catalogue/demo-gift-card.ts';
import { openBrowser } from './support/browser.ts';
import { CheckoutFlow } from './support/checkout-flow.ts';
import { waitForMail } from '../tests/support/mail-catcher.ts';

const baseUrl = inject('baseUrl');
const mailDir = inject('mailDir');

describe('guest checkout in Chromium', () => {
  let browser: BrowserContext;
  beforeAll(async () => {
    browser = await openBrowser();
    await browser.addCookies([{ name: 'consent', value: 'necessary', url: baseUrl }]);
  });
  afterAll(() => browser?.close());

  it.each([
    ['nl-NL', 'nl-nl', { countryCode: 'NL', zipCode: '3511 AB', city: 'Utrecht' }, false],
    ['de-DE', 'de-de', { countryCode: 'CH', zipCode: '8001', city: 'Zürich' }, true],
  ] as const)('%s: cart, details, shipping, billing, payment, success page and confirmation mail', async (locale, prefix, place, outsideEu) => {
    const page = await browser.newPage();
    const flow = new CheckoutFlow(page, locale, prefix);
    const email = `guest-${randomUUID()}@example.com`;
    await flow.addFirstParacord(12);

    await flow.cart.open(prefix);
    await expect(flow.cart.progress().textContent()).resolves.toMatch(/\S/);
    await flow.cart.proceedLink().click();

    await flow.atStep('customer');
    await flow.emailField().fill(email);
    await flow.continue();

    await flow.atStep('shipping');
    await flow.fillAddress({
      firstName: 'Eva',
      lastName: 'Muster',
      street: 'Seilweg',
      houseNumber: '7',
      phone: '+41 44 123 45 67',
      ...place,
      zipCode: 'ABCDEFG',
    });
    await flow.continue();
    await page.getByText(flow.t('validation.zipFormat'), { exact: true }).waitFor();
    await expect(flow.addressField('street').inputValue()).resolves.toBe('Seilweg');
    await flow.addressField('zipCode').fill(place.zipCode);
    await flow.continue();

    await flow.atStep('billing');
    // Spec §3: the order's own reference and remarks; a reference that is too long is refused with what was typed kept.
    const reference = `PO-${prefix}-0042`;
    const remarks = 'Please leave the parcel with the neighbours at no. 9.';
    await flow.ownReferenceField().fill('R'.repeat(36));
    await flow.remarksField().fill(remarks);
    await flow.continue();
    await page.getByText(flow.t('validation.maxLength', { max: 35 }), { exact: true }).waitFor();
    await expect(flow.remarksField().inputValue()).resolves.toBe(remarks);
    await flow.ownReferenceField().fill(reference);
    await flow.continue();
    await flow.atStep('payment');
    if (outsideEu) await page.getByText(flow.t('checkout.importDuties')).first().waitFor();
    if (!outsideEu) {
      // The demo gift card pays part of the order; the rest by bank transfer.
      await flow.applyGiftCard('nope');
      await page.getByText(flow.t('checkout.giftCardUnknown')).waitFor();
      await flow.applyGiftCard(demoGiftCard.code);
      await page.getByText(flow.t('checkout.amountDue')).waitFor();
    }
    await flow.paymentMethod('bank_transfer').check();
    await flow.placeOrderButton().click();
    await page
      .getByRole('alert')
      .filter({ hasText: flow.t('checkout.acceptTerms') })
      .waitFor();
    await flow.termsCheckbox().check();
    const amountDue = await flow.amountOnPlaceOrderButton();
    await flow.placeOrderButton().click();

    await page.waitForURL(/\/checkout\/success\?order=/);
    const orderNumber = (await page.locator('.order-number strong').textContent()) ?? '';
    expect(orderNumber).toMatch(locale === 'nl-NL' ? /^NL\d{6}$/ : /^DE\d{6}$/);
    // The transfer is for what is left after the gift card, as the button said.
    await expect(page.locator('.notice').filter({ hasText: orderNumber }).textContent()).resolves.toContain(amountDue);
    await page.getByText(flow.t('checkout.confirmationSent', { email })).waitFor();
    await page.getByText(flow.t('account.orders.ownReference', { reference })).waitFor();
    await page.getByText(flow.t('account.orders.remarks', { remarks })).waitFor();

    const mail = await waitForMail(mailDir, email, new RegExp(orderNumber));
    expect(mail.text).toContain(flow.t('mail.order.subject', { orderNumber, shopName: 'Cordial' }));
    expect(mail.text).toContain(flow.t('account.orders.ownReference', { reference }));
    expect(mail.raw).toMatch(/Content-Type: text\/html/);
    expect(mail.raw).toMatch(/Content-Type: text\/plain/);

    // The cart is empty afterwards; the success page is only for this buyer.
    await page.goto(`${baseUrl}/${prefix}/checkout`);
    await page.getByText(flow.t('cart.empty')).waitFor();
    const stranger = await fetch(`${baseUrl}/${prefix}/checkout/success?order=${orderNumber}&token=forged`);
    expect(stranger.status).toBe(404);
    await page.close();
  });
});

describe('adding from a listing', () => {
  it('puts a simple product in the cart from its category page', async () => {
    const context = await openBrowser();
    await context.addCookies([{ name: 'consent', value: 'necessary', url: baseUrl }]);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/en-us`);
    await page.getByRole('navigation', { name: 'Product categories' }).first().getByRole('link', { name: 'DIY Kits', exact: true }).first().click();
    const add = page.getByRole('button', { name: /^Add .+ to cart$/ }).first();
    await add.waitFor();
    await add.click();
    await page.getByRole('status').filter({ hasText: 'In your cart' }).first().waitFor();
    await page.goto(`${baseUrl}/en-us/checkout`);
    await expect(page.locator('.cart-line').count()).resolves.toBe(1);
    await context.close();
  });
});

describe('VAT display in the cart', () => {
  it('shows rows including VAT in the Italian store and excluding it in the Dutch one, with the same VAT part', async () => {
    const cents = (text: string | null) => Number((text ?? '').replace(/[^\d]/g, ''));
    for (const [locale, prefix, includesVat] of [
      ['it-IT', 'it-it', true],
      ['nl-NL', 'nl-nl', false],
    ] as const) {
      const context = await openBrowser();
      await context.addCookies([{ name: 'consent', value: 'necessary', url: baseUrl }]);
      const page = await context.newPage();
      const flow = new CheckoutFlow(page, locale, prefix);
      await flow.addFirstParacord(12);
      await page.goto(`${baseUrl}/${prefix}/checkout`);
      await expect(page.locator('.cart-vat-note').textContent()).resolves.toBe(flow.t(includesVat ? 'vat.inclVat' : 'vat.exclVat'));
      const row = cents(await page.locator('.cart-line__total').textContent());
      const subtotal = cents(await page.locator('.order-totals dd').first().textContent());
      // The totals are net plus the VAT part; rows follow the store's display (Italian VAT 22 %).
      expect(row).toBe(includesVat ? Math.round(subtotal * 1.22) : subtotal);
      // Under rows incl. VAT the subtotal says it is without.
      const subtotalLabel = flow.t('cart.subtotal') + (includesVat ? ` (${flow.t('vat.exclVat')})` : '');
      await expect(page.locator('.order-totals dt').first().textContent()).resolves.toBe(subtotalLabel);
      await context.close();
    }
  });
});

describe('pickup points', () => {
  it('searches pickup points near a postcode and sends the order there', async () => {
    const context = await openBrowser();
    await context.addCookies([{ name: 'consent', value: 'necessary', url: baseUrl }]);
    const page = await context.newPage();
    const flow = new CheckoutFlow(page, 'nl-NL', 'nl-nl');
    await flow.addFirstParacord(12);
    await page.goto(`${baseUrl}/nl-nl/checkout/customer`);
    await flow.emailField().fill(`pickup-${randomUUID()}@example.com`);
    await flow.continue();
    await flow.atStep('shipping');
    await flow.fillAddress({
      firstName: 'Joost',
      lastName: 'Bakker',
      street: 'Oudegracht',
      houseNumber: '10',
      zipCode: '3511 AB',
      city: 'Utrecht',
      phone: '030 123 4567',
    });
    await flow.findPickupPoints('8888 AA');
    await page.getByText(flow.t('checkout.noPickupPoints')).waitFor();
    await expect(flow.addressField('street').inputValue()).resolves.toBe('Oudegracht');
    await flow.findPickupPoints('3512');
    const firstPoint = page.getByRole('radio', { name: /Utrecht/ }).first();
    await firstPoint.waitFor();
    await flow.shippingMethod('pickup_point').check();
    await firstPoint.check();
    const pointName = (await page.locator(`label[for="${await firstPoint.getAttribute('id')}"] strong`).textContent()) ?? '';
    await flow.continue();
    await flow.atStep('billing');
    await flow.continue();
    await flow.atStep('payment');
    await flow.reviewHeading().waitFor();
    await expect(page.locator('.auth-card').first().textContent()).resolves.toContain(pointName);
    await context.close();
  });
});

describe('paying online (Stripe stand-in)', () => {
  async function toPayment(flow: CheckoutFlow) {
    const { page } = flow;
    await flow.addFirstParacord(12);
    await page.goto(`${baseUrl}/nl-nl/checkout/customer`);
    await flow.emailField().fill(`ideal-${randomUUID()}@example.com`);
    await flow.continue();
    await flow.atStep('shipping');
    await flow.fillAddress({
      firstName: 'Lotte',
      lastName: 'de Boer',
      street: 'Singel',
      houseNumber: '3',
      zipCode: '1012 JS',
      city: 'Amsterdam',
      phone: '020 123 4567',
    });
    await flow.continue();
    await flow.atStep('billing');
    await flow.continue();
    await flow.atStep('payment');
    await flow.reviewHeading().waitFor();
  }

  /** A Dutch guest places an order to be paid online by card or iDEAL, and is sent on to pay. */
  async function orderPaidOnline(method: 'card' | 'ideal', options: { javaScriptEnabled?: boolean } = {}) {
    const context = await openBrowser(options);
    await context.addCookies([{ name: 'consent', value: 'necessary', url: baseUrl }]);
    const page = await context.newPage();
    const flow = new CheckoutFlow(page, 'nl-NL', 'nl-nl');
    await toPayment(flow);
    await flow.paymentMethod(method).check();
    await flow.termsCheckbox().check();
    await flow.placeOrderButton().click();
    return { context, page, flow };
  }

  it('pays with iDEAL on the payment page and comes back to a paid order', async () => {
    const { context, page, flow } = await orderPaidOnline('ideal');
    await page.getByRole('link', { name: 'Pay now' }).click();
    await page.waitForURL(/\/checkout\/success\?order=NL\d{6}/);
    await page.getByText(flow.t('checkout.paymentReceived')).waitFor();
    await context.close();
  });

  it('pays by card without JavaScript: the order form leads to the payment page, and the page back to a paid order', async () => {
    const { context, page, flow } = await orderPaidOnline('card', { javaScriptEnabled: false });
    // The CSP lets the form lead to the payment provider's page (before, the browser stopped there).
    await page.getByRole('link', { name: 'Pay now' }).click();
    await page.waitForURL(/\/checkout\/success\?order=NL\d{6}/);
    await page.getByText(flow.t('checkout.paymentReceived')).waitFor();
    await context.close();
  });

  it('keeps the cart when the shopper cancels the card payment, with the spec’s message', async () => {
    const { context, page, flow } = await orderPaidOnline('card');
    await page.getByRole('link', { name: 'Cancel payment' }).click();
    await page.waitForURL(/\/checkout\/payment\?.*payment=failed/);
    await expect(page.getByRole('alert').textContent()).resolves.toBe(flow.t('errors.payment'));
    await expect(page.locator('.review-lines').textContent()).resolves.toContain('12 ×');
    await context.close();
  });
});

describe('checkout without JavaScript', () => {
  it('places an order with plain form posts', async () => {
    const context = await openBrowser({ javaScriptEnabled: false });
    await context.addCookies([{ name: 'consent', value: 'necessary', url: baseUrl }]);
    const page = await context.newPage();
    const flow = new CheckoutFlow(page, 'en-US', 'en-us');
    await page.goto(`${baseUrl}/en-us/paracord`);
    const href = await page.locator('.product-card__link').first().getAttribute('href');
    await page.goto(`${baseUrl}${href}`);
    await page.getByLabel('Quantity', { exact: true }).fill('20');
    await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
    await page.waitForLoadState();
    await page.goto(`${baseUrl}/en-us/checkout`);
    await page.getByRole('link', { name: 'Proceed to checkout' }).click();
    await page.getByLabel('Email address').fill(`nojs-${randomUUID()}@example.com`);
    await flow.continue();
    await flow.fillAddress({
      firstName: 'Sam',
      lastName: 'Doe',
      street: '5 Main Street',
      zipCode: '94105',
      city: 'San Francisco',
      state: 'CA',
      countryCode: 'US',
      phone: '+1 415 555 0100',
    });
    await flow.continue();
    await flow.atStep('billing');
    await flow.continue();
    await flow.atStep('payment');
    await page.getByRole('radio', { name: /Bank transfer/ }).check();
    await page.getByLabel('I accept the general terms and conditions and the privacy notice').check();
    await page.getByRole('button', { name: /^Place order and pay/ }).click();
    await page.waitForURL(/\/checkout\/success\?order=US\d{6}/);
    await page.getByText('Import duties may be due on arrival and are collected by the courier.').waitFor();
    await context.close();
  });
});
