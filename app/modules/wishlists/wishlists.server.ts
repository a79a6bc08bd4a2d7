import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Database, Queryable } from '#app/db/client.server.ts';
import { retryingTransaction } from '#app/db/transaction.server.ts';
import { isUniqueViolation } from '#app/db/errors.ts';
import { customers, productVariants, wishlistItems, wishlists } from '#app/db/schema.ts';
import type { PersonalInput } from '#app/modules/page-cache/personal-inputs.ts';

export interface WishlistItemRow {
  id: number;
  productId: number;
  variantId: number | null;
  variantSku: string | null;
  variantPriceCents: number | null;
  variantInStock: boolean | null;
  addedAt: Date;
}

export interface Wishlist {
  id: number;
  name: string;
  isDefault: boolean;
  items: WishlistItemRow[];
}

/** Duplicate names give the spec's wishlist creation message. */
export type WishlistChange = { ok: true; id: number } | { ok: false; reason: 'duplicate-name' | 'not-found' };

const ownList = (customerId: number, wishlistId: number) => and(eq(wishlists.id, wishlistId), eq(wishlists.customerId, customerId));

/** The customer's lists without their items, the default one first (the list choice of the wishlist button). */
export function wishlistChoices(db: Database, customerId: number): Promise<Omit<Wishlist, 'items'>[]> {
  return db
    .select({ id: wishlists.id, name: wishlists.name, isDefault: wishlists.isDefault })
    .from(wishlists)
    .where(eq(wishlists.customerId, customerId))
    .orderBy(desc(wishlists.isDefault), asc(wishlists.id));
}

/** The customer's lists, the default one first, each with its items (newest first). */
export async function getWishlists(db: Database, customerId: number): Promise<Wishlist[]> {
  const lists = await wishlistChoices(db, customerId);
  if (lists.length === 0) return [];
  const items = await db
    .select({
      id: wishlistItems.id,
      wishlistId: wishlistItems.wishlistId,
      productId: wishlistItems.productId,
      variantId: wishlistItems.variantId,
      variantSku: productVariants.sku,
      variantPriceCents: productVariants.priceCents,
      variantInStock: sql<boolean | null>`${productVariants.stockQuantity} > 0`,
      addedAt: wishlistItems.addedAt,
    })
    .from(wishlistItems)
    .innerJoin(wishlists, eq(wishlists.id, wishlistItems.wishlistId))
    .leftJoin(productVariants, eq(productVariants.id, wishlistItems.variantId))
    .where(eq(wishlists.customerId, customerId))
    .orderBy(desc(wishlistItems.addedAt), desc(wishlistItems.id));
  return lists.map((list) => ({ ...list, items: items.filter((item) => item.wishlistId === list.id).map(({ wishlistId: _list, ...item }) => item) }));
}

export async function createWishlist(db: Database, customerId: number, name: string): Promise<WishlistChange> {
  try {
    const [hasDefault] = await db
      .select({ id: wishlists.id })
      .from(wishlists)
      .where(and(eq(wishlists.customerId, customerId), eq(wishlists.isDefault, true)));
    const [created] = await db.insert(wishlists).values({ customerId, name, isDefault: !hasDefault }).returning({ id: wishlists.id });
    return { ok: true, id: created!.id };
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: 'duplicate-name' };
    throw error;
  }
}

export async function renameWishlist(db: Database, customerId: number, wishlistId: number, name: string): Promise<WishlistChange> {
  try {
    const [renamed] = await db.update(wishlists).set({ name }).where(ownList(customerId, wishlistId)).returning({ id: wishlists.id });
    return renamed ? { ok: true, id: renamed.id } : { ok: false, reason: 'not-found' };
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: 'duplicate-name' };
    throw error;
  }
}

export async function setDefaultWishlist(db: Database, customerId: number, wishlistId: number): Promise<boolean> {
  return retryingTransaction(db, async (tx) => {
    const [list] = await tx.select({ id: wishlists.id }).from(wishlists).where(ownList(customerId, wishlistId));
    if (!list) return false;
    await tx
      .update(wishlists)
      .set({ isDefault: sql`${wishlists.id} = ${wishlistId}` })
      .where(eq(wishlists.customerId, customerId));
    return true;
  });
}

/** Deletes a list with its items; when it was the default, the oldest remaining list takes over. */
export async function deleteWishlist(db: Database, customerId: number, wishlistId: number): Promise<boolean> {
  return retryingTransaction(db, async (tx) => {
    const [deleted] = await tx.delete(wishlists).where(ownList(customerId, wishlistId)).returning({ isDefault: wishlists.isDefault });
    if (!deleted) return false;
    if (deleted.isDefault) {
      const [next] = await tx.select({ id: wishlists.id }).from(wishlists).where(eq(wishlists.customerId, customerId)).orderBy(asc(wishlists.id)).limit(1);
      if (next) await tx.update(wishlists).set({ isDefault: true }).where(eq(wishlists.id, next.id));
    }
    return true;
  });
}

