/**
 * npm run db:move -- --to postgresql://user@host/shop
 * Copies the embedded shop (DATA_DIR/pglite) into an empty PostgreSQL database: migrates it to
 * this version, copies every table and sequence, and checks that row counts and sequence values
 * match. While the shop runs it copies from a consistent backup the shop writes; orders placed
 * after that are not in the copy, so stop the shop (or take it offline) for the real move (README).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { embeddedDatabaseOwner, requestBackup } from '#app/db/backup.server.ts';
import { type DatabaseHandle, openDatabase } from '#app/db/client.server.ts';
import { asDatabaseWork } from '#app/db/database-work.server.ts';
import { assertEmpty, copyDatabase } from '#app/db/move.server.ts';
import { loadConfig } from '../server/env.server.ts';

const { values } = parseArgs({ options: { to: { type: 'string' } } });
if (!values.to || !/^postgres(ql)?:\/\//.test(values.to)) {
  console.error('usage: npm run db:move -- --to postgresql://user@host:5432/database   (an empty database)');
  process.exit(2);
}
const config = loadConfig();
const pgliteDir = join(config.dataDir, 'pglite');
const owner = embeddedDatabaseOwner(pgliteDir);
const scratch = mkdtempSync(join(tmpdir(), 'cordial-move-'));
let source: DatabaseHandle | undefined;
let target: DatabaseHandle | undefined;
try {
  if (owner) {
    console.log(`The shop (pid ${owner}) is running: copying from a backup it writes now. Orders placed after this moment are not copied.`);
    const backup = join(scratch, 'shop.tar.gz');
    await requestBackup(pgliteDir, backup, { notify: () => process.kill(owner, 'SIGUSR2') });
    source = await openDatabase({ driver: 'pglite', loadDataDir: new Blob([readFileSync(backup)]) });
  } else {
    source = await openDatabase({ driver: 'pglite', dataDir: pgliteDir });
  }
  // The embedded database is brought to this version first, so both sides have the same tables.
  await source.migrate();
  target = await openDatabase({ driver: 'postgres', url: values.to });
  const started = performance.now();
  const report = await asDatabaseWork('import', async () => {
    await target!.migrate();
    await assertEmpty(target!.db);
    return copyDatabase(source!.db, target!.db, { onTable: (table, rows) => rows > 0 && console.log(`  ${table}: ${rows} rows`) });
  });
  const rows = report.tables.reduce((sum, table) => sum + table.rows, 0);
  console.log(
    `Moved ${rows} rows in ${report.tables.length} tables and ${report.sequences.length} sequences in ${Math.round((performance.now() - started) / 1000)} s; counts and sequence values match.\n` +
      `Start the shop with DATABASE_URL set to that database (the media stay in ${join(config.dataDir, 'media')}).`,
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await source?.close();
  await target?.close();
  rmSync(scratch, { recursive: true, force: true });
}
