import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerBackupRequest, requestBackup, writeBackup } from '#app/db/backup.server.ts';
import { openDatabase, queryRows } from '#app/db/client.server.ts';
import { asDatabaseWork } from '#app/db/database-work.server.ts';
import { assertEmpty, copyDatabase, copyPlan } from '#app/db/move.server.ts';
import { restoreBackup } from '#app/db/restore.server.ts';
import { categories, mailOutbox, orderItems, orders } from '#app/db/schema.ts';
import { queueMail } from '#app/lib/mail/outbox.server.ts';
import { createDemoDatabase, createTestDatabase, type TestDatabase } from '../support/database.ts';
import { createCustomer, createPaidOrder } from '../support/factories.ts';

const mail = (to: string) => ({ to, subject: 'Backup test', html: '<p>x</p>', text: 'x' });

describe('backups of the embedded database', () => {
  let database: TestDatabase;
  let folder: string;
  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    folder = mkdtempSync(join(tmpdir(), 'cordial-backup-'));
  });
  afterAll(async () => {
    await database?.destroy();
    rmSync(folder, { recursive: true, force: true });
  });

  it('copies what was committed, waiting for a transaction in progress, and restores it into a new data directory', async () => {
    await queueMail(database.db, mail('before@example.com'));
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let inserted!: () => void;
    const insertedInTransaction = new Promise<void>((resolve) => (inserted = resolve));
    const transaction = database.db.transaction(async (tx) => {
      await queueMail(tx, mail('during@example.com'));
      inserted();
      await held;
    });
    await insertedInTransaction;
    const file = join(folder, 'shop.tar.gz');
    let backupDone = false;
    const backup = writeBackup(database, file).then((result) => ((backupDone = true), result));
    await new Promise((resolve) => setTimeout(resolve, 50));
    // Not while the order's transaction is half done.
    expect(backupDone).toBe(false);
    release();
    await transaction;
    expect((await backup).bytes).toBeGreaterThan(100_000);

    const restoredDir = join(folder, 'restored');
    await restoreBackup(new Blob([readFileSync(file)]), restoredDir);
    const restored = await openDatabase({ driver: 'pglite', dataDir: restoredDir });
    try {
      const rows = await restored.db.select({ to: mailOutbox.toAddress }).from(mailOutbox).orderBy(mailOutbox.id);
      expect(rows.map((row) => row.to)).toEqual(['before@example.com', 'during@example.com']);
    } finally {
      await restored.close();
    }
  });

  it('is written by the process that has the database open when a script asks for it', async () => {
    const file = join(folder, 'asked.tar.gz');
    const { bytes } = await requestBackup(folder, file, { notify: () => void answerBackupRequest(database, folder) });
    expect(bytes).toBeGreaterThan(100_000);
    expect(readFileSync(file).length).toBe(bytes);
  });

  it('leaves nothing behind when a file is not a backup', async () => {
    const notABackup = new Blob([Buffer.from('not a tarball')]);
    await expect(restoreBackup(notABackup, join(folder, 'broken'))).rejects.toThrow(/could not be loaded/);
  });
});

describe('the tables are copied in', () => {
  it('foreign-key order, a table after the ones it refers to, references back filled in last', () => {
    const keys = [
      { table: 'order_items', refers: 'orders', columns: ['order_id'], nullable: false },
      { table: 'orders', refers: 'customers', columns: ['customer_id'], nullable: true },
      { table: 'categories', refers: 'categories', columns: ['parent_id'], nullable: true },
    ];
    const plan = copyPlan(['order_items', 'categories', 'orders', 'customers'], keys);
    expect(plan.order).toEqual(['customers', 'orders', 'order_items', 'categories']);
    expect(plan.later).toEqual(new Map([['categories', ['parent_id']]]));
    // An order paid with a gift card that an order line sold: the reference that may be empty waits.
    const cycle = copyPlan(
      ['orders', 'gift_cards', 'order_items'],
      [
        { table: 'orders', refers: 'gift_cards', columns: ['gift_card_id'], nullable: true },
        { table: 'gift_cards', refers: 'order_items', columns: ['order_item_id'], nullable: false },
        { table: 'order_items', refers: 'orders', columns: ['order_id'], nullable: false },
      ],
    );
    expect(cycle.order).toEqual(['orders', 'order_items', 'gift_cards']);
    expect(cycle.later).toEqual(new Map([['orders', ['gift_card_id']]]));
    const impossible = [
      { table: 'a', refers: 'b', columns: ['b_id'], nullable: false },
      { table: 'b', refers: 'a', columns: ['a_id'], nullable: false },
    ];
    expect(() => copyPlan(['a', 'b'], impossible)).toThrow(/cycle/);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('moving a shop from PGlite to PostgreSQL', () => {
  let source: TestDatabase;
  let target: TestDatabase;
  beforeAll(async () => {
    // One after the other: the migrations have the request time limit (5 s), and the machine is busy enough already.
    source = await createDemoDatabase('pglite', 0.02);
    target = await createTestDatabase('postgres');
  });
  afterAll(async () => {
    await source?.destroy();
    await target?.destroy();
  });

  it('copies every row and sequence, and a sample order field by field; a second move into the same database is refused', async () => {
    const customer = await createCustomer(source.db, { email: 'mover@example.com' });
    const order = await createPaidOrder(source.db, customer.id);
    // The listing index's snapshot names the source's transaction ids (decision 0039): not copied.
    await source.db.execute(sql`insert into listing_index_snapshots (format, database_snapshot) values ('any', pg_current_snapshot()::text)`);
    // The target is migrated but has the reference data: empty it like a fresh database.
    const tables = await queryRows<{ name: string }>(target.db, sql`select tablename as name from pg_tables where schemaname = 'public'`);
    await asDatabaseWork('import', () =>
      target.db.execute(sql.raw(`truncate ${tables.map((table) => `"${table.name}"`).join(', ')} restart identity cascade`)),
    );
    await assertEmpty(target.db);

    const report = await asDatabaseWork('import', () => copyDatabase(source.db, target.db));
    expect(report.tables.find((table) => table.name === 'products')?.rows).toBeGreaterThan(10);
    expect(report.tables.find((table) => table.name === 'categories')?.rows).toBeGreaterThan(1);
    expect(report.tables.map((table) => table.name)).not.toContain('listing_index_snapshots');
    expect(await queryRows(target.db, sql`select 1 from listing_index_snapshots`)).toEqual([]);

    const orderId = order.id;
    const [from] = await source.db.select().from(orders).where(eq(orders.id, orderId));
    const [to] = await target.db.select().from(orders).where(eq(orders.id, orderId));
    expect(to).toEqual(from);
    const items = (db: TestDatabase) => db.db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(orderItems.id);
    expect(await items(target)).toEqual(await items(source));
    // Sub-categories keep their parent.
    const tree = (db: TestDatabase) => db.db.select({ id: categories.id, parentId: categories.parentId }).from(categories).orderBy(categories.id);
    expect(await tree(target)).toEqual(await tree(source));
    // The next order gets the next number on the new database, not one already used.
    const next = (db: TestDatabase) => queryRows<{ id: number }>(db.db, sql`select nextval('orders_id_seq')::int as id`);
    expect(await next(target)).toEqual(await next(source));

    await expect(assertEmpty(target.db)).rejects.toThrow(/not empty/);
  });
});
