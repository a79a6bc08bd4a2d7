/// <reference lib="webworker" />
/**
 * The service worker (issue 17), built by scripts/app-build/service-worker-plugin.ts into /sw.js with
 * Serwist. Precaches the app shell and keeps the offline page of the visitor's store; pages network-first with a short
 * timeout; route data network-first (it carries the cart count), search suggestions stale-while-revalidate; images (with an expiry) and the
 * stores' message files (decision 0032) cache-first; checkout steps, accounts, the back office and answers that set a cookie never stored.
 * An add to cart posted while offline waits in IndexedDB (Background Sync, or the page's "online").
 */
import {
  BackgroundSyncQueue,
  CacheFirst,
  ExpirationPlugin,
  NetworkFirst,
  NetworkOnly,
  type PrecacheEntry,
  type RouteMatchCallbackOptions,
  Serwist,
  type SerwistPlugin,
  StaleWhileRevalidate,
} from 'serwist';
import { storefronts } from '#app/modules/i18n/locales.ts';
import { isPageMessagesPath, pageMessagesPathIn } from '#app/modules/i18n/page-messages-paths.ts';
import {
  cartQueueSentMessage,
  cartQueueToldMessage,
  isCartPage,
  isLogout,
  isNeverStored,
  keepOfflinePageMessage,
  mayStore,
  offlinePagePath,
  queueWhenOfflineHeader,
  replayCartQueueMessage,
  type SentAdditions,
} from '#app/modules/pwa/offline-rules.ts';

declare const self: ServiceWorkerGlobalScope & { __SW_MANIFEST: (PrecacheEntry | string)[] };
declare const __CORDIAL_BUILD_ID__: string;

const pageCache = 'pages';
/**
 * The offline page of each store a visitor uses, kept when their page asks (keepOfflinePageMessage)
 * rather than precached for all eleven: a worker install then costs the server no page renders.
 * One cache per build, so a new version keeps its own translation.
 */
const offlinePagesCache = `offline-pages-${__CORDIAL_BUILD_ID__}`;

async function keptOfflinePage(path: string): Promise<Response | undefined> {
  return (await caches.open(offlinePagesCache)).match(path);
}

/** The store's offline page and the message file it hydrates with (decision 0032). */
async function keepOfflinePage(prefix: string): Promise<void> {
  if (!storefronts.some((store) => store.prefix === prefix)) return;
  const cache = await caches.open(offlinePagesCache);
  const path = offlinePagePath(prefix);
  if (!(await cache.match(path))) await cache.add(path);
  const messagesPath = pageMessagesPathIn((await (await cache.match(path))?.text()) ?? '');
  if (messagesPath && !(await cache.match(messagesPath))) await cache.add(messagesPath);
}
const catalogueDataCache = 'catalogue-data';

/**
 * A page that could not be fetched nor found in the cache: the offline page of its store. A
 * redirect, not that page's HTML under the asked address, so the router hydrates the page it
 * rendered (the first store for paths outside the stores).
 */
const offlinePage: SerwistPlugin = {
  handlerDidError: async ({ request }) => {
    if (request.mode !== 'navigate') return undefined;
    const { pathname } = new URL(request.url);
    const prefix = pathname.split('/')[1] ?? '';
    const kept = [prefix, ...storefronts.map((store) => store.prefix)].map(offlinePagePath);
    for (const path of kept) if (path !== pathname && (await keptOfflinePage(path))) return Response.redirect(path, 303);
    return undefined;
  },
};

/** Stores only what mayStore allows (no cookie set, a 200). */
const onlyStorable: SerwistPlugin = { cacheWillUpdate: async ({ response }) => (mayStore(response) ? response : null) };

/**
 * A store's message file (decision 0032) is kept for good under its hash: a kept page hydrates with
 * the very file it names. An answer for an outdated hash (the current messages, sent `no-cache`)
 * is not kept under that name.
 */
const pageMessages = new CacheFirst({
  cacheName: 'page-messages',
  plugins: [
    { cacheWillUpdate: async ({ response }) => (mayStore(response) && /\bimmutable\b/.test(response.headers.get('cache-control') ?? '') ? response : null) },
    new ExpirationPlugin({ maxEntries: 40, purgeOnQuotaError: true }),
  ],
});

