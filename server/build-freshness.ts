import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Logger } from '#app/lib/observability/logger.server.ts';

/** Everything that goes into the Vite build; a change to any of it makes the build stale. */
const buildInputs = [
  'app',
  'server/app.ts',
  'public',
  'locales',
  'vite.config.ts',
  'react-router.config.ts',
  'scripts/app-build',
  'package-lock.json',
  'tsconfig.json',
];

function sourceFingerprint(root: string): string {
  const hash = createHash('sha256');
  const visit = (path: string) => {
    if (!existsSync(path)) return;
    if (statSync(path).isDirectory()) {
      for (const entry of readdirSync(path).sort()) {
        if (!entry.endsWith('.test.ts') && !entry.endsWith('.test.tsx')) visit(join(path, entry));
      }
      return;
    }
    hash.update(relative(root, path)).update('\0').update(readFileSync(path)).update('\0');
  };
  for (const input of buildInputs) visit(join(root, input));
  return hash.digest('hex');
}

const stampFile = (root: string) => join(root, 'build', '.source-fingerprint');

/**
 * Marks build/ as the build of the sources as they are now. `npm run build` ends with it, so a
 * build made apart from `npm start` (the container image's, which has no build tools) is served.
 */
export function stampBuild(root: string): void {
  writeFileSync(stampFile(root), sourceFingerprint(root));
}

/** Builds the app when there is no build or the sources changed since the last one. */
export function ensureCurrentBuild(root: string, logger: Logger): void {
  const stamp = stampFile(root);
  if (existsSync(join(root, 'build/server/index.js')) && existsSync(stamp) && readFileSync(stamp, 'utf8') === sourceFingerprint(root)) {
    return;
  }
  logger.info('building the app (no current build found)');
  const result = spawnSync(join(root, 'node_modules/.bin/react-router'), ['build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`the build failed (exit code ${result.status})`);
  stampBuild(root);
}
