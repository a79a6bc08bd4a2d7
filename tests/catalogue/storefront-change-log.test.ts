import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '#app/db/client.server.ts';
import { createDemoDatabase, type TestDatabase, testDrivers } from '../support/database.ts';

/**
 * Decision 0039 / migration 0035: a transaction's row of the storefront change log is written once
 * per table and list of products, not once per row of a bulk statement (each write passed every
 * earlier version of the row: the 100× seed's reviews ran for more than half an hour and did not end).
 */
describe.each(testDrivers)('storefront change log on %s', (driver) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createDemoDatabase(driver, 0.1);
  }, 120_000);
  afterAll(() => database?.destroy());

  /**
   * Rows written to the log as the database counts them (inserts and updates). The counts of
   * earlier transactions the session has not reported yet are in them too (PGlite's one session
   * seldom reports them), so a test takes the count at its transaction's start off.
   */
  const logWrites = async (tx: Parameters<Parameters<TestDatabase['db']['transaction']>[0]>[0]) => {
    const [row] = await queryRows<{ writes: number }>(
      tx,
      sql`select (n_tup_ins + n_tup_upd)::int as writes from pg_stat_xact_user_tables where relname = 'storefront_change_log'`,
    );
    return row?.writes ?? 0;
  };

  it('logs a bulk statement of a row trigger once, and a further table or product once more', async () => {
    const [approved] = await queryRows<{ count: number }>(database.db, sql`select count(*)::int as count from product_reviews where status = 'approved'`);
    expect(approved!.count).toBeGreaterThan(50);
    const logged = await database.db.transaction(async (tx) => {
      const before = await logWrites(tx);
      await tx.execute(sql`update product_reviews set title = title where status = 'approved'`);
      const afterReviews = (await logWrites(tx)) - before;
      await tx.execute(sql`update product_reviews set body = body where status = 'approved'`);
      const afterAgain = (await logWrites(tx)) - before;
      await tx.execute(sql`update category_translations set name = name`);
      const afterCategories = (await logWrites(tx)) - before;
      const [row] = await queryRows<{ tables: string[] }>(tx, sql`select tables from storefront_change_log where xid = pg_current_xact_id()::text::bigint`);
      return { afterReviews, afterAgain, afterCategories, tables: row?.tables };
    });
    expect(logged).toEqual({ afterReviews: 1, afterAgain: 1, afterCategories: 2, tables: ['product_reviews', 'category_translations'] });
  });

  it('forgets what a rolled-back savepoint logged', async () => {
    const tables = await database.db.transaction(async (tx) => {
      await tx
        .transaction(async (savepoint) => {
          await savepoint.execute(sql`update category_translations set name = name`);
          throw new Error('rolled back');
        })
        .catch(() => undefined);
      await tx.execute(sql`update category_translations set name = name`);
      const [row] = await queryRows<{ tables: string[] }>(tx, sql`select tables from storefront_change_log where xid = pg_current_xact_id()::text::bigint`);
      return row?.tables;
    });
    expect(tables).toEqual(['category_translations']);
  });
});
