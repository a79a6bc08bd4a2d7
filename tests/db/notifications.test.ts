import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { missedPayload } from '#app/db/notifications.server.ts';
import { createTestDatabase, type TestDatabase, testDrivers } from '../support/database.ts';

const eventually = async (check: () => boolean) => {
  for (let attempt = 0; attempt < 100 && !check(); attempt++) await new Promise((resolve) => setTimeout(resolve, 50));
  return check();
};

describe.each(testDrivers)('database notifications on %s', (driver) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(driver);
  });
  afterAll(() => database?.destroy());

  it('hears NOTIFY after the commit, and nothing after unlisten', async () => {
    const heard: string[] = [];
    const unlisten = await database.listen('test_channel', (payload) => heard.push(payload));
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_notify('test_channel', 'one')`);
      await tx.execute(sql`select pg_notify('other_channel', 'not for us')`);
      expect(heard).toEqual([]);
    });
    expect(await eventually(() => heard.length === 1)).toBe(true);
    expect(heard).toEqual(['one']);
    await unlisten();
    await database.db.execute(sql`select pg_notify('test_channel', 'two')`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(heard).toEqual(['one']);
  });

  it.runIf(driver === 'postgres')('listens again after its connection is cut, and says something may have been missed', async () => {
    const heard: string[] = [];
    const unlisten = await database.listen('cut_channel', (payload) => heard.push(payload));
    await database.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity where query = 'LISTEN "cut_channel"'`);
    expect(await eventually(() => heard.includes(missedPayload))).toBe(true);
    await database.db.execute(sql`select pg_notify('cut_channel', 'after')`);
    expect(await eventually(() => heard.includes('after'))).toBe(true);
    await unlisten();
  });
});
