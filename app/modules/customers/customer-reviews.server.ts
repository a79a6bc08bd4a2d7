import { and, desc, eq, inArray, notExists, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '#app/db/client.server.ts';
import { qualified } from '#app/db/qualified-column.ts';
import { customers, orderItems, orders, productReviews, productTranslations, productVariants } from '#app/db/schema.ts';
import type { LocaleCode } from '#app/modules/i18n/locales.ts';

export const reviewFields = ['productId', 'rating', 'title', 'body'] as const;
export const reviewSchema = z.object({
  productId: z.coerce.number().int().positive('validation.required'),
  rating: z.coerce.number().int('validation.rating').min(1, 'validation.rating').max(5, 'validation.rating'),
  title: z.string().trim().min(1, 'validation.required').min(3, 'validation.tooShort').max(120, 'validation.tooLong'),
  body: z.string().trim().min(1, 'validation.required').min(10, 'validation.tooShort').max(4000, 'validation.tooLong'),
});

/** Orders in these states count as bought (a cancelled or unpaid order does not). */
const purchasedStatuses = ['paid', 'processing', 'shipped', 'completed'] as const;

/**
 * True for a review whose author bought the product (an order in a bought state): the
 * "verified purchase" mark on the product page. Reviews without an account (imported) never carry it.
 */
export const reviewerBoughtProduct = sql<boolean>`exists (
  select 1 from ${orderItems}
  join ${orders} on ${qualified(orders.id)} = ${qualified(orderItems.orderId)}
  join ${productVariants} on ${qualified(productVariants.id)} = ${qualified(orderItems.variantId)}
  where ${qualified(orders.customerId)} = ${qualified(productReviews.customerId)}
    and ${qualified(productVariants.productId)} = ${qualified(productReviews.productId)}
    and ${qualified(orders.status)} in (${sql.join(
      purchasedStatuses.map((status) => sql`${status}`),
      sql`, `,
    )})
    and not ${qualified(orderItems.isSample)})`;

export function listCustomerReviews(db: Database, customerId: number, locale: LocaleCode) {
  return db
    .select({
      id: productReviews.id,
      productName: productTranslations.name,
      rating: productReviews.rating,
      title: productReviews.title,
      body: productReviews.body,
      status: productReviews.status,
      createdAt: productReviews.createdAt,
    })
    .from(productReviews)
    .innerJoin(productTranslations, and(eq(productTranslations.productId, productReviews.productId), eq(productTranslations.locale, locale)))
    .where(eq(productReviews.customerId, customerId))
    .orderBy(desc(productReviews.createdAt));
}

/** Products the customer bought and has not reviewed yet. */
export async function reviewableProducts(db: Database, customerId: number, locale: LocaleCode): Promise<{ productId: number; name: string }[]> {
  return db
    .selectDistinct({ productId: productVariants.productId, name: productTranslations.name })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(productVariants, eq(productVariants.id, orderItems.variantId))
    .innerJoin(productTranslations, and(eq(productTranslations.productId, productVariants.productId), eq(productTranslations.locale, locale)))
    .where(
      and(
        eq(orders.customerId, customerId),
        inArray(orders.status, [...purchasedStatuses]),
        notExists(
          db
            .select({ id: productReviews.id })
            .from(productReviews)
            .where(and(eq(productReviews.customerId, customerId), eq(productReviews.productId, productVariants.productId))),
        ),
      ),
    )
    .orderBy(productTranslations.name);
}

/**
 * Stores a review of a bought product, pending moderation; it shows on the product page once
 * approved. Products the customer did not buy (or already reviewed) are refused.
 */
export async function submitReview(db: Database, customerId: number, locale: LocaleCode, input: z.output<typeof reviewSchema>): Promise<boolean> {
  const allowed = await reviewableProducts(db, customerId, locale);
  if (!allowed.some((product) => product.productId === input.productId)) return false;
  const [author] = await db.select({ firstName: customers.firstName, lastName: customers.lastName }).from(customers).where(eq(customers.id, customerId));
  if (!author) return false;
  // Shown publicly as "Anna S.": first name and initial only.
  const authorName = `${author.firstName} ${author.lastName.slice(0, 1)}.`.trim();
  await db.insert(productReviews).values({ ...input, customerId, locale, authorName, status: 'pending' });
  return true;
}
