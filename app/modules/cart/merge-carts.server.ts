import { and, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '#app/db/client.server.ts';
import { retryingTransaction } from '#app/db/transaction.server.ts';
import { cartItems, carts, productVariants } from '#app/db/schema.ts';
import { isCartId } from './cart-count.server.ts';
import { maxSamplesPerOrder } from './store-rules.ts';

/**
 * At login the guest cart becomes the customer's: lines of the customer's older active cart are
 * added to it (same variant, length and sample: quantities add up) and that cart is closed.
 * Returns the id of the cart the customer continues with, or null when there is none.
 */
export async function mergeCartsAtLogin(db: Database, guestCartId: string | undefined, customerId: number): Promise<string | null> {
  return retryingTransaction(db, async (tx) => {
    const [guest] = isCartId(guestCartId)
      ? await tx
          .select({ id: carts.id })
          .from(carts)
          .where(and(eq(carts.id, guestCartId), eq(carts.status, 'active'), isNull(carts.customerId)))
      : [];
    const [previous] = await tx
      .select({ id: carts.id })
      .from(carts)
      .where(and(eq(carts.customerId, customerId), eq(carts.status, 'active'), guest ? ne(carts.id, guest.id) : undefined))
      .orderBy(desc(carts.updatedAt))
      .limit(1);
    if (!guest) return previous?.id ?? null;
    await tx
      .update(carts)
      .set({ customerId, updatedAt: sql`now()` })
      .where(eq(carts.id, guest.id));
    if (!previous) return guest.id;
    const linesOf = (cartId: string) =>
      tx
        .select({ line: cartItems, productId: productVariants.productId })
        .from(cartItems)
        .innerJoin(productVariants, eq(productVariants.id, cartItems.variantId))
        .where(eq(cartItems.cartId, cartId));
    const guestLines = await linesOf(guest.id);
    const previousLines = await linesOf(previous.id);
    // The sample rules hold for the merged cart: one per product, at most the order's limit.
    const sampledProducts = new Set(guestLines.filter(({ line }) => line.isSample).map(({ productId }) => productId));
    for (const { line, productId } of previousLines) {
      if (line.isSample) {
        if (sampledProducts.has(productId) || sampledProducts.size >= maxSamplesPerOrder) continue;
        sampledProducts.add(productId);
        await tx.update(cartItems).set({ cartId: guest.id }).where(eq(cartItems.id, line.id));
        continue;
      }
      const same = guestLines.find(
        ({ line: candidate }) => !candidate.isSample && candidate.variantId === line.variantId && candidate.lengthCm === line.lengthCm,
      );
      if (same)
        await tx
          .update(cartItems)
          .set({ quantity: sql`${cartItems.quantity} + ${line.quantity}` })
          .where(eq(cartItems.id, same.line.id));
      else await tx.update(cartItems).set({ cartId: guest.id }).where(eq(cartItems.id, line.id));
    }
    await tx
      .update(carts)
      .set({ status: 'abandoned', updatedAt: sql`now()` })
      .where(eq(carts.id, previous.id));
    return guest.id;
  });
}
