import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { desc, eq, sql } from 'drizzle-orm';
import { RouterContextProvider } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppServices, servicesContext, storefrontContext } from '#app/context.ts';
import { testServices } from '../support/services.ts';
import { customers, mailOutbox, newsletterSubscriptions } from '#app/db/schema.ts';
import { storefrontByCode } from '#app/modules/i18n/locales.ts';
import { createMailTransport } from '#app/lib/mail/mailer.server.ts';
import { MailOutbox } from '#app/lib/mail/outbox.server.ts';
import {
  accountNewsletterStatus,
  confirmSubscription,
  newsletterLimits,
  requestSubscription,
  unsubscribeWithToken,
} from '#app/modules/newsletter/newsletter.server.ts';
import { signNewsletterToken } from '#app/modules/newsletter/newsletter-tokens.server.ts';
import { createLogger } from '#app/lib/observability/logger.server.ts';
import { action as oneClickAction } from '#app/routes/api/newsletter-unsubscribe.ts';
import { action as confirmAction } from '#app/routes/newsletter/newsletter-link.tsx';
import { createTestDatabase, type TestDatabase, testDrivers } from '../support/database.ts';
import { createCustomer } from '../support/factories.ts';
import { type MailCatcher, startMailCatcher, waitForMail } from '../support/mail-catcher.ts';

const logger = createLogger('silent');
let clients = 0;
let secret: string;
const siteUrl = 'https://cordial.example';
/** Each sign-up from its own client address, unless a test is about the per-address limit. */
const newClient = () => `client-${++clients}`;

