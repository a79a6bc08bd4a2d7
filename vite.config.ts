import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  // The server build's entry is our Express app, so the router, its context keys and the
  // request handler live in one bundle (server/main.ts imports it after opening the database).
  environments: { ssr: { build: { rollupOptions: { input: './server/app.ts' } } } },
  plugins: [reactRouter()],
});
