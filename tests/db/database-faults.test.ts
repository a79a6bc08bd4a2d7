import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase, type UnavailableState } from '#app/db/client.server.ts';
import { asDatabaseWork, type DatabaseTimeouts } from '#app/db/database-work.server.ts';
import { isDatabaseUnavailable } from '#app/db/errors.ts';
import { retryingTransaction } from '#app/db/transaction.server.ts';
import { customerAddresses, customers } from '#app/db/schema.ts';
import { addressSchema } from '#app/modules/customers/address-form.ts';
import { listAddresses, saveAddress } from '#app/modules/customers/addresses.server.ts';
import { createTestDatabase, type TestDatabase, testDrivers } from '../support/database.ts';
import { createCustomer } from '../support/factories.ts';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy.ts';

const address = addressSchema.parse({
  firstName: 'Anna',
  lastName: 'Jansen',
  companyName: '',
  vatNumber: '',
  street: 'Dorpsstraat',
  houseNumber: '1',
  city: 'Utrecht',
  state: '',
  countryCode: 'NL',
  zipCode: '3511 AB',
  phone: '+31 30 123 4567',
  isDefaultBilling: 'on',
  isDefaultShipping: 'on',
});

describe.each(testDrivers)('transactions that meet, on %s', (driver) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(driver);
  });
  afterAll(() => database?.destroy());

  it('saves six addresses of one customer at once, round after round, without an error and with one default', async () => {
    const { db } = database;
    // The embedded database has one connection, so nothing really overlaps there: fewer rounds.
    for (let round = 0; round < (driver === 'postgres' ? 15 : 3); round++) {
      const customer = await createCustomer(db);
      const saves = await Promise.allSettled([1, 2, 3, 4, 5, 6].map((n) => saveAddress(db, customer.id, null, { ...address, houseNumber: String(n) })));
      expect(saves.filter((save) => save.status === 'rejected')).toEqual([]);
      const saved = await listAddresses(db, customer.id);
      expect(saved).toHaveLength(6);
      expect(saved.filter((row) => row.isDefaultShipping)).toHaveLength(1);
      expect(saved.filter((row) => row.isDefaultBilling)).toHaveLength(1);
    }
  });
});

const serverUrl = process.env.TEST_DATABASE_URL;

