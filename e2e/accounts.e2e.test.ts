import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { demoCustomer } from '../scripts/demo-catalogue/demo-customer.ts';
import { deviceCookie } from '#app/modules/customers/known-device.server.ts';
import { rateLimitPolicies } from '#app/lib/security/rate-limit.server.ts';
import { openBrowser } from './support/browser.ts';
import { FormClient } from './support/form-client.ts';
import { waitForMail } from '../tests/support/mail-catcher.ts';

const baseUrl = inject('baseUrl');
const mailDir = inject('mailDir');
const password = 'Knots&Rope2026';

async function newShopper(options: { javaScriptEnabled?: boolean } = {}): Promise<BrowserContext> {
  const context = await openBrowser(options);
  // A returning shopper who has answered the cookie banner, so it covers nothing.
  await context.addCookies([{ name: 'consent', value: 'necessary', url: baseUrl }]);
  return context;
}

async function register(page: Page, email: string, firstName = 'Anna') {
  await page.goto(`${baseUrl}/en-us/customer/account/create`);
  await page.getByLabel('First name').fill(firstName);
  await page.getByLabel('Last name').fill('Jansen');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: 'Create an account' }).click();
  await page.waitForURL(`${baseUrl}/en-us/customer`);
}

async function logIn(page: Page, email: string, secret: string) {
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(secret);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
}

async function firstParacordProduct(page: Page): Promise<string> {
  await page.goto(`${baseUrl}/en-us/paracord`);
  const href = await page.locator('.product-card__link').first().getAttribute('href');
  return `${baseUrl}${href}`;
}

