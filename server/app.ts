/**
 * The Express application: security headers, compression, request logs, health, images and the
 * React Router request handler. Built into build/server/index.js together with the routes, so
 * the router context keys below are the same objects the loaders read.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { createRequestHandler } from '@react-router/express';
import compression from 'compression';
import express, { type NextFunction, type Request, type Response } from 'express';
import helmet from 'helmet';
import { RouterContextProvider } from 'react-router';
import { type AppServices, requestInfoContext, servicesContext } from '../app/context.ts';
import { checkHealth } from '../app/modules/observability/health.server.ts';
import { storefrontByPrefix } from '../app/modules/i18n/locales.ts';
import { isNewSearch, searchResultsHeader } from '../app/modules/search/search-page.server.ts';
import { recordSearch } from '../app/modules/search/search.server.ts';
import { csrfState } from '../app/modules/security/csrf.server.ts';
import {
  ImageNotFoundError,
  imageCacheControl,
  parseImageRequest,
  renderImage,
} from '../app/modules/media/image-pipeline.server.ts';

export interface AppDependencies extends AppServices {
  /** Resolves when the database answers; used by the health check. */
  pingDatabase(): Promise<void>;
  /** Directory of the client build (static files). */
  clientBuildDir: string;
}

type Locals = { requestId: string; cspNonce: string };

/** Imported once: the request handler asks for the build on every request. */
const serverBuild = import('virtual:react-router/server-build');

export function createApp(deps: AppDependencies): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');

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

  const mediaDir = join(deps.dataDir, 'media');
  const imageCacheDir = join(deps.dataDir, 'cache', 'images');
  app.get('/images/{*path}', async (req, res, next) => {
    const request = parseImageRequest(req.path.slice('/images/'.length), new URL(req.url, 'http://x').searchParams);
    if (!request) return void res.status(400).type('text/plain').send('Bad image path');
    try {
      const body = await renderImage(mediaDir, imageCacheDir, request);
      res.setHeader('Cache-Control', imageCacheControl);
      res.type('image/webp').send(body);
    } catch (error) {
      if (error instanceof ImageNotFoundError) return void res.status(404).type('text/plain').send('Image not found');
      next(error);
    }
  });

  app.use('/assets', express.static(join(deps.clientBuildDir, 'assets'), { immutable: true, maxAge: '1y', index: false }));
  // Other public files (favicon, manifest...): only paths that name a file look on disk.
  const publicFiles = express.static(deps.clientBuildDir, { maxAge: '1h', index: false });
  app.use((req, res, next) => (/\.[a-z0-9]+$/i.test(req.path) ? publicFiles(req, res, next) : next()));

  // Page cache hits skip routing and rendering (pages are stored by the root middleware).
  app.get('{*path}', (req, res: Response<unknown, Locals>, next) => {
    const key = deps.pageCache.keyOf({ method: req.method, url: req.originalUrl, cookie: req.get('cookie'), acceptLanguage: req.get('accept-language') });
    if (!key) return next();
    const csrf = csrfState(req.get('cookie'), deps.sessionSecret, deps.secureCookies);
    const hit = deps.pageCache.get(key, res.locals.cspNonce, csrf.token);
    if (!hit) return next();
    for (const [name, value] of hit.headers) if (name !== 'content-length') res.setHeader(name, value);
    if (csrf.setCookie) res.append('Set-Cookie', csrf.setCookie);
    res.status(hit.status).end(hit.body);
    countCachedSearch(req, hit.headers);
  });

  /** A search page served from the cache still counts for the popular searches. */
  function countCachedSearch(req: Request, headers: [string, string][]) {
    const results = headers.find(([name]) => name === searchResultsHeader)?.[1];
    const storefront = storefrontByPrefix(req.path.split('/')[1] ?? '');
    const url = new URL(req.originalUrl, 'http://x');
    if (results === undefined || !storefront || !isNewSearch(url.searchParams)) return;
    recordSearch(deps.db, storefront.code, url.searchParams.get('q') ?? '', Number(results)).catch((error: unknown) =>
      deps.logger.warn({ err: error }, 'could not count a search'),
    );
  }

  app.all(
    '{*path}',
    createRequestHandler({
      build: () => serverBuild,
      mode: deps.isProduction ? 'production' : 'development',
      getLoadContext(req, res) {
        const { requestId, cspNonce } = res.locals as Locals;
        const context = new RouterContextProvider();
        context.set(servicesContext, deps);
        context.set(requestInfoContext, { requestId, cspNonce, clientAddress: req.ip ?? req.socket.remoteAddress ?? 'unknown' });
        return context;
      },
    }),
  );

  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    deps.logger.error({ err: error, path: req.path }, 'unhandled error');
    if (!res.headersSent) res.status(500).type('text/plain').send('Internal Server Error');
  });

  return app;
}
