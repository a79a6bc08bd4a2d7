import { and, count, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.server.ts';
import { customerAddresses, wishlistItems, wishlists } from '../../db/schema.ts';
import { listCustomerOrders } from '../orders/customer-orders.server.ts';
import { getPersonalData } from './personal-data.server.ts';

/** The account overview: who, the default addresses, the latest orders, the wishlist size. */
export async function getAccountOverview(db: Database, customerId: number) {
  const [personal, defaults, orders, [saved]] = await Promise.all([
    getPersonalData(db, customerId),
    db.select().from(customerAddresses).where(and(eq(customerAddresses.customerId, customerId))),
    listCustomerOrders(db, customerId, { pageSize: 3 }),
    db.select({ items: count() }).from(wishlistItems).innerJoin(wishlists, eq(wishlists.id, wishlistItems.wishlistId)).where(eq(wishlists.customerId, customerId)),
  ]);
  return {
    personal,
    defaultShipping: defaults.find((address) => address.isDefaultShipping) ?? null,
    defaultBilling: defaults.find((address) => address.isDefaultBilling) ?? null,
    recentOrders: orders.orders,
    orderCount: orders.window.total,
    wishlistItemCount: saved?.items ?? 0,
  };
}