describe('customer accounts in Chromium', () => {
  let browser: BrowserContext;
  const email = `anna-${randomUUID()}@example.com`;
  beforeAll(async () => {
    browser = await newShopper();
  });
  afterAll(() => browser?.close());

  it('registers with field messages, logs out and logs in again', async () => {
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/en-us/customer`);
    await page.waitForURL(/\/en-us\/customer\/account\/login\?returnTo=%2Fen-us%2Fcustomer/);
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.waitForURL(/\/customer\/account\/create/);

    await page.getByLabel('First name').fill('Anna');
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByRole('button', { name: 'Create an account' }).click();
    await page.getByText('Password must be at least 8 characters').waitFor();
    await expect(page.getByLabel('Last name').getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(page.getByLabel('First name').inputValue()).resolves.toBe('Anna');

    await register(page, email);
    await page.getByRole('heading', { level: 1, name: 'Welcome, Anna' }).waitFor();
    await page.getByRole('link', { name: 'Hi Anna' }).waitFor();

    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(`${baseUrl}/en-us`);
    await page.getByRole('link', { name: 'Log in' }).click();
    await page.waitForURL(/\/customer\/account\/login/);
    await logIn(page, email, 'Wrong&Pass1');
    await expect(page.getByRole('alert').textContent()).resolves.toBe('The email address or password is incorrect. Please try again.');
    await logIn(page, email, password);
    await page.waitForURL(`${baseUrl}/en-us/customer`);
    await page.close();
  });

  it('adds an address, with the zip code checked for the country', async () => {
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/en-us/customer`);
    await page.getByRole('navigation', { name: 'My account' }).getByRole('link', { name: 'Addresses' }).click();
    await page.getByRole('link', { name: 'Add a new address' }).click();
    // The country first: the form takes that country's address format (issue 22).
    await page.getByLabel('Country', { exact: true }).selectOption('NL');
    await page.getByLabel('First name').fill('Anna');
    await page.getByLabel('Last name').fill('Jansen');
    await page.getByLabel('Street').fill('Dorpsstraat');
    await page.getByLabel('House number').fill('1');
    await page.getByLabel('Zip code').fill('12345');
    await page.getByLabel('City').fill('Utrecht');
    await page.getByLabel('Phone number').fill('+31 30 123 4567');
    await page.getByRole('button', { name: 'Save address' }).click();
    await page.getByText('Invalid zip code format for this country').waitFor();
    await expect(page.getByLabel('Street').inputValue()).resolves.toBe('Dorpsstraat');
    await page.getByLabel('Zip code').fill('3511 ab');
    await page.getByRole('button', { name: 'Save address' }).click();
    await page.waitForURL(/\/customer\/address\?notice=saved/);
    await expect(page.getByRole('status').textContent()).resolves.toBe('The address has been saved.');
    const card = page.locator('.account-card').filter({ hasText: 'Dorpsstraat 1' });
    await expect(card.textContent()).resolves.toContain('3511 AB Utrecht');
    await expect(card.textContent()).resolves.toContain('Default shipping address');
    await page.close();
  });

  it('saves a product in a wishlist, keeps named lists and moves the product between them', async () => {
    const page = await browser.newPage();
    await page.goto(await firstParacordProduct(page));
    const productName = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
    await page.getByRole('button', { name: 'Save to wishlist' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved in “My wishlist”.' }).waitFor();

    await page.getByRole('link', { name: 'View wishlist' }).click();
    await page.waitForURL(/\/customer\/wishlists/);
    await page.getByLabel('Name of a new list').fill('Gifts');
    await page.getByRole('button', { name: 'Create list' }).click();
    await page.waitForURL(/notice=created/);
    await page.getByLabel('Name of a new list').fill('gifts');
    await page.getByRole('button', { name: 'Create list' }).click();
    await page.getByText('Something went wrong while creating your wishlist. Choose another name or try again later.').waitFor();

    const myList = page.getByRole('region', { name: /My wishlist/ });
    await myList.getByRole('link', { name: productName }).waitFor();
    await myList.getByLabel('Move to').selectOption({ label: 'Gifts' });
    await myList.getByRole('button', { name: `Move ${productName}`, exact: true }).click();
    await page.waitForURL(/notice=moved/);
    await page
      .getByRole('region', { name: /^Gifts/ })
      .getByRole('link', { name: productName })
      .waitFor();
    await page
      .getByRole('region', { name: /My wishlist/ })
      .getByText('This list is empty.')
      .waitFor();
    await page.close();
  });

  it('saves to the list chosen on the product page when the customer has two lists (issue 19)', async () => {
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/en-us/paracord`);
    const href = await page.locator('.product-card__link').nth(1).getAttribute('href');
    await page.goto(`${baseUrl}${href}`);
    const productName = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
    // The default list is preselected; the customer picks the other one.
    const choice = page.getByLabel('Save in list');
    await expect(choice.locator('option:checked').textContent()).resolves.toBe('My wishlist');
    await choice.selectOption({ label: 'Gifts' });
    await page.getByRole('button', { name: 'Save to wishlist' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved in “Gifts”.' }).waitFor();

    await page.goto(`${baseUrl}/en-us/customer/wishlists`);
    await page
      .getByRole('region', { name: /^Gifts/ })
      .getByRole('link', { name: productName })
      .waitFor();
    await page
      .getByRole('region', { name: /My wishlist/ })
      .getByText('This list is empty.')
      .waitFor();
    await page.close();
  });

  it('resets a forgotten password through the mail the local SMTP server received', async () => {
    const context = await newShopper();
    const page = await context.newPage();
    const forgetful = `bert-${randomUUID()}@example.com`;
    await register(page, forgetful, 'Bert');
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(`${baseUrl}/en-us`);
    await page.goto(`${baseUrl}/en-us/customer/account/login`);
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.waitForURL(/forgotpassword/);
    // The URL changes before the new page renders; wait for its button, not the login form's field.
    await page.getByRole('button', { name: 'Send reset link' }).waitFor();
    await page.getByLabel('Email address').fill(forgetful);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `If there is an account for ${forgetful}` })
      .waitFor();

    const mail = await waitForMail(mailDir, forgetful, /createPassword\?token=/);
    expect(mail.raw).toMatch(/^Subject: Set a new password for your Cordial account/m);
    const link = mail.text.match(/https?:\/\/[^\s"<]+createPassword\?token=[\w-]+/)?.[0];
    expect(link).toBeDefined();
    await page.goto(link!);
    await page.getByLabel('New password').fill('Fresh&Rope2027');
    await page.getByLabel('Confirm password').fill('Fresh&Rope2027');
    await page.getByRole('button', { name: 'Save password' }).click();
    await page.waitForURL(/reason=password-reset/);
    await page.getByText('Your password has been changed.', { exact: false }).waitFor();
    await logIn(page, forgetful, 'Fresh&Rope2027');
    await page.waitForURL(`${baseUrl}/en-us/customer`);

    // The link worked once.
    await page.goto(link!);
    await expect(page.getByRole('alert').textContent()).resolves.toBe('There was an error resetting your password');
    await context.close();
  });

  it('asks a guest to log in before saving to a wishlist, then brings them back to the product', async () => {
    const context = await newShopper();
    const page = await context.newPage();
    const productUrl = await firstParacordProduct(page);
    await page.goto(productUrl);
    await page.getByRole('button', { name: 'Save to wishlist' }).click();
    await page.waitForURL(/\/customer\/account\/login\?returnTo=.*reason=wishlist/);
    // The address changes before the login page is drawn (the product page's own live region is still there).
    await page.getByRole('status').filter({ hasText: 'Please log in to save products in your wishlist.' }).waitFor();
    await logIn(page, demoCustomer.email, demoCustomer.password);
    await page.waitForURL(productUrl);
    await context.close();
  });
});

describe('orders and invoices in the account', () => {
  it('shows the demo customer’s orders and downloads an invoice PDF and all invoices as a zip', async () => {
    const context = await newShopper();
    const page = await context.newPage();
    await page.goto(`${baseUrl}/en-us/customer/account/login`);
    await logIn(page, demoCustomer.email, demoCustomer.password);
    await page.waitForURL(`${baseUrl}/en-us/customer`);
    await page.getByRole('navigation', { name: 'My account' }).getByRole('link', { name: 'Orders' }).click();
    const orders = page.getByRole('table', { name: 'Your orders' });
    await expect(orders.getByRole('row').filter({ hasText: 'NL100001' }).textContent()).resolves.toContain('Completed');
    await expect(orders.getByRole('row').filter({ hasText: 'NL100002' }).textContent()).resolves.toContain('Awaiting payment');

    const [download] = await Promise.all([page.waitForEvent('download'), orders.getByRole('link', { name: /^Invoice \d{4}-\d{6} \(PDF\)$/ }).click()]);
    expect(download.suggestedFilename()).toMatch(/^invoice-\d{4}-\d{6}\.pdf$/);
    const pdf = readFileSync((await download.path())!);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.length).toBeGreaterThan(5_000);

    const [zip] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download all invoices (zip)' }).click()]);
    expect(
      readFileSync((await zip.path())!)
        .subarray(0, 2)
        .toString(),
    ).toBe('PK');

    await page.getByRole('link', { name: 'NL100001' }).click();
    await page.getByRole('heading', { level: 1, name: 'Order NL100001' }).waitFor();

    // A bought product can be reviewed; the review waits for approval.
    await page.getByRole('navigation', { name: 'My account' }).getByRole('link', { name: 'My reviews' }).click();
    await page.getByRole('heading', { name: 'Write a review' }).waitFor();
    await page.getByRole('radio', { name: '5 stars' }).check();
    await page.getByLabel('Title').fill('Lovely cord');
    await page.getByLabel('Your review').fill('Soft, strong and the colour is exactly as shown.');
    await page.getByRole('button', { name: 'Submit review' }).click();
    await page.getByRole('status').filter({ hasText: 'Your review will appear on the product page once it has been approved.' }).waitFor();
    await expect(page.getByRole('region', { name: 'Reviews you wrote' }).textContent()).resolves.toContain('Awaiting approval');
    await context.close();
  });
});

describe('sessions', () => {
  it('sends a visitor with a session cookie the shop never issued to log in, without telling them they were logged out', async () => {
    const context = await newShopper();
    await context.addCookies([{ name: 'session', value: 'x'.repeat(43), url: baseUrl }]);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/en-us/customer/orders`);
    await page.waitForURL(`${baseUrl}/en-us/customer/account/login?returnTo=%2Fen-us%2Fcustomer%2Forders`);
    expect(await page.getByText("You've been logged out").count()).toBe(0);
    // The dead cookie is gone.
    expect((await context.cookies()).some((cookie) => cookie.name === 'session')).toBe(false);
    await context.close();
  });
});

