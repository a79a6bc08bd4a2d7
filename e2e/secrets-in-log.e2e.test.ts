import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { demoCustomer } from '../scripts/demo-catalogue/demo-customer.ts';
import { waitForMail } from '../tests/support/mail-catcher.ts';
import { loggedInVisitor, newVisitor, testClientAddress, type Visitor } from '../tests/support/visitors.ts';
import { shopLogFile } from './support/failure-report.ts';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const mailDir = inject('mailDir');

const post = (path: string, visitor: Visitor, fields: Record<string, string>) =>
  fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { cookie: visitor.cookie, 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': testClientAddress },
    body: new URLSearchParams({ ...fields, _csrf: visitor.csrfToken }).toString(),
    redirect: 'manual',
  });
const cookieValue = (visitor: Visitor, name: string) => new RegExp(`(?:^|; )${name}=([^;]+)`).exec(visitor.cookie)?.[1];

/** Issue 20 §5: the shop's log never holds the passwords, tokens, reset links or keys it handled. */
describe('the shop log', () => {
  it('holds none of the secrets of the run: passwords, session and CSRF tokens, reset links, keys', async () => {
    // Secrets of this test: a registration, a wrong and a right login, a password reset.
    const email = `secret-keeper-${randomUUID()}@example.com`;
    const password = `Keep&Secret-${randomUUID().slice(0, 8)}`;
    const wrongPassword = `Wrong&Guess-${randomUUID().slice(0, 8)}`;
    const newPassword = `Fresh&Secret-${randomUUID().slice(0, 8)}`;
    const customer = await loggedInVisitor(baseUrl, 'en', { email, password }, { register: true });
    const guest = await newVisitor(baseUrl, 'en');
    expect((await post('/en/customer/account/login', guest, { email, password: wrongPassword })).status).toBeGreaterThanOrEqual(400);
    expect((await post('/en/customer/account/forgotpassword', guest, { email })).status).toBeLessThan(400);
    const link = (await waitForMail(mailDir, email, /createPassword\?token=/)).text.match(/https?:\/\/[^\s"<]+createPassword\?token=([\w-]+)/);
    expect(link).not.toBeNull();
    const resetToken = link![1]!;
    await fetch(link![0], { headers: { cookie: guest.cookie } });
    expect(
      (await post(`/en/customer/account/createPassword?token=${resetToken}`, guest, { token: resetToken, password: newPassword, confirmPassword: newPassword }))
        .status,
    ).toBe(302);

    // Every reset link any test of the run received, and the run's fixed secrets.
    const mailedTokens = readdirSync(mailDir).flatMap((file) =>
      [
        ...readFileSync(join(mailDir, file), 'latin1')
          .replace(/=\r?\n/g, '')
          .matchAll(/token(?:=3D|=)([\w-]{43})/g),
      ].map((match) => match[1]!),
    );
    const secrets = {
      password,
      wrongPassword,
      newPassword,
      resetToken,
      demoPassword: demoCustomer.password,
      session: cookieValue(customer, 'session'),
      csrfCookie: cookieValue(guest, 'csrf'),
      csrfToken: guest.csrfToken,
      stripeSecretKey: 'sk_test_e2e',
      stripeWebhookSecret: 'whsec_e2e_cordial',
      sessionSecret: readFileSync(join(dataDir, 'session-secret'), 'utf8').trim(),
      ...Object.fromEntries(mailedTokens.map((token, index) => [`mailedToken${index}`, token])),
    };
    // The log is written by the test runner from the shop's output: give the last lines a moment.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const log = existsSync(shopLogFile(dataDir)) ? readFileSync(shopLogFile(dataDir), 'utf8') : '';
    expect(log).toContain('"msg":"request"');
    const found = Object.entries(secrets)
      .filter(([, secret]) => secret && log.includes(secret))
      .map(([name]) => name);
    expect(found).toEqual([]);
  });
});
