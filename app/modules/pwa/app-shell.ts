/**
 * What every page starts with JavaScript (issue 17), kept small for the script budget (issue 14):
 * the chunk-load rule of spec §8, the install offer, online/offline, forms offline, and, when the browser is idle,
 * the lazily loaded service worker code.
 */
import { appStatus } from './app-status.ts';
import { holdFormOffline } from './offline-forms.ts';
import { cacheBustingUrl, chunkReloadAdvice, chunkReloadPolicy, countRouterReloads, isChunkLoadError, nextChunkReload } from './chunk-reload.ts';

const chunkReloadsKey = 'cordial:chunk-reloads';

interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}
let installPrompt: InstallPromptEvent | null = null;

/** Shows the browser's install dialog (the menu's "Install app"). */
export async function promptInstall(): Promise<void> {
  const event = installPrompt;
  if (!event) return;
  installPrompt = null;
  appStatus.update({ installOffered: false });
  await event.prompt();
}

/** The prompt's "Reload now": a waiting worker takes over, then the page loads the new version. */
export async function applyUpdateNow(): Promise<void> {
  const waiting = (await navigator.serviceWorker?.getRegistration())?.waiting;
  if (!waiting) return location.reload();
  navigator.serviceWorker.addEventListener('controllerchange', () => location.reload(), { once: true });
  waiting.postMessage({ type: 'SKIP_WAITING' });
}

/** Counts a reload in the spec's window; past the limit, the advice instead (and false). */
function chunkReloadAllowed(now: number): boolean {
  let earlier: number[] = [];
  try {
    earlier = JSON.parse(sessionStorage.getItem(chunkReloadsKey) ?? '[]') as number[];
  } catch {
    earlier = [];
  }
  const next = nextChunkReload(Array.isArray(earlier) ? earlier : [], now);
  sessionStorage.setItem(chunkReloadsKey, JSON.stringify(next.attempts));
  if (!next.reload) {
    console.error(chunkReloadAdvice);
    appStatus.update({ chunkAdvice: true });
  }
  return next.reload;
}

export function startAppShell(): () => void {
  const onChunkFailure = (error: unknown) => {
    console.error('a script or style chunk failed to load', error);
    const now = Date.now();
    if (chunkReloadAllowed(now)) setTimeout(() => location.replace(cacheBustingUrl(location.href, now)), chunkReloadPolicy.delayMs);
  };
  const onPreloadError = (event: Event) => {
    event.preventDefault();
    onChunkFailure((event as Event & { payload?: unknown }).payload);
  };
  // Other script errors go to the lazily loaded reporter.
  const report = (error: { message: string; source?: string; line?: number }) =>
    void import('#app/modules/analytics/client-error-reporter.ts').then((reporter) => reporter.reportClientError(error)).catch(() => undefined);
  const onRejection = (event: PromiseRejectionEvent) => {
    if (isChunkLoadError(event.reason)) return onChunkFailure(event.reason);
    const reason: unknown = event.reason;
    report({ message: reason instanceof Error ? `${reason.name}: ${reason.message}` : String(reason) });
  };
  const onScriptError = (event: ErrorEvent) => {
    if (isChunkLoadError(event.error ?? event.message)) return onChunkFailure(event.error);
    if (event.filename && new URL(event.filename, location.href).origin !== location.origin) return;
    report({ message: event.message, source: event.filename || undefined, line: event.lineno || undefined });
  };
  // Failed <script> and <link rel=modulepreload|stylesheet> of the build: error events that do not bubble.
  const onResourceError = (event: Event) => {
    if (event instanceof ErrorEvent) return onScriptError(event);
    const element = event.target;
    const source = element instanceof HTMLScriptElement ? element.src : element instanceof HTMLLinkElement ? element.href : '';
    if (source && new URL(source, location.href).pathname.startsWith('/assets/')) onChunkFailure(new Error(`could not load ${source}`));
  };
  const onInstallOffer = (event: Event) => {
    event.preventDefault();
    installPrompt = event as InstallPromptEvent;
    appStatus.update({ installOffered: !matchMedia('(display-mode: standalone)').matches });
  };
  const onInstalled = () => appStatus.update({ installOffered: false });
  const onConnection = () => appStatus.update({ offline: !navigator.onLine, ...(navigator.onLine ? { formNeedsConnection: false } : {}) });
  const listeners: [string, EventListener, boolean][] = [
    ['vite:preloadError', onPreloadError, false],
    ['unhandledrejection', onRejection as EventListener, false],
    ['error', onResourceError, true],
    ['beforeinstallprompt', onInstallOffer, false],
    ['appinstalled', onInstalled, false],
    ['online', onConnection, false],
    ['offline', onConnection, false],
    // Capture on the window: before the router's own submit handling.
    ['submit', holdFormOffline, true],
  ];
  for (const [type, listener, capture] of listeners) window.addEventListener(type, listener, capture);
  // React Router's own reload after a route module failed to load counts in the same window.
  const stopCountingRouterReloads = countRouterReloads(console, () => chunkReloadAllowed(Date.now()));
  onConnection();
  const idle = window.requestIdleCallback ?? ((callback: () => void) => setTimeout(callback, 1));
  idle(() => {
    if ('serviceWorker' in navigator) void import('./service-worker-client.ts').then((client) => client.startServiceWorker());
  });
  return () => {
    for (const [type, listener, capture] of listeners) window.removeEventListener(type, listener, capture);
    stopCountingRouterReloads();
  };
}
