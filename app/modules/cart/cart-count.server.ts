import { and, eq, sum } from 'drizzle-orm';
import type { Database } from '../../db/client.server.ts';
import { cartItems, carts, productVariants } from '../../db/schema.ts';
import type { PersonalInput } from '../http/personal-inputs.ts';

/** The cookie holding a visitor's cart id. */
export const cartCookie = 'cart';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isCartId = (value: string | undefined): value is string => value !== undefined && uuidPattern.test(value);

/** Number of items (sum of quantities) in the visitor's active cart; 0 without one. */
export async function countCartItems(db: Database, cartId: string | undefined): Promise<number> {
  if (!isCartId(cartId)) return 0;
  const [row] = await db
    .select({ items: sum(cartItems.quantity).mapWith(Number) })
    .from(cartItems)
    .innerJoin(carts, eq(carts.id, cartItems.cartId))
    .where(and(eq(carts.id, cartId), eq(carts.status, 'active')));
  return row?.items ?? 0;
}

/** What of one product is in the visitor's cart, to mark it on the product page (spec §4). */
export async function productInCart(db: Database, cartId: string | undefined, productId: number): Promise<{ quantity: number; sample: boolean }> {
  if (!isCartId(cartId)) return { quantity: 0, sample: false };
  const rows = await db
    .select({ quantity: cartItems.quantity, isSample: cartItems.isSample })
    .from(cartItems)
    .innerJoin(carts, eq(carts.id, cartItems.cartId))
    .innerJoin(productVariants, eq(productVariants.id, cartItems.variantId))
    .where(and(eq(carts.id, cartId), eq(carts.status, 'active'), eq(productVariants.productId, productId)));
  return { quantity: rows.filter((row) => !row.isSample).reduce((sum, row) => sum + row.quantity, 0), sample: rows.some((row) => row.isSample) };
}

/** True when the cart belongs to a customer account (it must not outlive their login in this browser). */
export async function isCustomerCart(db: Database, cartId: string | undefined): Promise<boolean> {
  if (!isCartId(cartId)) return false;
  const [row] = await db.select({ customerId: carts.customerId }).from(carts).where(eq(carts.id, cartId));
  return row?.customerId != null;
}

/** The header's cart count, as a personal input of shared pages (decision 0020). */
export const cartItemCountInput: PersonalInput<number> = { key: 'cart-items', read: (db, shopper) => countCartItems(db, shopper.cartId) };

/** What of a product is in the cart, as a personal input of its shared page. */
export const inCartInput = (productId: number): PersonalInput<{ quantity: number; sample: boolean }> => ({
  key: `in-cart:${productId}`,
  read: (db, shopper) => productInCart(db, shopper.cartId, productId),
});
