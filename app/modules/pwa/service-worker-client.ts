/**
 * The page's side of the service worker (issue 17, spec §4), loaded lazily by app-shell.ts:
 * registration, the update check every 1800 s (worker active, browser online, /sw.js answering
 * 200), the build id check, and the offline rules of the page: links load whole documents
 * (the worker answers them), an add to cart is queued, other forms wait for the connection.
 */
import { appStatus } from './app-status.ts';
import { buildIdPath, currentBuildId } from './build-id.ts';
import { cartQueueSentMessage, keepOfflinePageMessage, queueWhenOfflineHeader, replayCartQueueMessage } from './offline-rules.ts';

/** Spec §9: the service worker update check interval. */
export const updateCheckIntervalMs = 1800 * 1000;

const queuedIntents = new Set(['add-to-cart', 'sample']);

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

  container.addEventListener('message', (event: MessageEvent<{ type?: string; count?: number }>) => {
    if (event.data?.type !== cartQueueSentMessage) return;
    const count = event.data.count ?? 0;
    appStatus.update((current) => ({ sentAdditions: current.sentAdditions + count, queuedAdditions: Math.max(0, current.queuedAdditions - count) }));
  });
  // Browsers without Background Sync: the worker sends the queue when the page is back online or opens.
  const replayQueue = () => container.controller?.postMessage({ type: replayCartQueueMessage });
  window.addEventListener('online', replayQueue);
  if (navigator.onLine) replayQueue();

  // The offline page of this store, in its language, for the pages the worker has not kept.
  void container.ready.then((ready) => ready.active?.postMessage({ type: keepOfflinePageMessage, prefix: location.pathname.split('/')[1] ?? '' }));

  setInterval(() => void checkForUpdate(registration), updateCheckIntervalMs);
  // A tab coming back from the background may have slept through checks.
  document.addEventListener('visibilitychange', () => document.visibilityState === 'visible' && void checkForUpdate(registration));

  document.addEventListener('click', (event) => followLinkAsDocument(event, registration), true);
  document.addEventListener('submit', (event) => holdFormOffline(event), true);
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

/** Offline: an add to cart goes to the worker's queue; any other form stays as typed with a notice. */
function holdFormOffline(event: SubmitEvent) {
  if (navigator.onLine || event.defaultPrevented) return;
  const form = event.target;
  if (!(form instanceof HTMLFormElement) || form.method === 'dialog') return;
  event.preventDefault();
  event.stopPropagation();
  const submitter = event.submitter as HTMLButtonElement | null;
  if (!navigator.serviceWorker.controller || !queuedIntents.has(submitter?.value ?? '')) {
    appStatus.update({ formNeedsConnection: true });
    return;
  }
  const body = new URLSearchParams();
  for (const [name, value] of new FormData(form, submitter)) if (typeof value === 'string') body.append(name, value);
  appStatus.update((current) => ({ queuedAdditions: current.queuedAdditions + 1 }));
  fetch(form.action, { method: 'POST', body, headers: { [queueWhenOfflineHeader]: '1' }, redirect: 'manual' }).then(
    // The connection was back after all: it reached the cart.
    () => appStatus.update((current) => ({ queuedAdditions: current.queuedAdditions - 1, sentAdditions: current.sentAdditions + 1 })),
    // Queued by the worker (it rejects after storing the request).
    () => undefined,
  );
}
