import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '#app/db/client.server.ts';

/** Starting on PGlite: a directory another process holds, or a full disk, is said in plain words. */
describe('starting the embedded database', () => {
  const root = mkdtempSync(join(tmpdir(), 'cordial-pglite-start-'));

  // Creating a data directory (initdb) takes seconds, more on a busy machine.
  it('refuses a data directory another running process holds, naming it, and takes over one left behind', { timeout: 240_000 }, async () => {
    const dataDir = join(root, 'held');
    mkdirSync(dataDir, { recursive: true });
    const other = spawn('sleep', ['30']);
    try {
      writeFileSync(join(dataDir, 'cordial.lock'), String(other.pid));
      await expect(openDatabase({ driver: 'pglite', dataDir })).rejects.toThrow(
        `The embedded database in ${dataDir} is in use by another process (pid ${other.pid})`,
      );
    } finally {
      other.kill();
    }
    await new Promise((resolve) => other.once('exit', resolve));
    const handle = await openDatabase({ driver: 'pglite', dataDir });
    // While it is open, a second opener (as another process would) is refused.
    writeFileSync(join(dataDir, 'cordial.lock'), String(process.ppid));
    await expect(openDatabase({ driver: 'pglite', dataDir })).rejects.toThrow(/is in use by another process/);
    await handle.close();
  });

  // A real full disk: a tiny tmpfs (needs the right to mount, as root on the CI machine).
  const tiny = join(root, 'tiny');
  mkdirSync(tiny);
  const canMount = process.platform === 'linux' && spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=512k', 'tmpfs', tiny]).status === 0;
  afterAll(() => {
    // Lazily: the PGlite that failed there may still hold a file open.
    if (canMount) spawnSync('umount', ['-l', tiny]);
    rmSync(root, { recursive: true, force: true });
  });

  it.runIf(canMount)('says the disk is full, naming the directory', { timeout: 240_000 }, async () => {
    const dataDir = join(tiny, 'pglite');
    await expect(openDatabase({ driver: 'pglite', dataDir })).rejects.toThrow(`The disk of the embedded database in ${dataDir} is full`);
  });
});
