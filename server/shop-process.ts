/**
 * Starts the shop: validates the configuration, opens and migrates the database, loads the demo
 * catalogue into an empty database, makes sure a current build exists, and serves it. ROLE says
 * what this process does (web, worker or all) and WEB_CONCURRENCY how many web processes run
 * (decision 0024); with more than one, this process is the primary of a cluster that starts them.
 */
import cluster from 'node:cluster';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { answerBackupRequest } from '#app/db/backup.server.ts';
import { type DatabaseHandle, type DatabasePool, DatabaseStartError, openDatabase } from '#app/db/client.server.ts';
import { asDatabaseWork } from '#app/db/database-work.server.ts';
import { type AppConfig, ConfigError, loadConfig } from './env.server.ts';
import { createMailTransport } from '#app/lib/mail/mailer.server.ts';
import { MailOutbox } from '#app/lib/mail/outbox.server.ts';
import { createStripeGateway } from '#app/modules/payments/stripe-gateway.server.ts';
import { storefrontPageCache } from './storefront-page-cache.ts';
import { ensureReferenceData } from '#app/modules/i18n/reference-data.server.ts';
import { writeBannerImages } from '#app/modules/content/banner-images.server.ts';
import { seedContent } from '#app/modules/content/seed-content.server.ts';
import { createLogger, type Logger } from '#app/lib/observability/logger.server.ts';
import { answerForCluster, shareWithClusterPrimary, ShopMetrics } from '#app/modules/metrics/metrics.server.ts';
import { ImageCache } from '#app/modules/media/image-cache.server.ts';
import { ImagePipeline } from '#app/modules/media/image-pipeline.server.ts';
import { ImageRenderer } from '#app/modules/media/image-renderer.server.ts';
import { rebuildSearchIndex, refreshScheduledSearchDocuments, searchIndexIsEmpty } from '#app/modules/search/search-index.server.ts';
import { catalogueIsEmpty, loadDemoCatalogue } from '../scripts/demo-catalogue/load.ts';
import { seedBlog } from '#app/modules/blog/blog-seed.server.ts';
import { drawBlogHero } from '../scripts/demo-catalogue/blog-heroes.ts';
import { seedFaq } from '#app/modules/faq/faq-seed.server.ts';
import type express from 'express';
import type { AppDependencies } from './app.ts';
import { ensureCurrentBuild } from './build-freshness.ts';
import { announceReady, superviseProcesses } from './cluster.ts';
import { drainGraceMs, startWebProcess } from './web-process.ts';

const root = resolve(import.meta.dirname, '..');
/** Set by the primary of a cluster for its children: it has migrated and seeded the database. */
const preparedByPrimary = 'CORDIAL_DATABASE_PREPARED';

