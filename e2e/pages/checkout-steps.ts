import type { Page } from 'playwright-core';
import type { Translate } from './translate.ts';

export type CheckoutStep = 'customer' | 'shipping' | 'billing' | 'payment';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The checkout's steps after the cart: details, shipping, billing and payment, by their labels and roles. */
export class CheckoutSteps {
  readonly page: Page;
  readonly t: Translate;

  constructor(page: Page, t: Translate) {
    this.page = page;
    this.t = t;
  }

  /** Waits until the step's page is there, not only its address: a form filled too early belongs to the previous step. */
  async atStep(step: CheckoutStep) {
    await this.page.waitForURL(new RegExp(`/checkout/${step}$`));
    await this.page.getByRole('heading', { level: 1, name: this.t(`checkout.step.${step}`) }).waitFor();
  }

  continueButton() {
    return this.page.getByRole('button', { name: this.t('checkout.continue') });
  }

  async continue() {
    await this.continueButton().click();
  }

  emailField() {
    return this.page.getByLabel(this.t('account.email'));
  }

  /** Fills the shipping address; the country first, as the form follows its address format (issue 22). */
  async fillAddress({ countryCode, ...address }: Record<string, string>) {
    if (countryCode) await this.page.locator('select[name="countryCode"]').selectOption(countryCode);
    for (const [key, value] of Object.entries(address)) await this.addressField(key).fill(value);
  }

  addressField(name: string) {
    return this.page.locator(`input[name="${name}"]`);
  }

  pickupZipField() {
    return this.page.getByLabel(this.t('checkout.pickupZip'));
  }

  async findPickupPoints(zipCode: string) {
    await this.pickupZipField().fill(zipCode);
    await this.page.getByRole('button', { name: this.t('checkout.findPickupPoints') }).click();
  }

  shippingMethod(method: string) {
    return this.page.getByRole('radio', { name: new RegExp(this.t(`shipping.method.${method}`)) });
  }

  ownReferenceField() {
    return this.page.getByLabel(this.t('checkout.ownReference'));
  }

  remarksField() {
    return this.page.getByLabel(this.t('checkout.remarks'));
  }

  reviewHeading() {
    return this.page.getByRole('heading', { name: this.t('checkout.review') });
  }

  async applyGiftCard(code: string) {
    await this.page.getByLabel(this.t('checkout.giftCardCode')).fill(code);
    await this.page.getByRole('button', { name: this.t('checkout.applyGiftCard') }).click();
  }

  paymentMethod(method: string) {
    return this.page.getByRole('radio', { name: new RegExp(this.t(`payment.method.${method}`)) });
  }

  termsCheckbox() {
    return this.page.getByLabel(this.t('checkout.terms'));
  }

  /** The place-order button, whatever total it names. */
  placeOrderButton() {
    const [before] = this.t('checkout.placeOrder', { total: '\u0000' }).split('\u0000');
    return this.page.getByRole('button', { name: new RegExp(`^${escapeRegExp(before!)}`) });
  }

  /** The amount the place-order button names. */
  async amountOnPlaceOrderButton() {
    const [before, after] = this.t('checkout.placeOrder', { total: '\u0000' }).split('\u0000');
    const text = ((await this.placeOrderButton().textContent()) ?? '').trim();
    return text.slice(before!.length, text.length - after!.length);
  }
}
