/**
 * The Express application: security headers, compression, request logs, health, images and the
 * React Router request handler. Built into build/server/index.js together with the routes, so
 * the router context keys below are the same objects the loaders read.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import { isIP } from 'node:net';
import { join } from 'node:path';
import compression from 'compression';
import express, { type NextFunction, type Request, type Response } from 'express';
import helmet from 'helmet';
import { RouterContextProvider } from 'react-router';
import { type AppServices, requestInfoContext, servicesContext } from '#app/context.ts';
import type { TrustProxy } from './env.server.ts';
import { cacheControlFor } from '#app/lib/http/cache-policy.ts';
import { serveBuildAssets } from '#app/lib/http/build-assets.server.ts';
import { hasMalformedPath, malformedTargetStandIn } from '#app/lib/http/request-target.ts';
import { checkHealth } from '#app/lib/observability/health.server.ts';
import { detectStorefront } from '#app/modules/i18n/locale-detection.ts';
import { storefrontByPrefix } from '#app/modules/i18n/locales.ts';
import { localeCookie } from '#app/modules/i18n/storefront-request.server.ts';
import { serverTranslator } from '#app/modules/i18n/translator.server.ts';
import { readCookie } from '#app/lib/http/cookies.server.ts';
import type { Shopper } from '#app/modules/page-cache/personal-inputs.ts';
import type { PageCache, PersonalValues } from '#app/modules/page-cache/page-cache.server.ts';
import type { DatabaseHandle } from '#app/db/client.server.ts';
import type { Unlisten } from '#app/db/notifications.server.ts';
import { forgetStorefrontCaches, invalidateCachesOnStorefrontChanges } from '#app/modules/catalogue/storefront-changes.server.ts';
import { watchContentSchedule } from '#app/modules/content/schedule-watch.server.ts';
import { cartCookie } from '#app/modules/cart/cart-count.server.ts';
import { readSession, sessionCookie } from '#app/modules/customers/session.server.ts';
import { isNewSearch, searchedTermHeader, searchResultsHeader } from '#app/modules/search/search-page.server.ts';
import { recordSearch, searchVisitorKey } from '#app/modules/search/popular-searches.server.ts';
import { csrfState } from '#app/lib/security/csrf.server.ts';
import type { ImagePipeline } from '#app/modules/media/image-pipeline.server.ts';
import { serveImages } from '#app/modules/media/image-route.server.ts';
import { noOfflineCopyHeader } from '#app/modules/pwa/offline-rules.ts';
import { createRequestHandler } from './request-handler.ts';

export interface AppDependencies extends AppServices {
  /** Resolves when the database answers; used by the health check. */
  pingDatabase(): Promise<void>;
  /** Directory of the client build (static files). */
  clientBuildDir: string;
  /** Renders and caches /images/...; made by main.ts, which also stops its render process. */
  images: ImagePipeline;
  /** TRUST_PROXY: whose X-Forwarded-For counts for the client address (the router's URL is always siteUrl). */
  trustProxy: TrustProxy;
}

type Locals = { requestId: string; cspNonce: string; malformedTarget?: boolean };

/** Imported once: the request handler takes it at its first request. */
const serverBuild = import('virtual:react-router/server-build');

/** The largest file a form may carry (catalogue imports, product images), and a request body with it. */
const maxUploadMegabytes = 20;
const maxRequestBodyBytes = (maxUploadMegabytes + 5) * 1024 * 1024;

