import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type SQL, sql, type SQLWrapper } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { type Listen, pgliteListen, postgresListen } from './notifications.server.ts';
import { currentDatabaseWork, type DatabaseTimeouts, type DatabaseWork, defaultDatabaseTimeouts } from './database-work.server.ts';
import { isDatabaseUnavailable, isDiskFull } from './errors.ts';
import * as schema from './schema.ts';

/** The one database type the modules see, whichever driver is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** Anything that runs queries: the database or a transaction inside it. */
export type Queryable = Pick<Database, 'insert' | 'select' | 'update' | 'delete' | 'execute'>;

/** Runs raw SQL and returns its rows, the same way on both drivers. */
export async function queryRows<Row>(db: Queryable, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as { rows: Row[] };
  return result.rows;
}

/**
 * `column = any('{1,2,3}'::int[])`: a list of ids as one parameter, however long (the driver would
 * otherwise send one parameter per id, and PostgreSQL takes at most 65,535).
 */
export const isAnyOf = (column: SQLWrapper, ids: readonly number[]): SQL => sql`${column} = any(${`{${ids.join(',')}}`}::int[])`;

/** Where the job queue (pg-boss, decision 0043) connects: the embedded database itself, or the server with a pool of its own. */
export type JobQueueConnection = { pglite: PGlite } | { url: string };

export interface DatabaseHandle {
  db: Database;
  driver: 'pglite' | 'postgres';
  jobQueueConnection: JobQueueConnection;
  /** Applies pending migrations; safe to call from several processes at once. */
  migrate(): Promise<void>;
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: the whole database as a tarball, loadable with `loadDataDir`; consistent while the shop runs (backup.server.ts). */
  dumpDataDir?(): Promise<Blob>;
  /** Calls `onNotify` with the payload of each NOTIFY on `channel` (see notifications.server.ts). */
  listen: Listen;
  /**
   * Runs `work` while no other process runs its own `exclusively` work on this database (a
   * PostgreSQL advisory lock): start-up seeding by several processes at once does it once.
   */
  exclusively<T>(work: () => Promise<T>): Promise<T>;
  /** PostgreSQL only: connections of the pool, for /metrics. */
  poolStats?(): { total: number; idle: number; waiting: number };
  /**
   * With a read replica (DATABASE_REPLICA_URL): resolves once the replica has replayed what the
   * primary has committed so far (at most a few seconds), so caches dropped after a change are
   * not filled again from the replica's older copy.
   */
  replicaCaughtUp?(): Promise<void>;
}

/** Which pool a query went through: the primary, or the read replica of catalogue reads. */
export type DatabasePool = 'primary' | 'replica';

/** The pool when the database did not answer: were all connections busy, how many waited for one. */
export interface UnavailableState {
  pool: DatabasePool;
  connections: number;
  idle: number;
  waiting: number;
  /** the start of the statement that got no answer (placeholders, not values); none for a connection */
  statement?: string;
}

const statementShownChars = 160;

export type DatabaseOptions =
  | {
      driver: 'postgres';
      url: string;
      /** How long a statement may take, per kind of work (decision 0017). */
      timeouts?: DatabaseTimeouts;
      /** A pooled connection was lost (server restart, terminated backend, network); the pool replaces it. */
      onConnectionLost?: (error: Error) => void;
      /** Told how long each query took, in seconds, and through which pool (for /metrics). */
      onQueryDone?: (seconds: number, failed: boolean, pool: DatabasePool) => void;
      /**
       * Told why the database did not answer a query or a new connection (a time limit, a lost or
       * refused connection; the page answers 503), with the pool's connections at that moment.
       */
      onUnavailable?: (error: Error, state: UnavailableState) => void;
      /** Connections of this process's pool (default 10); the replica's pool has as many. */
      poolSize?: number;
      /** A read replica of `url` for catalogue reads (see `catalogueReads`). */
      replicaUrl?: string;
    }
  | { driver: 'pglite'; /** omitted: in memory */ dataDir?: string; /** start from a dumped data dir */ loadDataDir?: Blob };

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
/** Arbitrary fixed key so concurrent app processes apply migrations one at a time. */
const migrationLockKey = 7_141_973;
/** Another one for the rest of the start-up work (seeding), taken outside the migrations. */
const startupLockKey = 7_141_974;

