import { reactRouter } from '@react-router/dev/vite';
import { join } from 'node:path';
import { defineConfig, type Rolldown } from 'vite';
import { precompressPlugin } from './scripts/app-build/precompress-plugin.ts';
import { routeModuleSuffix } from './scripts/app-build/route-module.ts';
import { buildId, serviceWorkerPlugin } from './scripts/app-build/service-worker-plugin.ts';

/**
 * Fewer, larger chunks for the browser (issue 14, decisions 0030 and 0047): React, React DOM and React
 * Router in one, the code every storefront page runs in another, the rest of the shared code in a
 * few, instead of some thirty files a page would preload (each a request and its headers on a phone).
 */
const clientChunks: Rolldown.CodeSplittingGroup[] = [
  { name: 'framework', test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/, priority: 30 },
  { name: (id, context) => (storefrontCore(context).has(id) ? 'storefront' : null), priority: 20 },
  // By the set of pages that use them (entriesAware), so a page loads little it does not run; the
  // smallest such sets merged with their nearest, so it does not load many small files either.
  {
    name: 'shared',
    test: (id: string) => id.includes('/app/') && !id.includes('/admin'),
    minShareCount: 2,
    priority: 10,
    entriesAware: true,
    entriesAwareMergeThreshold: 8000,
  },
];

/** The route modules every storefront page loads: the document and the store's layouts (app/routes.ts). */
const storefrontRoutes = ['app/root.tsx', 'app/routes/storefront-layout.tsx', 'app/routes/storefront-pages.tsx'];
const storefrontCores = new WeakMap<Rolldown.ChunkingContext, Set<string>>();

/**
 * What the storefront's routes import, and what that imports, in one chunk (decision 0047): every
 * storefront page runs all of it before it is interactive, where entriesAware would split it by the
 * back-office pages that share parts of it (seven files of 0.5–5 KB on a product page, each with
 * its headers). What it imports on demand (the service worker's client, the error reporter) stays
 * out of it, and the route modules stay the build's entries.
 */
function storefrontCore(context: Rolldown.ChunkingContext): Set<string> {
  const known = storefrontCores.get(context);
  if (known) return known;
  const found = new Set<string>();
  const visit = (id: string) => {
    const info = context.getModuleInfo(id);
    if (!info) return;
    for (const imported of info.importedIds) {
      if (found.has(imported) || !imported.includes('/app/') || imported.endsWith(routeModuleSuffix)) continue;
      found.add(imported);
      visit(imported);
    }
  };
  for (const route of storefrontRoutes) {
    const id = `${join(import.meta.dirname, route)}${routeModuleSuffix}`;
    // Renamed or moved: the chunk would quietly be empty and every page load seven small files again.
    if (!context.getModuleInfo(id)) throw new Error(`vite.config.ts: the storefront route ${route} is not in the build`);
    visit(id);
  }
  storefrontCores.set(context, found);
  return found;
}

/** The shared chunks' names would list every page that uses them (and words the service worker's shell filters on). */
const chunkFileNames = ({ name }: { name: string }) => (name.startsWith('shared') ? 'assets/shared-[hash].js' : 'assets/[name]-[hash].js');

export default defineConfig({
  // The server build's entry is our Express app, so the router, its context keys and the
  // request handler live in one bundle (server/shop-process.ts imports it while the database opens).
  environments: {
    ssr: { build: { rollupOptions: { input: './server/app.ts' } } },
    client: { build: { rolldownOptions: { output: { codeSplitting: { groups: clientChunks }, chunkFileNames } } } },
  },
  // Vite's manifest stays in build/client/.vite (not served): e2e/page-weight reads what a product page's code imports.
  build: { manifest: true },
  // One id for the server and browser bundles of a build (issue 17: open tabs notice a new build).
  define: { __CORDIAL_BUILD_ID__: JSON.stringify(buildId) },
  plugins: [reactRouter(), serviceWorkerPlugin(), precompressPlugin()],
});
