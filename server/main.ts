/**
 * Starts the shop: validates the configuration, opens and migrates the database, loads the demo
 * catalogue into an empty database, makes sure a current build exists, and serves it.
 */
import type { Server } from 'node:http';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DatabaseStartError, openDatabase } from '../app/db/client.server.ts';
import { asDatabaseWork } from '../app/db/database-work.server.ts';
import { ConfigError, loadConfig } from '../app/modules/config/env.server.ts';
import { createMailTransport } from '../app/modules/mail/mailer.server.ts';
import { MailOutbox } from '../app/modules/mail/outbox.server.ts';
import { createStripeGateway } from '../app/modules/payments/stripe-gateway.server.ts';
import { PageCache } from '../app/modules/http/page-cache.server.ts';
import { ensureReferenceData } from '../app/modules/i18n/reference-data.server.ts';
import { writeBannerImages } from '../app/modules/content/banner-images.server.ts';
import { seedContent } from '../app/modules/content/seed-content.server.ts';
import { createLogger } from '../app/modules/observability/logger.server.ts';
import { ImageCache } from '../app/modules/media/image-cache.server.ts';
import { ImagePipeline } from '../app/modules/media/image-pipeline.server.ts';
import { ImageRenderer } from '../app/modules/media/image-renderer.server.ts';
import { rebuildSearchIndex, searchIndexIsEmpty } from '../app/modules/search/search-index.server.ts';
import { catalogueIsEmpty, loadDemoCatalogue } from '../scripts/demo-catalogue/load.ts';
import { seedBlog } from '../app/modules/blog/blog-seed.server.ts';
import { seedFaq } from '../app/modules/faq/faq-seed.server.ts';
import type { AppDependencies } from './app.ts';
import { ensureCurrentBuild } from './build-freshness.ts';

const root = resolve(import.meta.dirname, '..');

async function main() {
  const started = performance.now();
  let config;
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
  if (!isDevelopment) ensureCurrentBuild(root, logger);

  const database = await openDatabase(
    config.databaseUrl
      ? {
          driver: 'postgres',
          url: config.databaseUrl,
          timeouts: config.databaseTimeouts,
          onConnectionLost: (error) => logger.warn({ err: error }, 'database connection lost; the pool reconnects'),
        }
      : { driver: 'pglite', dataDir: join(config.dataDir, 'pglite') },
  );
  // Migrations, the demo catalogue and the search index run long statements on purpose.
  await asDatabaseWork('import', async () => {
    await database.migrate();
    await ensureReferenceData(database.db);
    // Legal and information pages and banners are needed with or without the demo catalogue.
    const content = await seedContent(database.db, { shopName: config.shopName });
    if (content.pages + content.banners > 0) logger.info(content, 'content pages and banners seeded');
    await writeBannerImages(join(config.dataDir, 'media'));
    // FAQ and blog texts from their seed files, once, before the catalogue's search index is built.
    const seededFaq = await seedFaq(database.db);
    const seededBlog = await seedBlog(database.db, join(config.dataDir, 'media'));
    if (seededFaq || seededBlog) logger.info({ faq: seededFaq, blog: seededBlog }, 'FAQ and blog seeded');
    let searchIndexBuilt = false;
    if (process.env.DEMO_CATALOGUE !== 'false' && (await catalogueIsEmpty(database.db))) {
      logger.info('empty database: loading the demo catalogue');
      searchIndexBuilt = true;
      const summary = await loadDemoCatalogue(database.db, { mediaDir: join(config.dataDir, 'media') });
      logger.info(summary, 'demo catalogue loaded');
    }

    // Databases from before search existed (or restored without it) get their index now.
    // Newly seeded content pages and blog posts join an existing index the same way.
    if (!searchIndexBuilt && !(await catalogueIsEmpty(database.db)) && (content.pages > 0 || seededBlog || (await searchIndexIsEmpty(database.db)))) {
      logger.info(await rebuildSearchIndex(database.db), 'search index built');
    }
  });

  const mailer = new MailOutbox(database.db, createMailTransport({ smtpUrl: config.smtpUrl, from: config.mailFrom, folder: join(config.dataDir, 'mail'), logger }), logger);
  mailer.start();
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
    pageCache: new PageCache(),
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
  // Back-in-stock mails, review invitations (issue 15) and unpaid orders (decision 0018), claimed in the database by whichever
  // process runs first. They translate their mails, so they come from the server build (or Vite).
  let jobs: { stop(): Promise<void> } | undefined;
  let stopWatchingChanges: (() => Promise<void>) | undefined;
  const startJobs = async (module: typeof import('./app.ts')) => {
    const started = new module.BackgroundJobs(deps, { reviewInvitationDays: config.jobs.reviewInvitationDays });
    started.start(config.jobs.intervalSeconds * 1000);
    jobs = started;
    // Pages and read caches are dropped when what they show changes (decision 0019).
    stopWatchingChanges = await module.invalidateCachesOnStorefrontChanges(database, deps.pageCache);
  };
  const handler = isDevelopment ? await developmentHandler(deps, startJobs) : await productionHandler(deps, startJobs);
  const { default: express } = await import('express');
  const server: Server = express()
    .use(handler)
    .listen(config.port, config.host, () => {
      logger.info(
        { url: config.siteUrl, driver: database.driver, startupMs: Math.round(performance.now() - started) },
        `${config.shopName} is ready on http://localhost:${config.port}`,
      );
      // Forking a large process takes a moment; better now than in the first image request.
      imageRenderer.start();
    });

  const shutdown = (signal: string) => {
    logger.info({ signal }, 'shutting down');
    void imageRenderer.close();
    server.close(() => void Promise.all([jobs?.stop(), mailer.stop(), stopWatchingChanges?.()]).then(() => database.close()).finally(() => process.exit(0)));
    setTimeout(() => process.exit(0), 5_000).unref();
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

type AppModule = typeof import('./app.ts');

async function productionHandler(deps: AppDependencies, startJobs: (module: AppModule) => Promise<void>) {
  const build = (await import(pathToFileURL(join(root, 'build/server/index.js')).href)) as AppModule;
  await startJobs(build);
  return build.createApp(deps);
}

/** Development: Vite compiles on the fly and reloads changed modules. */
async function developmentHandler(deps: AppDependencies, startJobs: (module: AppModule) => Promise<void>) {
  const { createServer } = await import('vite');
  const vite = await createServer({ root, server: { middlewareMode: true }, appType: 'custom' });
  // The jobs keep the code they started with; a restart picks up changes to them.
  await startJobs((await vite.ssrLoadModule('./server/app.ts')) as AppModule);
  const { default: express } = await import('express');
  let current: { module: unknown; app: ReturnType<typeof import('./app.ts').createApp> } | undefined;
  return express()
    .use(vite.middlewares)
    .use(async (req, res, next) => {
      try {
        const module = (await vite.ssrLoadModule('./server/app.ts')) as typeof import('./app.ts');
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
