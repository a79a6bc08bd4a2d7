import { and, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.server.ts';
import { cartItems, carts } from '../../db/schema.ts';
import { isCartId } from './cart-count.server.ts';

/**
 * At login the guest cart becomes the customer's: lines of the customer's older active cart are
 * added to it (same variant, length and sample: quantities add up) and that cart is closed.
 * Returns the id of the cart the customer continues with, or null when there is none.
 */
export async function mergeCartsAtLogin(db: Database, guestCartId: string | undefined, customerId: number): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [guest] = isCartId(guestCartId)
      ? await tx.select({ id: carts.id }).from(carts).where(and(eq(carts.id, guestCartId), eq(carts.status, 'active'), isNull(carts.customerId)))
      : [];
    const [previous] = await tx
      .select({ id: carts.id })
      .from(carts)
      .where(and(eq(carts.customerId, customerId), eq(carts.status, 'active'), guest ? ne(carts.id, guest.id) : undefined))
      .orderBy(desc(carts.updatedAt))
      .limit(1);
    if (!guest) return previous?.id ?? null;
    await tx.update(carts).set({ customerId, updatedAt: sql`now()` }).where(eq(carts.id, guest.id));
    if (!previous) return guest.id;
    const [guestLines, previousLines] = await Promise.all([
      tx.select().from(cartItems).where(eq(cartItems.cartId, guest.id)),
      tx.select().from(cartItems).where(eq(cartItems.cartId, previous.id)),
    ]);
    for (const line of previousLines) {
      const same = guestLines.find((candidate) => candidate.variantId === line.variantId && candidate.lengthCm === line.lengthCm && candidate.isSample === line.isSample);
      if (same && line.isSample) continue;
      if (same) await tx.update(cartItems).set({ quantity: sql`${cartItems.quantity} + ${line.quantity}` }).where(eq(cartItems.id, same.id));
      else await tx.update(cartItems).set({ cartId: guest.id }).where(eq(cartItems.id, line.id));
    }
    await tx.update(carts).set({ status: 'abandoned', updatedAt: sql`now()` }).where(eq(carts.id, previous.id));
    return guest.id;
  });
}
