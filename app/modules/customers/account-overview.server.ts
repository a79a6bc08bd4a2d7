import { and, count, eq } from 'drizzle-orm';
import type { Database } from '#app/db/client.server.ts';
import { customerAddresses, wishlistItems, wishlists } from '#app/db/schema.ts';
import { getPersonalData } from './personal-data.server.ts';

/** The account overview of the customer's own data: who, the default addresses, the wishlist size (the latest orders come from the orders module). */
export async function getAccountOverview(db: Database, customerId: number) {
  const [personal, defaults, [saved]] = await Promise.all([
    getPersonalData(db, customerId),
    db
      .select()
      .from(customerAddresses)
      .where(and(eq(customerAddresses.customerId, customerId))),
    db
      .select({ items: count() })
      .from(wishlistItems)
      .innerJoin(wishlists, eq(wishlists.id, wishlistItems.wishlistId))
      .where(eq(wishlists.customerId, customerId)),
  ]);
  return {
    personal,
    defaultShipping: defaults.find((address) => address.isDefaultShipping) ?? null,
    defaultBilling: defaults.find((address) => address.isDefaultBilling) ?? null,
    wishlistItemCount: saved?.items ?? 0,
  };
}