/**
 * Past the server's statement timeout the client stops waiting: the server may be unreachable. As
 * long again (at least a second), so the server's own limit always comes first for a statement it
 * runs, and a reply that waited in the socket while the process was busy (a store's first search
 * at 100×, making its words) is not taken for a server that stopped answering.
 */
const clientLimitMs = (timeoutMs: number) => timeoutMs + Math.max(1_000, timeoutMs);

type LooseQuery = (config: unknown, values?: unknown, callback?: unknown) => unknown;
/** The kind of work a query was made for, carried with it through the pool (see TimeLimitedPool). */
const workOfQuery = Symbol('database work');
type TaggedQuery = pg.QueryConfig & { [workOfQuery]?: DatabaseWork };

const asQueryConfig = (config: unknown) => (typeof config === 'string' ? { text: config } : config) as TaggedQuery;

/**
 * pool.query() hands its query to a connection from a callback of the pool, where the caller's
 * async context (and with it the kind of work) may be lost: the query carries it along instead.
 */
class TimeLimitedPool extends pg.Pool {
  /** Told of a connection the pool could not hand out (none free in time, or a new one failed). */
  onConnectFailed?: (error: Error) => void;

  // oxlint-disable-next-line no-explicit-any
  override query(config: any, values?: any, callback?: any): any {
    const query = super.query.bind(this) as LooseQuery;
    if (typeof config?.submit === 'function' || typeof config === 'function') return query(config, values, callback);
    return query({ ...asQueryConfig(config), [workOfQuery]: currentDatabaseWork() }, values, callback);
  }

  // pool.query() connects through this too. pg's connect() has a promise and a callback form.
  // oxlint-disable-next-line no-explicit-any
  override connect(callback?: any): any {
    const connect = super.connect.bind(this) as (callback?: unknown) => unknown;
    if (typeof callback === 'function') {
      return connect((error: Error | undefined, ...rest: unknown[]) => {
        if (error) this.onConnectFailed?.(error);
        callback(error, ...rest);
      });
    }
    const connected = connect() as Promise<pg.PoolClient>;
    connected.catch((error: Error) => this.onConnectFailed?.(error));
    return connected;
  }
}

type QueryCallback = (error: Error | null, result: unknown) => void;
type QueryDone = (seconds: number, error: Error | undefined, statement: string) => void;

function timedCallback(callback: QueryCallback, onQueryDone: QueryDone, statement: string): QueryCallback {
  const started = performance.now();
  return (error, result) => {
    onQueryDone((performance.now() - started) / 1000, error ?? undefined, statement);
    callback(error, result);
  };
}

/**
 * Pooled connections that apply the time limit of the current kind of work (see
 * database-work.server.ts) to every query: on the server (`statement_timeout`, set only when it
 * changes) and on the client (`query_timeout`, for a server that no longer answers at all). A
 * connection whose query the client gave up on is closed, so the pool does not hand it out again.
 */
