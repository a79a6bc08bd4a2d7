/**
 * What the app tells the shopper about itself (issue 17): offline, a new version ready, an add to
 * cart waiting for the connection, installation offered, a chunk that keeps failing. A tiny store
 * shared by the lazily loaded worker code and the shell's notices (useSyncExternalStore).
 */
export interface AppStatus {
  offline: boolean;
  /** a newer build or worker is ready: the next navigation loads it */
  updateReady: boolean;
  /** the browser offered installation (beforeinstallprompt) and the app does not run installed */
  installOffered: boolean;
  /** additions to the cart made offline that wait for the connection */
  queuedAdditions: number;
  /** additions made offline that reached the cart since the page opened */
  sentAdditions: number;
  /** a form was not sent because there is no connection (what was typed stays) */
  formNeedsConnection: boolean;
  /** scripts failed to load three times in a row: the shopper is advised to clear the cache */
  chunkAdvice: boolean;
}

const initial: AppStatus = {
  offline: false,
  updateReady: false,
  installOffered: false,
  queuedAdditions: 0,
  sentAdditions: 0,
  formNeedsConnection: false,
  chunkAdvice: false,
};

let status = initial;
const listeners = new Set<() => void>();

export const appStatus = {
  get: (): AppStatus => status,
  /** The server renders no status (nothing is known there). */
  getServer: (): AppStatus => initial,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /**
   * A change that changes nothing keeps the snapshot and tells nobody: a new snapshot re-renders
   * every reader synchronously, and the shell says "online" as each page starts (issue 14).
   */
  update(change: Partial<AppStatus> | ((current: AppStatus) => Partial<AppStatus>)) {
    const next = { ...status, ...(typeof change === 'function' ? change(status) : change) };
    if ((Object.keys(next) as (keyof AppStatus)[]).every((key) => next[key] === status[key])) return;
    status = next;
    for (const listener of listeners) listener();
  },
};
