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

/** React Router's log line just before it reloads the page itself (react-router's routeModules.js). */
const routerReloadLog = /^Error loading route module `[^`]*`, reloading page/;

/** Thrown into React Router's handler to stop its reload once the limit is reached. */
export class ChunkReloadLimitError extends Error {
  constructor() {
    super(chunkReloadAdvice);
    this.name = 'ChunkReloadLimitError';
  }
}

/**
 * React Router reloads the page on its own, without a limit, when a route module fails to load:
 * it logs "Error loading route module …, reloading page..." and then calls location.reload(). That
 * log line is where the reload is counted with the others (`allowReload`); past the limit the log
 * throws, which ends React Router's handler before its reload, and the navigation fails into the
 * error boundary instead of reloading forever. Returns the undo.
 */
export function countRouterReloads(target: Pick<Console, 'error'>, allowReload: () => boolean): () => void {
  const original = target.error;
  target.error = function (this: Console, ...args: unknown[]) {
    original.apply(this, args);
    if (typeof args[0] === 'string' && routerReloadLog.test(args[0]) && !allowReload()) throw new ChunkReloadLimitError();
  };
  return () => {
    target.error = original;
  };
}
