import { basisPointsOf } from './rounding.ts';

export interface CouponRule {
  code: string;
  kind: 'percent' | 'fixed' | 'free_shipping';
  /** basis points for percent, EUR cents for fixed */
  value: number;
}

/**
 * What a coupon takes off goods already reduced by the volume discount (minor units of the order
 * currency): a percentage of them, or a fixed amount (set in EUR, converted) up to their value.
 * Free shipping takes nothing off the goods.
 */
export function couponDiscount(coupon: CouponRule | null, goodsAfterVolume: number, convertEur: (eurCents: number) => number): number {
  if (coupon?.kind === 'percent') return basisPointsOf(goodsAfterVolume, coupon.value);
  if (coupon?.kind === 'fixed') return Math.min(convertEur(coupon.value), goodsAfterVolume);
  return 0;
}

export const givesFreeShipping = (coupon: CouponRule | null) => coupon?.kind === 'free_shipping';
