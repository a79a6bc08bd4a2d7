import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '#app/db/client.server.ts';
import { seedContent } from '#app/modules/content/seed-content.server.ts';
import { ensureReferenceData } from '#app/modules/i18n/reference-data.server.ts';
import { createTestDatabase, type TestDatabase, testDrivers } from '../support/database.ts';

/**
 * Every start (and every process of a cluster) makes the reference data and the seeded content
 * pages sure. On a database that has them, that must write nothing: any write statement on those
 * tables, even one changing no row, logs a storefront change and tells every process to drop its
 * pages and caches (decision 0019), so starting a process emptied the caches of the running ones.
 */
describe.each(testDrivers)('what a start writes on %s', (driver) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(driver);
    await seedContent(database.db, { shopName: 'Cordial' });
  }, 120_000);
  afterAll(() => database?.destroy());

  const loggedChanges = async () => (await queryRows<{ count: number }>(database.db, sql`select count(*)::int as count from storefront_change_log`))[0]!.count;

  it('writes nothing and tells no process when the reference data and content are there', async () => {
    const told: string[] = [];
    const stopListening = await database.listen('storefront_change', (payload) => told.push(payload));
    const before = await loggedChanges();
    await ensureReferenceData(database.db);
    const content = await seedContent(database.db, { shopName: 'Cordial' });
    // PGlite tells before the statement returns; PostgreSQL's listening connection a moment later.
    await new Promise((resolve) => setTimeout(resolve, 300));
    await stopListening();
    expect(content).toEqual({ pages: 0, banners: 0 });
    expect(await loggedChanges()).toBe(before);
    expect(told).toEqual([]);
  });

  it('still puts back what differs from the storefront configuration', async () => {
    await database.db.execute(sql`update locales set name = 'Changed', position = 40 where code = 'de-DE'`);
    await database.db.execute(sql`delete from locale_currencies where locale_code = 'en-GB'`);
    await database.db.execute(sql`update currencies set symbol = '?' where code = 'EUR'`);
    await database.db.execute(sql`delete from exchange_rates where currency_code = 'SEK'`);
    await ensureReferenceData(database.db);
    const [germany] = await queryRows<{ name: string; position: number }>(database.db, sql`select name, position from locales where code = 'de-DE'`);
    expect(germany!.name).not.toBe('Changed');
    expect(germany!.position).not.toBe(40);
    const [britain] = await queryRows<{ count: number }>(database.db, sql`select count(*)::int as count from locale_currencies where locale_code = 'en-GB'`);
    expect(britain!.count).toBeGreaterThan(0);
    const [euro] = await queryRows<{ symbol: string }>(database.db, sql`select symbol from currencies where code = 'EUR'`);
    expect(euro!.symbol).toBe('€');
    const [krona] = await queryRows<{ rate: string }>(database.db, sql`select rate::text as rate from exchange_rates where currency_code = 'SEK'`);
    expect(Number(krona!.rate)).toBe(10.95);
  });
});
