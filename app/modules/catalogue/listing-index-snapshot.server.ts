/**
 * The listing index kept in the database between processes (decision 0039): a whole build is
 * written as a snapshot with the `pg_current_snapshot()` its reads began with, and a process that
 * starts reads the latest snapshot instead of building (minutes at 100× the catalogue) together
 * with what `storefront_change_log` (migration 0034) says changed in the transactions those reads
 * did not see. Processes on one database share it; the database stays the source of truth.
 */
import { once } from 'node:events';
import { promisify } from 'node:util';
import { deserialize, serialize } from 'node:v8';
import { constants, createZstdCompress, zstdDecompress } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '#app/db/client.server.ts';
import { yieldToRequests } from '#app/db/sliced-reads.server.ts';
import { listingIndexSnapshotParts, listingIndexSnapshots } from '#app/db/schema.ts';
import type { IndexedCategory, IndexedProduct, ListingIndex } from './listing-index.server.ts';

/**
 * What can read a snapshot: V8's serialization of this Node and the layout below. Another format
 * (a Node upgrade, a changed `IndexedProduct`) is not read; the process builds and writes its own.
 */
const snapshotFormat = `listing-index-1 zstd v8-${process.versions.v8}`;
/** Products per serialized batch: a turn for requests between batches while a snapshot is written. */
const productsPerBatch = 2_000;
/** Bytes per stored part: a bytea of hundreds of MB would be read as a hex string longer than V8 allows. */
const bytesPerPart = 4 * 1024 * 1024;

/** A product as stored: its fields in this order (no key names repeated 360,000 times). */
const stored = (p: IndexedProduct) =>
  [
    p.id,
    p.sku,
    p.position,
    p.productType,
    p.categoryIds,
    p.names,
    p.urlKeys,
    p.minPriceCents,
    p.minPriceLengthCm,
    p.onlyVariantId,
    p.inStock,
    p.imagePath,
    p.colourHexes,
    p.options,
    p.numbers,
  ] as const;
type StoredProduct = ReturnType<typeof stored>;
/** An object literal, of the build's shape (an object given its fields one by one takes more memory). */
const restored = (p: StoredProduct): IndexedProduct => ({
  id: p[0],
  sku: p[1],
  position: p[2],
  productType: p[3],
  categoryIds: p[4],
  names: p[5],
  urlKeys: p[6],
  minPriceCents: p[7],
  minPriceLengthCm: p[8],
  onlyVariantId: p[9],
  inStock: p[10],
  imagePath: p[11],
  colourHexes: p[12],
  options: p[13],
  numbers: p[14],
});

interface SnapshotHead {
  facets: ListingIndex['facets'];
  categories: [number, IndexedCategory][];
  batches: number;
}

/**
 * The index as bytes: a head, then the products in batches, each length-prefixed, compressed as
 * they are serialized (a batch of 2,000 products takes about 25 ms at 10× the catalogue; joining
 * all the uncompressed batches first held the thread a fifth of a second more).
 */
async function bytesOf(index: ListingIndex): Promise<Buffer> {
  // zlib works on libuv's threads: requests go on meanwhile. Zstandard unpacks several times faster than gzip.
  // Large chunks: each chunk is a round trip to a thread (16 KB chunks made unpacking 68 MB take a second).
  const compressor = createZstdCompress({ chunkSize: bytesPerPart, params: { [constants.ZSTD_c_compressionLevel]: 3 } });
  const compressed: Buffer[] = [];
  compressor.on('data', (chunk: Buffer) => compressed.push(chunk));
  const ended = once(compressor, 'end');
  // An error while the batches are still being written is thrown at the `await` below, not left unhandled meanwhile.
  ended.catch(() => undefined);
  const writeFramed = (bytes: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(bytes.length);
    compressor.write(length);
    compressor.write(bytes);
  };
  const head: SnapshotHead = { facets: index.facets, categories: [...index.categories], batches: Math.ceil(index.products.length / productsPerBatch) };
  writeFramed(serialize(head));
  for (let start = 0; start < index.products.length; start += productsPerBatch) {
    writeFramed(serialize(index.products.slice(start, start + productsPerBatch).map(stored)));
    await yieldToRequests();
  }
  compressor.end();
  await ended;
  return Buffer.concat(compressed);
}

/** The index in `bytes` (see bytesOf); its values as stored, to be shared again by the caller. */
async function indexOf(bytes: Buffer): Promise<Omit<ListingIndex, 'builtAt' | 'textsKey'>> {
  const raw = await promisify(zstdDecompress)(bytes, { chunkSize: bytesPerPart });
  let offset = 0;
  const next = <T>(): T => {
    const length = raw.readUInt32BE(offset);
    const value = deserialize(raw.subarray(offset + 4, offset + 4 + length)) as T;
    offset += 4 + length;
    return value;
  };
  const head = next<SnapshotHead>();
  const products: IndexedProduct[] = [];
  for (let batch = 0; batch < head.batches; batch++) for (const product of next<StoredProduct[]>()) products.push(restored(product));
  return { products, facets: head.facets, categories: new Map(head.categories) };
}

/** The database's snapshot now, as text: what a build beginning now will have seen of the catalogue. */
export async function currentDatabaseSnapshot(db: Database): Promise<string> {
  const [row] = await queryRows<{ snapshot: string }>(db, sql`select pg_current_snapshot()::text as snapshot`);
  return row!.snapshot;
}

