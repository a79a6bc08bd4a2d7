import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '#app/db/client.server.ts';
import { productTranslations, productVariants, products, stockAlertSubscriptions } from '#app/db/schema.ts';
import { type ListSort, listSortSpec } from '#app/lib/paging/list-sort.ts';
import { orderByOf } from '#app/lib/paging/list-sort.server.ts';
import type { FieldErrors } from '#app/lib/forms/field-errors.ts';
import { recordIdField } from '#app/lib/forms/record-id.ts';
import type { LocaleCode } from '#app/modules/i18n/locales.ts';
import { pageOfRows } from '#app/lib/paging/page-window.ts';

/** The back-in-stock form of a product page: field errors are message keys, translated where they are shown. */
export const stockAlertIntent = z.object({
  intent: z.literal('back-in-stock'),
  email: z.string('validation.required').trim().min(1, 'validation.required').max(254, 'validation.email').pipe(z.email('validation.email')),
  variantId: recordIdField('validation.invalid'),
});
export type StockAlertInput = z.output<typeof stockAlertIntent>;

/** The form's answer: what to say next to the address field, and the address as typed. */
export type StockAlertResult = { ok: true } | { ok: false; fieldErrors: { email?: string }; email: string };

/** The answer to a form that did not parse: the address's problem, if it was the address. */
export function stockAlertRefusal(fieldErrors: FieldErrors, typedEmail: string): StockAlertResult {
  return { ok: false, fieldErrors: fieldErrors.email ? { email: fieldErrors.email.key } : {}, email: typedEmail };
}

/**
 * Stores a back-in-stock request for a variant of a product. Asking twice is fine (one row);
 * a variant that does not belong to the product is refused. A request made while logged in
 * belongs to the account (shown and removable there).
 */
export async function subscribeToStockAlert(
  db: Database,
  productId: number,
  locale: LocaleCode,
  input: Pick<StockAlertInput, 'email' | 'variantId'>,
  customerId: number | null = null,
): Promise<{ ok: boolean }> {
  const [variant] = await db
    .select({ id: productVariants.id })
    .from(productVariants)
    .where(and(eq(productVariants.id, input.variantId), eq(productVariants.productId, productId)));
  if (!variant) return { ok: false };
  await db.insert(stockAlertSubscriptions).values({ email: input.email, productId, variantId: variant.id, locale, customerId }).onConflictDoNothing();
  return { ok: true };
}

export const stockAlertPageSize = 50;
/** The columns of the admin's list of waiting requests; most wanted first unless asked. */
export const stockAlertSort = listSortSpec(['sku', 'product', 'stock', 'waiting', 'oldest'], { key: 'waiting', direction: 'desc' });

const waitingAlerts = isNull(stockAlertSubscriptions.notifiedAt);

/** One page of waiting back-in-stock requests per variant (or per product without a variant), for the admin. */
export async function stockAlertsPerVariant(
  db: Database,
  locale: string,
  requestedPage = 1,
  sort: ListSort<(typeof stockAlertSort.keys)[number]> = stockAlertSort.fallback,
) {
  const oldest = sql<Date>`min(${stockAlertSubscriptions.createdAt})`;
  const waiting = sql<number>`count(*)::int`;
  const groups = db
    .select({ count: sql<number>`count(distinct (${stockAlertSubscriptions.productId}, coalesce(${stockAlertSubscriptions.variantId}, 0)))::int` })
    .from(stockAlertSubscriptions)
    .where(waitingAlerts);
  return pageOfRows(requestedPage, stockAlertPageSize, groups, (window) =>
    db
      .select({
        productId: stockAlertSubscriptions.productId,
        variantId: stockAlertSubscriptions.variantId,
        sku: sql<string>`coalesce(${productVariants.sku}, ${products.sku})`,
        name: productTranslations.name,
        stock: productVariants.stockQuantity,
        waiting,
        oldest,
      })
      .from(stockAlertSubscriptions)
      .innerJoin(products, eq(products.id, stockAlertSubscriptions.productId))
      .leftJoin(productVariants, eq(productVariants.id, stockAlertSubscriptions.variantId))
      .leftJoin(productTranslations, and(eq(productTranslations.productId, products.id), eq(productTranslations.locale, locale)))
      .where(waitingAlerts)
      .groupBy(
        stockAlertSubscriptions.productId,
        stockAlertSubscriptions.variantId,
        productVariants.sku,
        products.sku,
        productTranslations.name,
        productVariants.stockQuantity,
      )
      .orderBy(
        ...orderByOf(
          sort,
          {
            sku: sql`coalesce(${productVariants.sku}, ${products.sku})`,
            product: sql`lower(${productTranslations.name})`,
            stock: productVariants.stockQuantity,
            waiting,
            oldest,
          },
          asc(oldest),
          asc(stockAlertSubscriptions.productId),
          asc(sql`coalesce(${stockAlertSubscriptions.variantId}, 0)`),
        ),
      )
      .limit(stockAlertPageSize)
      .offset(window.offset),
  );
}
