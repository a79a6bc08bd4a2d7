import type { Database } from '../../db/client.server.ts';
import type { FieldError } from '../forms/field-errors.ts';
import { recordId } from '../forms/record-id.ts';
import {
  createWishlist, deleteWishlist, getWishlistItem, moveWishlistItem, removeWishlistItem, renameWishlist, setDefaultWishlist, type WishlistChange, wishlistNameSchema,
} from './wishlists.server.ts';

export type WishlistActionResult = { kind: 'done'; notice: string } | { kind: 'invalid'; error: FieldError } | { kind: 'not-found' };

const idOf = (form: FormData, field: string) => recordId(form.get(field));

/** The spec's message for a name the customer already uses ("…Choose another name…"). */
const duplicateName: FieldError = { key: 'errors.wishlistCreate' };

function nameOf(form: FormData): { ok: true; name: string } | { ok: false; error: FieldError } {
  const parsed = wishlistNameSchema.safeParse(form.get('name') ?? '');
  if (parsed.success) return { ok: true, name: parsed.data };
  return { ok: false, error: { key: parsed.error.issues[0]?.message ?? 'validation.required' } };
}

function changed(change: WishlistChange, notice: string): WishlistActionResult {
  if (change.ok) return { kind: 'done', notice };
  return change.reason === 'duplicate-name' ? { kind: 'invalid', error: duplicateName } : { kind: 'not-found' };
}

const found = (ok: boolean, notice: string): WishlistActionResult => (ok ? { kind: 'done', notice } : { kind: 'not-found' });

/**
 * The wishlist page's form intents. Every id comes from the form, so every call is scoped to the
 * logged-in customer in wishlists.server.ts; someone else's id is simply not found.
 */
export const wishlistActions = {
  async run(db: Database, customerId: number, form: FormData): Promise<WishlistActionResult> {
    const wishlistId = idOf(form, 'wishlistId');
    const itemId = idOf(form, 'itemId');
    switch (form.get('intent')) {
      case 'create': {
        const name = nameOf(form);
        return name.ok ? changed(await createWishlist(db, customerId, name.name), 'created') : { kind: 'invalid', error: name.error };
      }
      case 'rename': {
        const name = nameOf(form);
        if (!name.ok) return { kind: 'invalid', error: name.error };
        return wishlistId ? changed(await renameWishlist(db, customerId, wishlistId, name.name), 'renamed') : { kind: 'not-found' };
      }
      case 'delete':
        return found(wishlistId !== null && (await deleteWishlist(db, customerId, wishlistId)), 'deleted');
      case 'set-default':
        return found(wishlistId !== null && (await setDefaultWishlist(db, customerId, wishlistId)), 'default-set');
      case 'move': {
        const target = idOf(form, 'targetWishlistId');
        return found(itemId !== null && target !== null && (await moveWishlistItem(db, customerId, itemId, target)), 'moved');
      }
      case 'remove':
        return found(itemId !== null && (await removeWishlistItem(db, customerId, itemId)), 'removed');
      default:
        return { kind: 'not-found' };
    }
  },

  itemOf(db: Database, customerId: number, form: FormData) {
    const itemId = idOf(form, 'itemId');
    return itemId === null ? Promise.resolve(null) : getWishlistItem(db, customerId, itemId);
  },
};
