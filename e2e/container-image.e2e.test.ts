import { execFile, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '#app/db/client.server.ts';
import { buildListingIndex, type IndexedProduct } from '#app/modules/catalogue/listing-index.server.ts';
import { ensureReferenceData } from '#app/modules/i18n/reference-data.server.ts';
import { loadDemoCatalogue } from '../scripts/demo-catalogue/load.ts';
import { freePort } from '../tests/support/free-port.ts';
import { containerImage as image, containerImageBuilt, containerLimits, missingContainerTools, podman } from './support/container-image.ts';

const run = promisify(execFile);
const missing = missingContainerTools();
// Locally a machine without them skips, saying so; CI (CI=true) installs them and must run this.
const skip = missing.length > 0 && !process.env.CI;
if (skip) console.warn(`e2e/container-image skipped: it needs ${missing.join(', ')} (Debian: apt-get install -y podman runc debootstrap).`);

/**
 * Issue 18: deploy/Dockerfile built and started with Debian's Podman (support/container-image.ts).
 * The container serves a small shop from a data volume made beforehand.
 */
describe.skipIf(skip)('the container image (deploy/Dockerfile)', () => {
  const container = `cordial-e2e-${randomBytes(4).toString('hex')}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'cordial-e2e-container-'));
  let ulimits: string[];
  let baseUrl: string;
  let product: IndexedProduct;
  /** What the shop printed: its log on stdout, anything else on stderr. */
  const logs = () =>
    run('podman', ['logs', container], { maxBuffer: 64 * 1024 * 1024 }).then(
      ({ stdout, stderr }) => `${stdout}${stderr}`,
      (error: Error) => error.message,
    );

  beforeAll(async () => {
    if (missing.length > 0) throw new Error(`CI must build and start the container image, but this machine lacks ${missing.join(', ')}.`);
    ulimits = containerLimits();

    // A small shop's data volume, as a shop moving into the container brings it (the demo
    // catalogue at full size would take two minutes to load at the first start).
    const database = await openDatabase({ driver: 'pglite', dataDir: join(dataDir, 'pglite') });
    try {
      await database.migrate();
      await ensureReferenceData(database.db);
      await loadDemoCatalogue(database.db, { mediaDir: join(dataDir, 'media'), scale: 0.02 });
      product = (await buildListingIndex(database.db)).products.find(
        // A name that HTML shows as it is (no character to escape), with a picture.
        (candidate) => candidate.inStock && candidate.imagePath && !/[&<>"']/.test(candidate.names['en-US'] ?? '&'),
      )!;
    } finally {
      await database.close();
    }
    // The image runs as `node` (uid 1000), which must own its data.
    execFileSync('chown', ['-R', '1000:1000', dataDir]);

    await containerImageBuilt(inject('containerImageOutcome'));

    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    await podman([
      'run',
      '--detach',
      '--name',
      container,
      ...ulimits,
      '--publish',
      `127.0.0.1:${port}:3000`,
      '--volume',
      `${dataDir}:/data`,
      '--env',
      `SESSION_SECRET=${randomBytes(48).toString('base64')}`,
      '--env',
      `SITE_URL=${baseUrl}`,
      '--env',
      'DEMO_CATALOGUE=false',
      image,
    ]);
    const deadline = Date.now() + 180_000;
    for (;;) {
      if ((await podman(['inspect', '--format', '{{.State.Running}}', container])) !== 'true') throw new Error(`the container stopped:\n${await logs()}`);
      const ready = await fetch(`${baseUrl}/readyz`).then(
        (response) => response.status === 200,
        () => false,
      );
      if (ready) break;
      if (Date.now() > deadline) throw new Error(`the container did not become ready within 3 minutes:\n${await logs()}`);
      await new Promise((done) => setTimeout(done, 500));
    }
  }, 1_500_000);

  afterAll(async () => {
    await podman(['rm', '--force', '--volumes', container]).catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves the shop on the published port: liveness, readiness, pages, the built assets and rendered images', async () => {
    expect((await fetch(`${baseUrl}/healthz`)).status).toBe(200);
    expect((await fetch(`${baseUrl}/readyz`)).status).toBe(200);

    const home = await fetch(`${baseUrl}/en-us`);
    expect(home.status).toBe(200);
    const html = await home.text();
    // Named in the page's module script, which asks for it once the first screen is painted (decision 0037).
    const script = /"(\/assets\/entry\.client-[^"]+\.js)"/.exec(html)?.[1];
    expect(script, 'the home page loads its scripts from the build').toBeTruthy();
    const asset = await fetch(`${baseUrl}${script}`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toMatch(/javascript/);

    // A product of the shop's own data, its image rendered by sharp inside the container.
    const page = await fetch(`${baseUrl}/en-us/${product.urlKeys['en-US']}`);
    expect(page.status).toBe(200);
    const productHtml = await page.text();
    expect(productHtml).toContain(product.names['en-US']);
    const imageSrc = /<img[^>]+src="(\/(?:images|media)\/[^"]+)"/.exec(productHtml)?.[1];
    expect(imageSrc, 'the product page shows an image').toBeTruthy();
    const picture = await fetch(`${baseUrl}${imageSrc!.replaceAll('&amp;', '&')}`);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toMatch(/^image\//);
  });

  it('runs as the unprivileged node user, with its health check on /readyz passing', async () => {
    expect(await podman(['image', 'inspect', '--format', '{{.Config.User}}', image])).toBe('node');
    // PID 1 is the shop itself (node server/main.ts), so it gets the stop signal.
    const status = await podman(['exec', container, 'cat', '/proc/1/status', '/proc/1/cmdline']);
    expect(status).toMatch(/^Uid:\s+1000\s+1000\s+1000\s+1000$/m);
    expect(status).toContain('server/main.ts');

    const healthcheck = JSON.parse(await podman(['image', 'inspect', '--format', '{{json .HealthCheck}}', image])) as { Test: string[] } | null;
    expect(healthcheck?.Test.join(' ')).toContain('/readyz');
    await podman(['healthcheck', 'run', container]);
  });

  it('stops on SIGTERM by draining, well before Podman would kill it', async () => {
    const started = Date.now();
    await podman(['stop', '--time', '30', container]);
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(await podman(['inspect', '--format', '{{.State.ExitCode}}', container])).toBe('0');
    const log = await logs();
    expect(log).toContain('"signal":"SIGTERM"');
    expect(log).toMatch(/"msg":"stopped"/);
  });
});