function timeLimitedClient(timeouts: DatabaseTimeouts, onQueryDone: QueryDone) {
  return class TimeLimitedClient extends pg.Client {
    /** The statement_timeout this connection has now; undefined when a rollback may have undone it. */
    private serverTimeoutMs: number | undefined;

    // pg's query() has many overloads that one signature cannot restate; drizzle passes a config object.
    // oxlint-disable-next-line no-explicit-any
    override query(config: any, values?: any, callback?: any): any {
      const query = super.query.bind(this) as LooseQuery;
      if (typeof (config as { submit?: unknown })?.submit === 'function') return query(config, values, callback);
      const queryConfig = asQueryConfig(config);
      const timeoutMs = timeouts[queryConfig[workOfQuery] ?? currentDatabaseWork()];
      const limited = (text: string) => ({ text, query_timeout: clientLimitMs(timeoutMs) });
      // pool.query() hands its query over with a callback and gets no promise: timed through the callback.
      if (typeof values === 'function') values = timedCallback(values, onQueryDone, queryConfig.text);
      else if (typeof callback === 'function') callback = timedCallback(callback, onQueryDone, queryConfig.text);
      const run = () => this.timed(this.closedOnReadTimeout(query({ ...queryConfig, ...limited(queryConfig.text) }, values, callback)), queryConfig.text);
      // A rollback undoes a SET made inside the transaction, so afterwards the setting is unknown
      // (and a SET before it would fail in a transaction that already failed).
      if (/^\s*rollback/i.test(queryConfig.text)) {
        this.serverTimeoutMs = undefined;
        return run();
      }
      if (this.serverTimeoutMs === timeoutMs) return run();
      this.serverTimeoutMs = timeoutMs;
      const set = query(limited(`set statement_timeout = ${timeoutMs}`)) as Promise<unknown>;
      const ran = set.then(run, () => {
        this.serverTimeoutMs = undefined;
        return run();
      });
      // Called with a callback (as pool.query does), the callback gets the answer; else the promise.
      return typeof values === 'function' || typeof callback === 'function' ? undefined : ran;
    }

    private timed(result: unknown, statement: string) {
      if (result instanceof Promise) {
        const started = performance.now();
        result.then(
          () => onQueryDone((performance.now() - started) / 1000, undefined, statement),
          (error: Error) => onQueryDone((performance.now() - started) / 1000, error, statement),
        );
      }
      return result;
    }

    /** A connection whose query the client gave up on may still get its answer: it is not reused. */
    private closedOnReadTimeout(result: unknown) {
      if (result instanceof Promise) {
        result.catch((error: unknown) => {
          if (error instanceof Error && error.message === 'Query read timeout') this.end().catch(() => {});
        });
      }
      return result;
    }
  };
}

/**
 * The replica of each primary opened with one; catalogue reads go there. One map per process, as
 * the work store of database-work.server.ts: main.ts opens the pool from the sources, the routes
 * ask from the server build (a second copy of this module).
 */
const replicasKey = Symbol.for('cordial.database-replicas');
const replicas = ((globalThis as Record<symbol, unknown>)[replicasKey] ??= new WeakMap<Database, Database>()) as WeakMap<Database, Database>;

/**
 * The database for catalogue reads (listing index, product, category and content pages, search,
 * menus): the read replica when DATABASE_REPLICA_URL is set, else `db` itself. What must be
 * consistent (carts, checkout, stock, accounts, the admin and its reads after its writes) keeps
 * using `db`, the primary. A replica may be a moment behind the primary.
 */
export function catalogueReads(db: Database): Database {
  return replicas.get(db) ?? db;
}

type PostgresOptions = Extract<DatabaseOptions, { driver: 'postgres' }>;

function openPool(url: string, options: PostgresOptions, pool: DatabasePool): TimeLimitedPool {
  const { onQueryDone, onUnavailable } = options;
  const reportUnavailable = (error: Error, statement?: string) => {
    if (onUnavailable && isDatabaseUnavailable(error)) {
      const state = { pool, connections: connections.totalCount, idle: connections.idleCount, waiting: connections.waitingCount };
      onUnavailable(error, statement === undefined ? state : { ...state, statement: statement.slice(0, statementShownChars) });
    }
  };
  const connections: TimeLimitedPool = new TimeLimitedPool({
    connectionString: url,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: 5_000,
    // Probes idle connections, so one silently dropped by the network or a firewall is noticed.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    // pg's typings declare a constructor without the config the pool really passes.
    Client: timeLimitedClient(options.timeouts ?? defaultDatabaseTimeouts, (seconds, error, statement) => {
      onQueryDone?.(seconds, error !== undefined, pool);
      if (error) reportUnavailable(error, statement);
    }) as unknown as new () => pg.ClientBase,
  });
  connections.onConnectFailed = (error) => reportUnavailable(error);
  const connectionLost = (error: Error) => options.onConnectionLost?.(error);
  // An idle client losing its connection must not crash the process; the next query reconnects.
  connections.on('error', connectionLost);
  // Nor one that is checked out (a transaction between two queries): pg-pool listens only to
  // idle clients, and an 'error' event nobody listens to ends the process.
  connections.on('connect', (client) => client.on('error', connectionLost));
  return connections;
}

