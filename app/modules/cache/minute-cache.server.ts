import type { Database } from '../../db/client.server.ts';

type Entries<V> = Map<string, { at: number; value: Promise<V> }>;
/** Every minute cache, so a change in the database can empty them all (`forgetMinuteCaches`). */
const allCaches = new Set<WeakMap<Database, Entries<unknown>>>();

/**
 * Answers from the database that may be up to a minute old, kept per database (so tests and
 * processes never share them) and per key; the oldest entry goes when the cache is full. The
 * promise is kept, so callers asking at the same time share one query; a failure is forgotten.
 */
export function minuteCache<V>(maxEntries: number) {
  const caches = new WeakMap<Database, Entries<V>>();
  allCaches.add(caches as WeakMap<Database, Entries<unknown>>);
  return (db: Database, key: string, load: () => Promise<V>): Promise<V> => {
    let cache = caches.get(db);
    if (!cache) caches.set(db, (cache = new Map()));
    const hit = cache.get(key);
    if (hit && Date.now() - hit.at < 60_000) return hit.value;
    const value = load();
    cache.delete(key);
    cache.set(key, { at: Date.now(), value });
    if (cache.size > maxEntries) cache.delete(cache.keys().next().value as string);
    value.catch(() => cache.delete(key));
    return value;
  };
}

/** Empties every minute cache of `db`; loads in progress finish for their callers only. */
export function forgetMinuteCaches(db: Database): void {
  for (const caches of allCaches) caches.get(db)?.clear();
}