describe('authorization: one customer never reaches another customer’s things', () => {
  it('answers 404 for another customer’s order, invoice, address and wishlist item', async () => {
    const owner = await newShopper();
    const ownerPage = await owner.newPage();
    await ownerPage.goto(`${baseUrl}/en-us/customer/account/login`);
    await logIn(ownerPage, demoCustomer.email, demoCustomer.password);
    await ownerPage.waitForURL(`${baseUrl}/en-us/customer`);
    await ownerPage.goto(`${baseUrl}/en-us/customer/address`);
    const addressHref = await ownerPage
      .getByRole('link', { name: /^Edit address/ })
      .first()
      .getAttribute('href');
    await ownerPage.goto(await firstParacordProduct(ownerPage));
    await ownerPage.getByRole('button', { name: 'Save to wishlist' }).click();
    await ownerPage.getByRole('link', { name: 'View wishlist' }).click();
    const itemId = await ownerPage.locator('input[name="itemId"]').first().getAttribute('value');
    await ownerPage.goto(`${baseUrl}/en-us/customer/orders`);
    const invoiceHref = await ownerPage
      .getByRole('link', { name: /^Invoice .* \(PDF\)$/ })
      .first()
      .getAttribute('href');

    const intruder = await newShopper();
    const page = await intruder.newPage();
    await register(page, `mallory-${randomUUID()}@example.com`, 'Mallory');
    for (const path of ['/en-us/customer/orders/NL100001', invoiceHref!, addressHref!]) {
      const response = await page.goto(`${baseUrl}${path}`);
      expect(response?.status(), path).toBe(404);
    }
    // Forms with someone else's ids: the CSRF token is Mallory's own, the ids are not.
    const csrf = await page.locator('meta[name="csrf-token"]').getAttribute('content');
    const addressId = addressHref!.split('/').pop()!;
    const deleteAddress = await page.request.post(`${baseUrl}/en-us/customer/address`, { form: { _csrf: csrf!, intent: 'delete', addressId } });
    expect(deleteAddress.status()).toBe(404);
    const editAddress = await page.request.post(`${baseUrl}${addressHref}`, {
      form: {
        _csrf: csrf!,
        firstName: 'Mallory',
        lastName: 'Evil',
        street: 'Evil street',
        houseNumber: '1',
        city: 'Utrecht',
        countryCode: 'NL',
        zipCode: '3511 AB',
        phone: '0301234567',
      },
    });
    expect(editAddress.status()).toBe(404);
    const removeItem = await page.request.post(`${baseUrl}/en-us/customer/wishlists`, { form: { _csrf: csrf!, intent: 'remove', itemId: itemId! } });
    expect(removeItem.status()).toBe(404);

    // The owner's address and wishlist are untouched.
    await ownerPage.goto(`${baseUrl}${addressHref}`);
    await expect(ownerPage.getByLabel('Street').inputValue()).resolves.toBe('Lijnbaansgracht');
    await ownerPage.goto(`${baseUrl}/en-us/customer/wishlists`);
    await expect(ownerPage.locator(`input[name="itemId"][value="${itemId}"]`).count()).resolves.toBeGreaterThan(0);
    await Promise.all([owner.close(), intruder.close()]);
  });
});

