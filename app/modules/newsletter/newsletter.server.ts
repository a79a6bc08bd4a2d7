import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppServices } from '#app/context.ts';
import type { Database } from '#app/db/client.server.ts';
import { customers, newsletterSubscriptions } from '#app/db/schema.ts';
import { emailField } from '#app/modules/customers/customer-forms.ts';
import { type LocaleCode, type StorefrontLocale, storefrontByCode } from '#app/modules/i18n/locales.ts';
import { serverTranslator } from '#app/modules/i18n/translator.server.ts';
import { renderMail } from '#app/modules/mail/mail-layout.server.ts';
import { type RateLimit, takeAttempt } from '#app/lib/security/rate-limit.server.ts';
import { newsletterConfirmPath, newsletterUnsubscribePath, oneClickUnsubscribePath } from './newsletter-paths.ts';
import { confirmLinkValidityMs, signNewsletterToken, verifyNewsletterToken } from './newsletter-tokens.server.ts';

export type NewsletterSource = (typeof newsletterSubscriptions.$inferSelect)['source'];
/** Spec §4: subscribed or not; "pending" is not subscribed yet, waiting for the confirmation link. */
export type NewsletterStatus = 'subscribed' | 'pending' | 'not-subscribed';

/** Sign-ups per client address (trying many addresses) and per e-mail address (flooding one mailbox). */
export const newsletterLimits = {
  perClientAddress: { limit: 10, windowSeconds: 60 * 60 },
  perEmail: { limit: 3, windowSeconds: 60 * 60 },
} satisfies Record<string, RateLimit>;

export const subscribeFields = ['email'] as const;
export const subscribeSchema = z.object({ email: emailField });

const byEmail = (email: string) => eq(sql`lower(${newsletterSubscriptions.email})`, email.toLowerCase());

export async function newsletterStatus(db: Database, email: string): Promise<NewsletterStatus> {
  const [row] = await db.select({ status: newsletterSubscriptions.status }).from(newsletterSubscriptions).where(byEmail(email));
  return row?.status === 'subscribed' ? 'subscribed' : row?.status === 'pending' ? 'pending' : 'not-subscribed';
}

/**
 * The newsletter state an account shows: its address's subscription decides; an account without
 * one keeps the flag it had before subscriptions were recorded (e.g. the demo customer).
 */
export async function accountNewsletterStatus(db: Database, account: { email: string; newsletterSubscribed: boolean }): Promise<NewsletterStatus> {
  const [row] = await db.select({ status: newsletterSubscriptions.status }).from(newsletterSubscriptions).where(byEmail(account.email));
  if (!row) return account.newsletterSubscribed ? 'subscribed' : 'not-subscribed';
  return row.status === 'unsubscribed' ? 'not-subscribed' : row.status;
}

export type SubscribeResult = { ok: true; status: 'confirmation-sent' | 'already-subscribed' } | { ok: false; reason: 'too-many-attempts' };

/**
 * Double opt-in, step 1: records the request (pending) and mails a signed confirmation link in
 * the storefront's language. An address that is already subscribed stays as it is and gets no mail.
 */
export async function requestSubscription(
  services: AppServices,
  request: { email: string; storefront: StorefrontLocale; source: NewsletterSource; customerId?: number | null; clientAddress: string },
): Promise<SubscribeResult> {
  const { db } = services;
  const email = request.email.toLowerCase();
  if (!(await takeAttempt(db, `newsletter:address:${request.clientAddress}`, newsletterLimits.perClientAddress)))
    return { ok: false, reason: 'too-many-attempts' };
  if (!(await takeAttempt(db, `newsletter:email:${email}`, newsletterLimits.perEmail))) return { ok: false, reason: 'too-many-attempts' };
  if ((await newsletterStatus(db, email)) === 'subscribed') return { ok: true, status: 'already-subscribed' };
  const values = { locale: request.storefront.code, status: 'pending' as const, source: request.source, requestedAt: new Date(), updatedAt: new Date() };
  const returning = { id: newsletterSubscriptions.id, requestedAt: newsletterSubscriptions.requestedAt };
  // A new address is inserted; a known one (pending or unsubscribed) gets a new request.
  const [inserted] = await db
    .insert(newsletterSubscriptions)
    .values({ email, customerId: request.customerId ?? null, ...values })
    .onConflictDoNothing()
    .returning(returning);
  const [row] = inserted
    ? [inserted]
    : await db
        .update(newsletterSubscriptions)
        .set({ ...values, ...(request.customerId ? { customerId: request.customerId } : {}) })
        .where(byEmail(email))
        .returning(returning);
  const token = signNewsletterToken(services.sessionSecret, {
    purpose: 'confirm',
    subscriptionId: row!.id,
    requestedAt: row!.requestedAt.getTime(),
    expiresAt: row!.requestedAt.getTime() + confirmLinkValidityMs,
  });
  const t = await serverTranslator(db, request.storefront.code, services.logger);
  await services.mailer.send(
    renderMail({
      to: email,
      subject: t('newsletter.confirmMail.subject', { shopName: services.shopName }),
      locale: request.storefront.code,
      shopName: services.shopName,
      greeting: t('newsletter.mailGreeting'),
      paragraphs: [t('newsletter.confirmMail.intro', { shopName: services.shopName }), t('newsletter.confirmMail.validity')],
      action: {
        label: t('newsletter.confirmMail.action'),
        url: `${services.siteUrl}/${request.storefront.prefix}/${newsletterConfirmPath}?token=${encodeURIComponent(token)}`,
      },
      footer: t('newsletter.confirmMail.notYou'),
    }),
  );
  return { ok: true, status: 'confirmation-sent' };
}