describe.each(testDrivers)('the newsletter on %s', (driver) => {
  let database: TestDatabase;
  let smtp: MailCatcher;
  let received: string;
  let services: AppServices;
  beforeAll(async () => {
    database = await createTestDatabase(driver);
    received = mkdtempSync(join(tmpdir(), 'cordial-newsletter-mail-'));
    smtp = await startMailCatcher(received);
    const mailer = new MailOutbox(
      database.db,
      createMailTransport({ smtpUrl: smtp.smtpUrl, from: 'Cordial <shop@cordial.example>', folder: tmpdir(), logger }),
      logger,
    );
    services = { ...testServices(database.db), mailer };
    secret = services.sessionSecret;
  });
  afterAll(async () => {
    await smtp?.stop();
    await database?.destroy();
  });

  const subscription = async (email: string) => (await database.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, email)))[0]!;
  /** The token of the latest confirmation link mailed to an address. */
  const confirmToken = async (email: string) => {
    const [mail] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email)).orderBy(desc(mailOutbox.id)).limit(1);
    const link = /https:\/\/cordial\.example\/([a-z-]+)\/newsletter\/confirm\?token=([\w.%-]+)/.exec(mail!.text);
    return { prefix: link![1], token: decodeURIComponent(link![2]!) };
  };
  const subscribe = (email: string, locale = 'de-DE', clientAddress = newClient()) =>
    requestSubscription(services, { email, storefront: storefrontByCode(locale)!, source: 'footer', clientAddress });

  it('subscribes only after the mailed link is confirmed, keeping the consent time and source', async () => {
    expect(await subscribe('Ria@Example.com')).toEqual({ ok: true, status: 'confirmation-sent' });
    expect(await subscription('ria@example.com')).toMatchObject({ status: 'pending', locale: 'de-DE', source: 'footer', consentedAt: null });
    const mail = await waitForMail(received, 'ria@example.com', /newsletter\/confirm\?token=/);
    expect(mail.text).toContain('Bitte bestätigen Sie Ihre Anmeldung');
    const { prefix, token } = await confirmToken('ria@example.com');
    expect(prefix).toBe('de-de');
    // The confirmation button, submitted by the browser's router (a `.data` request).
    const context = new RouterContextProvider();
    context.set(servicesContext, services);
    context.set(storefrontContext, { storefront: storefrontByCode('de-DE')!, currency: 'EUR', includeVat: false, hasChosenLocale: true });
    const body = new URLSearchParams({ token });
    const pressed = (await confirmAction({
      request: new Request(`${siteUrl}/de-de/newsletter/confirm.data?token=x`, { method: 'POST', body }),
      url: new URL(`${siteUrl}/de-de/newsletter/confirm?token=x`),
      params: {},
      context,
    } as never)) as { data: { outcome: string } };
    expect(pressed.data.outcome).toBe('confirmed');
    const row = await subscription('ria@example.com');
    expect(row).toMatchObject({ status: 'subscribed', source: 'footer' });
    expect(row.consentedAt!.getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(await confirmSubscription(services, token)).toBe('already-confirmed');
  });

  it('refuses forged, altered, expired and superseded links and changes nothing', async () => {
    await subscribe('sam@example.com');
    const { token } = await confirmToken('sam@example.com');
    const [body, signature] = token.split('.');
    const otherBody = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body!, 'base64url').toString()), subscriptionId: 1 })).toString('base64url');
    const row = await subscription('sam@example.com');
    const expired = signNewsletterToken(secret, {
      purpose: 'confirm',
      subscriptionId: row.id,
      requestedAt: row.requestedAt.getTime(),
      expiresAt: Date.now() - 1000,
    });
    const wrongSecret = signNewsletterToken('another-secret-of-at-least-thirty-two-chars', {
      purpose: 'confirm',
      subscriptionId: row.id,
      requestedAt: row.requestedAt.getTime(),
      expiresAt: Date.now() + 60_000,
    });
    expect(await confirmSubscription(services, `${body}.${signature!.slice(0, -2)}xx`)).toBe('invalid');
    expect(await confirmSubscription(services, `${otherBody}.${signature}`)).toBe('invalid');
    expect(await confirmSubscription(services, wrongSecret)).toBe('invalid');
    expect(await confirmSubscription(services, 'nonsense')).toBe('invalid');
    expect(await confirmSubscription(services, expired)).toBe('expired');
    // An unsubscribe token is no confirmation token.
    expect(await confirmSubscription(services, signNewsletterToken(secret, { purpose: 'unsubscribe', subscriptionId: row.id }))).toBe('invalid');
    expect(await subscription('sam@example.com')).toMatchObject({ status: 'pending', consentedAt: null });
    // A new request replaces the link of the previous one.
    await new Promise((resolve) => setTimeout(resolve, 5));
    await subscribe('sam@example.com');
    expect(await confirmSubscription(services, token)).toBe('invalid');
    expect(await confirmSubscription(services, (await confirmToken('sam@example.com')).token)).toBe('confirmed');
  });

  it('sends newsletter mails with RFC 8058 one-click headers, and the one-click POST unsubscribes without cookies', async () => {
    await subscribe('ola@example.com', 'sv-SE');
    expect(await confirmSubscription(services, (await confirmToken('ola@example.com')).token)).toBe('confirmed');
    // The welcome mail is the first newsletter mail.
    const welcome = await waitForMail(received, 'ola@example.com', /Välkommen/);
    const header = /^List-Unsubscribe: <(https:\/\/cordial\.example\/api\/newsletter\/unsubscribe\?token=[^>]+)>/m.exec(
      welcome.raw.replace(/\r?\n[ \t]+/g, ' '),
    );
    expect(header).not.toBeNull();
    expect(welcome.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
    expect(welcome.text).toContain('/sv-se/newsletter/unsubscribe?token=');

    const context = new RouterContextProvider();
    context.set(servicesContext, services);
    const post = (url: string) =>
      oneClickAction({
        request: new Request(url, { method: 'POST', body: 'List-Unsubscribe=One-Click', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } }),
        url: new URL(url),
        params: {},
        context,
      } as never) as Promise<{ init: { status: number } }>;
    const forged = header![1]!.replace(/token=([^.]+)\.(.*)$/, 'token=$1.forged');
    expect((await post(forged)).init.status).toBe(400);
    expect(await subscription('ola@example.com')).toMatchObject({ status: 'subscribed' });
    expect((await post(header![1]!)).init.status).toBe(200);
    const row = await subscription('ola@example.com');
    expect(row).toMatchObject({ status: 'unsubscribed' });
    expect(row.unsubscribedAt).not.toBeNull();
    // Unsubscribe links keep working (idempotent), and a new sign-up needs a new confirmation.
    expect(await unsubscribeWithToken(database.db, secret, decodeURIComponent(header![1]!.split('token=')[1]!))).toBe('unsubscribed');
    await subscribe('ola@example.com', 'sv-SE');
    expect((await subscription('ola@example.com')).status).toBe('pending');
  });

  it('keeps the account’s newsletter flag in step with the subscription of its address', async () => {
    const customer = await createCustomer(database.db);
    const flag = async () => (await database.db.select({ on: customers.newsletterSubscribed }).from(customers).where(eq(customers.id, customer.id)))[0]!.on;
    const account = async () => ({ email: customer.email, newsletterSubscribed: await flag() });
    expect(await accountNewsletterStatus(database.db, await account())).toBe('not-subscribed');
    await requestSubscription(services, {
      email: customer.email,
      storefront: storefrontByCode('nl-NL')!,
      source: 'account',
      customerId: customer.id,
      clientAddress: newClient(),
    });
    expect(await accountNewsletterStatus(database.db, await account())).toBe('pending');
    expect(await flag()).toBe(false);
    expect(await confirmSubscription(services, (await confirmToken(customer.email)).token)).toBe('confirmed');
    expect(await flag()).toBe(true);
    expect(await subscription(customer.email)).toMatchObject({ source: 'account', customerId: customer.id });
    const row = await subscription(customer.email);
    expect(await unsubscribeWithToken(database.db, secret, signNewsletterToken(secret, { purpose: 'unsubscribe', subscriptionId: row.id }))).toBe(
      'unsubscribed',
    );
    expect(await flag()).toBe(false);
    expect(await accountNewsletterStatus(database.db, await account())).toBe('not-subscribed');
  });

  it('limits sign-ups per client address and per e-mail address', async () => {
    const address = newClient();
    for (let i = 0; i < newsletterLimits.perClientAddress.limit; i++) expect((await subscribe(`many-${i}@example.com`, 'en', address)).ok).toBe(true);
    expect(await subscribe('one-more@example.com', 'en', address)).toEqual({ ok: false, reason: 'too-many-attempts' });
    expect(await subscription('one-more@example.com')).toBeUndefined();
    for (let i = 0; i < newsletterLimits.perEmail.limit; i++) expect((await subscribe('flooded@example.com')).ok).toBe(true);
    expect(await subscribe('flooded@example.com')).toEqual({ ok: false, reason: 'too-many-attempts' });
    const [{ mails }] = (await database.db
      .select({ mails: sql<number>`count(*)::int` })
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, 'flooded@example.com'))) as [{ mails: number }];
    expect(mails).toBe(newsletterLimits.perEmail.limit);
  });
});
