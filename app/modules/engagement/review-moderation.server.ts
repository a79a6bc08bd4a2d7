import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.server.ts';
import { productReviews, products } from '../../db/schema.ts';

/** Reviews waiting for a decision, oldest first. */
export function listPendingReviews(db: Database) {
  return db
    .select({ id: productReviews.id, sku: products.sku, locale: productReviews.locale, authorName: productReviews.authorName, rating: productReviews.rating, title: productReviews.title, body: productReviews.body, createdAt: productReviews.createdAt })
    .from(productReviews)
    .innerJoin(products, eq(products.id, productReviews.productId))
    .where(eq(productReviews.status, 'pending'))
    .orderBy(asc(productReviews.createdAt));
}

/** Publishes or rejects a pending review; the product page shows approved reviews only. */
export async function moderateReview(db: Database, reviewId: number, decision: 'approved' | 'rejected'): Promise<boolean> {
  const updated = await db
    .update(productReviews)
    .set({ status: decision })
    .where(and(eq(productReviews.id, reviewId), eq(productReviews.status, 'pending')))
    .returning({ id: productReviews.id });
  return updated.length > 0;
}
