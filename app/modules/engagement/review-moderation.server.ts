import { and, asc, count, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '#app/db/client.server.ts';
import { customers, productReviews, productTranslations, products } from '#app/db/schema.ts';
import { recordAudit } from '#app/lib/observability/audit.server.ts';
import { type ListSort, listSortSpec } from '#app/lib/paging/list-sort.ts';
import { orderByOf } from '#app/lib/paging/list-sort.server.ts';
import { pageWindow } from '#app/lib/paging/page-window.ts';

/** Reviews waiting for a decision, oldest first (`npm run reviews`). */
export function listPendingReviews(db: Database) {
  return db
    .select({
      id: productReviews.id,
      sku: products.sku,
      locale: productReviews.locale,
      authorName: productReviews.authorName,
      rating: productReviews.rating,
      title: productReviews.title,
      body: productReviews.body,
      createdAt: productReviews.createdAt,
    })
    .from(productReviews)
    .innerJoin(products, eq(products.id, productReviews.productId))
    .where(eq(productReviews.status, 'pending'))
    .orderBy(asc(productReviews.createdAt));
}

export const reviewStatuses = ['pending', 'approved', 'rejected'] as const;
export type ReviewStatus = (typeof reviewStatuses)[number];
export const reviewPageSize = 25;

/** The orders of the moderation queue (the waiting ones default to oldest first: first come, first decided). */
export const reviewSortFor = (status: ReviewStatus) =>
  listSortSpec(['createdAt', 'rating', 'product'], { key: 'createdAt', direction: status === 'pending' ? 'asc' : 'desc' });
type ReviewSortKey = ReturnType<typeof reviewSortFor>['keys'][number];

/** The admin's moderation queue: one status at a time, sorted as asked (`reviewSortFor`). */
export async function listReviews(
  db: Database,
  status: ReviewStatus,
  requestedPage: number,
  productLocale: string,
  sort: ListSort<ReviewSortKey> = reviewSortFor(status).fallback,
) {
  const where = eq(productReviews.status, status);
  const [total] = await db.select({ count: count() }).from(productReviews).where(where);
  const window = pageWindow(requestedPage, reviewPageSize, total?.count ?? 0);
  const rows = await db
    .select({
      id: productReviews.id,
      sku: products.sku,
      productName: productTranslations.name,
      locale: productReviews.locale,
      authorName: productReviews.authorName,
      customerEmail: customers.email,
      rating: productReviews.rating,
      title: productReviews.title,
      body: productReviews.body,
      rejectionReason: productReviews.rejectionReason,
      reply: productReviews.reply,
      createdAt: productReviews.createdAt,
    })
    .from(productReviews)
    .innerJoin(products, eq(products.id, productReviews.productId))
    .leftJoin(productTranslations, and(eq(productTranslations.productId, products.id), eq(productTranslations.locale, productLocale)))
    .leftJoin(customers, eq(customers.id, productReviews.customerId))
    .where(where)
    .orderBy(
      ...orderByOf(
        sort,
        { createdAt: productReviews.createdAt, rating: productReviews.rating, product: sql`lower(coalesce(${productTranslations.name}, ${products.sku}))` },
        asc(productReviews.createdAt),
        asc(productReviews.id),
      ),
    )
    .limit(reviewPageSize)
    .offset(window.offset);
  return { rows, window };
}

export async function pendingReviewCount(db: Database): Promise<number> {
  const [row] = await db.select({ count: count() }).from(productReviews).where(eq(productReviews.status, 'pending'));
  return row?.count ?? 0;
}

const reviewSnapshot = async (db: Pick<Database, 'select'>, reviewId: number) => {
  const [row] = await db
    .select({ status: productReviews.status, rejectionReason: productReviews.rejectionReason, reply: productReviews.reply })
    .from(productReviews)
    .where(eq(productReviews.id, reviewId));
  return row ?? null;
};

/**
 * Publishes or rejects a pending review (the product page shows approved reviews only), with the
 * reason for a rejection. Recorded in the audit log; from the command line without a staff member.
 */
export async function moderateReview(
  db: Database,
  reviewId: number,
  decision: 'approved' | 'rejected',
  { staffId = null, reason = null }: { staffId?: number | null; reason?: string | null } = {},
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(productReviews)
      .set({ status: decision, rejectionReason: decision === 'rejected' ? reason : null })
      .where(and(eq(productReviews.id, reviewId), eq(productReviews.status, 'pending')))
      .returning({ id: productReviews.id });
    if (updated.length === 0) return false;
    await recordAudit(tx, {
      staffId,
      action: decision === 'approved' ? 'review.approve' : 'review.reject',
      entity: 'review',
      entityId: reviewId,
      before: { status: 'pending' },
      after: await reviewSnapshot(tx, reviewId),
    });
    return true;
  });
}

export const rejectSchema = z.object({ reason: z.string().trim().min(3, 'validation.tooShort').max(500, 'validation.invalid') });
export const replySchema = z.object({ reply: z.string().trim().max(2000, 'validation.invalid') });

/** The shop's answer under a review on the product page; an empty reply removes it. */
export async function replyToReview(db: Database, staffId: number, reviewId: number, reply: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const before = await reviewSnapshot(tx, reviewId);
    if (!before) return false;
    await tx
      .update(productReviews)
      .set(reply ? { reply, repliedAt: sql`now()` } : { reply: null, repliedAt: null })
      .where(eq(productReviews.id, reviewId));
    await recordAudit(tx, { staffId, action: 'review.reply', entity: 'review', entityId: reviewId, before, after: await reviewSnapshot(tx, reviewId) });
    return true;
  });
}
