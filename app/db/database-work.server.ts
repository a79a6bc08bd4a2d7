import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What kind of work a query belongs to, which decides how long it may take on PostgreSQL:
 * storefront requests are cut short (a slow database answers 503 quickly instead of hanging the
 * page), the checkout's transaction may wait longer for stock rows locked by other checkouts, and
 * imports (the demo catalogue, the search index) run long statements on purpose.
 */
export type DatabaseWork = 'request' | 'checkout' | 'import';

export type DatabaseTimeouts = Record<DatabaseWork, number>;

export const defaultDatabaseTimeouts: DatabaseTimeouts = { request: 5_000, checkout: 20_000, import: 600_000 };

/**
 * One store per process, however often this module is loaded: server/shop-process.ts opens the pool from
 * the sources while the routes and jobs run from the server build, a second copy of this module.
 */
const storeKey = Symbol.for('cordial.database-work');
const currentWork: AsyncLocalStorage<DatabaseWork> = ((globalThis as Record<symbol, unknown>)[storeKey] ??=
  new AsyncLocalStorage<DatabaseWork>()) as AsyncLocalStorage<DatabaseWork>;

/** Runs `work` with the time limits of `kind` for every query it makes, however deep. */
export function asDatabaseWork<T>(kind: DatabaseWork, work: () => PromiseLike<T>): Promise<T> {
  // Awaited inside: drizzle's queries are lazy and only run when awaited.
  return currentWork.run(kind, async () => await work());
}

/** The kind of work the calling code runs as; plain requests unless said otherwise. */
export function currentDatabaseWork(): DatabaseWork {
  return currentWork.getStore() ?? 'request';
}
