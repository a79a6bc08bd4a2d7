import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.server.ts';
import { cartItems, carts, productVariants } from '../../db/schema.ts';
import type { FieldError } from '../forms/field-errors.ts';
import type { LocaleCode } from '../i18n/locales.ts';
import { goodsEurCents } from '../pricing/cart-totals.ts';
import { type Cart, loadCart, variantNeed } from './cart.server.ts';
import { checkCoupon, couponMessages } from './coupons.server.ts';
import { recordId } from '../forms/record-id.ts';
import { overStockShare } from './add-to-cart.server.ts';
import type { BusinessRules } from '../orders/business-rules.ts';

export type CartChange = { ok: true; notice: string } | { ok: false; error: FieldError; status: 400 | 404 };


/** Changes the quantity of one line of this cart (0 removes it), within the stock. */
async function setQuantity(db: Database, cart: Cart, lineId: number, quantity: number, customerId: number | null, rules: BusinessRules | undefined): Promise<CartChange> {
  const line = cart.lines.find((candidate) => candidate.id === lineId);
  if (!line) return { ok: false, error: { key: 'errors.general' }, status: 404 };
  if (quantity === 0) {
    await db.delete(cartItems).where(and(eq(cartItems.id, lineId), eq(cartItems.cartId, cart.id)));
    return { ok: true, notice: 'removed' };
  }
  // A sample is one; a gift card is one card per line (each has its own recipient).
  if (line.isSample || line.giftCard) return { ok: true, notice: 'updated' };
  const [variant] = await db.select({ stock: productVariants.stockQuantity }).from(productVariants).where(eq(productVariants.id, line.variantId));
  // The variant's other lines (pieces of other lengths) count too.
  const need = variantNeed([...cart.lines.filter((other) => other.id !== line.id), { ...line, quantity }], line.variantId);
  if (need > (variant?.stock ?? 0)) return { ok: false, error: { key: 'errors.quantity' }, status: 400 };
  if (await overStockShare(db, need, variant!.stock, customerId, rules)) return { ok: false, error: { key: 'businessRisks.stockShare' }, status: 400 };
  await db.update(cartItems).set({ quantity }).where(and(eq(cartItems.id, lineId), eq(cartItems.cartId, cart.id)));
  return { ok: true, notice: 'updated' };
}

/**
 * The cart page's form intents: quantity, remove, coupon. Lines are looked up in the visitor's
 * own cart, so a line id of another cart changes nothing.
 */
export async function changeCart(db: Database, cartId: string | undefined, customerId: number | null, locale: LocaleCode, form: FormData, rules?: BusinessRules): Promise<CartChange> {
  const { cart } = await loadCart(db, cartId, customerId, locale);
  if (!cart) return { ok: false, error: { key: 'cart.empty' }, status: 400 };
  const intent = form.get('intent');
  if (intent === 'update' || intent === 'remove') {
    const lineId = recordId(form.get('lineId'));
    const quantity = intent === 'remove' ? 0 : Number(form.get('quantity'));
    if (lineId === null || !Number.isInteger(quantity) || quantity < 0 || quantity > 9_999) return { ok: false, error: { key: 'cart.quantityInvalid' }, status: 400 };
    return setQuantity(db, cart, lineId, quantity, customerId, rules);
  }
  if (intent === 'apply-coupon') {
    const code = String(form.get('couponCode') ?? '').trim();
    if (!code) return { ok: false, error: { key: 'validation.required' }, status: 400 };
    const check = await checkCoupon(db, code, goodsEurCents(cart.lines), null);
    if (!check.ok) return { ok: false, error: { key: couponMessages[check.reason] }, status: 400 };
    await db.update(carts).set({ couponCode: check.coupon.code, updatedAt: sql`now()` }).where(eq(carts.id, cart.id));
    return { ok: true, notice: 'coupon-applied' };
  }
  if (intent === 'remove-coupon') {
    await db.update(carts).set({ couponCode: null, updatedAt: sql`now()` }).where(eq(carts.id, cart.id));
    return { ok: true, notice: 'coupon-removed' };
  }
  return { ok: false, error: { key: 'errors.general' }, status: 400 };
}
