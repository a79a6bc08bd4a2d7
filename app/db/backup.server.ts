/**
 * Backups of the embedded database (decision 0024). PGlite's dumpDataDir writes the whole data
 * directory as a gzipped tarball, loadable with `loadDataDir`. The dump is taken inside a
 * transaction of its own, so no other transaction is open meanwhile (PGlite runs one at a time):
 * the copy is consistent even while the shop serves requests. Only the process that opened the
 * database can dump it, so `npm run backup` asks a running shop to write the file (SIGUSR2 and a
 * request file in DATA_DIR) and opens the database itself when no shop runs.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { DatabaseHandle } from './client.server.ts';

const requestFile = (dataDir: string) => join(dataDir, 'backup-request.json');
const resultFile = (dataDir: string, id: string) => join(dataDir, `backup-result-${id}.json`);

/** Writes a consistent copy of the embedded database to `file` (through a temporary name, so a half-written file never has the name). */
export async function writeBackup(database: Pick<DatabaseHandle, 'dumpDataDir'>, file: string): Promise<{ bytes: number }> {
  if (!database.dumpDataDir) throw new Error('only the embedded database is backed up this way; use pg_dump for PostgreSQL (see the README)');
  const dump = await database.dumpDataDir();
  const bytes = Buffer.from(await dump.arrayBuffer());
  const partial = `${file}.partial`;
  writeFileSync(partial, bytes, { mode: 0o600 });
  renameSync(partial, file);
  return { bytes: bytes.length };
}

/** The pid of the live process that has the embedded database open, or null. */
export function embeddedDatabaseOwner(pgliteDir: string): number | null {
  const lock = join(pgliteDir, 'cordial.lock');
  if (!existsSync(lock)) return null;
  const pid = Number.parseInt(readFileSync(lock, 'utf8'), 10);
  if (!(pid > 0) || pid === process.pid) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? pid : null;
  }
}

/**
 * In the shop: answers a backup request left in `dataDir` (call it on SIGUSR2). The result file
 * tells the asking script whether the backup was written.
 */
export async function answerBackupRequest(database: Pick<DatabaseHandle, 'dumpDataDir'>, dataDir: string): Promise<{ file: string; bytes: number } | null> {
  let request: { id: string; file: string };
  try {
    request = JSON.parse(readFileSync(requestFile(dataDir), 'utf8')) as { id: string; file: string };
    rmSync(requestFile(dataDir), { force: true });
  } catch {
    return null;
  }
  try {
    const { bytes } = await writeBackup(database, request.file);
    writeFileSync(resultFile(dataDir, request.id), JSON.stringify({ ok: true, bytes }));
    return { file: request.file, bytes };
  } catch (error) {
    writeFileSync(resultFile(dataDir, request.id), JSON.stringify({ ok: false, error: (error as Error).message }));
    throw error;
  }
}

/** The script's side: asks the running shop (pid `owner`) for a backup to `file` and waits for its answer. */
export async function requestBackup(
  dataDir: string,
  file: string,
  { notify, timeoutMs = 10 * 60_000 }: { notify: () => void; timeoutMs?: number },
): Promise<{ bytes: number }> {
  const id = randomUUID();
  writeFileSync(requestFile(dataDir), JSON.stringify({ id, file: resolve(file) }), { mode: 0o600 });
  notify();
  const deadline = Date.now() + timeoutMs;
  const result = resultFile(dataDir, id);
  while (!existsSync(result)) {
    if (Date.now() > deadline) throw new Error('the running shop did not answer the backup request; is it an older version? Stop it and run the backup again.');
    await new Promise((done) => setTimeout(done, 100));
  }
  const answer = JSON.parse(readFileSync(result, 'utf8')) as { ok: boolean; bytes?: number; error?: string };
  rmSync(result, { force: true });
  if (!answer.ok) throw new Error(`the shop could not write the backup: ${answer.error}`);
  return { bytes: answer.bytes ?? 0 };
}