export function createApp(deps: AppDependencies): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', deps.trustProxy);

  app.use((req, res: Response<unknown, Locals>, next) => {
    const started = process.hrtime.bigint();
    const requestId = req.get('x-request-id')?.slice(0, 64) || randomUUID();
    res.locals.requestId = requestId;
    res.locals.cspNonce = randomBytes(16).toString('base64');
    res.setHeader('x-request-id', requestId);
    res.on('finish', () => {
      const durationMs = Number(process.hrtime.bigint() - started) / 1e6;
      const level = res.statusCode >= 500 ? 'error' : 'info';
      deps.logger[level]({ requestId, method: req.method, path: req.path, status: res.statusCode, durationMs: Math.round(durationMs * 10) / 10 }, 'request');
    });
    next();
  });

  // What shared caches may keep is decided on every answer, page-cache hits included (decision 0024).
  app.use((req, res, next) => {
    const writeHead = res.writeHead;
    res.writeHead = function (this: Response, ...args: Parameters<Response['writeHead']>) {
      const cacheControl = cacheControlFor({
        method: req.method,
        status: typeof args[0] === 'number' ? args[0] : this.statusCode,
        cacheControl: this.getHeader('cache-control')?.toString(),
        contentType: this.getHeader('content-type')?.toString(),
        setsCookie: this.hasHeader('set-cookie'),
        shopper: deps.pageCache.isShopper(req.get('cookie')),
      });
      if (cacheControl) this.setHeader('Cache-Control', cacheControl);
      return writeHead.apply(this, args);
    } as Response['writeHead'];
    next();
  });

  // Before any route decodes the path: a target that cannot be decoded gets the 400 page.
  app.use((req, res: Response<unknown, Locals>, next) => {
    if (!req.url.startsWith('/')) return void res.status(400).type('text/plain').send('Bad Request');
    if (!hasMalformedPath(req.url)) return next();
    // The page is rendered in the store of the path, or the visitor's store for paths outside them.
    const store =
      storefrontByPrefix(req.url.split('/')[1] ?? '') ?? detectStorefront(readCookie(req.get('cookie'), localeCookie), req.get('accept-language') ?? null);
    res.locals.malformedTarget = true;
    req.url = req.originalUrl = malformedTargetStandIn(req.url, store.prefix);
    next();
  });

  // Forms, uploads and the CSRF check read a request body whole: one larger than the largest upload
  // (a 20 MB catalogue file or product image, with the form around it) is refused before anything
  // reads it, and so is a body of unknown length (browsers always say how long a form is).
  app.use(async (req, res: Response<unknown, Locals>, next) => {
    const declared = req.get('content-length');
    const unknownLength = declared === undefined && req.get('transfer-encoding') !== undefined;
    if (!unknownLength && !(Number(declared) > maxRequestBodyBytes)) return next();
    const store =
      storefrontByPrefix(req.path.split('/')[1] ?? '') ?? detectStorefront(readCookie(req.get('cookie'), localeCookie), req.get('accept-language') ?? null);
    const t = await serverTranslator(deps.db, store.code, deps.logger).catch(() => null);
    const text = t?.('errors.requestTooLarge', { megabytes: maxUploadMegabytes }) ?? `At most ${maxUploadMegabytes} MB can be sent.`;
    res
      .status(unknownLength ? 411 : 413)
      .set('connection', 'close')
      .type('text/plain; charset=utf-8')
      .send(text);
  });

  // The service worker never keeps an answer that sets a cookie, but cannot see Set-Cookie: say so.
  app.use((_req, res, next) => {
    const writeHead = res.writeHead;
    res.writeHead = function (this: Response, ...args: Parameters<Response['writeHead']>) {
      if (res.hasHeader('set-cookie') && !res.headersSent) res.setHeader(noOfflineCopyHeader, '1');
      return writeHead.apply(this, args);
    } as Response['writeHead'];
    next();
  });

  // The build's scripts and styles, with the headers that apply to them (not the pages' below).
  app.use('/assets', serveBuildAssets(join(deps.clientBuildDir, 'assets')));

  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          'script-src': ["'self'", (_req, res) => `'nonce-${(res as Response<unknown, Locals>).locals.cspNonce}'`],
          'img-src': ["'self'", 'data:'],
          // Placing an order without JavaScript redirects the form post to the payment page.
          'form-action': ["'self'", ...(deps.payments ? [deps.payments.paymentPageOrigin] : [])],
          'upgrade-insecure-requests': deps.isProduction && deps.siteUrl.startsWith('https:') ? [] : null,
        },
      },
      // Local http:// runs must not be pinned to https.
      strictTransportSecurity: deps.siteUrl.startsWith('https:'),
      // Not helmet's no-referrer: with it, browsers send "Origin: null" on form posts and React
      // Router's origin check refuses every form submitted without JavaScript.
      referrerPolicy: { policy: 'same-origin' },
    }),
  );
  // Level 1: most of the size gain for a third of the CPU of the default (pages are rendered per request).
  app.use(compression({ level: 1 }));

  app.get('/healthz', async (_req, res) => {
    const report = await checkHealth(deps.pingDatabase);
    if (report.httpStatus !== 200) deps.logger.warn('health check failed: database unavailable');
    res.status(report.httpStatus).json(report.body);
  });

  app.use(serveImages(deps.images));

  // Issue 17: the service worker at the root scope, checked by the browser on every update.
  app.get('/sw.js', (_req, res, next) => {
    res.setHeader('Service-Worker-Allowed', '/');
    res.sendFile(join(deps.clientBuildDir, 'sw.js'), { headers: { 'Cache-Control': 'no-cache' }, cacheControl: false }, (error) => error && next());
  });

  // Other public files (favicon, manifest...): only paths that name a file look on disk.
  const publicFiles = express.static(deps.clientBuildDir, { maxAge: '1h', index: false });
  app.use((req, res, next) => (/\.[a-z0-9]+$/i.test(req.path) ? publicFiles(req, res, next) : next()));

  // A search counts for the popular searches once its page has gone out, rendered or from the
  // cache (by the headers the search route sets): the shopper does not wait for the write.
  app.get('{*path}', (req, res, next) => {
    res.once('finish', () => countSearch(req, res));
    next();
  });

  // Page cache hits skip routing and rendering (pages are stored by the root middleware). A page
  // matches when it showed the same of this visitor: their cart count, first name... (decision 0020).
  // The first miss renders the page (the root middleware stores it once the answer is done); the
  // visitors who miss it meanwhile wait for that render instead of rendering the page too.
  app.get('{*path}', async (req, res: Response<unknown, Locals>, next) => {
    const key = deps.pageCache.keyOf({ method: req.method, url: req.originalUrl, cookie: req.get('cookie'), acceptLanguage: req.get('accept-language') });
    if (key === null) return next();
    if (await serveCachedPage(req, res, key)) return;
    const render = deps.pageCache.renderUnderWay(key);
    if (!render) {
      res.on('close', deps.pageCache.beginRender(key));
      return next();
    }
    if (!(await render.then(() => serveCachedPage(req, res, key)))) next();
  });

  /** Answers from the page cache if it has the page as this visitor would see it; false when it must be rendered. */
  async function serveCachedPage(req: Request, res: Response<unknown, Locals>, key: string): Promise<boolean> {
    const cookie = req.get('cookie');
    const inputs = deps.pageCache.inputsOf(key);
    if (!inputs) return false;
    let shown: PersonalValues;
    try {
      const shopper = await shopperFromCookies(cookie);
      if (!shopper) return false;
      shown = await Promise.all(inputs.map(async (input) => ({ input, value: await input.read(deps.db, shopper) })));
    } catch {
      // The database is unreachable: the route answers (with the unavailable page if it must).
      return false;
    }
    const csrf = csrfState(cookie, deps.sessionSecret, deps.secureCookies);
    const visitor = {
      nonce: res.locals.cspNonce,
      csrfToken: csrf.token,
      shopper: deps.pageCache.isShopper(cookie),
      acceptsGzip: req.acceptsEncodings('gzip') === 'gzip',
    };
    const hit = deps.pageCache.get(deps.pageCache.variantKey(key, shown), visitor);
    if (!hit) return false;
    for (const [name, value] of hit.headers) if (name !== 'content-length') res.setHeader(name, value);
    // The length of this body (the compression middleware drops it when it compresses one that is not yet).
    res.setHeader('content-length', String(hit.body.length));
    if (csrf.setCookie) res.append('Set-Cookie', csrf.setCookie);
    res.status(hit.status).end(hit.body);
    return true;
  }

  /**
   * The visitor as shared pages see them, or null when their session needs the page rendered (it
   * expired, was revoked or is unknown: the page says so and clears the cookie). Anonymous
   * visitors cost no query.
   */
  async function shopperFromCookies(cookie: string | undefined): Promise<Shopper | null> {
    const session = await readSession(deps.db, readCookie(cookie, sessionCookie), { keepEnded: true });
    if (session.kind !== 'guest' && session.kind !== 'customer') return null;
    return { cartId: readCookie(cookie, cartCookie), customer: session.kind === 'customer' ? session.customer : null };
  }

  /** Counts a search whose results page went out (its route set the headers; a cached page keeps them). */
  function countSearch(req: Request, res: Response) {
    const results = res.getHeader(searchResultsHeader);
    const term = res.getHeader(searchedTermHeader);
    const storefront = storefrontByPrefix(req.path.split('/')[1] ?? '');
    const url = new URL(req.originalUrl, 'http://x');
    if (res.statusCode !== 200 || results === undefined || typeof term !== 'string' || !storefront || !isNewSearch(url.searchParams)) return;
    recordSearch(deps.db, storefront.code, decodeURIComponent(term), Number(results), searchVisitorKey(deps.sessionSecret, clientAddressOf(req))).catch(
      (error: unknown) => deps.logger.warn({ err: error }, 'could not count a search'),
    );
  }

  app.all(
    '{*path}',
    createRequestHandler({
      build: () => serverBuild,
      mode: deps.isProduction ? 'production' : 'development',
      siteUrl: deps.siteUrl,
      getLoadContext(req, res) {
        const { requestId, cspNonce, malformedTarget = false } = res.locals as Locals;
        const context = new RouterContextProvider();
        context.set(servicesContext, deps);
        context.set(requestInfoContext, { requestId, cspNonce, clientAddress: clientAddressOf(req), malformedTarget });
        return context;
      },
    }),
  );

  // Errors that carry a client status (a body that is not JSON, too large...) are the client's.
  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    const status = clientErrorStatus(error);
    if (status !== null) {
      deps.logger.info({ path: req.path, status, reason: (error as Error).message.slice(0, 200) }, 'refused request');
      if (!res.headersSent)
        res
          .status(status)
          .type('text/plain')
          .send(STATUS_CODES[status] ?? 'Bad Request');
      return;
    }
    deps.logger.error({ err: error, path: req.path }, 'unhandled error');
    if (!res.headersSent) res.status(500).type('text/plain').send('Internal Server Error');
  });

  return app;
}

