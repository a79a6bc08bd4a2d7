import { z } from 'zod';
import { optionalRecordIdField, recordIdField } from '#app/lib/forms/record-id.ts';

/** A missing or malformed id finds nothing: the same answer as someone else's id. */
export const wishlistNotFound = 'errors.notFound';
const id = recordIdField(wishlistNotFound);
const name = z.string('validation.required').trim().min(1, 'validation.required').max(60, 'validation.tooLong');

/** The wishlist page's forms, one schema per intent. */
export const wishlistChangeSchema = z.discriminatedUnion(
  'intent',
  [
    z.object({ intent: z.literal('create'), name }),
    z.object({ intent: z.literal('rename'), wishlistId: id, name }),
    z.object({ intent: z.literal('delete'), wishlistId: id }),
    z.object({ intent: z.literal('set-default'), wishlistId: id }),
    z.object({ intent: z.literal('move'), itemId: id, targetWishlistId: id }),
    z.object({ intent: z.literal('remove'), itemId: id }),
    z.object({ intent: z.literal('add-to-cart'), itemId: id }),
  ],
  { error: wishlistNotFound },
);
export type WishlistChangeInput = z.output<typeof wishlistChangeSchema>;

/** The wishlist button of product pages and listings: the product (a listing says which), its variant and list when chosen. */
export const wishlistButtonIntent = z.object({
  intent: z.literal('wishlist'),
  productId: optionalRecordIdField,
  variantId: optionalRecordIdField,
  wishlistId: optionalRecordIdField,
  returnTo: z.string().default(''),
});
export type WishlistButtonInput = z.output<typeof wishlistButtonIntent>;
