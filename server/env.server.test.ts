import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env.server.ts';

const dataDir = () => mkdtempSync(join(tmpdir(), 'cordial-config-'));

describe('loadConfig', () => {
  it('uses the documented defaults', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      siteUrl: 'http://localhost:3000',
      logLevel: 'info',
      nodeEnv: 'production',
      shopName: 'Cordial',
    });
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

  it('runs one process with web and jobs by default, and several web processes only on PostgreSQL', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).processes).toEqual({ role: 'all', webConcurrency: 1 });
    const postgres = { DATA_DIR: dataDir(), DATABASE_URL: 'postgresql://localhost/shop' };
    expect(loadConfig({ ...postgres, WEB_CONCURRENCY: '4', ROLE: 'web' }).processes).toEqual({ role: 'web', webConcurrency: 4 });
    expect(loadConfig({ ...postgres, ROLE: 'worker' }).processes.role).toBe('worker');
    for (const env of [{ WEB_CONCURRENCY: '2' }, { ROLE: 'worker' }, { ROLE: 'web' }]) {
      expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(
        /the embedded database \(PGlite\) lives inside one process.*Set DATABASE_URL.*npm run db:move/,
      );
    }
    expect(() => loadConfig({ ...postgres, ROLE: 'cron' })).toThrow(/ROLE="cron"/);
  });

  it('takes a read replica only beside a PostgreSQL primary', () => {
    const replica = 'postgresql://replica.internal/shop';
    expect(loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: 'postgresql://localhost/shop', DATABASE_REPLICA_URL: replica }).databaseReplicaUrl).toBe(replica);
    expect(loadConfig({ DATA_DIR: dataDir() }).databaseReplicaUrl).toBeUndefined();
    expect(() => loadConfig({ DATA_DIR: dataDir(), DATABASE_REPLICA_URL: replica })).toThrow(
      /DATABASE_REPLICA_URL.*The embedded database \(PGlite\) has no replicas/s,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: 'postgresql://localhost/shop', DATABASE_REPLICA_URL: 'mysql://replica/shop' })).toThrow(
      /DATABASE_REPLICA_URL=.*must be a postgres/,
    );
  });

  it('reads METRICS_TOKEN and METRICS_PORT, and refuses a guessable token', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).metrics).toEqual({ token: undefined, port: undefined });
    expect(loadConfig({ DATA_DIR: dataDir(), METRICS_TOKEN: 'a-long-enough-token', METRICS_PORT: '9464' }).metrics).toEqual({
      token: 'a-long-enough-token',
      port: 9464,
    });
    expect(() => loadConfig({ DATA_DIR: dataDir(), METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
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

  it('reads the image pipeline settings, with documented defaults, and refuses bad ones', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).images).toEqual({
      cacheMaxBytes: 1024 * 1024 * 1024,
      renderConcurrency: 2,
      renderQueue: 32,
      renderTimeoutSeconds: 300,
    });
    const custom = loadConfig({
      DATA_DIR: dataDir(),
      IMAGE_CACHE_MAX_MB: '64',
      IMAGE_RENDER_CONCURRENCY: '1',
      IMAGE_RENDER_QUEUE: '0',
      IMAGE_RENDER_TIMEOUT_SECONDS: '30',
    });
    expect(custom.images).toEqual({ cacheMaxBytes: 64 * 1024 * 1024, renderConcurrency: 1, renderQueue: 0, renderTimeoutSeconds: 30 });
    expect(() => loadConfig({ DATA_DIR: dataDir(), IMAGE_CACHE_MAX_MB: '0', IMAGE_RENDER_CONCURRENCY: 'many' })).toThrow(
      /IMAGE_CACHE_MAX_MB="0"[\s\S]*IMAGE_RENDER_CONCURRENCY="many"/,
    );
  });

  it('reads TRUST_PROXY as off, loopback, a hop count or a list of addresses, and refuses anything else', () => {
    const trust = (value?: string) => loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: value }).trustProxy;
    expect(trust()).toEqual(['loopback']);
    expect(trust('off')).toBe(false);
    expect(trust('2')).toBe(2);
    expect(trust('loopback, 10.0.0.0/8, 192.168.1.7, fd00::/8')).toEqual(['loopback', '10.0.0.0/8', '192.168.1.7', 'fd00::/8']);
    for (const bad of ['yes', '10.0.0.0/33', '300.1.1.1', 'loopback,', '-1', 'evil.example']) {
      expect(() => trust(bad), bad).toThrow(/TRUST_PROXY/);
    }
  });
});

describe('bank account and warehouse pickup configuration (issue 22)', () => {
  it('uses the demo account in the shop name unless an account is configured', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), SHOP_NAME: 'Touwhuis' }).bankAccount).toEqual({
      accountName: 'Touwhuis B.V.',
      iban: 'NL91ABNA0417164300',
      bic: 'ABNANL2A',
      bankName: 'ABN AMRO Bank',
    });
    const own = loadConfig({
      DATA_DIR: dataDir(),
      BANK_ACCOUNT_NAME: 'Touw B.V.',
      BANK_IBAN: 'de89 3704 0044 0532 0130 00',
      BANK_BIC: 'cobadeffxxx',
      BANK_NAME: 'Commerzbank',
    });
    expect(own.bankAccount).toEqual({ accountName: 'Touw B.V.', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX', bankName: 'Commerzbank' });
  });

  it.each([
    [
      { BANK_ACCOUNT_NAME: 'Touw B.V.', BANK_IBAN: 'DE89370400440532013001', BANK_BIC: 'COBADEFFXXX' },
      /BANK_IBAN="DE89370400440532013001": must be a valid IBAN/,
    ],
    [{ BANK_ACCOUNT_NAME: 'Touw B.V.', BANK_IBAN: 'DE89370400440532013000', BANK_BIC: 'COBA DE' }, /BANK_BIC="COBA DE": must be a BIC/],
    [{ BANK_IBAN: 'DE89370400440532013000', BANK_BIC: 'COBADEFFXXX' }, /BANK_ACCOUNT_NAME=undefined: must be set with BANK_IBAN/],
    [{ BANK_ACCOUNT_NAME: 'Touw B.V.', BANK_IBAN: 'DE89370400440532013000' }, /BANK_BIC=undefined: must be set with BANK_IBAN/],
    [{ BANK_BIC: 'COBADEFFXXX' }, /BANK_IBAN=undefined: must be set when BANK_BIC/],
  ])('refuses to start with %j, naming the variable', (env, message) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(message);
  });

  it('offers warehouse pickup in the Netherlands and Belgium unless configured', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).shippingRules.warehousePickupCountries).toEqual(['NL', 'BE']);
    expect(loadConfig({ DATA_DIR: dataDir(), WAREHOUSE_PICKUP_COUNTRIES: 'nl, be,de' }).shippingRules.warehousePickupCountries).toEqual(['NL', 'BE', 'DE']);
    expect(loadConfig({ DATA_DIR: dataDir(), WAREHOUSE_PICKUP_COUNTRIES: 'none' }).shippingRules.warehousePickupCountries).toEqual([]);
    expect(() => loadConfig({ DATA_DIR: dataDir(), WAREHOUSE_PICKUP_COUNTRIES: 'NL,Holland' })).toThrow(
      /WAREHOUSE_PICKUP_COUNTRIES="NL,Holland": .*unknown: HOLLAND/,
    );
  });
});
