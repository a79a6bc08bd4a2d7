import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';
import { precompressPlugin } from './scripts/app-build/precompress-plugin.ts';
import { buildId, serviceWorkerPlugin } from './scripts/app-build/service-worker-plugin.ts';

/**
 * Fewer, larger chunks for the browser (issue 14, decision 0030): React, React DOM and React
 * Router in one, the storefront's shared code in a few, instead of some thirty files a page
 * would preload (each a request and its headers on a phone).
 */
const clientChunks = [
  { name: 'framework', test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/, priority: 20 },
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
