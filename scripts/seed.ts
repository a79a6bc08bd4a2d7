/**
 * Loads the demo catalogue into a database, e.g. a larger one for benchmarks:
 *   npm run seed -- --scale 10 --data-dir ./data-bench
 *   DATABASE_URL=postgresql://... npm run seed -- --reset
 * Without --reset it refuses to touch a database that already has products.
 */
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openDatabase } from '#app/db/client.server.ts';
import { defaultDatabaseTimeouts } from '#app/db/database-work.server.ts';
import { ensureReferenceData } from '#app/modules/i18n/reference-data.server.ts';
import { catalogueIsEmpty, loadDemoCatalogue } from './demo-catalogue/load.ts';

const { values } = parseArgs({
  options: {
    scale: { type: 'string', default: '1' },
    seed: { type: 'string', default: '20261122' },
    'data-dir': { type: 'string', default: process.env.DATA_DIR ?? './data' },
    reset: { type: 'boolean', default: false },
  },
});
const scale = Number(values.scale);
const seed = Number(values.seed);
if (!(scale > 0) || !Number.isInteger(seed)) {
  console.error('--scale must be a positive number and --seed an integer');
  process.exit(2);
}
const dataDir = resolve(values['data-dir']);
// The whole script is an import, with no one waiting for a page: at 100× the catalogue the
// products' search documents are one statement of about half an hour, over the shop's 10-minute limit.
const timeouts = { ...defaultDatabaseTimeouts, request: 4 * 3_600_000 };
const database = await openDatabase(
  process.env.DATABASE_URL ? { driver: 'postgres', url: process.env.DATABASE_URL, timeouts } : { driver: 'pglite', dataDir: join(dataDir, 'pglite') },
);
await database.migrate();
await ensureReferenceData(database.db);
if (!(await catalogueIsEmpty(database.db))) {
  if (!values.reset) {
    console.error('The database already has products; pass --reset to replace the catalogue.');
    await database.close();
    process.exit(1);
  }
  await database.db.execute(sql`truncate products, categories, attributes cascade`);
}
const summary = await loadDemoCatalogue(database.db, { mediaDir: join(dataDir, 'media'), scale, seed });
console.log(JSON.stringify(summary));
await database.close();
