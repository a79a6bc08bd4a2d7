import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');

describe('starting the server with a bad configuration', () => {
  it('stops at once with a message naming each bad variable', () => {
    const result = spawnSync(process.execPath, ['server/main.ts'], {
      cwd: root,
      env: { ...process.env, DATA_DIR: mkdtempSync(join(tmpdir(), 'cordial-boot-')), PORT: 'abc', DATABASE_URL: 'mysql://nope' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Invalid configuration');
    expect(result.stderr).toContain('PORT="abc"');
    expect(result.stderr).toContain('DATABASE_URL="mysql://nope"');
  });
});
