import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import { formatMessage, lookupMessage, type MessageTree } from '#app/modules/i18n/messages.ts';

const baseUrl = inject('baseUrl');
export const messages = (locale: string) => JSON.parse(readFileSync(new URL(`../../locales/${locale}.json`, import.meta.url), 'utf8')) as MessageTree;

/** One guest checkout, in a storefront's own words: the page object of the checkout flow. */
export class CheckoutFlow {
  readonly page: Page;
  readonly locale: string;
  readonly prefix: string;

  constructor(page: Page, locale: string, prefix: string) {
    this.page = page;
    this.locale = locale;
    this.prefix = prefix;
  }

  t(key: string, values?: Record<string, string | number>) {
    return formatMessage(lookupMessage(messages(this.locale), key) ?? key, values, this.locale);
  }

  /** Adds the first paracord and waits for the 'added' message (shown with and without JavaScript). */
  async addFirstParacord(quantity: number) {
    await this.page.goto(`${baseUrl}/${this.prefix}/paracord`);
    const href = await this.page.locator('.product-card__link').first().getAttribute('href');
    await this.page.goto(`${baseUrl}${href}`);
    await this.page.getByLabel(this.t('cart.quantity'), { exact: true }).fill(String(quantity));
    await this.page.getByRole('button', { name: this.t('cart.add'), exact: true }).click();
    await this.page
      .getByRole('status')
      .filter({ hasText: this.t('cart.added') })
      .waitFor();
  }

  /** Fills the shipping address; the country first, as the form follows its address format (issue 22). */
  async fillAddress({ countryCode, ...address }: Record<string, string>) {
    if (countryCode) await this.page.locator('select[name="countryCode"]').selectOption(countryCode);
    for (const [key, value] of Object.entries(address)) await this.page.locator(`input[name="${key}"]`).fill(value);
  }

  /** The place-order button, whatever total it names. */
  placeOrderButton() {
    const [before] = this.t('checkout.placeOrder', { total: '\u0000' }).split('\u0000');
    return this.page.getByRole('button', { name: new RegExp(`^${before!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) });
  }

  /** Waits until the step's page is there, not only its address: a form filled too early belongs to the previous step. */
  async atStep(step: 'customer' | 'shipping' | 'billing' | 'payment') {
    await this.page.waitForURL(new RegExp(`/checkout/${step}$`));
    await this.page.getByRole('heading', { level: 1, name: this.t(`checkout.step.${step}`) }).waitFor();
  }

  /** The amount the place-order button names. */
  async amountOnPlaceOrderButton() {
    const [before, after] = this.t('checkout.placeOrder', { total: '\u0000' }).split('\u0000');
    const text = ((await this.placeOrderButton().textContent()) ?? '').trim();
    return text.slice(before!.length, text.length - after!.length);
  }

  async continue() {
    await this.page.getByRole('button', { name: this.t('checkout.continue') }).click();
  }

  /**
   * A whole checkout, by default of 12 paracords (`fillCart` puts something else in the cart), to
   * Utrecht, paid by bank transfer; returns the order number. Without an e-mail address the
   * shopper is logged in and orders with the account's address.
   */
  placeBankTransferOrder(email?: string, fillCart: () => Promise<void> = () => this.addFirstParacord(12), atPayment?: () => Promise<void>): Promise<string> {
    return this.placeOrder({ email, fillCart, atPayment });
  }

  /**
   * A whole checkout as above, with another payment method, and as a business (`companyName`) if
   * given; `atPayment` looks at the payment step before the order is placed.
   */
  async placeOrder({
    email,
    fillCart = () => this.addFirstParacord(12),
    paymentMethod = 'bank_transfer',
    companyName,
    atPayment = async () => {},
  }: {
    email?: string;
    fillCart?: () => Promise<void>;
    paymentMethod?: string;
    companyName?: string;
    atPayment?: () => Promise<void>;
  }): Promise<string> {
    await fillCart();
    await this.page.goto(`${baseUrl}/${this.prefix}/checkout/customer`);
    await this.atStep('customer');
    if (email) await this.page.getByLabel(this.t('account.email')).fill(email);
    if (companyName) {
      await this.page.getByLabel(this.t('account.isBusiness')).check();
      await this.page.getByLabel(this.t('account.companyName')).fill(companyName);
    }
    await this.continue();
    await this.atStep('shipping');
    await this.fillAddress({
      firstName: 'Eva',
      lastName: 'Visser',
      street: 'Oudegracht',
      houseNumber: '10',
      zipCode: '3511 AB',
      city: 'Utrecht',
      phone: '030 123 4567',
      countryCode: 'NL',
    });
    await this.continue();
    await this.atStep('billing');
    await this.continue();
    await this.atStep('payment');
    await atPayment();
    await this.page.getByRole('radio', { name: new RegExp(this.t(`payment.method.${paymentMethod}`)) }).check();
    await this.page.getByLabel(this.t('checkout.terms')).check();
    await this.placeOrderButton().click();
    await this.page.waitForURL(/\/checkout\/success\?order=/);
    return ((await this.page.locator('.order-number strong').textContent()) ?? '').trim();
  }
}
