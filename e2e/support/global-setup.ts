import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { chromePath } from './browser.ts';
import { type RunningShop, startShop } from './shop-server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
  }
}

let shop: RunningShop | undefined;

/** One shop for the whole run, on a fresh data directory: it builds, migrates and seeds like a first `npm start`. */
export default async function setup(project: TestProject) {
  if (!existsSync(chromePath)) {
    throw new Error(
      `No Chromium found at ${chromePath}. Install it (Debian: apt-get install -y chromium) or set CHROME_PATH to a Chromium or Chrome binary.`,
    );
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'cordial-e2e-'));
  shop = await startShop({ DATA_DIR: dataDir });
  project.provide('baseUrl', shop.baseUrl);
  project.provide('dataDir', dataDir);
  return async () => {
    await shop?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
