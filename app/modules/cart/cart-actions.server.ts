import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '#app/db/client.server.ts';
import { cartItems, carts, productVariants } from '#app/db/schema.ts';
import type { LocaleCode } from '#app/modules/i18n/locales.ts';
import { goodsEurCents } from '#app/modules/pricing/cart-totals.ts';
import { type Cart, loadCart, variantNeed } from './cart.server.ts';
import { type CouponCheck, checkCoupon, couponMessages } from './coupons.server.ts';
import type { CartChangeInput } from './cart-forms.ts';
import { overStockShare } from './add-to-cart.server.ts';
import type { BusinessRules } from '#app/modules/config/business-rules.ts';

/** What the cart page said after a change (a message key each on the page). */
export type CartNotice = 'updated' | 'removed' | 'coupon-applied' | 'coupon-removed';
type CouponRefusal = Exclude<CouponCheck, { ok: true }>['reason'];
export type CartChange =
  | { ok: true; notice: CartNotice }
  | { ok: false; reason: 'empty' | 'line-not-found' | 'over-stock' | 'stock-share' }
  | { ok: false; reason: 'coupon'; coupon: CouponRefusal };

/** Message keys for a refused change. */
export function cartChangeMessage(refusal: Exclude<CartChange, { ok: true }>): string {
  if (refusal.reason === 'coupon') return couponMessages[refusal.coupon];
  return { empty: 'cart.empty', 'line-not-found': 'errors.general', 'over-stock': 'errors.quantity', 'stock-share': 'businessRisks.stockShare' }[
    refusal.reason
  ];
}

/** Changes the quantity of one line of this cart (0 removes it), within the stock. */
async function setQuantity(
  db: Database,
  cart: Cart,
  lineId: number,
  quantity: number,
  customerId: number | null,
  rules: BusinessRules | undefined,
): Promise<CartChange> {
  const line = cart.lines.find((candidate) => candidate.id === lineId);
  if (!line) return { ok: false, reason: 'line-not-found' };
  if (quantity === 0) {
    await db.delete(cartItems).where(and(eq(cartItems.id, lineId), eq(cartItems.cartId, cart.id)));
    return { ok: true, notice: 'removed' };
  }
  // A sample is one; a gift card is one card per line (each has its own recipient).
  if (line.isSample || line.giftCard) return { ok: true, notice: 'updated' };
  const [variant] = await db.select({ stock: productVariants.stockQuantity }).from(productVariants).where(eq(productVariants.id, line.variantId));
  // The variant's other lines (pieces of other lengths) count too.
  const need = variantNeed([...cart.lines.filter((other) => other.id !== line.id), { ...line, quantity }], line.variantId);
  if (need > (variant?.stock ?? 0)) return { ok: false, reason: 'over-stock' };
  if (await overStockShare(db, need, variant!.stock, customerId, rules)) return { ok: false, reason: 'stock-share' };
  await db
    .update(cartItems)
    .set({ quantity })
    .where(and(eq(cartItems.id, lineId), eq(cartItems.cartId, cart.id)));
  return { ok: true, notice: 'updated' };
}

/**
 * The cart page's changes: quantity, remove, coupon (parsed with `cartChangeSchema`). Lines are
 * looked up in the visitor's own cart, so a line id of another cart changes nothing.
 */
export async function changeCart(
  db: Database,
  cartId: string | undefined,
  customerId: number | null,
  locale: LocaleCode,
  change: CartChangeInput,
  rules?: BusinessRules,
): Promise<CartChange> {
  const { cart } = await loadCart(db, cartId, customerId, locale);
  if (!cart) return { ok: false, reason: 'empty' };
  switch (change.intent) {
    case 'update':
    case 'remove':
      return setQuantity(db, cart, change.lineId, change.intent === 'remove' ? 0 : change.quantity, customerId, rules);
    case 'apply-coupon': {
      const check = await checkCoupon(db, change.couponCode, goodsEurCents(cart.lines), null);
      if (!check.ok) return { ok: false, reason: 'coupon', coupon: check.reason };
      await db
        .update(carts)
        .set({ couponCode: check.coupon.code, updatedAt: sql`now()` })
        .where(eq(carts.id, cart.id));
      return { ok: true, notice: 'coupon-applied' };
    }
    case 'remove-coupon':
      await db
        .update(carts)
        .set({ couponCode: null, updatedAt: sql`now()` })
        .where(eq(carts.id, cart.id));
      return { ok: true, notice: 'coupon-removed' };
  }
}
