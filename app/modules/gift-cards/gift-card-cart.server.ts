import { eq, sql } from 'drizzle-orm';
import type { Database } from '#app/db/client.server.ts';
import { retryingTransaction } from '#app/db/transaction.server.ts';
import { cartItems, carts, products, productTranslations, productVariants } from '#app/db/schema.ts';
import { activeCartId, type AddToCartInput } from '#app/modules/cart/add-to-cart.server.ts';
import type { Translate } from '#app/modules/i18n/i18n.tsx';
import { storefronts } from '#app/modules/i18n/locales.ts';
import { giftCardPagePath } from './gift-card-paths.ts';
import type { GiftCardPurchase } from './gift-card-purchase.ts';

/** The product that carries gift-card lines through cart, order and invoice (never listed itself: the gift-card page sells it). */
export const giftCardSku = 'GIFT-CARD';

/**
 * The gift-card product's variant, created the first time a card is bought: an inactive product
 * (so listings, search and the product sitemap leave it out) named in every store's language,
 * whose lines take their price from the card's amount (cart.server.ts).
 */
export async function giftCardVariantId(db: Database, translators: () => Promise<Map<string, Translate>>): Promise<number> {
  const [existing] = await db.select({ id: productVariants.id }).from(productVariants).where(eq(productVariants.sku, giftCardSku));
  if (existing) return existing.id;
  const names = await translators();
  return db.transaction(async (tx) => {
    const [product] = await tx
      .insert(products)
      .values({ sku: giftCardSku, kind: 'simple', productType: 'gift_card', isActive: false })
      .onConflictDoUpdate({ target: products.sku, set: { productType: 'gift_card' } })
      .returning({ id: products.id });
    await tx
      .insert(productTranslations)
      .values(
        storefronts.map((store) => ({
          productId: product!.id,
          locale: store.code,
          name: names.get(store.code)!('giftCards.productName'),
          urlKey: giftCardPagePath(store.code),
        })),
      )
      .onConflictDoNothing();
    const [variant] = await tx
      .insert(productVariants)
      .values({ productId: product!.id, sku: giftCardSku, priceCents: 0 })
      .onConflictDoUpdate({ target: productVariants.sku, set: { sku: giftCardSku } })
      .returning({ id: productVariants.id });
    return variant!.id;
  });
}

/** Puts one gift card (one recipient) in the visitor's cart, creating the cart when needed. */
export async function addGiftCardToCart(
  db: Database,
  visitor: Pick<AddToCartInput, 'cartId' | 'customerId' | 'locale' | 'currency'>,
  variantId: number,
  purchase: GiftCardPurchase,
): Promise<{ cartId: string }> {
  return retryingTransaction(db, async (tx) => {
    const cartId = await activeCartId(tx, visitor);
    await tx.insert(cartItems).values({ cartId, variantId, quantity: 1, giftCard: purchase });
    await tx
      .update(carts)
      .set({ updatedAt: sql`now()` })
      .where(eq(carts.id, cartId));
    return { cartId };
  });
}
