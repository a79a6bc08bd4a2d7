/**
 * Shared caches follow the database (decision 0019): triggers NOTIFY `storefront_change` when a
 * table that storefront pages show is written (migration 0021), and every app process listening
 * drops its page cache, its minute caches and its listing index at once, instead of showing the
 * old page for up to a minute.
 */
import type { DatabaseHandle } from '#app/db/client.server.ts';
import type { Unlisten } from '#app/db/notifications.server.ts';
import { invalidateListingIndex } from './listing-index.server.ts';
import type { PageCache } from '#app/modules/page-cache/page-cache.server.ts';
import { forgetMinuteCaches } from '#app/lib/cache/minute-cache.server.ts';
import { watchContentSchedule } from '#app/modules/content/schedule-watch.server.ts';

const storefrontChangeChannel = 'storefront_change';

function forgetStorefrontCaches(db: DatabaseHandle['db'], pageCache: PageCache): void {
  pageCache.clear();
  forgetMinuteCaches(db);
  invalidateListingIndex(db);
}

export async function invalidateCachesOnStorefrontChanges(database: Pick<DatabaseHandle, 'db' | 'listen'>, pageCache: PageCache): Promise<Unlisten> {
  // Scheduled content empties the caches when its moment comes (issue 16); a change may schedule something.
  const schedule = watchContentSchedule(database.db, () => forgetStorefrontCaches(database.db, pageCache));
  const unlisten = await database.listen(storefrontChangeChannel, () => {
    forgetStorefrontCaches(database.db, pageCache);
    schedule.check();
  });
  schedule.check();
  return async () => {
    schedule.stop();
    await unlisten();
  };
}
