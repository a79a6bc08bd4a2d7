import { eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '#app/db/client.server.ts';
import { retryingTransaction } from '#app/db/transaction.server.ts';
import {
  carts,
  customerAddresses,
  customers,
  orderItems,
  orders,
  passwordResetTokens,
  productReviews,
  sessions,
  stockAlertSubscriptions,
  wishlistItems,
  wishlists,
} from '#app/db/schema.ts';
import { checkCurrentPassword, type CurrentPasswordCheck } from './current-password.server.ts';

/** Everything the shop keeps about a customer, as one JSON document (GDPR art. 15 and 20). */
export async function exportCustomerData(db: Database, customerId: number) {
  const [customer] = await db
    .select({
      email: customers.email,
      firstName: customers.firstName,
      lastName: customers.lastName,
      companyName: customers.companyName,
      vatNumber: customers.vatNumber,
      isBusiness: customers.isBusiness,
      newsletterSubscribed: customers.newsletterSubscribed,
      locale: customers.locale,
      createdAt: customers.createdAt,
      updatedAt: customers.updatedAt,
    })
    .from(customers)
    .where(eq(customers.id, customerId));
  if (!customer) throw new Error(`customer ${customerId} not found`);
  const [addresses, orderRows, reviews, lists, alerts] = await Promise.all([
    db.select().from(customerAddresses).where(eq(customerAddresses.customerId, customerId)),
    db.select().from(orders).where(eq(orders.customerId, customerId)),
    db
      .select({
        productId: productReviews.productId,
        rating: productReviews.rating,
        title: productReviews.title,
        body: productReviews.body,
        status: productReviews.status,
        createdAt: productReviews.createdAt,
      })
      .from(productReviews)
      .where(eq(productReviews.customerId, customerId)),
    db
      .select({ id: wishlists.id, name: wishlists.name, isDefault: wishlists.isDefault, createdAt: wishlists.createdAt })
      .from(wishlists)
      .where(eq(wishlists.customerId, customerId)),
    db
      .select({ productId: stockAlertSubscriptions.productId, createdAt: stockAlertSubscriptions.createdAt })
      .from(stockAlertSubscriptions)
      .where(eq(sql`lower(${stockAlertSubscriptions.email})`, customer.email.toLowerCase())),
  ]);
  const items = orderRows.length
    ? await db
        .select()
        .from(orderItems)
        .where(
          inArray(
            orderItems.orderId,
            orderRows.map((order) => order.id),
          ),
        )
    : [];
  const listItems = lists.length
    ? await db
        .select()
        .from(wishlistItems)
        .where(
          inArray(
            wishlistItems.wishlistId,
            lists.map((list) => list.id),
          ),
        )
    : [];
  const strip = <T extends { id: number; customerId: number | null }>({ id: _id, customerId: _customer, ...rest }: T) => rest;
  return {
    exportedAt: new Date().toISOString(),
    customer,
    addresses: addresses.map(strip),
    orders: orderRows.map(({ idempotencyKey: _key, ...order }) => ({
      ...strip(order),
      items: items.filter((item) => item.orderId === order.id).map(({ id: _id, orderId: _order, ...item }) => item),
    })),
    reviews,
    wishlists: lists.map(({ id, ...list }) => ({
      ...list,
      items: listItems.filter((item) => item.wishlistId === id).map(({ productId, variantId, addedAt }) => ({ productId, variantId, addedAt })),
    })),
    backInStockAlerts: alerts,
  };
}

/**
 * Deletes an account after checking the password. Orders stay, because bookkeeping law keeps
 * invoices for years, but the account itself is anonymised: no name, e-mail, password,
 * addresses, sessions, wishlists, reviews or alerts remain.
 */
export async function deleteAccount(db: Database, customerId: number, password: string): Promise<CurrentPasswordCheck> {
  const [customer] = await db.select({ email: customers.email, passwordHash: customers.passwordHash }).from(customers).where(eq(customers.id, customerId));
  if (!customer) return 'wrong';
  const check = await checkCurrentPassword(db, customerId, customer.passwordHash, password);
  if (check !== 'ok') return check;
  await anonymiseCustomer(db, customerId, customer.email);
  return 'ok';
}

/**
 * What deleting an account does, after the customer's password (privacy page) or a staff
 * member's decision (admin): everything personal goes, the orders stay with an anonymous account.
 */
export async function anonymiseCustomer(db: Database, customerId: number, email: string): Promise<void> {
  await retryingTransaction(db, async (tx) => {
    await tx.delete(stockAlertSubscriptions).where(eq(sql`lower(${stockAlertSubscriptions.email})`, email.toLowerCase()));
    await tx.delete(productReviews).where(eq(productReviews.customerId, customerId));
    // Carts too: their checkout details hold addresses, e-mail and VAT number.
    for (const table of [customerAddresses, sessions, passwordResetTokens, wishlists, carts]) await tx.delete(table).where(eq(table.customerId, customerId));
    await tx
      .update(customers)
      .set({
        email: `deleted-${customerId}@anonymised.invalid`,
        passwordHash: null,
        firstName: '',
        lastName: '',
        companyName: null,
        vatNumber: null,
        newsletterSubscribed: false,
        pendingEmail: null,
        pendingEmailRequestedAt: null,
        anonymisedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(eq(customers.id, customerId));
  });
}
