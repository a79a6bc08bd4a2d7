import { asc, getTableName, isTable, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#app/db/client.server.ts';
import * as schema from '#app/db/schema.ts';
import { localeCurrencies, locales } from '#app/db/schema.ts';
import { ensureReferenceData } from '#app/modules/i18n/reference-data.server.ts';
import { createTestDatabase, type TestDatabase, testDrivers } from '../support/database.ts';

const schemaTables = Object.values(schema)
  .filter((value) => isTable(value))
  .map((table) => getTableName(table))
  .sort();

describe.each(testDrivers)('migrations on %s', (driver) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(driver);
  });
  afterAll(() => database?.destroy());

  it('create every table of the schema', async () => {
    const rows = await queryRows<{ table_name: string }>(
      database.db,
      sql`select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`,
    );
    expect(rows.map((row) => row.table_name)).toEqual(schemaTables);
  });

  it('can run again without changing anything', async () => {
    await expect(database.migrate()).resolves.toBeUndefined();
    await expect(ensureReferenceData(database.db)).resolves.toBeUndefined();
    expect(await database.db.$count(locales)).toBe(11);
  });

  it('hold the currencies of every storefront as in spec §3, default first', async () => {
    const rows = await database.db.select().from(localeCurrencies).orderBy(asc(localeCurrencies.localeCode), asc(localeCurrencies.position));
    const byLocale: Record<string, string[]> = {};
    for (const row of rows) (byLocale[row.localeCode] ??= []).push(row.currencyCode);
    expect(byLocale).toEqual({
      'en-US': ['USD'],
      en: ['EUR', 'GBP', 'DKK', 'NOK', 'PLN', 'SEK', 'CHF', 'USD'],
      'pl-PL': ['PLN', 'EUR'],
      'nl-NL': ['EUR'],
      'de-DE': ['EUR', 'CHF'],
      'da-DK': ['DKK', 'EUR'],
      'en-GB': ['GBP', 'EUR'],
      'es-ES': ['EUR', 'USD'],
      'fr-FR': ['EUR'],
      'it-IT': ['EUR'],
      'sv-SE': ['SEK', 'EUR'],
    });
  });

  it('enforce the money and stock invariants in the database', async () => {
    const [product] = await database.db.insert(schema.products).values({ sku: 'TEST-1', kind: 'simple', productType: 'test' }).returning();
    await expect(
      database.db.insert(schema.productVariants).values({ productId: product!.id, sku: 'TEST-1-A', priceCents: 100, stockQuantity: -1 }),
    ).rejects.toThrow();
    await expect(database.db.insert(schema.productVariants).values({ productId: product!.id, sku: 'TEST-1-B', priceCents: -5 })).rejects.toThrow();
  });
});
