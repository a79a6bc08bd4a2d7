import { and, eq, sum } from 'drizzle-orm';
import type { Database } from '../../db/client.server.ts';
import { cartItems, carts } from '../../db/schema.ts';

/** The cookie holding a visitor's cart id. */
export const cartCookie = 'cart';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Number of items (sum of quantities) in the visitor's active cart; 0 without one. */
export async function countCartItems(db: Database, cartId: string | undefined): Promise<number> {
  if (!cartId || !uuidPattern.test(cartId)) return 0;
  const [row] = await db
    .select({ items: sum(cartItems.quantity).mapWith(Number) })
    .from(cartItems)
    .innerJoin(carts, eq(carts.id, cartItems.cartId))
    .where(and(eq(carts.id, cartId), eq(carts.status, 'active')));
  return row?.items ?? 0;
}