/**
 * The client's address: from X-Forwarded-For when the request came through a trusted proxy
 * (TRUST_PROXY), else the socket's. A forwarded value that is not an address is not believed.
 */
function clientAddressOf(req: Request): string {
  const socketAddress = req.socket.remoteAddress ?? 'unknown';
  return req.ip && isIP(req.ip) ? req.ip : socketAddress;
}

/** The 4xx status of an error raised by Express or its body parsers, or null for a server error. */
function clientErrorStatus(error: unknown): number | null {
  const status = typeof error === 'object' && error !== null ? (error as { status?: unknown }).status : undefined;
  return typeof status === 'number' && status >= 400 && status < 500 ? status : null;
}

/** The background jobs (decisions 0024, 0043, catalogue imports among them) travel in the server build (they translate their mails): server/shop-process.ts starts them from here. */
export { searchRefreshSecondsFor, startShopJobs } from '#app/modules/jobs/shop-jobs.server.ts';
export { jobStopSeconds } from '#app/modules/jobs/job-queue.server.ts';
/** A web process is ready once its listing index is (decision 0039); the index lives in the server build's module too. */
export { prepareListingIndex } from '#app/modules/catalogue/listing-index.server.ts';
/** Once ready, a web process makes every store's search words in the background (no first search waits for them). */
export { warmSearchWords } from '#app/modules/search/search.server.ts';
// From the server build too: the caches it empties are the build's own module instances.
/**
 * Caches follow the database (decision 0019) and the content schedule (decision 0028): the
 * schedule's timer empties them when scheduled content starts or stops showing, and a change sets
 * the timer again (it may have scheduled something). Wired here, above both modules.
 */
export async function followStorefrontChanges(database: Pick<DatabaseHandle, 'db' | 'listen' | 'replicaCaughtUp'>, pageCache: PageCache): Promise<Unlisten> {
  const schedule = watchContentSchedule(database.db, () => forgetStorefrontCaches(database.db, pageCache));
  const unlisten = await invalidateCachesOnStorefrontChanges(database, pageCache, () => schedule.check());
  schedule.check();
  return async () => {
    schedule.stop();
    await unlisten();
  };
}
