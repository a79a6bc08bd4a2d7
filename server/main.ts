/**
 * The shop's entry (`npm start`, `npm run worker`, the container, each process of a cluster):
 * first makes loading modules fast, then starts the process (`shop-process.ts`). Two files
 * because an ES module's static imports are all loaded before its first line runs.
 */
import { loadModulesFaster } from './module-loading.ts';

loadModulesFaster();
await import('./shop-process.ts');
