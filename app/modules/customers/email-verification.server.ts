import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AppServices } from '#app/context.ts';
import type { Database } from '#app/db/client.server.ts';
import { isUniqueViolation } from '#app/db/errors.ts';
import { customers } from '#app/db/schema.ts';
import type { Translate } from '#app/modules/i18n/i18n.tsx';
import type { StorefrontLocale } from '#app/modules/i18n/locales.ts';
import { shopperMail, storeTranslator } from '#app/modules/mail/shopper-mail.server.ts';
import { readSignedToken, signToken } from '#app/lib/security/signed-token.server.ts';
import { takeAttempt } from '#app/lib/security/rate-limit.server.ts';
import { accountPath } from './account-paths.ts';

/**
 * E-mail verification (issue 15). The mailed link carries a signed token (HMAC with the session
 * secret) naming the account, the address and, for a change, the moment it was asked; it expires
 * after 48 hours. It works once: using it changes the state it was issued for (the address becomes
 * verified, or the pending address becomes the account's), so the same link finds nothing to do
 * the second time. A changed address takes effect only through its link; the old one is told.
 */
export const verificationValidityMs = 48 * 60 * 60 * 1000;
const purpose = 'verify-email';

/** Verification mails per account and hour (the resend button, repeated e-mail changes). */
export const verificationMailLimit = { limit: 5, windowSeconds: 60 * 60 };

type VerificationPayload = { customerId: number; email: string; kind: 'registration' | 'change'; issuedAt: number; expiresAt: number };

const isVerificationPayload = (value: Record<string, unknown>): value is VerificationPayload =>
  Number.isSafeInteger(value.customerId) &&
  typeof value.email === 'string' &&
  (value.kind === 'registration' || value.kind === 'change') &&
  Number.isSafeInteger(value.issuedAt);

export function verificationToken(secret: string, payload: Omit<VerificationPayload, 'expiresAt'>, issuedAt = payload.issuedAt): string {
  return signToken(secret, purpose, { ...payload, email: payload.email.toLowerCase(), expiresAt: issuedAt + verificationValidityMs });
}

export type MailServices = Pick<AppServices, 'db' | 'logger' | 'mailer' | 'siteUrl' | 'shopName' | 'sessionSecret'>;

/** The verification mail (also rendered by the mail test in every language). */
export function verificationMail(
  { siteUrl, shopName, sessionSecret }: Pick<MailServices, 'siteUrl' | 'shopName' | 'sessionSecret'>,
  t: Translate,
  storefront: StorefrontLocale,
  request: { customerId: number; firstName: string; email: string; kind: 'registration' | 'change'; issuedAt: number },
) {
  const token = verificationToken(sessionSecret, { customerId: request.customerId, email: request.email, kind: request.kind, issuedAt: request.issuedAt });
  return shopperMail(
    t,
    shopName,
    { email: request.email, locale: storefront.code, name: request.firstName },
    {
      subject: t('emailVerification.mail.subject', { shopName }),
      paragraphs: [
        request.kind === 'change' ? t('emailVerification.mail.changeIntro', { shopName }) : t('emailVerification.mail.intro'),
        t('emailVerification.mail.validity'),
      ],
      action: {
        label: t('emailVerification.mail.action'),
        url: `${siteUrl}${accountPath(storefront.prefix, 'verifyEmail')}?token=${encodeURIComponent(token)}`,
      },
      footer: t('emailVerification.mail.notYou'),
    },
  );
}

/** The notice to the previous address once a change took effect (also rendered by the mail test). */
export function emailChangedMail(
  { siteUrl, shopName }: Pick<MailServices, 'siteUrl' | 'shopName'>,
  t: Translate,
  storefront: StorefrontLocale,
  change: { firstName: string; oldEmail: string; newEmail: string },
) {
  return shopperMail(
    t,
    shopName,
    { email: change.oldEmail, locale: storefront.code, name: change.firstName },
    {
      subject: t('emailVerification.changed.subject', { shopName }),
      paragraphs: [t('emailVerification.changed.intro', { email: change.newEmail }), t('emailVerification.changed.notYou')],
      action: { label: t('emailVerification.changed.action'), url: `${siteUrl}${accountPath(storefront.prefix, 'forgotPassword')}` },
      footer: t('emailVerification.changed.footer'),
    },
  );
}

/**
 * Mails the link for the account's address (after registration, or from the account's resend
 * button), or for its pending new address. False when the hourly limit is reached or there is
 * nothing to verify.
 */
export async function sendVerificationMail(services: MailServices, storefront: StorefrontLocale, customerId: number): Promise<boolean> {
  const { db } = services;
  const [customer] = await db
    .select({
      email: customers.email,
      firstName: customers.firstName,
      verifiedAt: customers.emailVerifiedAt,
      pendingEmail: customers.pendingEmail,
      pendingAt: customers.pendingEmailRequestedAt,
    })
    .from(customers)
    .where(and(eq(customers.id, customerId), isNull(customers.anonymisedAt)));
  if (!customer) return false;
  const request =
    customer.pendingEmail && customer.pendingAt
      ? { kind: 'change' as const, email: customer.pendingEmail, issuedAt: customer.pendingAt.getTime() }
      : customer.verifiedAt === null
        ? { kind: 'registration' as const, email: customer.email, issuedAt: Date.now() }
        : null;
  if (!request) return false;
  if (!(await takeAttempt(db, `verify-email:account:${customerId}`, verificationMailLimit))) return false;
  const { t } = await storeTranslator(services, storefront.code);
  await services.mailer.send(verificationMail(services, t, storefront, { customerId, firstName: customer.firstName, ...request }));
  return true;
}

