import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { createPgliteSnapshot, createPostgresTemplate } from './database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dump of a migrated PGlite database with its reference data, loaded by each test. */
    pgliteSnapshotPath: string;
    /** With TEST_DATABASE_URL: the migrated database on the server that each test's database is copied from. */
    postgresTemplate: string;
    /** A folder for the whole run, shared by the workers (the demo catalogues made once). */
    testDataDir: string;
  }
}

/** Creating and migrating a database takes seconds; doing it once and copying it is much faster. */
export default async function setup(project: TestProject) {
  const directory = mkdtempSync(join(tmpdir(), 'cordial-test-'));
  const snapshot = join(directory, 'snapshot.tar.gz');
  await createPgliteSnapshot(snapshot);
  project.provide('pgliteSnapshotPath', snapshot);
  project.provide('testDataDir', directory);
  const postgresTemplate = process.env.TEST_DATABASE_URL ? await createPostgresTemplate() : undefined;
  project.provide('postgresTemplate', postgresTemplate?.name ?? '');
  return async () => {
    await postgresTemplate?.dropAll();
    rmSync(directory, { recursive: true, force: true });
  };
}