/**
 * How long the change log keeps a transaction's row after a snapshot has seen it: a running
 * process catches up from the log every ten minutes (listing-index.server.ts), and one that has
 * not looked for longer than this builds its index whole instead.
 */
export const changeLogKeptMs = 60 * 60_000;

/**
 * Writes `index`, whose reads began at `databaseSnapshot`, as the latest snapshot, unless a more
 * recent one is there already (another process wrote its own). Recent by `xmax`, the first
 * transaction not yet begun: `xmin` stays where the oldest running transaction on the whole
 * server is (a long seed of another database holds it for an hour). Older snapshots go, and the change log
 * keeps only what some snapshot kept has not seen. Returns the bytes written (null: not written).
 */
export async function writeListingIndexSnapshot(primary: Database, index: ListingIndex, databaseSnapshot: string): Promise<number | null> {
  const newer = await queryRows(
    primary,
    sql`select 1 from listing_index_snapshots where format = ${snapshotFormat}
        and (database_snapshot = ${databaseSnapshot} or pg_snapshot_xmax(database_snapshot::pg_snapshot) > pg_snapshot_xmax(${databaseSnapshot}::pg_snapshot))`,
  );
  if (newer.length > 0) return null;
  const bytes = await bytesOf(index);
  await primary.transaction(async (tx) => {
    const [written] = await tx.insert(listingIndexSnapshots).values({ format: snapshotFormat, databaseSnapshot }).returning({ id: listingIndexSnapshots.id });
    for (let part = 0; part * bytesPerPart < bytes.length; part++) {
      const data = bytes.subarray(part * bytesPerPart, (part + 1) * bytesPerPart);
      await tx.insert(listingIndexSnapshotParts).values({ snapshotId: written!.id, part, data });
    }
    await tx.execute(sql`delete from listing_index_snapshots where id <> ${written!.id}`);
    // Kept an hour too: running processes read what changed since their own last look (changeLogKeptMs).
    await tx.execute(
      sql`delete from storefront_change_log l where l.logged_at < now() - make_interval(secs => ${changeLogKeptMs / 1000})
          and not exists (select 1 from listing_index_snapshots s
          where not pg_visible_in_snapshot(l.xid::text::xid8, s.database_snapshot::pg_snapshot))`,
    );
  });
  return bytes.length;
}

/** One transaction's storefront change as logged: its tables and the products noted ('*': any). */
export interface LoggedChange {
  tables: string[];
  products: string;
}

/** A stored snapshot and what changed since: each transaction its reads did not see, up to `readAt`. */
export interface ListingIndexSnapshot {
  index: Omit<ListingIndex, 'builtAt' | 'textsKey'>;
  /** the snapshot's own database snapshot: the index before `changedSince` is exact through it */
  databaseSnapshot: string;
  changedSince: LoggedChange[];
  /** the database snapshot the changes were read in: with them read again, the index is exact through it */
  readAt: string;
}

/** The changes of the transactions `databaseSnapshot` did not see and that `tx`'s own snapshot sees, with that snapshot. */
async function changesLoggedSince(tx: Database, databaseSnapshot: string): Promise<{ changes: LoggedChange[]; readAt: string }> {
  const changes = await queryRows<LoggedChange>(
    tx,
    sql`select tables, products from storefront_change_log
        where not pg_visible_in_snapshot(xid::text::xid8, ${databaseSnapshot}::pg_snapshot) order by xid`,
  );
  return { changes, readAt: await currentDatabaseSnapshot(tx) };
}

/**
 * What changed after `databaseSnapshot` (the changes of the transactions it did not see), read in
 * one snapshot of the database, which is returned too: an index exact through `databaseSnapshot`
 * with these changes read again is exact through `readAt`.
 */
export function readChangesSince(primary: Database, databaseSnapshot: string): Promise<{ changes: LoggedChange[]; readAt: string }> {
  return primary.transaction((tx) => changesLoggedSince(tx, databaseSnapshot), { isolationLevel: 'repeatable read', accessMode: 'read only' });
}

/**
 * The latest snapshot this process can read and the changes since, read in one transaction (a
 * newer snapshot written meanwhile, with the log pruned, is not half seen); null when there is none.
 */
export async function readListingIndexSnapshot(primary: Database): Promise<ListingIndexSnapshot | null> {
  const read = await primary.transaction(
    async (tx) => {
      const [latest] = await queryRows<{ id: number; database_snapshot: string }>(
        tx,
        sql`select id, database_snapshot from listing_index_snapshots where format = ${snapshotFormat}
            order by pg_snapshot_xmax(database_snapshot::pg_snapshot) desc, id desc limit 1`,
      );
      if (!latest) return null;
      const parts = await queryRows<{ data: Uint8Array }>(
        tx,
        sql`select data from listing_index_snapshot_parts where snapshot_id = ${latest.id} order by part`,
      );
      const { changes, readAt } = await changesLoggedSince(tx, latest.database_snapshot);
      return { bytes: Buffer.concat(parts.map((part) => part.data)), databaseSnapshot: latest.database_snapshot, changedSince: changes, readAt };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  return read && { index: await indexOf(read.bytes), databaseSnapshot: read.databaseSnapshot, changedSince: read.changedSince, readAt: read.readAt };
}