/** How long a cache waits for the replica to replay a change before it reads anyway. */
const replicaWaitMs = 5_000;

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.driver === 'postgres') {
    const pool = openPool(options.url, options, 'primary');
    const connectionLost = (error: Error) => options.onConnectionLost?.(error);
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    const replicaPool = options.replicaUrl ? openPool(options.replicaUrl, options, 'replica') : undefined;
    if (replicaPool) replicas.set(db, drizzlePg(replicaPool, { schema }) as unknown as Database);
    return {
      db,
      driver: 'postgres',
      jobQueueConnection: { url: options.url },
      async migrate() {
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [migrationLockKey]);
          await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
        } finally {
          await client.query('select pg_advisory_unlock($1)', [migrationLockKey]).catch(() => {});
          client.release();
        }
      },
      async ping() {
        await db.execute(sql`select 1`);
      },
      listen: postgresListen(options.url, connectionLost),
      async exclusively(work) {
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [startupLockKey]);
          return await work();
        } finally {
          await client.query('select pg_advisory_unlock($1)', [startupLockKey]).catch(() => {});
          client.release();
        }
      },
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      ...(replicaPool && {
        async replicaCaughtUp() {
          const { rows } = (await pool.query('select pg_current_wal_lsn()::text as lsn')) as pg.QueryResult<{ lsn: string }>;
          const until = Date.now() + replicaWaitMs;
          // pg_last_wal_replay_lsn() is null on a server that is not replaying (not a standby).
          const replayed = async () => {
            const answer = (await replicaPool.query('select coalesce(pg_last_wal_replay_lsn() >= $1::pg_lsn, true) as done', [
              rows[0]!.lsn,
            ])) as pg.QueryResult<{ done: boolean }>;
            return answer.rows[0]!.done;
          };
          while (!(await replayed()) && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 50));
        },
      }),
      close: () => Promise.all([pool.end(), replicaPool?.end()]).then(() => undefined),
    };
  }

  const { dataDir } = options;
  let unlock = () => {};
  let client: PGlite;
  try {
    if (dataDir) {
      mkdirSync(dataDir, { recursive: true });
      unlock = lockDataDir(dataDir);
    }
    client = await PGlite.create({
      extensions: { pg_trgm },
      ...(dataDir ? { dataDir } : {}),
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    });
  } catch (error) {
    unlock();
    throw dataDir ? startFailure(error, dataDir) : error;
  }
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    driver: 'pglite',
    jobQueueConnection: { pglite: client },
    async migrate() {
      try {
        await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
      } catch (error) {
        throw dataDir ? startFailure(error, dataDir) : error;
      }
    },
    async ping() {
      await client.query('select 1');
    },
    listen: pgliteListen(client),
    // One process owns the embedded database (lockDataDir): nobody else to wait for.
    exclusively: (work) => work(),
    async close() {
      if (!client.closed) await client.close();
      unlock();
    },
    // Inside a transaction of its own: PGlite runs one transaction at a time, so none is half done in the copy.
    dumpDataDir: () => client.transaction(async () => (await client.dumpDataDir('gzip')) as Blob),
  };
}

/** The embedded database cannot start; the message says which directory and what to do. */
export class DatabaseStartError extends Error {
  override name = 'DatabaseStartError';
}

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * PGlite does not lock its data directory: two processes on one directory (a second shop, or
 * `npm run orders` while the shop runs) would corrupt it. A lock file with the owner's pid keeps
 * the second one out; one left behind by a process that is gone is taken over.
 */
function lockDataDir(dataDir: string): () => void {
  const lockFile = join(dataDir, 'cordial.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      return () => rmSync(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number.parseInt(readFileSync(lockFile, 'utf8'), 10);
      if (owner !== process.pid && owner > 0 && isRunning(owner)) {
        throw new DatabaseStartError(
          `The embedded database in ${dataDir} is in use by another process (pid ${owner}). Stop that process, or start this one with another DATA_DIR.`,
        );
      }
      rmSync(lockFile, { force: true });
    }
  }
  throw new DatabaseStartError(`Could not lock the embedded database in ${dataDir} (${lockFile}).`);
}

/** A start failure of the embedded database, said with its directory: a full disk above all. */
function startFailure(error: unknown, dataDir: string): DatabaseStartError {
  if (error instanceof DatabaseStartError) return error;
  const message = isDiskFull(error)
    ? `The disk of the embedded database in ${dataDir} is full: free some space (or move DATA_DIR) and start again.`
    : `The embedded database in ${dataDir} could not be opened: ${(error as Error)?.message ?? JSON.stringify(error)}`;
  return new DatabaseStartError(message, { cause: error });
}
