/**
 * Shared caches follow the database (decision 0019): triggers NOTIFY `storefront_change` when a
 * table that storefront pages show is written (migration 0021), and every app process listening
 * drops its page cache and its minute caches and rebuilds its listing index, instead of showing
 * the old page for up to a minute. Long writers (imports) hold their changes back and notify
 * every few seconds instead of at every commit (migration 0031, decision 0029). A notification names
 * the products changed (`table;id,id` or `table;*`, migration 0033): the listing index reads only
 * those again, and a change of a table it does not read leaves it as it is (decision 0033).
 */
import { sql } from 'drizzle-orm';
import { catalogueReads, type Database, type DatabaseHandle, type Queryable, queryRows } from '#app/db/client.server.ts';
import { missedPayload, type Unlisten } from '#app/db/notifications.server.ts';
import {
  changesListingIndex,
  type ListingIndexChange,
  listingIndexChangeOfTables,
  listingIndexFollowsChanges,
  productIdsOf,
  refreshListingIndex,
  wholeCatalogue,
} from './listing-index.server.ts';
import type { PageCache } from '#app/modules/page-cache/page-cache.server.ts';
import { forgetMinuteCaches } from '#app/lib/cache/minute-cache.server.ts';

const storefrontChangeChannel = 'storefront_change';

/**
 * Forgets what storefront pages show. The listing index reads what `change` touched again while
 * the old one serves (nothing when it touched nothing the index reads), and the page cache is
 * emptied when the new one is in place: pages rendered meanwhile from the old index would
 * otherwise stay cached, and the pages already cached show the old catalogue as consistently as
 * the old index does for that moment.
 */
export async function forgetStorefrontCaches(db: DatabaseHandle['db'], pageCache: PageCache, change: ListingIndexChange = {}): Promise<void> {
  // Caches filled from the primary (admin pages) and from the replica (the storefront's catalogue reads).
  forgetMinuteCaches(db);
  forgetMinuteCaches(catalogueReads(db));
  if (changesListingIndex(change)) await refreshListingIndex(db, change);
  pageCache.clear();
}

/** The longest list of product ids a change names; past it, '*' (all products), as in migration 0033. */
export const productListLimit = 4_000;

/**
 * A notification's payload names the changed tables (one from a trigger, several from held
 * changes) and, after a `;`, the products changed (`*`: any). Without a product list a table
 * whose rows belong to products counts as changed for all of them: variants alone then refresh
 * only the variant figures. A lost connection's '*' counts as a change of the whole catalogue.
 */
export function listingIndexChangeOf(payload: string): ListingIndexChange {
  if (payload === missedPayload) return wholeCatalogue;
  const [tables = '', products = '*'] = payload.split(';');
  return listingIndexChangeOfTables(tables.split(','), productIdsOf(products));
}

const searchDocumentChanges = new WeakMap<Database, number>();

/**
 * How many changes of the search documents this process has heard of: search reads its description
 * words again when the count moves (decision 0038).
 */
export const searchDocumentChangesOf = (db: Database): number => searchDocumentChanges.get(db) ?? 0;

/** Whether a notification's payload names the search documents (a lost connection's '*': perhaps). */
export const searchDocumentsChangedIn = (payload: string) => payload === missedPayload || (payload.split(';')[0] ?? '').split(',').includes('search_documents');

/** Empties the caches of what storefront pages show on every change; `onChange` hears of each change too. */
export async function invalidateCachesOnStorefrontChanges(
  database: Pick<DatabaseHandle, 'db' | 'listen' | 'replicaCaughtUp'>,
  pageCache: PageCache,
  onChange?: () => void,
): Promise<Unlisten> {
  const { db, replicaCaughtUp } = database;
  const unlisten = await database.listen(storefrontChangeChannel, (payload) => {
    onChange?.();
    // Emptied only once the replica shows the change: else they would fill again with the old data.
    void (replicaCaughtUp?.().catch(() => {}) ?? Promise.resolve()).then(() => {
      if (searchDocumentsChangedIn(payload))
        for (const reads of new Set([db, catalogueReads(db)])) searchDocumentChanges.set(reads, searchDocumentChangesOf(reads) + 1);
      return forgetStorefrontCaches(db, pageCache, listingIndexChangeOf(payload));
    });
  });
  listingIndexFollowsChanges(db, true);
  return async () => {
    listingIndexFollowsChanges(db, false);
    await unlisten();
  };
}

/** What a transaction that held its changes back changed: tables pages show, and the products among them ('*': any). */
export interface HeldChange {
  tables: string[];
  products: number[] | '*';
}

export const nothingHeld: HeldChange = { tables: [], products: [] };

/**
 * Runs `work` in the transaction `tx` with its storefront changes held back (no NOTIFY at its
 * commit): `changed` names the tables it wrote that storefront pages show (none: empty) and the
 * products changed, for a `HeldStorefrontChanges` to tell after the commit.
 */
export async function holdingStorefrontChanges<T>(tx: Queryable, work: () => Promise<T>): Promise<{ result: T; changed: HeldChange }> {
  await tx.execute(sql`select set_config('cordial.quiet_storefront_change', 'on', true), set_config('cordial.storefront_change_held', '', true)`);
  const result = await work();
  const [held] = await queryRows<{ tables: string | null; products: string | null }>(
    tx,
    sql`select current_setting('cordial.storefront_change_held', true) as tables, current_setting('cordial.storefront_changed_products', true) as products`,
  );
  return { result, changed: { tables: held?.tables ? held.tables.split(',') : [], products: productIdsOf(held?.products ?? '') } };
}

/** How long cached pages may lag behind a long writer's committed changes. */
export const heldChangesNotifyEveryMs = 5_000;

/**
 * Tells the storefront of the changes of transactions that held them back: at most once every
 * `everyMs` while they come, and what is left on `flush()` (which the writer must call at its end,
 * also when it fails: earlier transactions committed).
 */
export class HeldStorefrontChanges {
  readonly #db: Database;
  readonly #everyMs: number;
  /** the tables changed since the last notification */
  readonly #pending = new Set<string>();
  /** and the products among them ('*': too many to name) */
  #pendingProducts: Set<number> | '*' = new Set();
  #toldAt = Date.now();

  constructor(db: Database, everyMs = heldChangesNotifyEveryMs) {
    this.#db = db;
    this.#everyMs = everyMs;
  }

  /** A transaction with held changes committed; `changed`: what it changed (see holdingStorefrontChanges). */
  async committed(changed: HeldChange): Promise<void> {
    for (const table of changed.tables) this.#pending.add(table);
    if (changed.products === '*') this.#pendingProducts = '*';
    else if (this.#pendingProducts !== '*') for (const id of changed.products) this.#pendingProducts.add(id);
    if (Date.now() - this.#toldAt >= this.#everyMs) await this.flush();
  }

  async flush(): Promise<void> {
    if (this.#pending.size === 0) return;
    const tables = [...this.#pending].join(',');
    const ids = this.#pendingProducts === '*' ? '*' : [...this.#pendingProducts].join(',');
    const products = ids.length > productListLimit ? '*' : ids;
    this.#pending.clear();
    this.#pendingProducts = new Set();
    this.#toldAt = Date.now();
    await this.#db.execute(sql`select pg_notify(${storefrontChangeChannel}, ${products === '' ? tables : `${tables};${products}`})`);
  }
}