describe('account forms without JavaScript', () => {
  it('answers a bad registration with status 400, the messages and what was typed', async () => {
    const messages = JSON.parse(readFileSync(new URL('../locales/de-DE.json', import.meta.url), 'utf8'));
    const context = await newShopper({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/de-de/customer/account/create`);
    await page.getByLabel(messages.account.firstName).fill('Jürgen');
    await page.getByLabel(messages.account.email).fill('not-an-address');
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST'),
      page.locator('form.auth-card button[type=submit]').click(),
    ]);
    expect(response.status()).toBe(400);
    await page.waitForLoadState();
    await expect(page.getByLabel(messages.account.firstName).inputValue()).resolves.toBe('Jürgen');
    await expect(page.getByLabel(messages.account.email).inputValue()).resolves.toBe('not-an-address');
    await page.getByText(messages.validation.email).waitFor();
    await context.close();
  });
});

/**
 * Issue 23 (decision 0018): strangers guessing an account's password from many addresses cannot
 * lock its owner out. Past the account's limit the right password still gets in from a browser the
 * owner logged in with before (the signed known-device cookie); a browser the shop has not seen is
 * refused like the strangers, and the owner gets one mail about the attempts.
 */
describe('an account under attack', () => {
  it('lets the right password in from a known browser, refuses a new browser and mails the owner', async () => {
    const owner = `owner-${randomUUID()}@example.com`;
    const known = await newShopper();
    const stranger = await newShopper();
    try {
      // The owner registers and logs in once in this browser: it becomes a known device.
      const page = await known.newPage();
      await register(page, owner, 'Olga');
      await page.getByRole('button', { name: 'Log out' }).click();
      await page.waitForURL(`${baseUrl}/en-us`);
      await page.goto(`${baseUrl}/en-us/customer/account/login`);
      await logIn(page, owner, password);
      await page.waitForURL(`${baseUrl}/en-us/customer`);
      expect((await known.cookies(baseUrl)).map((cookie) => cookie.name)).toContain(deviceCookie);
      await page.getByRole('button', { name: 'Log out' }).click();
      await page.waitForURL(`${baseUrl}/en-us`);

      // Strangers guess from several addresses (the shop believes X-Forwarded-For from loopback),
      // each staying under its own pair limit, until the account as a whole is past its limit.
      const perAddress = rateLimitPolicies.loginPerAccountAndAddress.limit - 1;
      const addresses = Math.ceil((rateLimitPolicies.customerLoginPerAccount.limit + 1) / perAddress);
      let attempts = 0;
      for (let n = 1; n <= addresses; n++) {
        const attacker = new FormClient(baseUrl, { 'x-forwarded-for': `203.0.113.${n}` });
        await attacker.get('/en-us/customer/account/login');
        for (let guess = 0; guess < perAddress; guess++) {
          const answer = await attacker.post('/en-us/customer/account/login', { email: owner, password: `Guess&${n}-${guess}`, returnTo: '/en-us/customer' });
          attempts += 1;
          // A wrong password, until the account has had more than its limit from everywhere.
          expect(answer.status, `attempt ${attempts}`).toBe(attempts > rateLimitPolicies.customerLoginPerAccount.limit ? 429 : 400);
        }
      }
      // Now even a fresh address is refused for this account.
      const late = new FormClient(baseUrl, { 'x-forwarded-for': '198.51.100.77' });
      await late.get('/en-us/customer/account/login');
      expect((await late.post('/en-us/customer/account/login', { email: owner, password: 'Guess&late', returnTo: '/en-us/customer' })).status).toBe(429);

      // A browser the shop has not seen, with the right password: refused, and told why.
      const newPage = await stranger.newPage();
      await newPage.goto(`${baseUrl}/en-us/customer/account/login`);
      await logIn(newPage, owner, password);
      await expect(newPage.getByRole('alert').textContent()).resolves.toBe('Too many attempts. Please wait a few minutes and try again.');
      expect(newPage.url()).toContain('/customer/account/login');
      expect((await stranger.cookies(baseUrl)).map((cookie) => cookie.name)).not.toContain(deviceCookie);

      // The owner's browser gets in with the right password.
      await page.goto(`${baseUrl}/en-us/customer/account/login`);
      await logIn(page, owner, password);
      await page.waitForURL(`${baseUrl}/en-us/customer`);
      await page.getByRole('heading', { level: 1, name: 'Welcome, Olga' }).waitFor();

      // And was told about the attempts, once.
      const mail = await waitForMail(mailDir, owner, /Someone has just tried several times to log in/, 30_000);
      expect(mail.text).toContain('Choose a new password');
    } finally {
      await known.close();
      await stranger.close();
    }
  }, 120_000);
});
