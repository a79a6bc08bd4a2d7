/**
 * The page's side of the service worker (issue 17, spec §4), loaded lazily by app-shell.ts:
 * registration, the update check every 1800 s (worker active, browser online, /sw.js answering
 * 200), the build id check, and the offline rule for links: they load whole documents (the
 * worker answers them). Forms offline: offline-forms.ts, part of the shell.
 */
import { appStatus } from './app-status.ts';
import { buildIdPath, currentBuildId } from './build-id.ts';
import { cartQueueSentMessage, cartQueueToldMessage, keepOfflinePageMessage, replayCartQueueMessage, type SentAdditions } from './offline-rules.ts';

/** Spec §9: the service worker update check interval. */
export const updateCheckIntervalMs = 1800 * 1000;

export async function startServiceWorker(): Promise<void> {
  const container = navigator.serviceWorker;
  const registration = await container.register('/sw.js', { scope: '/', updateViaCache: 'none' }).catch((error: unknown) => {
    console.warn('the service worker could not be registered', error);
    return null;
  });
  if (!registration) return;
  const hadController = container.controller !== null;

  const markWaiting = () => {
    if (registration.waiting && container.controller) appStatus.update({ updateReady: true });
  };
  markWaiting();
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => installing.state === 'installed' && markWaiting());
  });
  // Another tab activated a new version: this one loads it at its next navigation.
  container.addEventListener('controllerchange', () => hadController && appStatus.update({ updateReady: true }));

  // Every batch is shown once, and confirmed to the worker so that no later page repeats it.
  const shownBatches = new Set<string>();
  container.addEventListener('message', (event: MessageEvent<{ type?: string; batches?: SentAdditions[] }>) => {
    if (event.data?.type !== cartQueueSentMessage) return;
    const fresh = (event.data.batches ?? []).filter((batch) => !shownBatches.has(batch.id));
    if (fresh.length === 0) return;
    for (const batch of fresh) shownBatches.add(batch.id);
    const count = fresh.reduce((sum, batch) => sum + batch.count, 0);
    appStatus.update((current) => ({ sentAdditions: current.sentAdditions + count, queuedAdditions: Math.max(0, current.queuedAdditions - count) }));
    event.source?.postMessage({ type: cartQueueToldMessage, ids: fresh.map((batch) => batch.id) });
  });
  // Browsers without Background Sync: the worker sends the queue when the page is back online or
  // opens. Opening also hears of additions Background Sync sent while no page was listening.
  const replayQueue = () => container.controller?.postMessage({ type: replayCartQueueMessage });
  window.addEventListener('online', replayQueue);
  if (navigator.onLine) replayQueue();

  // The offline page of this store, in its language, for the pages the worker has not kept.
  void container.ready.then((ready) => ready.active?.postMessage({ type: keepOfflinePageMessage, prefix: location.pathname.split('/')[1] ?? '' }));

  setInterval(() => void checkForUpdate(registration), updateCheckIntervalMs);
  // A tab coming back from the background may have slept through checks.
  document.addEventListener('visibilitychange', () => document.visibilityState === 'visible' && void checkForUpdate(registration));

  document.addEventListener('click', (event) => followLinkAsDocument(event, registration), true);
}

/** Spec §4: the check runs only while the worker is active, the browser online and /sw.js answers 200. */
export async function checkForUpdate(registration: ServiceWorkerRegistration): Promise<void> {
  if (!registration.active || !navigator.onLine) return;
  try {
    const worker = await fetch('/sw.js', { cache: 'no-store', method: 'HEAD' });
    if (worker.status === 200) await registration.update();
    const build = (await (await fetch(buildIdPath, { cache: 'no-store' })).json()) as { buildId?: string };
    if (build.buildId && build.buildId !== currentBuildId) appStatus.update({ updateReady: true });
  } catch (error) {
    console.warn('the update check failed', error);
  }
}

/**
 * Offline, or with a new version ready, a link loads the whole document instead of the router's
 * data request: the worker answers it from its copies, or the new version loads. A waiting worker
 * takes over now, as the page is leaving anyway (never in the middle of a form).
 */
function followLinkAsDocument(event: MouseEvent, registration: ServiceWorkerRegistration) {
  const { offline, updateReady } = appStatus.get();
  if (!offline && !updateReady) return;
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const link = (event.target as Element | null)?.closest?.('a[href]');
  if (!(link instanceof HTMLAnchorElement) || link.target || link.hasAttribute('download') || link.origin !== location.origin) return;
  event.stopPropagation();
  if (updateReady) registration.waiting?.postMessage({ type: 'SKIP_WAITING' });
}
