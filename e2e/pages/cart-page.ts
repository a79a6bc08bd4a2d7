import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import type { Translate } from './translate.ts';

const baseUrl = inject('baseUrl');

/** The cart, the first page of the checkout. */
export class CartPage {
  readonly page: Page;
  readonly t: Translate;
  /** The shop's address (the run's shop, or another one such as nginx in front of a cluster). */
  readonly baseUrl: string;

  constructor(page: Page, t: Translate, shopUrl = baseUrl) {
    this.page = page;
    this.t = t;
    this.baseUrl = shopUrl;
  }

  async open(prefix: string) {
    await this.page.goto(`${this.baseUrl}/${prefix}/checkout`);
    await this.heading().waitFor();
  }

  heading() {
    return this.page.getByRole('heading', { level: 1, name: this.t('cart.title') });
  }

  progress() {
    return this.page.locator('.cart-progress');
  }

  proceedLink() {
    return this.page.getByRole('link', { name: this.t('cart.checkout') });
  }
}
