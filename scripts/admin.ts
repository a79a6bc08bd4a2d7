/**
 * Back-office accounts from the command line:
 *   npm run admin -- create-owner you@example.com
 * creates an owner without a password and prints a one-time link (valid 72 hours) to set it;
 * the first login then asks to set up two-factor authentication. Uses DATABASE_URL, or the
 * embedded database in DATA_DIR (stop the shop first: only one process can open it), and
 * SITE_URL for the link.
 */
import { join } from 'node:path';
import { openDatabase } from '#app/db/client.server.ts';
import { adminPath } from '#app/modules/admin/admin-paths.ts';
import { createOwner } from '#app/modules/admin/staff-accounts.server.ts';
import { loadConfig } from '../server/env.server.ts';
import { ensureReferenceData } from '#app/modules/i18n/reference-data.server.ts';

const [command, email] = process.argv.slice(2);
if (command !== 'create-owner' || !email) {
  console.error('usage: npm run admin -- create-owner you@example.com');
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase(
  config.databaseUrl ? { driver: 'postgres', url: config.databaseUrl } : { driver: 'pglite', dataDir: join(config.dataDir, 'pglite') },
);
try {
  await database.migrate();
  await ensureReferenceData(database.db);
  const result = await createOwner(database.db, email);
  if (result.ok) {
    console.log(`Owner ${email} created. Set the password (once, within 72 hours) at:\n${config.siteUrl}${adminPath(`password/${result.token}`)}`);
  } else {
    console.error(`There is already a staff account for ${email}.`);
    process.exitCode = 1;
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await database.close();
}
