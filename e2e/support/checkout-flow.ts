import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import { formatMessage, lookupMessage, type MessageTree } from '#app/modules/i18n/messages.ts';
import { CartPage } from '../pages/cart-page.ts';
import { CheckoutSteps } from '../pages/checkout-steps.ts';
import { ProductPage } from '../pages/product-page.ts';

const baseUrl = inject('baseUrl');
export const messages = (locale: string) => JSON.parse(readFileSync(new URL(`../../locales/${locale}.json`, import.meta.url), 'utf8')) as MessageTree;

/** One guest checkout, in a storefront's own words: the product page, the cart and the checkout's steps (e2e/pages/) walked in order. */
export class CheckoutFlow extends CheckoutSteps {
  readonly locale: string;
  readonly prefix: string;
  readonly product: ProductPage;
  readonly cart: CartPage;

  readonly baseUrl: string;

  constructor(page: Page, locale: string, prefix: string, shopUrl = baseUrl) {
    super(page, (key, values) => formatMessage(lookupMessage(messages(locale), key) ?? key, values, locale));
    this.locale = locale;
    this.prefix = prefix;
    this.baseUrl = shopUrl;
    this.product = new ProductPage(page, this.t, shopUrl);
    this.cart = new CartPage(page, this.t, shopUrl);
  }

  /** Adds the first paracord and waits for the 'added' message (shown with and without JavaScript). */
  async addFirstParacord(quantity: number) {
    await this.product.openFirstOf(this.prefix);
    await this.product.add(quantity);
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
    await this.page.goto(`${this.baseUrl}/${this.prefix}/checkout/customer`);
    await this.atStep('customer');
    if (email) await this.emailField().fill(email);
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
    await this.paymentMethod(paymentMethod).check();
    await this.termsCheckbox().check();
    await this.placeOrderButton().click();
    await this.page.waitForURL(/\/checkout\/success\?order=/);
    return ((await this.page.locator('.order-number strong').textContent()) ?? '').trim();
  }
}
