import type { Database } from '../../db/client.server.ts';

const freshMs = 60_000;
/** How long an answer past its minute is still given while a fresh one is loaded beside it. */
export const staleMs = 10 * 60_000;

interface Entry<V> {
  at: number;
  value: Promise<V>;
  refreshing: boolean;
}

/**
 * Answers from the database that may be up to a minute old, kept per database (so tests and
 * processes never share them) and per key; the oldest entry goes when the cache is full. The
 * promise is kept, so callers asking at the same time share one query; a failure is forgotten.
 * No caller waits for a reload: an answer past its minute (up to `staleMs`) is given once more
 * while the fresh one loads in the background (stale-while-revalidate).
 */
export function minuteCache<V>(maxEntries: number) {
  const caches = new WeakMap<Database, Map<string, Entry<V>>>();
  return (db: Database, key: string, load: () => Promise<V>): Promise<V> => {
    let cache = caches.get(db);
    if (!cache) caches.set(db, (cache = new Map()));
    const hit = cache.get(key);
    const age = hit ? Date.now() - hit.at : Number.POSITIVE_INFINITY;
    if (hit && age < freshMs) return hit.value;
    if (hit && age < staleMs) {
      if (!hit.refreshing) {
        hit.refreshing = true;
        const next = load();
        // Kept only once loaded: callers meanwhile still get the stale answer, not a wait.
        next.then(
          () => cache.get(key) === hit && cache.set(key, { at: Date.now(), value: next, refreshing: false }),
          () => (hit.refreshing = false),
        );
      }
      return hit.value;
    }
    const value = load();
    cache.delete(key);
    cache.set(key, { at: Date.now(), value, refreshing: false });
    if (cache.size > maxEntries) cache.delete(cache.keys().next().value as string);
    value.catch(() => cache.delete(key));
    return value;
  };
}
