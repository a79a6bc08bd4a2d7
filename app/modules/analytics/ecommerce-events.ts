/**
 * First-party ecommerce events with the GA4 names and payloads (issue 17, spec §4 and §7), shared by
 * the browser (which builds them) and POST /api/events (which validates them). The payload is the
 * GA4 one: amounts as decimal numbers in the currency. What the server keeps is less (no order
 * number, no item names): see analytics-store.server.ts.
 */
import { z } from 'zod';
import { type CurrencyCode, currencyCodes } from '../i18n/locales.ts';

export const ecommerceEventNames = [
  'view_item_list',
  'select_item',
  'view_item',
  'add_to_cart',
  'remove_from_cart',
  'view_cart',
  'begin_checkout',
  'add_shipping_info',
  'add_payment_info',
  'purchase',
  'search',
] as const;
export type EcommerceEventName = (typeof ecommerceEventNames)[number];

const amount = z.number().finite().min(0).max(10_000_000);
const shortText = z.string().trim().min(1).max(200);

/** A GA4 item (the fields this shop sends). */
export const ga4Item = z
  .object({
    item_id: z.string().trim().min(1).max(64),
    item_name: shortText.optional(),
    item_brand: shortText.optional(),
    item_category: shortText.optional(),
    item_variant: shortText.optional(),
    item_list_id: z.string().max(100).optional(),
    item_list_name: shortText.optional(),
    index: z.number().int().min(0).max(10_000).optional(),
    price: amount.optional(),
    quantity: z.number().int().min(1).max(9_999).optional(),
  })
  .strict();
export type Ga4Item = z.infer<typeof ga4Item>;

export const ga4Params = z
  .object({
    currency: z.enum(currencyCodes).optional(),
    value: amount.optional(),
    items: z.array(ga4Item).max(100).optional(),
    item_list_id: z.string().max(100).optional(),
    item_list_name: shortText.optional(),
    transaction_id: z.string().max(64).optional(),
    coupon: z.string().max(64).optional(),
    shipping: amount.optional(),
    tax: amount.optional(),
    shipping_tier: z.string().max(64).optional(),
    payment_type: z.string().max(64).optional(),
    search_term: z.string().max(200).optional(),
  })
  .strict();

export const ecommerceEvent = z
  .object({
    name: z.enum(ecommerceEventNames),
    params: ga4Params,
    /** the kind of page it happened on (home, category, product, search, cart, checkout) */
    pageType: z.string().regex(/^[a-z-]{1,32}$/).optional(),
  })
  .strict();
export type EcommerceEvent = z.infer<typeof ecommerceEvent>;

/** What POST /api/events takes: up to 50 events of one store. */
export const ecommerceEventBatch = z
  .object({
    storefront: z.string().regex(/^[a-z]{2}(-[a-z]{2})?$/),
    events: z.array(ecommerceEvent).min(1).max(50),
  })
  .strict();
export type EcommerceEventBatch = z.infer<typeof ecommerceEventBatch>;

/** A GA4 amount from minor units (the shop's money), for the payload. */
export function ga4Amount(minor: number, minorUnits: number): number {
  return minor / 10 ** minorUnits;
}

/** Back to minor units for storage (integer money). */
export function minorFromGa4(value: number, minorUnits: number): number {
  return Math.round(value * 10 ** minorUnits);
}

/** The GA4 currency of a code the shop uses (all of them are ISO 4217); undefined for anything else. */
export function ga4Currency(code: string): CurrencyCode | undefined {
  return (currencyCodes as readonly string[]).includes(code) ? (code as CurrencyCode) : undefined;
}

/** Digits after the decimal point of a currency (JPY 0, most 2), from Intl like every price shown. */
export function currencyFractionDigits(code: string): number {
  return new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions().maximumFractionDigits ?? 2;
}
