/**
 * Real databases for integration tests: PGlite always, and PostgreSQL as well when
 * TEST_DATABASE_URL is set. Each test database is isolated (its own PGlite instance, or its own
 * database on the server) and starts migrated with the locale and currency reference data.
 *
 * Migrating and loading the demo catalogue take seconds, so each is done once per run and copied:
 * PGlite databases load a dump (global-setup.ts makes the migrated one), PostgreSQL databases are
 * made with CREATE DATABASE … TEMPLATE. A demo catalogue of a scale is made by the first test
 * asking for it and kept for the rest of the run.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { type DatabaseHandle, openDatabase } from '#app/db/client.server.ts';
import { ensureReferenceData } from '#app/modules/i18n/reference-data.server.ts';
import { loadDemoCatalogue } from '../../scripts/demo-catalogue/load.ts';

export type TestDriver = 'pglite' | 'postgres';

/** The drivers to run integration tests on: `describe.each(testDrivers)`. */
export const testDrivers: TestDriver[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export interface TestDatabase extends DatabaseHandle {
  /** Closes the connection and removes what the test created. */
  destroy(): Promise<void>;
  /** PostgreSQL only: the test database's own address (for a second handle or an admin connection). */
  url?: string;
}

export async function createTestDatabase(driver: TestDriver): Promise<TestDatabase> {
  return driver === 'pglite' ? openPgliteDump(inject('pgliteSnapshotPath')) : copyPostgresDatabase(inject('postgresTemplate'));
}

/** A test database with the demo catalogue at `scale` (without its images: no test here reads them). */
export async function createDemoDatabase(driver: TestDriver, scale: number): Promise<TestDatabase> {
  const demo = await demoCatalogueCopy(driver, scale);
  return driver === 'pglite' ? openPgliteDump(demo) : copyPostgresDatabase(demo);
}

/** Global setup (PGlite): a migrated database with the reference data, dumped to `path` for every test database of the run. */
export async function createPgliteSnapshot(path: string) {
  const database = await openDatabase({ driver: 'pglite' });
  try {
    await migrateWithReferenceData(database);
    await writePgliteDump(database, path);
  } finally {
    await database.close();
  }
}

/**
 * Global setup (PostgreSQL): a migrated database with the reference data, the template of every test
 * database of the run; `dropAll` removes it and the demo catalogues made from it.
 */
export async function createPostgresTemplate(): Promise<{ name: string; dropAll(): Promise<void> }> {
  const url = serverUrl();
  const name = `${databasePrefix()}_template_${randomBytes(4).toString('hex')}`;
  await withClient(url, (client) => client.query(`create database ${name}`));
  const handle = await openDatabase({ driver: 'postgres', url: databaseUrl(url, name) });
  try {
    await migrateWithReferenceData(handle);
  } finally {
    await handle.close();
  }
  return {
    name,
    dropAll: () =>
      withClient(url, async (client) => {
        const { rows } = await client.query<{ datname: string }>(`select datname from pg_database where datname = $1 or datname like $2`, [
          name,
          `${name}\\_demo\\_%`,
        ]);
        for (const { datname } of rows) await client.query(`drop database ${datname} with (force)`);
      }),
  };
}

async function migrateWithReferenceData(handle: DatabaseHandle) {
  await handle.migrate();
  await ensureReferenceData(handle.db);
}

/** Written whole under another name, then renamed: a worker never loads half a dump. */
async function writePgliteDump(database: DatabaseHandle, path: string) {
  const dump = await database.dumpDataDir?.();
  if (!dump) throw new Error('PGlite handle cannot dump its data directory');
  const unpublished = `${path}.${randomBytes(4).toString('hex')}`;
  writeFileSync(unpublished, Buffer.from(await dump.arrayBuffer()));
  renameSync(unpublished, path);
}

async function openPgliteDump(path: string): Promise<TestDatabase> {
  const handle = await openDatabase({ driver: 'pglite', loadDataDir: new Blob([readFileSync(path)]) });
  return { ...handle, destroy: handle.close };
}

/** A database of its own on the server, copied from `template` (drizzle-kit qualifies foreign keys with "public", so a schema per test would not isolate). */
async function copyPostgresDatabase(template: string): Promise<TestDatabase> {
  const url = serverUrl();
  const name = `${databasePrefix()}_${randomBytes(6).toString('hex')}`;
  await withClient(url, (client) => client.query(`create database ${name} template ${template}`));
  const testUrl = databaseUrl(url, name);
  const handle = await openDatabase({ driver: 'postgres', url: testUrl });
  return {
    ...handle,
    url: testUrl,
    async destroy() {
      await handle.close();
      await withClient(url, (client) => client.query(`drop database ${name} with (force)`));
    },
  };
}

const demoCopiesMade = new Map<string, Promise<string>>();

/**
 * The demo catalogue at `scale`, made once per run (a PGlite dump's path, or a PostgreSQL template
 * database's name): the worker processes share it through files and the server.
 */
function demoCatalogueCopy(driver: TestDriver, scale: number): Promise<string> {
  const key = `${driver}_${String(scale).replace('.', '_')}`;
  let copy = demoCopiesMade.get(key);
  if (!copy) {
    copy = driver === 'pglite' ? pgliteDemoCopy(key, scale) : postgresDemoCopy(key, scale);
    demoCopiesMade.set(key, copy);
  }
  return copy;
}

/** Two workers may both make a PGlite copy at the same time: each renames its own file into place, the last one stays. */
async function pgliteDemoCopy(key: string, scale: number): Promise<string> {
  const path = join(inject('testDataDir'), `demo-${key}.tar.gz`);
  if (existsSync(path)) return path;
  const database = await createTestDatabase('pglite');
  try {
    await loadDemoWithoutImages(database, scale);
    await writePgliteDump(database, path);
  } finally {
    await database.destroy();
  }
  return path;
}

/** Made under an advisory lock on the server, so the workers make each scale once. */
async function postgresDemoCopy(key: string, scale: number): Promise<string> {
  const template = `${inject('postgresTemplate')}_demo_${key}`;
  await withClient(serverUrl(), async (client) => {
    await client.query(`select pg_advisory_lock(hashtext($1))`, [template]);
    const { rowCount } = await client.query(`select 1 from pg_database where datname = $1`, [template]);
    if (rowCount) return;
    await client.query(`create database ${template} template ${inject('postgresTemplate')}`);
    // Closed before any copy is made: a template may have no connections.
    const database = await openDatabase({ driver: 'postgres', url: databaseUrl(serverUrl(), template) });
    try {
      await loadDemoWithoutImages(database, scale);
    } catch (error) {
      await database.close();
      // Not left half loaded for the next test to copy.
      await client.query(`drop database ${template} with (force)`);
      throw error;
    }
    await database.close();
  });
  return template;
}

async function loadDemoWithoutImages(database: DatabaseHandle, scale: number) {
  const mediaDir = mkdtempSync(join(tmpdir(), 'cordial-media-'));
  try {
    await loadDemoCatalogue(database.db, { mediaDir, scale });
  } finally {
    rmSync(mediaDir, { recursive: true, force: true });
  }
}

function serverUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  return url;
}

/** TEST_DATABASE_PREFIX: the names one may create on a server shared with others. */
const databasePrefix = () => process.env.TEST_DATABASE_PREFIX ?? 'cordial_test';

function databaseUrl(serverAddress: string, name: string): string {
  const url = new URL(serverAddress);
  url.pathname = `/${name}`;
  return url.href;
}

async function withClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}
