/**
 * Shared caches follow the database (decision 0019): triggers NOTIFY `storefront_change` when a
 * table that storefront pages show is written (migration 0021), and every app process listening
 * drops its page cache, its minute caches and its listing index at once, instead of showing the
 * old page for up to a minute.
 */
import { catalogueReads, type DatabaseHandle } from '#app/db/client.server.ts';
import type { Unlisten } from '#app/db/notifications.server.ts';
import { invalidateListingIndex, listingIndexFollowsChanges } from './listing-index.server.ts';
import type { PageCache } from '#app/modules/page-cache/page-cache.server.ts';
import { forgetMinuteCaches } from '#app/lib/cache/minute-cache.server.ts';

const storefrontChangeChannel = 'storefront_change';

export function forgetStorefrontCaches(db: DatabaseHandle['db'], pageCache: PageCache): void {
  pageCache.clear();
  // Caches filled from the primary (admin pages) and from the replica (the storefront's catalogue reads).
  forgetMinuteCaches(db);
  forgetMinuteCaches(catalogueReads(db));
  invalidateListingIndex(db);
}

/** Empties the caches of what storefront pages show on every change; `onChange` hears of each change too. */
export async function invalidateCachesOnStorefrontChanges(
  database: Pick<DatabaseHandle, 'db' | 'listen' | 'replicaCaughtUp'>,
  pageCache: PageCache,
  onChange?: () => void,
): Promise<Unlisten> {
  const { db, replicaCaughtUp } = database;
  const unlisten = await database.listen(storefrontChangeChannel, () => {
    onChange?.();
    if (!replicaCaughtUp) return forgetStorefrontCaches(db, pageCache);
    // Emptied only once the replica shows the change: else they would fill again with the old data.
    replicaCaughtUp()
      .catch(() => {})
      .finally(() => forgetStorefrontCaches(db, pageCache));
  });
  listingIndexFollowsChanges(db, true);
  return async () => {
    listingIndexFollowsChanges(db, false);
    await unlisten();
  };
}
