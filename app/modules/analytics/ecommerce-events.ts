/**
 * First-party ecommerce events with the GA4 names and payloads (issue 17, spec §4 and §7), shared by
 * the browser (which builds them) and POST /api/events (which validates them). The payload is the
 * GA4 one: amounts as decimal numbers in the currency. What the server keeps is less (no order
 * number, no item names): see analytics-store.server.ts. Only the server and tests import this
 * file: zod stays out of the shop's pages (issue 14's script budget); pages use ga4.ts.
 */
import { z } from 'zod';
import { currencyCodes } from '#app/modules/i18n/locales.ts';
import { ecommerceEventNames } from './ga4.ts';

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
    pageType: z
      .string()
      .regex(/^[a-z-]{1,32}$/)
      .optional(),
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
