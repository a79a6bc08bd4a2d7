/**
 * The personal parts of a shared page (decision 0019). A storefront page is the same for every
 * visitor with the same preferences except for a few parts: the header's cart count and account
 * link, and on a product page what of it is in the cart. Loaders ask for those parts here, and
 * the page cache keeps one rendering of a page per combination of their values (a "variant") —
 * cart counts and in-cart states are few and shared by many shoppers — with the customer's first
 * name left as a marker that is filled in for each visitor. A shopper with a cart is then served
 * from the cache like an anonymous visitor.
 *
 * Components must treat a text part as an opaque string (print it, never branch on it): the
 * cached page was rendered with the marker in its place.
 */
import { cartItemCount, productInCart, type Visitor } from './visitor.server.ts';

/** What a page's rendering depended on; each visitor's values pick the variant. */
export type Dependency = { kind: 'customer' } | { kind: 'cartItemCount' } | { kind: 'productInCart'; productId: number };

/** Texts left as markers in a cached page. */
export const textParts = ['customerFirstName'] as const;
export type TextPart = (typeof textParts)[number];

export const textPartMarker = (part: TextPart) => `__CORDIAL_PERSONAL_${part}__`;

/**
 * A text part can be filled into a cached page only when it needs no escaping in any place a
 * page carries it (HTML text, attributes, the hydration data inside a script): letters, digits,
 * spaces, dots and hyphens. Anything else is rendered for the visitor instead.
 */
const fillableText = /^[\p{L}\p{M}\p{N} .-]{0,80}$/u;

/** The value of one dependency for a visitor, as text for the variant key; null: render instead. */
async function dependencyValue(visitor: Visitor, dependency: Dependency): Promise<string | null> {
  switch (dependency.kind) {
    case 'customer': {
      const session = await visitor.session();
      // A session that ended (or was never issued) gets its cookie cleared: that page is rendered.
      if (session.kind !== 'guest' && session.kind !== 'customer') return null;
      return session.kind === 'customer' ? 'customer' : 'guest';
    }
    case 'cartItemCount':
      return String(cartItemCount(await visitor.cartLines()));
    case 'productInCart': {
      const { quantity, sample } = productInCart(await visitor.cartLines(), dependency.productId);
      return `${quantity}${sample ? '+sample' : ''}`;
    }
  }
}

async function textValue(visitor: Visitor, part: TextPart): Promise<string> {
  switch (part) {
    case 'customerFirstName': {
      const session = await visitor.session();
      return session.kind === 'customer' ? session.customer.firstName : '';
    }
  }
}

/** The variant key of a visitor for a page with these dependencies, or null when it must be rendered. */
export async function variantKey(visitor: Visitor, dependencies: readonly Dependency[]): Promise<string | null> {
  const values = await Promise.all(dependencies.map((dependency) => dependencyValue(visitor, dependency)));
  return values.includes(null) ? null : values.join('|');
}

/** The visitor's value of each text part, or null when one cannot be filled in safely. */
export async function textValues(visitor: Visitor, parts: readonly TextPart[]): Promise<Map<TextPart, string> | null> {
  const values = new Map<TextPart, string>();
  for (const part of parts) {
    const value = await textValue(visitor, part);
    if (!fillableText.test(value)) return null;
    values.set(part, value);
  }
  return values;
}

/**
 * The personal parts of one request, asked for by loaders. When the page is rendered for the
 * cache (`templating`), text parts come back as markers and every dependency is recorded.
 */
export class PersonalParts {
  readonly visitor: Visitor;
  readonly templating: boolean;
  /** Each dependency (by its JSON) with its value; loaders run at once, so in no fixed order. */
  readonly #recorded = new Map<string, { dependency: Dependency; value: Promise<string | null> }>();
  #shared = false;

  constructor(visitor: Visitor, templating: boolean) {
    this.visitor = visitor;
    this.templating = templating;
  }

  /**
   * Called by the loader of a page that shows nothing of the visitor except through these parts:
   * it may be served from the cache to shoppers with a cart or a login. Pages that read the cart
   * or the session any other way (checkout, account) never call it, and are rendered for them.
   */
  shareWithShoppers(): void {
    this.#shared = true;
  }

  get shared(): boolean {
    return this.#shared;
  }

  /** What this rendering depended on, in a stable order. */
  get dependencies(): Dependency[] {
    return [...this.#recorded.keys()].sort().map((key) => this.#recorded.get(key)!.dependency);
  }

  /** The variant key of what this rendering depended on (null: a session that ended). */
  async variantKey(): Promise<string | null> {
    const values = await Promise.all([...this.#recorded.keys()].sort().map((key) => this.#recorded.get(key)!.value));
    return values.includes(null) ? null : values.join('|');
  }

  async #depend(dependency: Dependency): Promise<void> {
    const key = JSON.stringify(dependency);
    if (!this.#recorded.has(key)) this.#recorded.set(key, { dependency, value: dependencyValue(this.visitor, dependency) });
    await this.#recorded.get(key)!.value;
  }

  async cartItemCount(): Promise<number> {
    await this.#depend({ kind: 'cartItemCount' });
    return cartItemCount(await this.visitor.cartLines());
  }

  async productInCart(productId: number): Promise<{ quantity: number; sample: boolean }> {
    await this.#depend({ kind: 'productInCart', productId });
    return productInCart(await this.visitor.cartLines(), productId);
  }

  /** The logged-in customer's first name (a marker when templating), or null for a guest. */
  async customerFirstName(): Promise<string | null> {
    await this.#depend({ kind: 'customer' });
    const session = await this.visitor.session();
    if (session.kind !== 'customer') return null;
    return this.templating ? textPartMarker('customerFirstName') : session.customer.firstName;
  }
}
