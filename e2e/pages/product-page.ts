import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import type { Translate } from './translate.ts';

const baseUrl = inject('baseUrl');

/** The product page: its quantity, add-to-cart button and the message that says it was added. */
export class ProductPage {
  readonly page: Page;
  readonly t: Translate;
  /** The shop's address (the run's shop, or another one such as nginx in front of a cluster). */
  readonly baseUrl: string;

  constructor(page: Page, t: Translate, shopUrl = baseUrl) {
    this.page = page;
    this.t = t;
    this.baseUrl = shopUrl;
  }

  /** Opens the first product of a storefront's category listing and waits for its heading. */
  async openFirstOf(prefix: string, category = 'paracord') {
    await this.page.goto(`${this.baseUrl}/${prefix}/${category}`);
    const href = await this.page.locator('.product-card__link').first().getAttribute('href');
    await this.page.goto(`${this.baseUrl}${href}`);
    await this.heading().waitFor();
  }

  heading() {
    return this.page.locator('h1');
  }

  quantity() {
    return this.page.getByLabel(this.t('cart.quantity'), { exact: true });
  }

  /** The page's own add-to-cart button (the phone's buy bar names the product too). */
  addButton() {
    return this.page.getByRole('button', { name: this.t('cart.add'), exact: true });
  }

  /** The phone's buy bar, which names the product, once the page's own form scrolled away (issue 22). */
  async buyBar() {
    const name = (await this.heading().textContent()) ?? '';
    return this.page.getByRole('button', { name: `${this.t('cart.add')} (${name})`, exact: true });
  }

  addedMessage() {
    return this.page.getByRole('status').filter({ hasText: this.t('cart.added') });
  }

  /** Puts a quantity in the cart and waits for the 'added' message (shown with and without JavaScript). */
  async add(quantity: number) {
    await this.quantity().fill(String(quantity));
    await this.addButton().click();
    await this.addedMessage().waitFor();
  }
}
