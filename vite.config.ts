import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';
import { buildId, serviceWorkerPlugin } from './scripts/app-build/service-worker-plugin.ts';

export default defineConfig({
  // The server build's entry is our Express app, so the router, its context keys and the
  // request handler live in one bundle (server/main.ts imports it after opening the database).
  environments: { ssr: { build: { rollupOptions: { input: './server/app.ts' } } } },
  // One id for the server and browser bundles of a build (issue 17: open tabs notice a new build).
  define: { __CORDIAL_BUILD_ID__: JSON.stringify(buildId) },
  plugins: [reactRouter(), serviceWorkerPlugin()],
});
