/**
 * Issue 17: after the client build, bundles app/service-worker/sw.ts (Serwist) into build/client/sw.js
 * with its precache list, and draws the app icons from public/favicon.svg with sharp. The list holds
 * the app shell (the shop's scripts and styles, hashed names, so no revision); the worker keeps the
 * offline page of the visitor's store itself, per build id.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import sharp from 'sharp';
import { build, type Plugin } from 'vite';
import { appIcons } from '#app/modules/pwa/web-manifest.ts';

const root = resolve(import.meta.dirname, '../..');

/** One id per build, shared by the server (the build id endpoint) and the worker. */
export const buildId = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

/** Route chunks of the back office and the checkout steps stay out of the shell (they load on demand). */
const notInShell = /(admin|dashboard|staff|audit|order-|coupon|gift-card|contact-|mail-outbox|two-factor|set-password|customer-export)/;

export function serviceWorkerPlugin(): Plugin {
  return {
    name: 'cordial-service-worker',
    apply: 'build',
    async writeBundle(options, bundle) {
      if (this.environment.name !== 'client') return;
      const outDir = options.dir ?? join(root, 'build/client');
      const shell = Object.keys(bundle)
        .filter((file) => /^assets\/.+\.(js|css|woff2)$/.test(file) && !notInShell.test(file))
        .map((url) => ({ url: `/${url}`, revision: null }));
      await writeIcons(outDir);
      await build({
        configFile: false,
        logLevel: 'warn',
        define: {
          'self.__SW_MANIFEST': JSON.stringify(shell),
          __CORDIAL_BUILD_ID__: JSON.stringify(buildId),
          // Library mode leaves it alone; Serwist's development logging goes with it.
          'process.env.NODE_ENV': JSON.stringify('production'),
        },
        build: {
          outDir,
          emptyOutDir: false,
          copyPublicDir: false,
          minify: true,
          sourcemap: false,
          lib: { entry: join(root, 'app/service-worker/sw.ts'), formats: ['iife'], name: 'cordialServiceWorker', fileName: () => 'sw.js' },
        },
      });
    },
  };
}

/** The manifest's icons: any-purpose on transparent, maskable with the safe-zone padding on the brand green. */
async function writeIcons(outDir: string) {
  const svg = await readFile(join(root, 'public/favicon.svg'));
  await mkdir(join(outDir, 'icons'), { recursive: true });
  for (const icon of appIcons) {
    const file = join(outDir, icon.src);
    if (icon.purpose === 'maskable') {
      // The circle fits the inner 80 % that every mask keeps.
      const inner = Math.round(icon.size * 0.8);
      const logo = await sharp(svg, { density: 600 }).resize(inner, inner).png().toBuffer();
      await sharp({ create: { width: icon.size, height: icon.size, channels: 4, background: '#1f6b36' } })
        .composite([{ input: logo, gravity: 'centre' }])
        .png()
        .toFile(file);
    } else {
      await writeFile(file, await sharp(svg, { density: 600 }).resize(icon.size, icon.size).png().toBuffer());
    }
  }
}
