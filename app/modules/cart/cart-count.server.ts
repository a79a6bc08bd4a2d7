import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.server.ts';
import { carts } from '../../db/schema.ts';

/** The cookie holding a visitor's cart id. */
export const cartCookie = 'cart';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isCartId = (value: string | undefined): value is string => value !== undefined && uuidPattern.test(value);

/** True when the cart belongs to a customer account (it must not outlive their login in this browser). */
export async function isCustomerCart(db: Database, cartId: string | undefined): Promise<boolean> {
  if (!isCartId(cartId)) return false;
  const [row] = await db.select({ customerId: carts.customerId }).from(carts).where(eq(carts.id, cartId));
  return row?.customerId != null;
}
