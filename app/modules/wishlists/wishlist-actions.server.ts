import type { Database } from '#app/db/client.server.ts';
import { addToCart, type AddToCartInput } from '#app/modules/cart/add-to-cart.server.ts';
import { getListingIndex } from '#app/modules/catalogue/listing-index.server.ts';
import type { FieldError } from '#app/lib/forms/field-errors.ts';
import type { WishlistChangeInput } from './wishlist-forms.ts';
import {
  createWishlist,
  deleteWishlist,
  getWishlistItem,
  moveWishlistItem,
  removeWishlistItem,
  renameWishlist,
  setDefaultWishlist,
  type WishlistChange,
} from './wishlists.server.ts';

export type WishlistNotice = 'created' | 'renamed' | 'deleted' | 'default-set' | 'moved' | 'removed' | 'added-to-cart';
export type WishlistActionResult = { kind: 'done'; notice: WishlistNotice } | { kind: 'invalid'; error: FieldError } | { kind: 'not-found' };

/** The spec's message for a name the customer already uses ("…Choose another name…"). */
const duplicateName: FieldError = { key: 'errors.wishlistCreate' };

function changed(change: WishlistChange, notice: WishlistNotice): WishlistActionResult {
  if (change.ok) return { kind: 'done', notice };
  return change.reason === 'duplicate-name' ? { kind: 'invalid', error: duplicateName } : { kind: 'not-found' };
}

const found = (ok: boolean, notice: WishlistNotice): WishlistActionResult => (ok ? { kind: 'done', notice } : { kind: 'not-found' });

/**
 * The wishlist page's changes to the lists (parsed with `wishlistChangeSchema`). Every id comes
 * from the form, so every call is scoped to the logged-in customer in wishlists.server.ts;
 * someone else's id is simply not found.
 */
export async function changeWishlist(
  db: Database,
  customerId: number,
  change: Exclude<WishlistChangeInput, { intent: 'add-to-cart' }>,
): Promise<WishlistActionResult> {
  switch (change.intent) {
    case 'create':
      return changed(await createWishlist(db, customerId, change.name), 'created');
    case 'rename':
      return changed(await renameWishlist(db, customerId, change.wishlistId, change.name), 'renamed');
    case 'delete':
      return found(await deleteWishlist(db, customerId, change.wishlistId), 'deleted');
    case 'set-default':
      return found(await setDefaultWishlist(db, customerId, change.wishlistId), 'default-set');
    case 'move':
      return found(await moveWishlistItem(db, customerId, change.itemId, change.targetWishlistId), 'moved');
    case 'remove':
      return found(await removeWishlistItem(db, customerId, change.itemId), 'removed');
  }
}

export type WishlistToCart =
  | { kind: 'added'; cartId: string }
  /** Saved without a variant: the product page lets the shopper choose colour and length. */
  | { kind: 'choose-options'; urlKey: string }
  | { kind: 'not-found' }
  | { kind: 'refused'; reason: 'quantity' | 'gone' };

/** One piece of a saved variant into the visitor's cart; the item must be on one of the customer's own lists. */
export async function wishlistItemToCart(
  db: Database,
  visitor: Pick<AddToCartInput, 'cartId' | 'locale' | 'currency'> & { customerId: number },
  itemId: number,
): Promise<WishlistToCart> {
  const item = await getWishlistItem(db, visitor.customerId, itemId);
  if (!item) return { kind: 'not-found' };
  if (item.variantId === null) {
    const product = (await getListingIndex(db)).products.find((candidate) => candidate.id === item.productId);
    return { kind: 'choose-options', urlKey: product?.urlKeys[visitor.locale] ?? '' };
  }
  const added = await addToCart(db, { ...visitor, variantId: item.variantId, quantity: 1 });
  if (!added.ok) return { kind: 'refused', reason: added.reason === 'quantity' ? 'quantity' : 'gone' };
  return { kind: 'added', cartId: added.cartId };
}
