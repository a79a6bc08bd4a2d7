import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { Database, Queryable } from '#app/db/client.server.ts';
import { retryingTransaction } from '#app/db/transaction.server.ts';
import { attributes, cartItems, carts, productAttributeValues, products, productVariants } from '#app/db/schema.ts';
import { serializeCookie } from '#app/lib/http/cookies.server.ts';
import type { CurrencyCode, LocaleCode } from '#app/modules/i18n/locales.ts';
import { cartCookie, isCartId } from './cart-count.server.ts';
import { lineInStock, variantAvailable, variantNeed } from './cart.server.ts';
import { defaultMaxPieceMetres, pieceLengthCm } from '#app/modules/pricing/cut-to-length.ts';
import { maxPerOrder, maxSamplesPerOrder } from './store-rules.ts';
import { businessStanding } from '#app/modules/customers/business-standing.server.ts';
import { type BusinessRules, defaultBusinessRules } from '#app/modules/config/business-rules.ts';
import type { AddToCartFormInput } from './cart-forms.ts';

export interface AddToCartInput {
  /** The visitor's cart cookie, if any. */
  cartId: string | undefined;
  customerId: number | null;
  locale: LocaleCode;
  currency: CurrencyCode;
  variantId: number;
  quantity: number;
  /** cut-to-length lines: the length of each piece in centimetres */
  lengthCm?: number | null;
  /** a free sample of the variant's product (one per product) */
  isSample?: boolean;
  /** the share of a variant's stock one order may take (decision 0018); the defaults when not given */
  businessRules?: BusinessRules;
}

export type AddToCartResult =
  { ok: true; cartId: string; otherLinesOutOfStock: boolean } | { ok: false; reason: 'unavailable' | 'quantity' | 'length' | 'sample-limit' | 'stock-share' };

/**
 * Puts a variant in the visitor's cart (creating the cart when needed). The quantity already in
 * the cart counts against the stock: "The requested quantity is not available" otherwise. The
 * answer also says whether other lines ran out meanwhile (the spec's add warning).
 */
export async function addToCart(db: Database, input: AddToCartInput): Promise<AddToCartResult> {
  const lengthCm = input.lengthCm ?? null;
  const isSample = input.isSample ?? false;
  return retryingTransaction(db, async (tx): Promise<AddToCartResult> => {
    const [variant] = await tx
      .select({ stock: productVariants.stockQuantity, productId: productVariants.productId })
      .from(productVariants)
      .where(and(eq(productVariants.id, input.variantId), eq(productVariants.isActive, true)));
    if (!variant) return { ok: false, reason: 'unavailable' };
    const cartId = await activeCartId(tx, input);
    if (isSample) {
      const samples = await tx
        .select({ productId: productVariants.productId })
        .from(cartItems)
        .innerJoin(productVariants, eq(productVariants.id, cartItems.variantId))
        .where(and(eq(cartItems.cartId, cartId), eq(cartItems.isSample, true)));
      // One sample per product: asking again is fine and changes nothing.
      if (!samples.some((sample) => sample.productId === variant.productId)) {
        if (samples.length >= maxSamplesPerOrder) return { ok: false, reason: 'sample-limit' };
        await tx.insert(cartItems).values({ cartId, variantId: input.variantId, quantity: 1, isSample: true });
      }
      return { ok: true, cartId, otherLinesOutOfStock: await otherLinesOutOfStock(tx, cartId, input.variantId) };
    }
    // Every line of the variant (pieces of other lengths too) counts against its stock and share.
    const variantLines = await tx
      .select({ id: cartItems.id, variantId: cartItems.variantId, quantity: cartItems.quantity, lengthCm: cartItems.lengthCm, isSample: cartItems.isSample })
      .from(cartItems)
      .where(and(eq(cartItems.cartId, cartId), eq(cartItems.variantId, input.variantId), eq(cartItems.isSample, false)));
    const line = variantLines.find((candidate) => candidate.lengthCm === lengthCm);
    const quantity = (line?.quantity ?? 0) + input.quantity;
    const need = variantNeed(
      [...variantLines.filter((other) => other !== line), { variantId: input.variantId, quantity, lengthCm, isSample }],
      input.variantId,
    );
    if (need > variant.stock) return { ok: false, reason: 'quantity' };
    if (await overStockShare(tx, need, variant.stock, input.customerId, input.businessRules)) return { ok: false, reason: 'stock-share' };
    if (line) await tx.update(cartItems).set({ quantity }).where(eq(cartItems.id, line.id));
    else await tx.insert(cartItems).values({ cartId, variantId: input.variantId, quantity: input.quantity, lengthCm });
    await tx
      .update(carts)
      .set({ updatedAt: sql`now()` })
      .where(eq(carts.id, cartId));
    return { ok: true, cartId, otherLinesOutOfStock: await otherLinesOutOfStock(tx, cartId, input.variantId) };
  });
}

