/**
 * The parts of a shared page that belong to one shopper (issue 14, decision 0020). A page is
 * rendered once per combination of what it showed of the visitor — the number of items in the
 * cart, the first name in the header, what of a product is in the cart — and served from the page
 * cache to every visitor for whom those values are the same. Loaders read such values only through
 * `readPersonal` (app/modules/page-cache/shared-pages.server.ts), which notes which inputs the page used;
 * on a later request the cache reads the same inputs for that visitor to find the matching page.
 */
import type { Database } from '#app/db/client.server.ts';

/** Who is asking, as far as shared pages care: the cart cookie and the logged-in customer. */
export interface Shopper {
  cartId: string | undefined;
  customer: { id: number; firstName: string; wishlistCount: number } | null;
}

export interface PersonalInput<V> {
  /** Names the input and its argument (e.g. `in-cart:42`), unique among the inputs of a page. */
  key: string;
  /** The same read for the loader and for the cache: a page matches only when the values are equal. */
  read(db: Database, shopper: Shopper): Promise<V>;
}
