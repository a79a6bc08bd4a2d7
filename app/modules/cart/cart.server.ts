import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '#app/db/client.server.ts';
import { cartItems, carts, priceTiers, productImages, products, productTranslations, productVariants } from '#app/db/schema.ts';
import { lineOptionsByVariant } from '#app/modules/catalogue/variant-options.server.ts';
import type { LocaleCode } from '#app/modules/i18n/locales.ts';
import type { LineOption } from '#app/modules/orders/line-name.ts';
import { unitPriceEurCents } from '#app/modules/pricing/unit-price.ts';
import { isCartId } from './cart-count.server.ts';
import { type GiftCardPurchase, giftCardLineOptions } from '#app/modules/gift-cards/gift-card-purchase.ts';

export interface CartLine {
  id: number;
  variantId: number;
  productId: number;
  sku: string;
  name: string;
  urlKey: string;
  imagePath: string | null;
  quantity: number;
  lengthCm: number | null;
  isSample: boolean;
  /** a gift card bought (issue 15): its amount is the line's price, and it is a voucher without VAT or stock */
  giftCard: GiftCardPurchase | null;
  /** the variant's options (length, pack …), named in the cart's language */
  options: LineOption[];
  /** a gift card: a multi-purpose voucher (no VAT, no discounts, no shipping) */
  isVoucher: boolean;
  /** net EUR cents per piece or pack (per metre when cut to length), after quantity tiers; 0 for samples; a gift card's amount */
  unitPriceEurCents: number;
  weightGrams: number;
  /** the variant can still be bought at all */
  available: boolean;
  /** enough stock for this line */
  inStock: boolean;
  stock: number;
}

export interface Cart {
  id: string;
  customerId: number | null;
  couponCode: string | null;
  remarks: string | null;
  checkout: Record<string, unknown>;
  lines: CartLine[];
}

export type CartLookup = { cart: Cart | null; renewed: boolean };

/** Stock a line needs: pieces, or whole metres for cut-to-length lines; samples come from elsewhere, gift cards need none. */
export const stockNeeded = (line: { quantity: number; lengthCm: number | null; isSample: boolean; giftCard?: unknown }) =>
  line.isSample || line.giftCard ? 0 : line.lengthCm === null ? line.quantity : Math.ceil((line.lengthCm * line.quantity) / 100);

/**
 * What the lines of one variant take of its stock together: cut-to-length pieces of every length
 * and plain pieces count as one amount (the share per order, decision 0018).
 */
export const variantNeed = (lines: readonly { variantId: number; quantity: number; lengthCm: number | null; isSample: boolean }[], variantId: number) =>
  lines.reduce((sum, line) => (line.variantId === variantId ? sum + stockNeeded(line) : sum), 0);

/** Whether a cart line can be bought as it is: still on sale, with enough stock. */
export const lineInStock = (line: { quantity: number; lengthCm: number | null; isSample: boolean; giftCard?: unknown; available: boolean; stock: number }) =>
  line.available && stockNeeded(line) <= line.stock;

/** Whether the product is on sale: the variant and its product both active. */
export const variantAvailable = sql<boolean>`${productVariants.isActive} and ${products.isActive}`;

/**
 * The visitor's active cart with everything the cart page and checkout need. A cookie pointing to
 * a cart that no longer exists (or is not theirs) means the cart was renewed (spec §4).
 */
export async function loadCart(db: Queryable, cartId: string | undefined, customerId: number | null, locale: LocaleCode): Promise<CartLookup> {
  if (!isCartId(cartId)) return { cart: null, renewed: false };
  const [row] = await db.select().from(carts).where(eq(carts.id, cartId));
  if (!row || (row.customerId !== null && row.customerId !== customerId)) return { cart: null, renewed: true };
  if (row.status !== 'active') return { cart: null, renewed: row.status === 'abandoned' };
  const items = await db
    .select({
      id: cartItems.id,
      variantId: cartItems.variantId,
      quantity: cartItems.quantity,
      lengthCm: cartItems.lengthCm,
      isSample: cartItems.isSample,
      giftCard: cartItems.giftCard,
      productId: productVariants.productId,
      sku: productVariants.sku,
      priceCents: productVariants.priceCents,
      stock: productVariants.stockQuantity,
      weightGrams: productVariants.weightGrams,
      available: variantAvailable,
      name: productTranslations.name,
      urlKey: productTranslations.urlKey,
      imagePath: sql<
        string | null
      >`(select ${productImages.path} from ${productImages} where ${productImages.productId} = ${products.id} order by ${productImages.position} limit 1)`,
    })
    .from(cartItems)
    .innerJoin(productVariants, eq(productVariants.id, cartItems.variantId))
    .innerJoin(products, eq(products.id, productVariants.productId))
    .innerJoin(productTranslations, and(eq(productTranslations.productId, products.id), eq(productTranslations.locale, locale)))
    .where(eq(cartItems.cartId, cartId))
    .orderBy(asc(cartItems.id));
  const [tiers, options] = await Promise.all([
    items.length
      ? db
          .select()
          .from(priceTiers)
          .where(inArray(priceTiers.variantId, [...new Set(items.map((item) => item.variantId))]))
      : [],
    lineOptionsByVariant(
      db,
      items.map((item) => item.variantId),
      locale,
    ),
  ]);
  const lines = items.map(({ priceCents, ...item }) => {
    const variantTiers = tiers.filter((tier) => tier.variantId === item.variantId);
    return {
      ...item,
      // The gift-card product is never listed (inactive); its lines stay buyable.
      available: item.available || item.giftCard !== null,
      options: item.giftCard ? giftCardLineOptions(item.giftCard) : (options.get(item.variantId) ?? []),
      isVoucher: item.giftCard !== null,
      unitPriceEurCents: item.giftCard ? item.giftCard.amountEurCents : item.isSample ? 0 : unitPriceEurCents({ priceCents, tiers: variantTiers }, item),
      inStock: item.giftCard !== null || lineInStock(item),
    };
  });
  return {
    cart: { id: row.id, customerId: row.customerId, couponCode: row.couponCode, remarks: row.remarks, checkout: row.checkout, lines },
    renewed: false,
  };
}

/** Line ids with too little stock: "Some of the items in your cart are out of stock." */
export const outOfStockLines = (cart: Cart) => cart.lines.filter((line) => !line.inStock);
