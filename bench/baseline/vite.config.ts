import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

/** The baseline is built like the shop (React Router's Vite plugin), with React Router's default server entry. */
export default defineConfig({
  plugins: [reactRouter()],
});
