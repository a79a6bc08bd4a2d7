import type { Database } from '../../db/client.server.ts';

/**
 * Answers from the database that may be up to a minute old, kept per database (so tests and
 * processes never share them) and per key; the oldest entry goes when the cache is full. The
 * promise is kept, so callers asking at the same time share one query; a failure is forgotten.
 */
export function minuteCache<V>(maxEntries: number) {
  const caches = new WeakMap<Database, Map<string, { at: number; value: Promise<V> }>>();
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
