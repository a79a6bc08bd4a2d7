import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, inject, it } from 'vitest';
import { formatMessage, lookupMessage } from '#app/modules/i18n/messages.ts';
import { planCatalogue } from '../scripts/demo-catalogue/catalogue-plan.ts';
import { demoStaff } from '../scripts/demo-catalogue/demo-staff.ts';
import { enterTwoFactorCode, openTwoFactorPage } from './support/admin-login.ts';
import { openBrowser } from './support/browser.ts';
import { messages } from './support/checkout-flow.ts';

const baseUrl = inject('baseUrl');
const t = (key: string, values: Record<string, string | number> = {}) => formatMessage(lookupMessage(messages('en'), key) ?? key, values, 'en');

/**
 * Issue 16: the daily warehouse file sets a product to 0 pieces; the back office checks it, applies
 * it in the background with progress, and the product page shows it out of stock with the
 * back-in-stock form within seconds.
 */
describe('stock import in the back office', () => {
  let browser: BrowserContext;
  beforeAll(async () => {
    browser = await openBrowser();
    await browser.addCookies([{ name: 'consent', value: 'necessary', url: baseUrl }]);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('imports a stock CSV that sells a product out, and its page offers the back-in-stock form', async () => {
    // The last simple product in stock: other browser tests buy the first ones.
    const product = planCatalogue()
      .products.filter((candidate) => candidate.kind === 'simple' && candidate.variants[0]!.stock > 0)
      .at(-1);
    if (!product) throw new Error('the demo catalogue has no simple product in stock');
    const variant = product.variants[0]!;

    const page = await browser.newPage();
    await openTwoFactorPage(page, demoStaff.editor.email);
    await enterTwoFactorCode(page);
    await page
      .getByRole('navigation', { name: 'Admin sections' })
      .getByRole('link', { name: t('admin.nav.imports') })
      .click();
    await page.getByRole('radio', { name: new RegExp(`^${t('admin.imports.kinds.stock')}`) }).check();
    await page
      .getByLabel(t('admin.imports.file'))
      .setInputFiles({ name: 'warehouse.csv', mimeType: 'text/csv', buffer: Buffer.from(`sku;quantity\r\n${variant.sku};0\r\n`) });
    await page.getByRole('button', { name: t('admin.imports.check') }).click();

    // The dry run: one row would change, nothing is written yet.
    await page.getByRole('heading', { name: t('admin.imports.dryRun') }).waitFor();
    await page
      .getByRole('row')
      .filter({ hasText: variant.sku })
      .filter({ hasText: t('admin.imports.rowOutcomes.changed') })
      .waitFor();
    await page.getByRole('button', { name: t('admin.imports.apply', { count: 1 }) }).click();
    // The runner takes the job within seconds; the page follows its progress by itself.
    await page
      .getByRole('status')
      .filter({ hasText: t('admin.imports.progress', { applied: 1, total: 1 }) })
      .waitFor({ timeout: 20_000 });
    await page.getByText(t('admin.imports.statuses.done'), { exact: true }).waitFor();

    await page.goto(`${baseUrl}/en/${product.texts.en.urlKey}`);
    await page.getByText(t('product.outOfStock')).first().waitFor();
    await page.getByLabel(t('product.backInStockEmail')).waitFor();
    await page.getByRole('button', { name: t('product.backInStockSubmit') }).waitFor();
  }, 60_000);
});