export type LinkOutcome = 'confirmed' | 'already-confirmed' | 'unsubscribed' | 'invalid' | 'expired';

/**
 * Double opt-in, step 2: the link's token must be genuine, unexpired and for the latest request
 * of a subscription that still waits; then the address is subscribed and the consent time kept.
 */
export async function confirmSubscription(services: AppServices, token: string): Promise<LinkOutcome> {
  const check = verifyNewsletterToken(services.sessionSecret, token, 'confirm');
  if (!check.ok) return check.reason;
  const { db } = services;
  const [row] = await db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.id, check.payload.subscriptionId));
  if (!row || row.requestedAt.getTime() !== check.payload.requestedAt) return 'invalid';
  if (row.status === 'subscribed') return 'already-confirmed';
  if (row.status !== 'pending') return 'invalid';
  const [confirmed] = await db
    .update(newsletterSubscriptions)
    .set({ status: 'subscribed', consentedAt: sql`now()`, unsubscribedAt: null, updatedAt: sql`now()` })
    .where(sql`${newsletterSubscriptions.id} = ${row.id} and ${newsletterSubscriptions.status} = 'pending'`)
    .returning({ id: newsletterSubscriptions.id });
  if (!confirmed) return 'already-confirmed';
  await mirrorOnAccount(db, row.email, true);
  await sendWelcomeMail(services, row);
  return 'confirmed';
}

/** The unsubscribe link of a newsletter mail (the page's button and the one-click POST). */
export async function unsubscribeWithToken(db: Database, secret: string, token: string): Promise<LinkOutcome> {
  const check = verifyNewsletterToken(secret, token, 'unsubscribe');
  if (!check.ok) return check.reason;
  const [row] = await db
    .select({ email: newsletterSubscriptions.email })
    .from(newsletterSubscriptions)
    .where(eq(newsletterSubscriptions.id, check.payload.subscriptionId));
  if (!row) return 'invalid';
  await unsubscribeEmail(db, row.email);
  return 'unsubscribed';
}

/** Ends a subscription (pending or confirmed) of an address; the customer account's flag follows. */
export async function unsubscribeEmail(db: Database, email: string): Promise<void> {
  await db
    .update(newsletterSubscriptions)
    .set({ status: 'unsubscribed', unsubscribedAt: sql`now()`, updatedAt: sql`now()` })
    .where(sql`${byEmail(email)} and ${newsletterSubscriptions.status} <> 'unsubscribed'`);
  await mirrorOnAccount(db, email, false);
}

/** The account's newsletter flag (shown in the account, exported with its data) follows the subscription. */
async function mirrorOnAccount(db: Database, email: string, subscribed: boolean): Promise<void> {
  await db
    .update(customers)
    .set({ newsletterSubscribed: subscribed, updatedAt: sql`now()` })
    .where(eq(sql`lower(${customers.email})`, email.toLowerCase()));
}

export interface NewsletterMail {
  subject: string;
  greeting: string;
  paragraphs: string[];
  action?: { label: string; url: string };
}

/**
 * Every newsletter mail goes out through here: with the RFC 8058 one-click unsubscribe headers
 * and the unsubscribe link in its small print, in the subscription's language.
 */
export async function sendNewsletterMail(
  services: AppServices,
  subscription: { id: number; email: string; locale: string },
  mail: NewsletterMail,
): Promise<void> {
  const storefront = storefrontByCode(subscription.locale)!;
  const token = signNewsletterToken(services.sessionSecret, { purpose: 'unsubscribe', subscriptionId: subscription.id });
  const query = `?token=${encodeURIComponent(token)}`;
  const t = await serverTranslator(services.db, storefront.code, services.logger);
  const pageUrl = `${services.siteUrl}/${storefront.prefix}/${newsletterUnsubscribePath}${query}`;
  const rendered = renderMail({
    to: subscription.email,
    subject: mail.subject,
    locale: storefront.code,
    shopName: services.shopName,
    greeting: mail.greeting,
    paragraphs: mail.paragraphs,
    action: mail.action,
    footer: t('newsletter.mailFooter', { url: pageUrl }),
  });
  await services.mailer.send({
    ...rendered,
    headers: { 'List-Unsubscribe': `<${services.siteUrl}${oneClickUnsubscribePath}${query}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  });
}

/** The first newsletter mail, right after the confirmation: what to expect and how to leave. */
async function sendWelcomeMail(services: AppServices, subscription: { id: number; email: string; locale: LocaleCode | string }): Promise<void> {
  const storefront = storefrontByCode(subscription.locale)!;
  const t = await serverTranslator(services.db, storefront.code, services.logger);
  await sendNewsletterMail(services, subscription, {
    subject: t('newsletter.welcomeMail.subject', { shopName: services.shopName }),
    greeting: t('newsletter.mailGreeting'),
    paragraphs: [t('newsletter.welcomeMail.intro', { shopName: services.shopName }), t('newsletter.welcomeMail.expect')],
    action: { label: t('newsletter.welcomeMail.action'), url: `${services.siteUrl}/${storefront.prefix}` },
  });
}
