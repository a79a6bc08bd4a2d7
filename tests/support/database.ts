/**
 * Real databases for integration tests: PGlite always, and PostgreSQL as well when
 * TEST_DATABASE_URL is set. Each test database is isolated (its own PGlite instance, or its own
 * database on the server) and starts migrated with the locale and currency reference data.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
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
  if (driver === 'pglite') {
    const snapshot = new Blob([readFileSync(inject('pgliteSnapshotPath'))]);
    const handle = await openDatabase({ driver: 'pglite', loadDataDir: snapshot });
    return { ...handle, destroy: handle.close };
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  // A database of its own (drizzle-kit qualifies foreign keys with "public", so a schema per
  // test would not isolate); dropped again in destroy().
  // TEST_DATABASE_PREFIX: the names one may create on a server shared with others.
  const name = `${process.env.TEST_DATABASE_PREFIX ?? 'cordial_test'}_${randomBytes(6).toString('hex')}`;
  await withClient(url, (client) => client.query(`create database ${name}`));
  const testUrl = new URL(url);
  testUrl.pathname = `/${name}`;
  const handle = await openDatabase({ driver: 'postgres', url: testUrl.href });
  await handle.migrate();
  await ensureReferenceData(handle.db);
  return {
    ...handle,
    url: testUrl.href,
    async destroy() {
      await handle.close();
      await withClient(url, (client) => client.query(`drop database ${name} with (force)`));
    },
  };
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

/** A test database with the demo catalogue at `scale` (its images in a temporary folder that `destroy()` removes too). */
export async function createDemoDatabase(driver: TestDriver, scale: number): Promise<TestDatabase> {
  const database = await createTestDatabase(driver);
  const mediaDir = mkdtempSync(join(tmpdir(), 'cordial-media-'));
  await loadDemoCatalogue(database.db, { mediaDir, scale });
  return {
    ...database,
    async destroy() {
      await database.destroy();
      rmSync(mediaDir, { recursive: true, force: true });
    },
  };
}