const sameOrigin = (url: URL) => url.origin === self.location.origin;
const isDocument = ({ request, url }: RouteMatchCallbackOptions) => sameOrigin(url) && request.mode === 'navigate';
const isRouteData = ({ request, url }: RouteMatchCallbackOptions) =>
  sameOrigin(url) && request.method === 'GET' && url.pathname.endsWith('.data') && request.mode !== 'navigate';
/** The router's lazy route discovery: offline, links of a kept page still find their routes. */
const isRouteManifest = ({ request, url }: RouteMatchCallbackOptions) => sameOrigin(url) && request.method === 'GET' && url.pathname === '/__manifest';

const cartQueue = new BackgroundSyncQueue('cart-additions', {
  maxRetentionTime: 24 * 60,
  onSync: () => replayCartQueueOnce(),
});

/**
 * One replay at a time: Background Sync and the page's "online" message often come together, and
 * two replays could both take the first request before either removed it (sent twice). A call
 * during a replay runs another one after it: the first may have met the network still down.
 */
let replays: Promise<void> = Promise.resolve();
function replayCartQueueOnce(): Promise<void> {
  const replay = replays.catch(() => undefined).then(() => replayCartQueue(cartQueue));
  replays = replay;
  return replay;
}

/** Sends the queued additions in order; one that fails again goes back to the front and the sync is retried. */
async function replayCartQueue(queue: BackgroundSyncQueue) {
  let sent = 0;
  try {
    for (let entry = await queue.shiftRequest(); entry; entry = await queue.shiftRequest()) {
      try {
        await fetch(entry.request.clone());
        sent += 1;
      } catch (error) {
        await queue.unshiftRequest(entry);
        throw error;
      }
    }
  } finally {
    await tellPagesOfSentAdditions(sent);
  }
}

/**
 * Additions sent from the queue that no page has confirmed showing: Background Sync may send them
 * while no page listens (one is still loading, or none is open), so each page that starts (it
 * asks for a replay) hears of them until one confirms. Kept in Cache Storage, as the worker may
 * be stopped in between; changed one at a time.
 */
const untoldAdditionsCache = 'cart-queue-untold';
const untoldAdditionsKey = '/untold-additions';
let untoldChanges: Promise<unknown> = Promise.resolve();
function changeUntoldAdditions(change: (batches: SentAdditions[]) => SentAdditions[]): Promise<SentAdditions[]> {
  const next = untoldChanges.then(async () => {
    const cache = await caches.open(untoldAdditionsCache);
    const kept = await cache.match(untoldAdditionsKey);
    const batches = change(kept ? ((await kept.json()) as SentAdditions[]) : []);
    await cache.put(untoldAdditionsKey, new Response(JSON.stringify(batches)));
    return batches;
  });
  untoldChanges = next.catch(() => undefined);
  return next;
}

async function tellPagesOfSentAdditions(sent: number) {
  const untold = await changeUntoldAdditions((batches) => (sent > 0 ? [...batches, { id: crypto.randomUUID(), count: sent }] : batches));
  if (untold.length === 0) return;
  for (const client of await self.clients.matchAll({ type: 'window' })) client.postMessage({ type: cartQueueSentMessage, batches: untold });
}