async function main() {
  const started = performance.now();
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  // React and other libraries pick their production build from this; set it before they load.
  process.env.NODE_ENV = config.nodeEnv;
  const logger = createLogger(config.logLevel);
  const isDevelopment = config.nodeEnv === 'development';
  const { role, webConcurrency } = config.processes;

  if (cluster.isPrimary && webConcurrency > 1 && role !== 'worker') return runPrimary(config, logger);
  if (cluster.isPrimary && !isDevelopment) ensureCurrentBuild(root, logger);

  // The server build loads while the database opens and migrates (both take a second or so of a start).
  const loadingBuild = isDevelopment ? undefined : productionModule();
  loadingBuild?.catch(() => undefined);

  const servesWeb = role !== 'worker';
  const runsJobs = role !== 'web';
  // Listening first: a load balancer sees /readyz 503 while this process starts and migrates.
  const web = servesWeb ? await startWebProcess({ port: config.port, host: config.host, logger, listenEarly: cluster.isPrimary }) : undefined;

  let metrics: ShopMetrics | undefined;
  const database = await openShopDatabase(config, logger, (seconds, failed, pool) => metrics?.queryDone(seconds, failed, pool));
  if (process.env[preparedByPrimary] !== '1') await prepareDatabase(database, config, logger);

  const mailer = new MailOutbox(
    database.db,
    createMailTransport({ smtpUrl: config.smtpUrl, from: config.mailFrom, folder: join(config.dataDir, 'mail'), logger }),
    logger,
  );
  const { cacheMaxBytes, renderConcurrency, renderQueue, renderTimeoutSeconds } = config.images;
  const imageRenderer = new ImageRenderer({ concurrency: renderConcurrency, maxQueued: renderQueue, timeoutSeconds: renderTimeoutSeconds });
  const images = new ImagePipeline({
    mediaDir: join(config.dataDir, 'media'),
    cache: new ImageCache(join(config.dataDir, 'cache', 'images'), cacheMaxBytes),
    renderer: imageRenderer,
    logger,
  });
  const deps: AppDependencies = {
    db: database.db,
    logger,
    siteUrl: config.siteUrl,
    shopName: config.shopName,
    isProduction: config.nodeEnv === 'production',
    dataDir: config.dataDir,
    sessionSecret: config.sessionSecret,
    secureCookies: config.siteUrl.startsWith('https:'),
    pageCache: storefrontPageCache(),
    payments: config.stripe ? createStripeGateway(config.stripe) : null,
    mailer,
    pingDatabase: database.ping,
    clientBuildDir: join(root, 'build/client'),
    images,

    trustProxy: config.trustProxy,
    businessRules: config.businessRules,
    bankAccount: config.bankAccount,
    shippingRules: config.shippingRules,
  };
  metrics = new ShopMetrics({ db: database.db, pageCache: servesWeb ? deps.pageCache : undefined, poolStats: database.poolStats }, { role });

  // The jobs and the app come from the server build (or Vite): they translate mails and render pages.
  const { module, vite } = loadingBuild ? { module: await loadingBuild, vite: undefined } : await developmentModule();
  // Pages and read caches are dropped when what they show changes (decision 0019).
  const stopWatchingChanges = await module.followStorefrontChanges(database, deps.pageCache);
  // In a cluster the primary answers METRICS_PORT for every child.
  const shopMetrics = metrics;
  if (cluster.isWorker) shareWithClusterPrimary(shopMetrics);
  const metricsServer =
    config.metrics.port && cluster.isPrimary
      ? await serveMetricsPort((req, res) => shopMetrics.answer(req, res, undefined), config.metrics.port, config.host)
      : undefined;
  // Without a web server, the worker keeps itself running (its timers do not).
  const keepAlive = web ? undefined : setInterval(() => {}, 1 << 30);

  if (web) {
    // Ready only with the listing index (decision 0039): from its snapshot in seconds, else built.
    await module.prepareListingIndex(database.db, logger).catch((error: unknown) => {
      logger.error({ err: error }, 'no listing index yet: pages build it when asked');
    });
    const app = vite ? await developmentApp(vite, deps) : module.createApp(deps);
    const metricsToken = config.metrics.token;
    await web.ready(
      shopMetrics.measure((req, res) =>
        metricsToken && req.url === '/metrics' ? void shopMetrics.answer(req, res, metricsToken) : app(req as express.Request, res as express.Response),
      ),
      () =>
        database.ping().then(
          () => true,
          () => false,
        ),
    );
    // Forking a large process takes a moment; better now than in the first image request.
    imageRenderer.start();
    const warming = performance.now();
    module.warmSearchWords(database.db).then(
      (made) =>
        logger.info(
          { ms: Math.round(performance.now() - warming) },
          made ? 'search words made for every store' : 'search words not made ahead: the catalogue is too large, each store makes its own at its first search',
        ),
      (error: unknown) => logger.warn({ err: error }, 'search words not made ahead: searches make them'),
    );
  }
  // Jobs start once the process serves pages: their first round of queries is not in the way of a start.
  const jobs = runsJobs
    ? await module.startShopJobs(
        { ...deps, mailer },
        database.jobQueueConnection,
        { ...config.jobs, searchRefreshSeconds: module.searchRefreshSecondsFor(database.driver) },
        { onJobDone: metrics.jobDone },
      )
    : undefined;
  logger.info(
    { url: config.siteUrl, driver: database.driver, role, pid: process.pid, startupMs: Math.round(performance.now() - started) },
    web ? `${config.shopName} is ready on http://localhost:${config.port}` : `${config.shopName} worker is running`,
  );
  announceReady();

  // npm run backup asks the process that has the embedded database open (backup.server.ts).
  if (database.driver === 'pglite') {
    process.on('SIGUSR2', () => {
      answerBackupRequest(database, join(config.dataDir, 'pglite')).then(
        (backup) => backup && logger.info(backup, 'backup written'),
        (error: unknown) => logger.error({ err: error }, 'backup failed'),
      );
    });
  }

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal, role }, 'shutting down: finishing requests in flight and the current job');
    // Requests get their grace; runs of jobs theirs (a run cut off is retried by the next worker).
    setTimeout(() => process.exit(1), runsJobs ? (module.jobStopSeconds + 10) * 1000 : drainGraceMs + 5_000).unref();
    await Promise.all([web?.drain(), jobs?.stop()]);
    clearInterval(keepAlive);
    await Promise.allSettled([
      imageRenderer.close(),
      mailer.stop(),
      stopWatchingChanges(),
      vite?.close(),
      new Promise((done) => (metricsServer ? metricsServer.close(done) : done(undefined))),
    ]);
    await database.close().catch(() => undefined);
    logger.info({ role }, 'stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

/** The primary of several processes: prepares the database once, then starts and watches the children. */
async function runPrimary(config: AppConfig, logger: Logger) {
  if (config.nodeEnv !== 'development') ensureCurrentBuild(root, logger);
  const database = await openShopDatabase(config, logger);
  await prepareDatabase(database, config, logger);
  await database.close();
  const { role, webConcurrency } = config.processes;
  logger.info({ webProcesses: webConcurrency, worker: role === 'all' }, 'starting the shop processes');
  const { stopped } = superviseProcesses({ webProcesses: webConcurrency, withWorker: role === 'all', logger, env: { [preparedByPrimary]: '1' } });
  const metricsServer = config.metrics.port ? await serveMetricsPort(answerForCluster(), config.metrics.port, config.host) : undefined;
  await stopped;
  metricsServer?.close();
  process.exit(0);
}

function openShopDatabase(
  config: AppConfig,
  logger: Logger,
  onQueryDone?: (seconds: number, failed: boolean, pool: DatabasePool) => void,
): Promise<DatabaseHandle> {
  return openDatabase(
    config.databaseUrl
      ? {
          driver: 'postgres',
          url: config.databaseUrl,
          replicaUrl: config.databaseReplicaUrl,
          timeouts: config.databaseTimeouts,
          onConnectionLost: (error) => logger.warn({ err: error }, 'database connection lost; the pool reconnects'),
          onQueryDone,
          onUnavailable: (error, state) => logger.warn({ err: error, ...state }, 'the database did not answer'),
        }
      : { driver: 'pglite', dataDir: join(config.dataDir, 'pglite') },
  );
}

/**
 * Migrations, reference data, seeded content, the demo catalogue and the search index. Several
 * processes starting at once on one PostgreSQL database do it one after the other (the later ones
 * find it done).
 */
async function prepareDatabase(database: DatabaseHandle, config: AppConfig, logger: Logger) {
  // Migrations, the demo catalogue and the search index run long statements on purpose.
  await asDatabaseWork('import', async () => {
    await database.migrate();
    await database.exclusively(async () => {
      await ensureReferenceData(database.db);
      // Legal and information pages and banners are needed with or without the demo catalogue.
      const content = await seedContent(database.db, { shopName: config.shopName });
      if (content.pages + content.banners > 0) logger.info(content, 'content pages and banners seeded');
      await writeBannerImages(join(config.dataDir, 'media'));
      // FAQ and blog texts from their seed files, once, before the catalogue's search index is built.
      const seededFaq = await seedFaq(database.db);
      const seededBlog = await seedBlog(database.db, join(config.dataDir, 'media'), drawBlogHero);
      if (seededFaq || seededBlog) logger.info({ faq: seededFaq, blog: seededBlog }, 'FAQ and blog seeded');
      let searchIndexBuilt = false;
      if (process.env.DEMO_CATALOGUE !== 'false' && (await catalogueIsEmpty(database.db))) {
        logger.info('empty database: loading the demo catalogue');
        searchIndexBuilt = true;
        const summary = await loadDemoCatalogue(database.db, { mediaDir: join(config.dataDir, 'media') });
        logger.info(summary, 'demo catalogue loaded');
      }

      // Databases from before search existed (or restored without it) get their index now.
      // Newly seeded content pages and blog posts join an existing index by their own documents:
      // rebuilding every product's took most of a start at 10× the catalogue (issue 18).
      if (!searchIndexBuilt && !(await catalogueIsEmpty(database.db))) {
        if (await searchIndexIsEmpty(database.db)) logger.info(await rebuildSearchIndex(database.db), 'search index built');
        else if (content.pages > 0 || seededBlog) await refreshScheduledSearchDocuments(database.db);
      }
    });
  });
}

/** METRICS_PORT: /metrics for anyone who reaches the port (and nothing else there). */
function serveMetricsPort(answer: (req: IncomingMessage, res: ServerResponse) => Promise<void>, port: number, host: string) {
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    if (req.url?.split('?')[0] === '/metrics') return void answer(req, res);
    res.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found');
  });
  return new Promise<typeof server>((resolveServer) => server.listen(port, host, () => resolveServer(server)));
}