/**
 * Whether a line needing `need` of a variant with `stock` left takes more than one order may
 * (decision 0018). Only above the minimum quantity is the customer's standing read.
 */
export async function overStockShare(
  db: Queryable,
  need: number,
  stock: number,
  customerId: number | null,
  rules: BusinessRules = defaultBusinessRules,
): Promise<boolean> {
  if (need <= maxPerOrder(stock, rules, false)) return false;
  return need > maxPerOrder(stock, rules, (await businessStanding(db, customerId, rules)).verified);
}

/** The spec's add warning: has anything else in the cart run out meanwhile? */
async function otherLinesOutOfStock(db: Queryable, cartId: string, addedVariantId: number): Promise<boolean> {
  const otherLines = await db
    .select({
      quantity: cartItems.quantity,
      lengthCm: cartItems.lengthCm,
      isSample: cartItems.isSample,
      stock: productVariants.stockQuantity,
      available: variantAvailable,
    })
    .from(cartItems)
    .innerJoin(productVariants, eq(productVariants.id, cartItems.variantId))
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(eq(cartItems.cartId, cartId), ne(cartItems.variantId, addedVariantId)));
  return otherLines.some((line) => !lineInStock(line));
}

/** The visitor's active cart: the cookie's, else the customer's latest, else a new one. */
export async function activeCartId(
  db: Queryable,
  { cartId, customerId, locale, currency }: Pick<AddToCartInput, 'cartId' | 'customerId' | 'locale' | 'currency'>,
): Promise<string> {
  if (isCartId(cartId)) {
    const [cart] = await db
      .select({ id: carts.id, customerId: carts.customerId })
      .from(carts)
      .where(and(eq(carts.id, cartId), eq(carts.status, 'active')));
    // A cart that belongs to another customer is never joined.
    if (cart && (cart.customerId === null || cart.customerId === customerId)) return cart.id;
  }
  if (customerId !== null) {
    const [cart] = await db
      .select({ id: carts.id })
      .from(carts)
      .where(and(eq(carts.customerId, customerId), eq(carts.status, 'active')))
      .orderBy(desc(carts.updatedAt))
      .limit(1);
    if (cart) return cart.id;
  }
  const [created] = await db.insert(carts).values({ customerId, locale, currencyCode: currency }).returning({ id: carts.id });
  return created!.id;
}

/** The cart cookie lives 30 days, like the cart it points to. */
export function cartSetCookie(cartId: string, secure: boolean): string {
  return serializeCookie(cartCookie, cartId, { secure, maxAgeSeconds: 30 * 24 * 60 * 60 });
}

/**
 * The product page's add-to-cart and sample buttons: a variant of this product, a quantity and,
 * for cut-to-length products (only for them), a length the shop cuts. Samples only of products
 * that offer one. The price follows from these, so nothing else the form says counts.
 */
export async function addProductToCart(
  db: Database,
  visitor: Pick<AddToCartInput, 'cartId' | 'customerId' | 'locale' | 'currency' | 'businessRules'>,
  productId: number,
  choice: AddToCartFormInput,
): Promise<AddToCartResult> {
  const { variantId } = choice;
  const isSample = choice.intent === 'sample';
  const quantity = choice.intent === 'sample' ? 1 : choice.quantity;
  const [product] = await db
    .select({
      soldByLength: products.soldByLength,
      hasSample: products.hasSample,
      maxMetres: sql<
        string | null
      >`(select ${productAttributeValues.valueNumber} from ${productAttributeValues} join ${attributes} on ${attributes.id} = ${productAttributeValues.attributeId}
        where ${productAttributeValues.productId} = ${products.id} and ${attributes.code} = 'max_continuous_length' limit 1)`,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(eq(productVariants.id, variantId), eq(productVariants.productId, productId)));
  if (!product || (isSample && !product.hasSample)) return { ok: false, reason: 'unavailable' };
  let lengthCm: number | null = null;
  if (product.soldByLength && choice.intent === 'add-to-cart') {
    lengthCm = pieceLengthCm(choice.metres, product.maxMetres === null ? defaultMaxPieceMetres : Number(product.maxMetres));
    if (lengthCm === null) return { ok: false, reason: 'length' };
  }
  return addToCart(db, { ...visitor, variantId, quantity, lengthCm, isSample });
}
