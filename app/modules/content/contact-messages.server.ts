import { z } from 'zod';
import type { AppServices } from '#app/context.ts';
import { contactMessages } from '#app/db/schema.ts';
import { emailField } from '#app/modules/customers/customer-forms.ts';
import { formFailure, type FormFailure, parseForm } from '#app/lib/forms/field-errors.ts';
import type { StorefrontLocale } from '#app/modules/i18n/locales.ts';
import { serverTranslator } from '#app/modules/i18n/translator.server.ts';
import { renderMail } from '#app/modules/mail/mail-layout.server.ts';
import { seller } from '#app/modules/orders/seller.ts';
import { type RateLimit, takeAttempt } from '#app/lib/security/rate-limit.server.ts';

/**
 * The contact form and the wholesale quote request (decision 0012). Both are stored as typed
 * (React escapes them wherever they are shown), mailed to the shop through the outbox, and
 * acknowledged to the sender in the store's language.
 */
export const contactFields = ['name', 'email', 'orderNumber', 'subject', 'message'] as const;
export const quoteFields = ['name', 'email', 'company', 'message'] as const;
export type ContactField = (typeof contactFields)[number];
export type QuoteField = (typeof quoteFields)[number];

/** Name of the honeypot field: hidden from people, filled in by many bots. */
export const honeypotField = 'website';

/** Messages per client address and hour: plenty for a person, little for a script. */
export const contactRateLimit: RateLimit = { limit: 5, windowSeconds: 60 * 60 };

const text = (min: number, max: number) => z.string().trim().min(1, 'validation.required').min(min, 'validation.tooShort').max(max, 'validation.tooLong');

export const contactSchema = z.object({
  name: text(2, 100),
  email: emailField,
  orderNumber: z
    .string()
    .trim()
    .max(20, 'validation.tooLong')
    .refine((value) => value === '' || /^[A-Za-z]{2}\d{4,12}$/.test(value), 'content.contact.orderNumberFormat')
    .transform((value) => value.toUpperCase() || null),
  subject: text(3, 150),
  message: text(10, 5_000),
});

export const quoteSchema = z.object({
  name: text(2, 100),
  email: emailField,
  company: text(2, 150),
  message: text(10, 5_000),
});

export type ContactOutcome<Field extends string> =
  | { ok: true; kind: 'contact' | 'quote'; email: string }
  /** the honeypot was filled: answered like a success, nothing stored or sent */
  | { ok: true; kind: 'ignored' }
  | FormFailure<Field>;

interface Submission {
  kind: 'contact' | 'quote';
  name: string;
  email: string;
  company: string | null;
  orderNumber: string | null;
  subject: string;
  message: string;
}

/**
 * Validates, limits, stores and mails one submission of the contact or quote form. A rate-limited
 * client gets a form error (status 429) with everything typed kept.
 */
export async function submitContactForm(
  services: AppServices,
  storefront: StorefrontLocale,
  clientAddress: string,
  form: FormData,
): Promise<{ status: 200 | 400 | 429; outcome: ContactOutcome<ContactField> | ContactOutcome<QuoteField> }> {
  const isQuote = form.get('intent') === 'quote';
  const fields = isQuote ? quoteFields : contactFields;
  if (String(form.get(honeypotField) ?? '') !== '') return { status: 200, outcome: { ok: true, kind: 'ignored' } };
  const parsed = isQuote ? parseForm(quoteSchema, form, quoteFields) : parseForm(contactSchema, form, contactFields);
  if (!parsed.ok) return { status: 400, outcome: parsed };
  if (!(await takeAttempt(services.db, `contact:${clientAddress}`, contactRateLimit))) {
    return { status: 429, outcome: formFailure<string>(form, fields, {}, { key: 'content.contact.tooMany' }) as FormFailure<ContactField> };
  }
  const t = await serverTranslator(services.db, storefront.code, services.logger);
  const submission: Submission =
    'company' in parsed.data
      ? { kind: 'quote', ...parsed.data, orderNumber: null, subject: t('content.quote.subject', { company: parsed.data.company }) }
      : { kind: 'contact', ...parsed.data, company: null };
  await services.db.insert(contactMessages).values({ ...submission, locale: storefront.code, clientAddress });
  await mailShop(services, storefront, submission);
  await services.mailer.send(
    renderMail({
      to: submission.email,
      subject: t('content.contact.ackSubject', { shopName: services.shopName }),
      locale: storefront.code,
      shopName: services.shopName,
      greeting: t('mail.greeting', { name: submission.name }),
      paragraphs: [t(submission.kind === 'quote' ? 'content.quote.ackIntro' : 'content.contact.ackIntro'), `${submission.subject}\n\n${submission.message}`],
      footer: t('content.contact.ackFooter'),
    }),
  );
  return { status: 200, outcome: { ok: true, kind: submission.kind, email: submission.email } };
}

/** The message for the shop's inbox, in English: the staff's working language. */
async function mailShop({ mailer, shopName }: AppServices, storefront: StorefrontLocale, submission: Submission) {
  const lines = [
    `From: ${submission.name} <${submission.email}>`,
    ...(submission.company ? [`Company: ${submission.company}`] : []),
    ...(submission.orderNumber ? [`Order number: ${submission.orderNumber}`] : []),
    `Store: ${storefront.code}`,
  ];
  await mailer.send(
    renderMail({
      to: seller.email,
      subject: `[${submission.kind === 'quote' ? 'Quote request' : 'Contact'}] ${submission.subject}`,
      locale: 'en',
      shopName,
      greeting: lines.join('\n'),
      paragraphs: [submission.message],
      footer: `Answer the sender at ${submission.email}.`,
    }),
  );
}
