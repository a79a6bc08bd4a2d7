import { and, asc, desc, eq, ne } from 'drizzle-orm';
import type { Database, Queryable } from '#app/db/client.server.ts';
import { customerAddresses, customers } from '#app/db/schema.ts';
import { retryingTransaction } from '#app/db/transaction.server.ts';
import type { AddressInput } from './address-form.ts';

export type CustomerAddress = typeof customerAddresses.$inferSelect;

/** Every query is scoped to the customer: an id from another account finds nothing. */
const ownAddress = (customerId: number, addressId: number) => and(eq(customerAddresses.id, addressId), eq(customerAddresses.customerId, customerId));

export function listAddresses(db: Database, customerId: number): Promise<CustomerAddress[]> {
  return db
    .select()
    .from(customerAddresses)
    .where(eq(customerAddresses.customerId, customerId))
    .orderBy(desc(customerAddresses.isDefaultShipping), desc(customerAddresses.isDefaultBilling), asc(customerAddresses.id));
}

export async function getAddress(db: Database, customerId: number, addressId: number): Promise<CustomerAddress | null> {
  const [address] = await db.select().from(customerAddresses).where(ownAddress(customerId, addressId));
  return address ?? null;
}

/**
 * Changes to one customer's addresses take turns (a double click on "Save", two tabs): each
 * locks the customer's row first, so they neither deadlock on the default flags of each other's
 * rows nor both decide to be the first, default address.
 */
async function lockAddressBook(tx: Queryable, customerId: number): Promise<void> {
  await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId)).for('update');
}

/**
 * Creates an address (addressId null) or changes one of the customer's own. The first address
 * becomes the default for both; a new default takes the flag from the previous one.
 */
export async function saveAddress(db: Database, customerId: number, addressId: number | null, input: AddressInput): Promise<CustomerAddress | null> {
  return retryingTransaction(db, async (tx) => {
    await lockAddressBook(tx, customerId);
    const existing = await tx.select({ id: customerAddresses.id }).from(customerAddresses).where(eq(customerAddresses.customerId, customerId));
    const isFirst = existing.length === 0 || (existing.length === 1 && existing[0]!.id === addressId);
    const values = {
      ...input,
      isDefaultBilling: input.isDefaultBilling || isFirst,
      isDefaultShipping: input.isDefaultShipping || isFirst,
    };
    const [saved] =
      addressId === null
        ? await tx
            .insert(customerAddresses)
            .values({ ...values, customerId })
            .returning()
        : await tx.update(customerAddresses).set(values).where(ownAddress(customerId, addressId)).returning();
    if (!saved) return null;
    const others = and(eq(customerAddresses.customerId, customerId), ne(customerAddresses.id, saved.id));
    if (values.isDefaultBilling) await tx.update(customerAddresses).set({ isDefaultBilling: false }).where(others);
    if (values.isDefaultShipping) await tx.update(customerAddresses).set({ isDefaultShipping: false }).where(others);
    return saved;
  });
}

/** Deletes one of the customer's addresses; a default role passes to the oldest remaining address. */
export async function deleteAddress(db: Database, customerId: number, addressId: number): Promise<boolean> {
  return retryingTransaction(db, async (tx) => {
    await lockAddressBook(tx, customerId);
    const [deleted] = await tx.delete(customerAddresses).where(ownAddress(customerId, addressId)).returning();
    if (!deleted) return false;
    const [next] = await tx
      .select({ id: customerAddresses.id })
      .from(customerAddresses)
      .where(eq(customerAddresses.customerId, customerId))
      .orderBy(asc(customerAddresses.id))
      .limit(1);
    if (next && deleted.isDefaultBilling) await tx.update(customerAddresses).set({ isDefaultBilling: true }).where(eq(customerAddresses.id, next.id));
    if (next && deleted.isDefaultShipping) await tx.update(customerAddresses).set({ isDefaultShipping: true }).where(eq(customerAddresses.id, next.id));
    return true;
  });
}
