/**
 * npm run backup -- FILE: a consistent copy of the embedded database (DATA_DIR/pglite) in FILE,
 * a gzipped tarball for `npm run restore`. While the shop runs, the shop writes it (only the
 * process that opened the database can read it); otherwise this script opens the database.
 * With DATABASE_URL, PostgreSQL is backed up with pg_dump (README).
 */
import { join } from 'node:path';
import { answerBackupRequest, embeddedDatabaseOwner, requestBackup, writeBackup } from '#app/db/backup.server.ts';
import { openDatabase } from '#app/db/client.server.ts';
import { loadConfig } from '../server/env.server.ts';

const [file] = process.argv.slice(2);
if (!file) {
  console.error('usage: npm run backup -- FILE   (for example backups/shop-$(date +%F).tar.gz)');
  process.exit(2);
}
const config = loadConfig();
if (config.databaseUrl) {
  console.error('DATABASE_URL is set: back up PostgreSQL with pg_dump, e.g.  pg_dump --format=custom --file=shop.dump "$DATABASE_URL"  (README, Backups).');
  process.exit(2);
}
const pgliteDir = join(config.dataDir, 'pglite');
try {
  const owner = embeddedDatabaseOwner(pgliteDir);
  const { bytes } = owner
    ? await requestBackup(pgliteDir, file, { notify: () => process.kill(owner, 'SIGUSR2') })
    : await (async () => {
        const database = await openDatabase({ driver: 'pglite', dataDir: pgliteDir });
        try {
          // A request left by a run that found the shop stopping is answered by nobody: drop it.
          await answerBackupRequest(database, pgliteDir).catch(() => null);
          return await writeBackup(database, file);
        } finally {
          await database.close();
        }
      })();
  console.log(`Backup written to ${file} (${(bytes / 1024 / 1024).toFixed(1)} MB)${owner ? ` by the running shop (pid ${owner})` : ''}.`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
