import { eq } from 'drizzle-orm';
import type { AppServices } from '#app/context.ts';
import { products } from '#app/db/schema.ts';
import type { SessionCustomer } from '#app/modules/customers/session.server.ts';
import type { LocaleCode } from '#app/modules/i18n/locales.ts';
import { serverTranslator } from '#app/modules/i18n/translator.server.ts';
import { addToWishlist } from './wishlists.server.ts';

export type WishlistSaveResult = { ok: true; productId: number; listName: string } | { ok: false; productId: number };

/**
 * The wishlist button of product pages and listings: saves the product (and the chosen variant)
 * in the list the customer chose, else in the default list, which gets a translated name when it is created.
 */
export async function saveToWishlist(
  { db, logger }: AppServices,
  customer: SessionCustomer,
  locale: LocaleCode,
  choice: { productId: number; variantId: number | null; wishlistId: number | null },
): Promise<WishlistSaveResult | null> {
  const { productId } = choice;
  const [product] = await db.select({ id: products.id }).from(products).where(eq(products.id, productId));
  if (!product) return null;
  const t = await serverTranslator(db, locale, logger);
  const saved = await addToWishlist(db, customer.id, choice, t('wishlist.defaultName'));
  return saved.ok ? { ok: true, productId, listName: saved.wishlistName } : { ok: false, productId };
}