describe.runIf(serverUrl)('a PostgreSQL database that fails', () => {
  let database: TestDatabase;
  const databaseName = () => new URL(database.url!).pathname.slice(1);
  const admin = async <T>(run: (client: pg.Client) => Promise<T>): Promise<T> => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      return await run(client);
    } finally {
      await client.end();
    }
  };
  const terminateSessions = () =>
    admin((client) => client.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [databaseName()]));
  const allowConnections = (allow: boolean) => admin((client) => client.query(`alter database ${databaseName()} allow_connections ${allow}`));
  const open = (timeouts: DatabaseTimeouts, url = database.url!) => openDatabase({ driver: 'postgres', url, timeouts });

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
  });
  afterAll(async () => {
    await allowConnections(true).catch(() => {});
    await database?.destroy();
  });

  it('retries a transaction that lost a deadlock', async () => {
    const { db } = database;
    const [first, second] = [await createCustomer(db), await createCustomer(db)];
    type Transaction = Parameters<Parameters<typeof db.transaction>[0]>[0];
    /** Two transactions that each lock one customer, wait for the other to do the same, then want the other's. */
    const crossedLocks = () => {
      let arrived = 0;
      let bothLocked: () => void;
      const bothHaveOne = new Promise<void>((resolve) => (bothLocked = resolve));
      return (a: number, b: number) => async (tx: Transaction) => {
        await tx
          .update(customers)
          .set({ firstName: 'A' })
          .where(sql`${customers.id} = ${a}`);
        if (++arrived === 2) bothLocked();
        await bothHaveOne;
        await tx
          .update(customers)
          .set({ firstName: 'B' })
          .where(sql`${customers.id} = ${b}`);
      };
    };
    // Opposite lock order: PostgreSQL aborts one of the two with 40P01.
    const plain = crossedLocks();
    const plainResults = await Promise.allSettled([db.transaction(plain(first.id, second.id)), db.transaction(plain(second.id, first.id))]);
    expect(plainResults.filter((result) => result.status === 'rejected')).toHaveLength(1);
    const retrying = crossedLocks();
    const retried = await Promise.allSettled([retryingTransaction(db, retrying(first.id, second.id)), retryingTransaction(db, retrying(second.id, first.id))]);
    expect(retried.filter((result) => result.status === 'rejected')).toEqual([]);
  });

  it('cuts a slow statement short as "unavailable", except for work allowed to take longer', async () => {
    const handle = await open({ request: 300, checkout: 3_000, import: 3_000 });
    try {
      const started = performance.now();
      await expect(handle.db.execute(sql`select pg_sleep(2)`)).rejects.toSatisfy(isDatabaseUnavailable);
      expect(performance.now() - started).toBeLessThan(1_500);
      await asDatabaseWork('checkout', () => handle.db.execute(sql`select pg_sleep(0.6)`));
      // A checkout transaction that rolls back leaves its connections with the right limits.
      await expect(
        asDatabaseWork('checkout', () =>
          handle.db.transaction(async (tx) => {
            await tx.execute(sql`select pg_sleep(0.5)`);
            throw new Error('refused');
          }),
        ),
      ).rejects.toThrow('refused');
      await asDatabaseWork('checkout', () => handle.db.transaction((tx) => tx.execute(sql`select pg_sleep(0.5)`)));
      await expect(handle.db.execute(sql`select pg_sleep(1)`)).rejects.toSatisfy(isDatabaseUnavailable);
      await expect(handle.db.execute(sql`select 1 as one`)).resolves.toMatchObject({ rows: [{ one: 1 }] });
    } finally {
      await handle.close();
    }
  });

  it('does not take a reply that waited while the process was busy for a server that stopped answering', async () => {
    const handle = await open({ request: 3_000, checkout: 3_000, import: 3_000 });
    try {
      // The pooled connection has its time limit set; the next statement goes out at once.
      await handle.ping();
      const answer = handle.db.execute(sql`select pg_sleep(0.3)`).then(() => 'answered');
      await new Promise((resolve) => setTimeout(resolve, 50));
      // Busy past the server's limit plus a second (the old client limit; the new one is 6 s) in a
      // turn of background work, as a process making a store's search words at 100×: the reply,
      // sent after 0.3 s, waits in the socket meanwhile, and once the turn ends Node runs the
      // timers that are due before it reads the socket.
      await new Promise<void>((resolve) =>
        setImmediate(() => {
          const busyUntil = performance.now() + 4_500;
          while (performance.now() < busyUntil);
          resolve();
        }),
      );
      await expect(answer).resolves.toBe('answered');
    } finally {
      await handle.close();
    }
  });

  describe('behind a link that fails', () => {
    let proxy: TcpProxy;
    let handle: DatabaseHandle;
    beforeAll(async () => {
      const target = new URL(database.url!);
      proxy = await startTcpProxy(Number(target.port || 5432), target.hostname);
      const viaProxy = new URL(database.url!);
      viaProxy.hostname = '127.0.0.1';
      viaProxy.port = String(proxy.port);
      handle = await open({ request: 500, checkout: 500, import: 500 }, viaProxy.href);
    });
    afterAll(async () => {
      await handle?.close().catch(() => {});
      await proxy?.close();
    });

    it('gives up on a database that stops answering, and recovers when it answers again', async () => {
      await handle.ping();
      proxy.freeze();
      const started = performance.now();
      await expect(handle.db.execute(sql`select 1`)).rejects.toSatisfy(isDatabaseUnavailable);
      expect(performance.now() - started).toBeLessThan(2_500);
      proxy.thaw();
      await expect(handle.ping()).resolves.toBeUndefined();
    });

    it('survives connections reset in the middle of a transaction', async () => {
      await expect(
        handle.db.transaction(async (tx) => {
          await tx.execute(sql`select 1`);
          proxy.resetAll();
          await new Promise((resolve) => setTimeout(resolve, 200));
          await tx.execute(sql`select 1`);
        }),
      ).rejects.toSatisfy(isDatabaseUnavailable);
      await expect(handle.ping()).resolves.toBeUndefined();
    });
  });

  it('survives a terminated session in the middle of a transaction (57P01), without crashing the process', async () => {
    const { db } = database;
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(customerAddresses).values({ ...address, customerId: (await createCustomer(db)).id });
        await terminateSessions();
        // The connection hears of its end while it waits here, checked out of the pool.
        await new Promise((resolve) => setTimeout(resolve, 300));
        await tx.execute(sql`select 1`);
      }),
    ).rejects.toSatisfy(isDatabaseUnavailable);
    await expect(database.ping()).resolves.toBeUndefined();
  });

  it('tells why the database did not answer, with the pool then: a statement past its limit, a refused connection', async () => {
    const reports: { error: Error; state: UnavailableState }[] = [];
    const handle = await openDatabase({
      driver: 'postgres',
      url: database.url!,
      timeouts: { request: 200, checkout: 200, import: 200 },
      onUnavailable: (error, state) => reports.push({ error, state }),
    });
    try {
      await expect(handle.db.execute(sql`select pg_sleep(1)`)).rejects.toSatisfy(isDatabaseUnavailable);
      expect(reports).toEqual([
        { error: expect.objectContaining({ code: '57014' }), state: { pool: 'primary', connections: 1, idle: 0, waiting: 0, statement: 'select pg_sleep(1)' } },
      ]);
      // A wrong query is not the database being unavailable: nothing to report.
      await expect(handle.db.execute(sql`select * from no_such_table`)).rejects.toThrow();
      expect(reports).toHaveLength(1);
      await allowConnections(false);
      await terminateSessions();
      await expect(handle.db.execute(sql`select 1`)).rejects.toSatisfy(isDatabaseUnavailable);
      expect(reports.slice(1).map(({ error }) => (error as Error & { code?: string }).code)).toContain('55000');
    } finally {
      await allowConnections(true);
      await handle.close();
    }
  });

  it('answers "unavailable" while the database refuses connections, and recovers by itself', async () => {
    await database.ping();
    await allowConnections(false);
    await terminateSessions();
    try {
      await expect(database.ping()).rejects.toSatisfy(isDatabaseUnavailable);
      await expect(database.db.select().from(customers).limit(1)).rejects.toSatisfy(isDatabaseUnavailable);
    } finally {
      await allowConnections(true);
    }
    await expect(database.ping()).resolves.toBeUndefined();
  });
});
