/**
 * Measures how long `npm start` takes: a first start on an empty data directory (migrate and
 * load the demo catalogue) and a second start on the same data (no reseed). Prints the figures.
 *   node bench/startup.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startShop } from '../e2e/support/shop-server.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'cordial-bench-startup-'));

async function timedStart(label: string) {
  const started = performance.now();
  const shop = await startShop({ DATA_DIR: dataDir });
  const readyMs = Math.round(performance.now() - started);
  const products = (await (await fetch(shop.baseUrl)).text()).match(/([\d,.]+)(?:<!-- -->)? cords and ropes/)?.[1];
  const reseeded = shop.output().includes('loading the demo catalogue');
  await shop.stop();
  console.log(`${label.padEnd(14)} ready after ${String(readyMs).padStart(6)} ms  reseeded: ${reseeded ? 'yes' : 'no '}  cords and ropes: ${products}`);
}

try {
  await timedStart('first start');
  await timedStart('second start');
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
