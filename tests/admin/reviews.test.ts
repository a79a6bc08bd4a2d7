import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, productReviews } from '#app/db/schema.ts';
import { buildListingIndex } from '#app/modules/catalogue/listing-index.server.ts';
import { getProductDetail } from '#app/modules/catalogue/product-detail.server.ts';
import { listPendingReviews, listReviews, moderateReview } from '#app/modules/engagement/review-moderation.server.ts';
import * as reviews from '#app/routes/admin/reviews.tsx';
import { createTestDatabase, type TestDatabase, testDrivers } from '../support/database.ts';
import { callRoute, createProductWithReview, createStaff, loggedIn } from './admin-support.ts';

describe.each(testDrivers)('review moderation on %s', (driver) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(driver);
  });
  afterAll(() => database?.destroy());

  it('approves from the queue, with the reply under the review on the product page', async () => {
    const { db } = database;
    const editor = await loggedIn(db, await createStaff(db, 'editor'));
    const { productId, reviewId } = await createProductWithReview(db);
    expect((await listReviews(db, 'pending', 1, 'en')).rows.map((row) => row.id)).toContain(reviewId);
    const approved = await callRoute(reviews.action, { db, staff: editor, path: 'reviews', form: { intent: 'approve', reviewId } });
    expect(approved.data).toEqual({ ok: true, message: 'admin.reviews.approved' });
    await callRoute(reviews.action, { db, staff: editor, path: 'reviews', form: { intent: 'reply', reviewId, reply: 'Thanks, happy hanging!' } });
    const detail = await getProductDetail(db, await buildListingIndex(db), productId, 'en');
    expect(detail?.reviews.items).toMatchObject([{ id: reviewId, title: 'Strong cord', reply: 'Thanks, happy hanging!' }]);
    // A second decision on the same review changes nothing.
    const again = await callRoute(reviews.action, { db, staff: editor, path: 'reviews', form: { intent: 'reject', reviewId, reason: 'Changed my mind' } });
    expect(again.status).toBe(409);
    const [row] = await db.select({ status: productReviews.status }).from(productReviews).where(eq(productReviews.id, reviewId));
    expect(row?.status).toBe('approved');
    const entries = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(reviewId)));
    expect(entries.map((entry) => [entry.action, entry.staffId])).toEqual([
      ['review.approve', editor.id],
      ['review.reply', editor.id],
    ]);
    expect(entries[1]).toMatchObject({ before: { reply: null }, after: { reply: 'Thanks, happy hanging!' } });
  });

  it('rejects only with a reason, keeping what was typed when it is too short', async () => {
    const { db } = database;
    const manager = await loggedIn(db, await createStaff(db, 'manager'));
    const { reviewId } = await createProductWithReview(db);
    const refused = await callRoute(reviews.action, { db, staff: manager, path: 'reviews', form: { intent: 'reject', reviewId, reason: 'no' } });
    expect(refused).toMatchObject({ status: 400, data: { ok: false, field: 'reason', value: 'no', error: { key: 'validation.tooShort' } } });
    expect((await listPendingReviews(db)).map((review) => review.id)).toContain(reviewId);
    await callRoute(reviews.action, { db, staff: manager, path: 'reviews', form: { intent: 'reject', reviewId, reason: 'Mentions a competitor' } });
    const [row] = await db.select().from(productReviews).where(eq(productReviews.id, reviewId));
    expect(row).toMatchObject({ status: 'rejected', rejectionReason: 'Mentions a competitor' });
  });

  it('keeps the command line working through the same function (audited without a staff member)', async () => {
    const { db } = database;
    const { reviewId } = await createProductWithReview(db);
    expect(await moderateReview(db, reviewId, 'approved')).toBe(true);
    expect(await moderateReview(db, reviewId, 'rejected')).toBe(false);
    const [entry] = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(reviewId)));
    expect(entry).toMatchObject({ action: 'review.approve', staffId: null });
  });
});