const serwist = new Serwist({
  precacheEntries: self.__SW_MANIFEST,
  precacheOptions: { cleanupOutdatedCaches: true },
  // A new version waits until its page says so (the next navigation, never in the middle of a form).
  skipWaiting: false,
  clientsClaim: true,
  navigationPreload: false,
  disableDevLogs: true,
  runtimeCaching: [
    // An add to cart that the page marked: sent now, or queued when the network is down.
    {
      method: 'POST',
      matcher: ({ request, url }) => sameOrigin(url) && request.headers.has(queueWhenOfflineHeader),
      handler: new NetworkOnly({
        plugins: [
          {
            fetchDidFail: async ({ request }) => {
              await cartQueue.pushRequest({ request });
            },
          },
        ],
      }),
    },
    // The messages pages hydrate with: the offline pages' own, else kept when first read.
    {
      matcher: ({ request, url }) => sameOrigin(url) && request.method === 'GET' && isPageMessagesPath(url.pathname),
      handler: async (options) => (await (await caches.open(offlinePagesCache)).match(options.request)) ?? pageMessages.handle(options),
    },
    // The offline pages themselves: the kept copy first (it is only asked for without a connection).
    {
      matcher: (options) => isDocument(options) && storefronts.some((store) => options.url.pathname === offlinePagePath(store.prefix)),
      handler: async ({ request, url }) => (await keptOfflinePage(url.pathname)) ?? fetch(request),
    },
    // Pages and route data never kept (other API calls pass the worker by untouched).
    {
      matcher: (options) => (isDocument(options) || isRouteData(options)) && isNeverStored(options.url.pathname),
      handler: new NetworkOnly({ plugins: [offlinePage] }),
    },
    {
      matcher: ({ url }) => sameOrigin(url) && url.pathname === '/api/search/suggest',
      handler: new StaleWhileRevalidate({
        cacheName: 'search-suggestions',
        plugins: [onlyStorable, new ExpirationPlugin({ maxEntries: 100, maxAgeSeconds: 24 * 60 * 60 })],
      }),
    },
    {
      matcher: ({ url }) => sameOrigin(url) && url.pathname.startsWith('/images/'),
      handler: new CacheFirst({
        cacheName: 'images',
        plugins: [onlyStorable, new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 7 * 24 * 60 * 60, purgeOnQuotaError: true })],
      }),
    },
    {
      matcher: ({ url }) => sameOrigin(url) && (url.pathname.startsWith('/assets/') || url.pathname.startsWith('/icons/')),
      handler: new CacheFirst({ cacheName: 'assets', plugins: [onlyStorable, new ExpirationPlugin({ maxEntries: 200, purgeOnQuotaError: true })] }),
    },
    {
      matcher: (options) => isDocument(options) && isLogout(options.url.pathname),
      handler: async ({ request, url }) => {
        await Promise.all([caches.delete(pageCache), caches.delete(catalogueDataCache)]);
        return fetch(request).catch(() => Response.redirect(offlinePagePath(url.pathname.split('/')[1] ?? ''), 303));
      },
    },
    {
      // Network first, without a timeout: route data also carries the shopper's own state (the cart
      // count, what of a product is in the cart) and is what the router fetches again after every
      // add to cart; a kept copy would show the count before it. Offline, the kept copy serves.
      matcher: (options) => (isRouteData(options) && !isCartPage(options.url.pathname)) || isRouteManifest(options),
      handler: new NetworkFirst({
        cacheName: catalogueDataCache,
        plugins: [onlyStorable, new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 7 * 24 * 60 * 60 })],
      }),
    },
    {
      matcher: (options) => isDocument(options) || isRouteData(options),
      handler: new NetworkFirst({
        cacheName: pageCache,
        networkTimeoutSeconds: 3,
        plugins: [onlyStorable, new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 7 * 24 * 60 * 60 }), offlinePage],
      }),
    },
  ],
});

self.addEventListener('message', (event) => {
  const message = event.data as { type?: string; prefix?: string; ids?: string[] } | null;
  if (message?.type === cartQueueToldMessage && Array.isArray(message.ids)) {
    const told = new Set(message.ids);
    event.waitUntil(changeUntoldAdditions((batches) => batches.filter((batch) => !told.has(batch.id))).catch(() => undefined));
  }
  if (message?.type === replayCartQueueMessage) event.waitUntil(replayCartQueueOnce().catch(() => undefined));
  if (message?.type === keepOfflinePageMessage && message.prefix) event.waitUntil(keepOfflinePage(message.prefix).catch(() => undefined));
});

// Offline pages of earlier builds go with them.
self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name.startsWith('offline-pages-') && name !== offlinePagesCache).map((name) => caches.delete(name)))),
  );
});

serwist.addEventListeners();
