import { and, eq } from 'drizzle-orm';
import type { Database } from '#app/db/client.server.ts';
import { cartItems, carts, productVariants } from '#app/db/schema.ts';
import type { PersonalInput, Shopper } from '#app/modules/page-cache/personal-inputs.ts';

/** The cookie holding a visitor's cart id. */
export const cartCookie = 'cart';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isCartId = (value: string | undefined): value is string => value !== undefined && uuidPattern.test(value);

/** The lines of the visitor's active cart, as the header and product pages need them. */
interface CartContentLine {
  productId: number;
  quantity: number;
  isSample: boolean;
}

async function readCartContents(db: Database, cartId: string | undefined): Promise<CartContentLine[]> {
  if (!isCartId(cartId)) return [];
  return db
    .select({ productId: productVariants.productId, quantity: cartItems.quantity, isSample: cartItems.isSample })
    .from(cartItems)
    .innerJoin(carts, eq(carts.id, cartItems.cartId))
    .innerJoin(productVariants, eq(productVariants.id, cartItems.variantId))
    .where(and(eq(carts.id, cartId), eq(carts.status, 'active')));
}

/** One read of the cart per request, however many personal inputs of a page need it. */
const contentsByShopper = new WeakMap<Shopper, Promise<CartContentLine[]>>();
function cartContents(db: Database, shopper: Shopper): Promise<CartContentLine[]> {
  let contents = contentsByShopper.get(shopper);
  if (!contents) contentsByShopper.set(shopper, (contents = readCartContents(db, shopper.cartId)));
  return contents;
}

/** True when the cart belongs to a customer account (it must not outlive their login in this browser). */
export async function isCustomerCart(db: Database, cartId: string | undefined): Promise<boolean> {
  if (!isCartId(cartId)) return false;
  const [row] = await db.select({ customerId: carts.customerId }).from(carts).where(eq(carts.id, cartId));
  return row?.customerId != null;
}

/** The header's cart count (items, samples too), as a personal input of shared pages (decision 0020). */
export const cartItemCountInput: PersonalInput<number> = {
  key: 'cart-items',
  read: async (db, shopper) => (await cartContents(db, shopper)).reduce((sum, line) => sum + line.quantity, 0),
};

/** What of a product is in the cart, to mark it on its page (spec §4), as a personal input. */
export const inCartInput = (productId: number): PersonalInput<{ quantity: number; sample: boolean }> => ({
  key: `in-cart:${productId}`,
  read: async (db, shopper) => {
    const lines = (await cartContents(db, shopper)).filter((line) => line.productId === productId);
    return { quantity: lines.filter((line) => !line.isSample).reduce((sum, line) => sum + line.quantity, 0), sample: lines.some((line) => line.isSample) };
  },
});
