import { z } from 'zod';
import { emailField } from '#app/modules/customers/customer-forms.ts';
import { shopTimeZone, type LocaleCode } from '#app/modules/i18n/locales.ts';
import type { LineOption } from '#app/modules/orders/line-name.ts';

/**
 * What a shopper chose on the gift-card page (issue 15), kept on the cart line and then on the
 * order line; the card itself (code, balance) is issued only when the order is paid.
 * Gift cards hold euros (they pay orders in the EUR stores), so the amount is in EUR cents.
 */
export interface GiftCardPurchase {
  amountEurCents: number;
  senderName: string;
  recipientName: string;
  recipientEmail: string;
  message: string;
  /** YYYY-MM-DD in the shop's time zone: the day the card is mailed to the recipient */
  deliverOn: string;
}

/** Bounds of a card's amount per store (EUR cents), the store configuration of spec §5. */
export const giftCardBoundsEurCents: Record<LocaleCode, { min: number; max: number }> = {
  'en-US': { min: 2_000, max: 50_000 },
  en: { min: 1_000, max: 50_000 },
  'pl-PL': { min: 1_000, max: 50_000 },
  'nl-NL': { min: 1_000, max: 50_000 },
  'de-DE': { min: 1_000, max: 50_000 },
  'da-DK': { min: 1_000, max: 50_000 },
  'en-GB': { min: 1_000, max: 50_000 },
  'es-ES': { min: 1_000, max: 50_000 },
  'fr-FR': { min: 1_000, max: 50_000 },
  'it-IT': { min: 1_000, max: 50_000 },
  'sv-SE': { min: 1_000, max: 50_000 },
};

/** A card is valid for three years from the day it is issued. */
export const giftCardValidityYears = 3;

/** Today in the shop's time zone, as YYYY-MM-DD (delivery days are shop days). */
export const shopToday = (now = new Date()) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: shopTimeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);

export const giftCardFields = ['amount', 'senderName', 'recipientName', 'recipientEmail', 'message', 'deliverOn'] as const;
export type GiftCardField = (typeof giftCardFields)[number];

const name = z.string().trim().min(1, 'validation.required').max(80, 'validation.tooLong');

/** The gift-card form: whole or decimal euros within the store's bounds, names, address, message and a day from today on. */
export function giftCardSchema(locale: LocaleCode, today = shopToday()) {
  const bounds = giftCardBoundsEurCents[locale];
  return z.object({
    amount: z
      .string()
      .trim()
      .min(1, 'validation.required')
      .regex(/^\d{1,6}([.,]\d{1,2})?$/, 'giftCards.amountFormat')
      .transform((value) => Math.round(Number(value.replace(',', '.')) * 100))
      .refine((cents) => cents >= bounds.min && cents <= bounds.max, { message: 'giftCards.amountBounds' }),
    senderName: name,
    recipientName: name,
    recipientEmail: emailField,
    message: z.string().trim().max(300, 'validation.tooLong'),
    deliverOn: z
      .string()
      .trim()
      .min(1, 'validation.required')
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'giftCards.dateFormat')
      .refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)), 'giftCards.dateFormat')
      .refine((day) => day >= today, 'giftCards.dateInPast')
      .refine((day) => Date.parse(`${day}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`) <= 366 * 86_400_000, 'giftCards.dateTooFar'),
  });
}

/** The parsed form as the purchase kept on the cart line. */
export const purchaseOf = (parsed: z.output<ReturnType<typeof giftCardSchema>>): GiftCardPurchase => ({
  amountEurCents: parsed.amount,
  senderName: parsed.senderName,
  recipientName: parsed.recipientName,
  recipientEmail: parsed.recipientEmail,
  message: parsed.message,
  deliverOn: parsed.deliverOn,
});

/**
 * A gift-card line names its recipient and day wherever lines are shown (cart, checkout, mails,
 * invoice), through the options every line already carries.
 */
export const giftCardLineOptions = (purchase: GiftCardPurchase): LineOption[] => [
  { attribute: 'gift_card_recipient', label: purchase.recipientName, sortValue: null },
  { attribute: 'gift_card_delivery', label: purchase.deliverOn, sortValue: null },
];
