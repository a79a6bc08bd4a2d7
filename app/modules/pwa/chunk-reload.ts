/**
 * Spec §8 and §9: when a script chunk or resource fails to load, the error is logged and the page
 * reloads after 1 s with a cache-busting `_t`, at most 3 times in 30 s; after that, advice.
 */
export const chunkReloadPolicy = { attempts: 3, windowMs: 30_000, delayMs: 1_000 } as const;

export const chunkReloadAdvice = 'Scripts of this page keep failing to load: clear the browser cache and reload, or contact support.';

/** The reloads still in the window, and whether one more is allowed. */
export function nextChunkReload(earlier: readonly number[], now: number): { reload: boolean; attempts: number[] } {
  const recent = earlier.filter((at) => now - at < chunkReloadPolicy.windowMs && at <= now);
  if (recent.length >= chunkReloadPolicy.attempts) return { reload: false, attempts: recent };
  return { reload: true, attempts: [...recent, now] };
}

/** The page's address with the cache-busting parameter. */
export function cacheBustingUrl(href: string, now: number): string {
  const url = new URL(href);
  url.searchParams.set('_t', String(now));
  return url.toString();
}

const chunkFailureMessages =
  /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i;

/** A rejection or error that says a chunk did not load. */
export function isChunkLoadError(reason: unknown): boolean {
  const message = reason instanceof Error ? reason.message : typeof reason === 'string' ? reason : '';
  return chunkFailureMessages.test(message);
}
