import { z } from 'zod';
import { orderStatuses } from '#app/db/schema.ts';
import { localeCodes } from '#app/modules/i18n/locales.ts';

/** The staff order list's filters and sort keys; shared by the list page, the CSV export and the command line. */
export const orderSortKeys = ['createdAt', 'orderNumber', 'total', 'status', 'email'] as const;
export const orderPaymentMethods = ['bank_transfer', 'invoice', 'card', 'ideal', 'bancontact', 'gift_card', 'free'] as const;

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)));
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === '' || value === null ? undefined : value), schema.optional());

/**
 * The filters of the staff order list, from a query string. Anything unknown is dropped rather
 * than refused: a list URL someone edited still shows a list.
 */
export const orderFiltersSchema = z.object({
  store: optional(z.enum(localeCodes)).catch(undefined),
  status: optional(z.enum(orderStatuses)).catch(undefined),
  payment: optional(z.enum(orderPaymentMethods)).catch(undefined),
  /** Inclusive days (UTC), YYYY-MM-DD. */
  from: optional(day).catch(undefined),
  to: optional(day).catch(undefined),
  /** An order number, an e-mail address or a name (part of it). */
  q: optional(z.string().trim().max(100)).catch(undefined),
  sort: z.enum(orderSortKeys).catch('createdAt'),
  direction: z.enum(['asc', 'desc']).catch('desc'),
  page: z.coerce.number().int().min(1).max(1_000_000).catch(1),
});

export type OrderFilters = z.infer<typeof orderFiltersSchema>;

export const parseOrderFilters = (params: URLSearchParams): OrderFilters => orderFiltersSchema.parse(Object.fromEntries(params));
