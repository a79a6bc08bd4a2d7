import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env.server.ts';

const dataDir = () => mkdtempSync(join(tmpdir(), 'cordial-config-'));

describe('loadConfig', () => {
  it('uses the documented defaults', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config).toMatchObject({ port: 3000, host: '0.0.0.0', siteUrl: 'http://localhost:3000', logLevel: 'info', nodeEnv: 'production', shopName: 'Cordial' });
    expect(config.databaseUrl).toBeUndefined();
  });

  it('reads the database time limits, with defaults for the ones not set', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), DATABASE_STATEMENT_TIMEOUT_MS: '3000', DATABASE_IMPORT_TIMEOUT_MS: '' }).databaseTimeouts).toEqual({
      request: 3_000,
      checkout: 20_000,
      import: 600_000,
    });
    expect(() => loadConfig({ DATA_DIR: dataDir(), DATABASE_CHECKOUT_TIMEOUT_MS: '5s' })).toThrow(/DATABASE_CHECKOUT_TIMEOUT_MS="5s"/);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), PORT: '', DATABASE_URL: '' }).port).toBe(3000);
  });

  it('reports every bad variable by name in one message', () => {
    const attempt = () => loadConfig({ DATA_DIR: dataDir(), PORT: 'eighty', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud', SMTP_URL: 'http://mail' });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const message = (error as Error).message;
      for (const name of ['PORT="eighty"', 'DATABASE_URL="mysql://x"', 'LOG_LEVEL="loud"', 'SMTP_URL="http://mail"']) expect(message).toContain(name);
    }
  });

  it('generates a session secret once and keeps it in DATA_DIR', () => {
    const directory = dataDir();
    const first = loadConfig({ DATA_DIR: directory }).sessionSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: directory }).sessionSecret).toBe(first);
    expect(readFileSync(join(directory, 'session-secret'), 'utf8').trim()).toBe(first);
    expect(statSync(join(directory, 'session-secret')).mode & 0o077).toBe(0);
  });

  it('prefers SESSION_SECRET and rejects a short one', () => {
    const secret = 'x'.repeat(40);
    expect(loadConfig({ DATA_DIR: dataDir(), SESSION_SECRET: secret }).sessionSecret).toBe(secret);
    expect(() => loadConfig({ DATA_DIR: dataDir(), SESSION_SECRET: 'short' })).toThrow(/SESSION_SECRET/);
  });
});