type AppModule = typeof import('./app.ts');
type ViteServer = Awaited<ReturnType<typeof import('vite').createServer>>;

async function productionModule(): Promise<AppModule> {
  return (await import(pathToFileURL(join(root, 'build/server/index.js')).href)) as AppModule;
}

/** Development: Vite compiles on the fly and reloads changed modules (the jobs keep the code they started with). */
async function developmentModule(): Promise<{ module: AppModule; vite: ViteServer }> {
  const { createServer: createViteServer } = await import('vite');
  const vite = await createViteServer({ root, server: { middlewareMode: true }, appType: 'custom' });
  return { module: (await vite.ssrLoadModule('./server/app.ts')) as AppModule, vite };
}

async function developmentApp(vite: ViteServer, deps: AppDependencies): Promise<express.Express> {
  const { default: express } = await import('express');
  let current: { module: unknown; app: ReturnType<AppModule['createApp']> } | undefined;
  return express()
    .use(vite.middlewares)
    .use(async (req, res, next) => {
      try {
        const module = (await vite.ssrLoadModule('./server/app.ts')) as AppModule;
        if (current?.module !== module) current = { module, app: module.createApp({ ...deps, clientBuildDir: join(root, 'public') }) };
        current.app(req, res, next);
      } catch (error) {
        next(error);
      }
    });
}

main().catch((error: unknown) => {
  // A database that cannot start says why in one sentence (which directory, what to do).
  console.error(error instanceof DatabaseStartError ? error.message : error);
  process.exit(1);
});