export type EmailChangeResult = { ok: true } | { ok: false; reason: 'email-taken' };

/**
 * Step 1 of an e-mail change (after the current password was checked): the new address is kept
 * as pending, and only its link makes it the account's. Another account's address is refused.
 */
export async function requestEmailChange(db: Database, customerId: number, newEmail: string): Promise<EmailChangeResult> {
  const email = newEmail.toLowerCase();
  const [taken] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(eq(sql`lower(${customers.email})`, email));
  if (taken && taken.id !== customerId) return { ok: false, reason: 'email-taken' };
  // A JavaScript date has whole milliseconds, so the time signed into the link compares equal to the stored one.
  const requestedAt = new Date();
  await db
    .update(customers)
    .set({ pendingEmail: email, pendingEmailRequestedAt: requestedAt, updatedAt: sql`now()` })
    .where(eq(customers.id, customerId));
  return { ok: true };
}

export type VerifyOutcome = { outcome: 'verified' | 'changed'; email: string } | { outcome: 'used' | 'expired' | 'invalid' | 'taken' };

/** What a token is for, before the button is pressed (the page's text), or why it cannot be used. */
export function readVerificationToken(secret: string, token: string) {
  return readSignedToken(secret, purpose, token, isVerificationPayload);
}

/** Step 2: the link's button. Verifies the address, or makes the pending address the account's. */
export async function verifyEmail(services: MailServices, token: string): Promise<VerifyOutcome> {
  const check = readVerificationToken(services.sessionSecret, token);
  if (!check.ok) return { outcome: check.reason };
  const { db } = services;
  const { customerId, email, kind, issuedAt } = check.payload;
  const [customer] = await db
    .select({
      email: customers.email,
      firstName: customers.firstName,
      locale: customers.locale,
      verifiedAt: customers.emailVerifiedAt,
      pendingEmail: customers.pendingEmail,
      pendingAt: customers.pendingEmailRequestedAt,
    })
    .from(customers)
    .where(and(eq(customers.id, customerId), isNull(customers.anonymisedAt)));
  if (!customer) return { outcome: 'invalid' };
  const alreadyDone = customer.email.toLowerCase() === email && customer.verifiedAt !== null;
  if (kind === 'registration') {
    // One conditional update: of two presses at once, one verifies and the other finds it done.
    const [verified] = await db
      .update(customers)
      .set({ emailVerifiedAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(customers.id, customerId), eq(sql`lower(${customers.email})`, email), isNull(customers.emailVerifiedAt)))
      .returning({ email: customers.email });
    if (verified) return { outcome: 'verified', email: verified.email };
    return { outcome: alreadyDone ? 'used' : 'invalid' };
  }
  const isCurrentRequest = customer.pendingEmail?.toLowerCase() === email && customer.pendingAt?.getTime() === issuedAt;
  if (!isCurrentRequest) return { outcome: alreadyDone ? 'used' : 'invalid' };
  let changed: { email: string } | undefined;
  try {
    [changed] = await db
      .update(customers)
      .set({ email: sql`${customers.pendingEmail}`, pendingEmail: null, pendingEmailRequestedAt: null, emailVerifiedAt: sql`now()`, updatedAt: sql`now()` })
      .where(
        and(
          eq(customers.id, customerId),
          eq(sql`lower(${customers.pendingEmail})`, email),
          eq(customers.pendingEmailRequestedAt, new Date(issuedAt)),
          eq(customers.email, customer.email),
        ),
      )
      .returning({ email: customers.email });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // Someone registered the address meanwhile: the account keeps its address.
    await db.update(customers).set({ pendingEmail: null, pendingEmailRequestedAt: null }).where(eq(customers.id, customerId));
    return { outcome: 'taken' };
  }
  if (!changed) return { outcome: 'used' };
  const { t, storefront } = await storeTranslator(services, customer.locale);
  await services.mailer.send(emailChangedMail(services, t, storefront, { firstName: customer.firstName, oldEmail: customer.email, newEmail: changed.email }));
  return { outcome: 'changed', email: changed.email };
}

/** The account's address and whether it is verified (account pages, back-in-stock alerts by address). */
export async function accountEmailState(db: Database, customerId: number) {
  const [row] = await db
    .select({ id: customers.id, email: customers.email, verifiedAt: customers.emailVerifiedAt, pendingEmail: customers.pendingEmail })
    .from(customers)
    .where(eq(customers.id, customerId));
  if (!row) throw new Error(`customer ${customerId} not found`);
  return { id: row.id, email: row.email, emailVerified: row.verifiedAt !== null, pendingEmail: row.pendingEmail };
}
