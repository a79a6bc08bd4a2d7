import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, shopperUserAgent } from './support/browser.ts';
import { type RunningShop, startShop } from './support/shop-server.ts';

/**
 * Fault injection: a shop on its own PostgreSQL database, which the test then breaks. A broken
 * schema must give the 500 page, a database that is gone the 503 page and an unhealthy /healthz.
 */
const serverUrl = process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';
const databaseName = `cordial_e2e_${process.pid}`;

async function admin<T>(run: (client: pg.Client) => Promise<T>, database?: string): Promise<T> {
  const url = new URL(serverUrl);
  if (database) url.pathname = `/${database}`;
  const client = new pg.Client({ connectionString: url.href });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

const postgresReachable = await admin(async () => true).catch(() => false);

describe.runIf(postgresReachable)('when the database breaks', () => {
  let shop: RunningShop;
  let dataDir: string;

  beforeAll(async () => {
    await admin((client) => client.query(`create database ${databaseName}`));
    dataDir = mkdtempSync(join(tmpdir(), 'cordial-faults-'));
    const url = new URL(serverUrl);
    url.pathname = `/${databaseName}`;
    shop = await startShop({ DATA_DIR: dataDir, DATABASE_URL: url.href, DEMO_CATALOGUE: 'false', NODE_ENV: 'production' });
  });

  afterAll(async () => {
    await shop?.stop();
    await admin((client) => client.query(`drop database if exists ${databaseName} with (force)`)).catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves the shop on PostgreSQL while all is well', async () => {
    expect((await fetch(`${shop.baseUrl}/en-gb`)).status).toBe(200);
  });

  it('shows the error page with status 500 when a query fails, without the raw error in production', async () => {
    await admin((client) => client.query('alter table products rename to products_gone'), databaseName);
    const browser = await openBrowser();
    try {
      const page = await browser.newPage();
      // Pages not seen before: the page cache would (rightly) serve a page it already has.
      const response = await page.goto(`${shop.baseUrl}/en-us`);
      expect(response?.status()).toBe(500);
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Oops');
      await expect(page.getByText('Error code 500').count()).resolves.toBe(1);
      expect(await page.title()).toBe('500 Error');
      await expect(page.locator('pre').count()).resolves.toBe(0);
    } finally {
      await browser.close();
      await admin((client) => client.query('alter table products_gone rename to products'), databaseName);
    }
  });

  it('answers 503 on pages and the health check when the database is gone', async () => {
    await admin((client) => client.query(`drop database ${databaseName} with (force)`));
    const health = await fetch(`${shop.baseUrl}/healthz`);
    expect(health.status).toBe(503);
    expect(await health.json()).toEqual({ status: 'unavailable' });
    const page = await fetch(`${shop.baseUrl}/en`, { headers: { 'user-agent': shopperUserAgent } });
    expect(page.status).toBe(503);
    expect(await page.text()).toContain('briefly unavailable');
  });
});
