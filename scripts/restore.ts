/**
 * npm run restore -- FILE: replaces the embedded database (DATA_DIR/pglite) by a backup from
 * `npm run backup`. The shop must be stopped; the database it replaces is kept beside it
 * (DATA_DIR/pglite.before-restore-<time>) until you remove it.
 */
import { existsSync, readFileSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { embeddedDatabaseOwner } from '#app/db/backup.server.ts';
import { restoreBackup } from '#app/db/restore.server.ts';
import { loadConfig } from '../server/env.server.ts';

const [file] = process.argv.slice(2);
if (!file || !existsSync(file)) {
  console.error(file ? `${file} does not exist.` : 'usage: npm run restore -- FILE');
  process.exit(2);
}
const config = loadConfig();
if (config.databaseUrl) {
  console.error('DATABASE_URL is set: restore PostgreSQL with pg_restore (README, Backups).');
  process.exit(2);
}
const pgliteDir = join(config.dataDir, 'pglite');
const owner = embeddedDatabaseOwner(pgliteDir);
if (owner) {
  console.error(`The shop (pid ${owner}) has the database open: stop it, restore, then start it again.`);
  process.exit(1);
}
try {
  const kept = existsSync(pgliteDir) ? `${pgliteDir}.before-restore-${new Date().toISOString().replaceAll(':', '-')}` : null;
  if (kept) renameSync(pgliteDir, kept);
  try {
    const { products, orders } = await restoreBackup(new Blob([readFileSync(file)]), pgliteDir);
    console.log(`Restored ${file}: ${products} products, ${orders} orders.${kept ? ` The database it replaced is in ${kept}.` : ''}`);
  } catch (error) {
    // The backup could not be loaded: the shop keeps the database it had.
    if (kept) renameSync(kept, pgliteDir);
    throw error;
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
