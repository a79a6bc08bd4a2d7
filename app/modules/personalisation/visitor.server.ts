import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.server.ts';
import { cartItems, carts, productVariants } from '../../db/schema.ts';
import { cartCookie, isCartId } from '../cart/cart-count.server.ts';
import { readSession, sessionCookie, type SessionState } from '../customers/session.server.ts';
import { readCookie } from '../http/cookies.server.ts';

export interface CartLineSummary {
  productId: number;
  quantity: number;
  isSample: boolean;
}

/**
 * Who is asking, read at most once per request: the session behind the session cookie and the
 * lines of the cart behind the cart cookie. Made by the Express layer for every request (it
 * costs nothing until asked) so that a page-cache hit and a rendered page read the same state:
 * reading an expired session ends it, so it must not be read twice.
 */
export class Visitor {
  #session: Promise<SessionState> | undefined;
  #cartLines: Promise<CartLineSummary[]> | undefined;

  readonly #db: Database;
  readonly cookieHeader: string | undefined;

  constructor(db: Database, cookieHeader: string | undefined) {
    this.#db = db;
    this.cookieHeader = cookieHeader;
  }

  /** True when the visitor sends a session or cart cookie: only pages shared with shoppers serve them. */
  get hasPersonalCookies(): boolean {
    return readCookie(this.cookieHeader, sessionCookie) !== undefined || readCookie(this.cookieHeader, cartCookie) !== undefined;
  }

  session(): Promise<SessionState> {
    this.#session ??= readSession(this.#db, readCookie(this.cookieHeader, sessionCookie));
    return this.#session;
  }

  /** The lines of the visitor's active cart (none without one). */
  cartLines(): Promise<CartLineSummary[]> {
    this.#cartLines ??= this.#readCartLines(readCookie(this.cookieHeader, cartCookie));
    return this.#cartLines;
  }

  async #readCartLines(cartId: string | undefined): Promise<CartLineSummary[]> {
    if (!isCartId(cartId)) return [];
    return this.#db
      .select({ productId: productVariants.productId, quantity: cartItems.quantity, isSample: cartItems.isSample })
      .from(cartItems)
      .innerJoin(carts, eq(carts.id, cartItems.cartId))
      .innerJoin(productVariants, eq(productVariants.id, cartItems.variantId))
      .where(and(eq(carts.id, cartId), eq(carts.status, 'active')));
  }
}

/** Number of items (sum of quantities, samples included) in the visitor's cart. */
export const cartItemCount = (lines: CartLineSummary[]) => lines.reduce((sum, line) => sum + line.quantity, 0);

/** What of one product is in the visitor's cart, to mark it on the product page (spec §4). */
export function productInCart(lines: CartLineSummary[], productId: number): { quantity: number; sample: boolean } {
  const ofProduct = lines.filter((line) => line.productId === productId);
  return {
    quantity: ofProduct.filter((line) => !line.isSample).reduce((sum, line) => sum + line.quantity, 0),
    sample: ofProduct.some((line) => line.isSample),
  };
}
