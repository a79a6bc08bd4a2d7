import { and, count, eq, sql } from 'drizzle-orm';
import type { Queryable } from '#app/db/client.server.ts';
import { couponRedemptions, coupons } from '#app/db/schema.ts';
import type { CouponRule } from '#app/modules/pricing/coupons.ts';

export type CouponCheck = { ok: true; coupon: CouponRule & { id: number } } | { ok: false; reason: 'unknown' | 'expired' | 'min-subtotal' | 'used-up' };

/** Message keys for a refused coupon. */
export const couponMessages: Record<Exclude<CouponCheck, { ok: true }>['reason'], string> = {
  unknown: 'cart.couponUnknown',
  expired: 'cart.couponExpired',
  'min-subtotal': 'cart.couponMinimum',
  'used-up': 'cart.couponUsedUp',
};

/**
 * Whether a code can be used now for a goods value (EUR cents) and, when known, an e-mail
 * address (per-customer limit). Checked when applied and again inside the order transaction.
 */
export async function checkCoupon(db: Queryable, code: string, subtotalEurCents: number, email: string | null): Promise<CouponCheck> {
  const [coupon] = await db
    .select()
    .from(coupons)
    .where(and(eq(sql`lower(${coupons.code})`, code.trim().toLowerCase()), eq(coupons.isActive, true)));
  if (!coupon) return { ok: false, reason: 'unknown' };
  const now = Date.now();
  if ((coupon.startsAt && coupon.startsAt.getTime() > now) || (coupon.endsAt && coupon.endsAt.getTime() <= now)) return { ok: false, reason: 'expired' };
  if (subtotalEurCents < coupon.minSubtotalEurCents) return { ok: false, reason: 'min-subtotal' };
  if (coupon.usageLimit !== null && coupon.timesUsed >= coupon.usageLimit) return { ok: false, reason: 'used-up' };
  if (email && coupon.perCustomerLimit !== null) {
    const [used] = await db
      .select({ times: count() })
      .from(couponRedemptions)
      .where(and(eq(couponRedemptions.couponId, coupon.id), eq(sql`lower(${couponRedemptions.email})`, email.toLowerCase())));
    if ((used?.times ?? 0) >= coupon.perCustomerLimit) return { ok: false, reason: 'used-up' };
  }
  return { ok: true, coupon: { id: coupon.id, code: coupon.code, kind: coupon.kind, value: coupon.value } };
}

/**
 * Counts one use inside the order transaction. The conditional update takes the coupon's row
 * lock, so concurrent orders can never use a code more often than its limits allow.
 */
export async function redeemCoupon(tx: Queryable, couponId: number, orderId: number, email: string): Promise<boolean> {
  const [claimed] = await tx
    .update(coupons)
    .set({ timesUsed: sql`${coupons.timesUsed} + 1` })
    .where(and(eq(coupons.id, couponId), sql`(${coupons.usageLimit} is null or ${coupons.timesUsed} < ${coupons.usageLimit})`))
    .returning({ perCustomerLimit: coupons.perCustomerLimit });
  if (!claimed) return false;
  if (claimed.perCustomerLimit !== null) {
    const [used] = await tx
      .select({ times: count() })
      .from(couponRedemptions)
      .where(and(eq(couponRedemptions.couponId, couponId), eq(sql`lower(${couponRedemptions.email})`, email.toLowerCase())));
    if ((used?.times ?? 0) >= claimed.perCustomerLimit) return false;
  }
  await tx.insert(couponRedemptions).values({ couponId, orderId, email });
  return true;
}
