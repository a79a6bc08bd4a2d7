/**
 * The shop's Express app served in-process for HTTP-level integration tests: the same createApp as
 * `npm start`, compiled on the fly by Vite (no build needed), on a test database.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { createServer } from 'vite';
import { storefrontPageCache } from '../../server/storefront-page-cache.ts';
import { ImageCache } from '#app/modules/media/image-cache.server.ts';
import { ImagePipeline } from '#app/modules/media/image-pipeline.server.ts';
import { ImageRenderer } from '#app/modules/media/image-renderer.server.ts';
import { createMailTransport } from '#app/lib/mail/mailer.server.ts';
import type { AppDependencies } from '../../server/app.ts';
import type { TestDatabase } from './database.ts';
import { freePort } from './free-port.ts';

const root = resolve(import.meta.dirname, '../..');

export interface ShopInProcess {
  baseUrl: string;
  /** Every log line the shop wrote (JSON), for checks on errors and leaks. */
  logLines: string[];
  close(): Promise<void>;
}

export async function startShopInProcess(database: TestDatabase, overrides: Partial<AppDependencies> = {}): Promise<ShopInProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cordial-in-process-'));
  const logLines: string[] = [];
  const logger = pino(
    { level: 'info', base: { service: 'cordial' } },
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        logLines.push(...chunk.toString().trimEnd().split('\n'));
        done();
      },
    }),
  );
  const vite = await createServer({
    root,
    configFile: join(root, 'vite.config.ts'),
    server: { middlewareMode: true, hmr: false, ws: false, watch: null },
    appType: 'custom',
    logLevel: 'error',
  });
  const { createApp, followStorefrontChanges } = (await vite.ssrLoadModule('./server/app.ts')) as typeof import('../../server/app.ts');
  const pageCache = overrides.pageCache ?? storefrontPageCache();
  const stopWatchingChanges = await followStorefrontChanges(database, pageCache);
  const imageRenderer = new ImageRenderer({ concurrency: 1, maxQueued: 4, timeoutSeconds: 30 });
  const images = new ImagePipeline({
    mediaDir: join(dataDir, 'media'),
    cache: new ImageCache(join(dataDir, 'cache', 'images'), 64 * 1024 * 1024),
    renderer: imageRenderer,
    logger,
  });
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const listening = await new Promise<Server>((resolveServer) => {
    const server = createApp({
      db: database.db,
      logger,
      siteUrl: baseUrl,
      shopName: 'Cordial',
      isProduction: true,
      dataDir,
      sessionSecret: 'in-process-test-secret-of-at-least-32-characters',
      secureCookies: false,
      pageCache,
      payments: null,
      mailer: createMailTransport({ smtpUrl: undefined, from: 'Cordial <shop@localhost>', folder: join(dataDir, 'mail'), logger }),
      pingDatabase: database.ping,
      clientBuildDir: join(root, 'public'),
      trustProxy: ['loopback'],
      images,
      ...overrides,
    }).listen(port, '127.0.0.1', () => resolveServer(server));
  });
  return {
    baseUrl,
    logLines,
    async close() {
      await new Promise((done) => listening.close(done));
      await imageRenderer.close();
      await stopWatchingChanges();
      await vite.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
