import type { Database } from '#app/db/client.server.ts';

type Entry<V> = { at: number; value: Promise<V>; refreshing?: boolean };
type Entries<V> = Map<string, Entry<V>>;
/** Every minute cache, so a change in the database can empty them all (`forgetMinuteCaches`). */
const allCaches = new Set<WeakMap<Database, Entries<unknown>>>();
const refreshAfterMs = 60_000;

/**
 * Answers from the database kept per database (so tests and processes never share them) and per
 * key; the oldest entry goes when the cache is full. The promise is kept, so callers asking at the
 * same time share one query; a failure is forgotten. After a minute an answer is still served
 * while a fresh one is read in the background (no visitor waits for the refresh); a change in the
 * database empties the caches at once (decision 0019), so the minute only bounds what a lost
 * notification could leave behind.
 */
export function minuteCache<V>(maxEntries: number) {
  const caches = new WeakMap<Database, Entries<V>>();
  allCaches.add(caches as WeakMap<Database, Entries<unknown>>);
  const cached = (db: Database, key: string, load: () => Promise<V>): Promise<V> => {
    let cache = caches.get(db);
    if (!cache) caches.set(db, (cache = new Map()));
    const entries = cache;
    const hit = entries.get(key);
    if (hit) {
      if (Date.now() - hit.at >= refreshAfterMs && !hit.refreshing) refresh(entries, key, hit, load);
      return hit.value;
    }
    const value = load();
    entries.set(key, { at: Date.now(), value });
    if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
    value.catch(() => entries.delete(key));
    return value;
  };
  /** Drops one answer of this process, when it knows its own write changed it (other processes keep theirs up to a minute). */
  cached.forget = (db: Database, key: string) => void caches.get(db)?.delete(key);
  return cached;
}

/** Reads a fresh answer and puts it in place of `stale`, unless the cache was emptied meanwhile. */
function refresh<V>(entries: Entries<V>, key: string, stale: Entry<V>, load: () => Promise<V>) {
  stale.refreshing = true;
  load().then(
    (fresh) => {
      if (entries.get(key) === stale) entries.set(key, { at: Date.now(), value: Promise.resolve(fresh) });
    },
    // The old answer stays until the next try (the database may be away for a moment).
    () => (stale.refreshing = false),
  );
}

/** Empties every minute cache of `db`; loads in progress finish for their callers only. */
export function forgetMinuteCaches(db: Database): void {
  for (const caches of allCaches) caches.get(db)?.clear();
}