/**
 * Adds a product (or one variant of it) to one of the customer's lists, or to the default list,
 * which is created (with the given name) when the customer has none. Adding twice keeps one entry.
 */
export async function addToWishlist(
  db: Database,
  customerId: number,
  item: { productId: number; variantId: number | null; wishlistId: number | null },
  defaultListName: string,
): Promise<{ ok: true; wishlistId: number; wishlistName: string } | { ok: false }> {
  if (item.variantId !== null) {
    const [variant] = await db
      .select({ id: productVariants.id })
      .from(productVariants)
      .where(and(eq(productVariants.id, item.variantId), eq(productVariants.productId, item.productId)));
    if (!variant) return { ok: false };
  }
  return retryingTransaction(db, async (tx) => {
    // One save at a time per customer: two quick clicks must not both create the default list.
    await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId)).for('update');
    let [list] = await tx
      .select({ id: wishlists.id, name: wishlists.name })
      .from(wishlists)
      .where(item.wishlistId !== null ? ownList(customerId, item.wishlistId) : and(eq(wishlists.customerId, customerId), eq(wishlists.isDefault, true)));
    if (!list && item.wishlistId !== null) return { ok: false as const };
    if (!list) {
      // No default list yet: a list with the default name becomes it, else one is created.
      const [named] = await tx
        .select({ id: wishlists.id, name: wishlists.name })
        .from(wishlists)
        .where(and(eq(wishlists.customerId, customerId), eq(sql`lower(${wishlists.name})`, defaultListName.toLowerCase())));
      if (named) await tx.update(wishlists).set({ isDefault: true }).where(eq(wishlists.id, named.id));
      list =
        named ??
        (await tx.insert(wishlists).values({ customerId, name: defaultListName, isDefault: true }).returning({ id: wishlists.id, name: wishlists.name }))[0]!;
    }
    await tx.insert(wishlistItems).values({ wishlistId: list.id, productId: item.productId, variantId: item.variantId }).onConflictDoNothing();
    return { ok: true as const, wishlistId: list.id, wishlistName: list.name };
  });
}

/** The customer's own item, or null: every item action checks ownership through its list. */
async function ownItem(db: Queryable, customerId: number, itemId: number) {
  const [item] = await db
    .select({ id: wishlistItems.id, wishlistId: wishlistItems.wishlistId, productId: wishlistItems.productId, variantId: wishlistItems.variantId })
    .from(wishlistItems)
    .innerJoin(wishlists, eq(wishlists.id, wishlistItems.wishlistId))
    .where(and(eq(wishlistItems.id, itemId), eq(wishlists.customerId, customerId)));
  return item ?? null;
}

export async function removeWishlistItem(db: Database, customerId: number, itemId: number): Promise<boolean> {
  const item = await ownItem(db, customerId, itemId);
  if (!item) return false;
  await db.delete(wishlistItems).where(eq(wishlistItems.id, item.id));
  return true;
}

/** Moves an item to another of the customer's lists (if it is already there, the copy goes). */
export async function moveWishlistItem(db: Database, customerId: number, itemId: number, targetWishlistId: number): Promise<boolean> {
  return retryingTransaction(db, async (tx) => {
    const item = await ownItem(tx, customerId, itemId);
    const [target] = await tx.select({ id: wishlists.id }).from(wishlists).where(ownList(customerId, targetWishlistId));
    if (!item || !target) return false;
    if (item.wishlistId === target.id) return true;
    await tx.insert(wishlistItems).values({ wishlistId: target.id, productId: item.productId, variantId: item.variantId }).onConflictDoNothing();
    await tx.delete(wishlistItems).where(eq(wishlistItems.id, item.id));
    return true;
  });
}

export async function getWishlistItem(db: Database, customerId: number, itemId: number) {
  return ownItem(db, customerId, itemId);
}

/**
 * The customer's lists to choose from when saving a product, as a personal input of shared pages
 * (decision 0020): only with several lists (one list needs no choice), so customers with one list
 * share their pages.
 */
export const wishlistChoiceInput: PersonalInput<Omit<Wishlist, 'items'>[]> = {
  key: 'wishlist-choice',
  read: async (db, shopper) => {
    // The session read counted the lists: a customer with one list (most) costs no query here.
    if (!shopper.customer || shopper.customer.wishlistCount < 2) return [];
    const lists = await wishlistChoices(db, shopper.customer.id);
    return lists.length > 1 ? lists : [];
  },
};
