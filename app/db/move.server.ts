/**
 * Copies a shop from one database into an empty one with the same schema (decision 0024): the
 * embedded database into PostgreSQL for `npm run db:move`. Every table of the public schema is
 * copied in the order of its foreign keys (a table after the tables it refers to; references to
 * itself or back along a cycle filled in at the end), rows as JSON that PostgreSQL turns back
 * into the column types on the other side, all in one transaction. Then the sequences take the
 * source's values, and row counts and sequence values are compared.
 */
import { type SQL, sql } from 'drizzle-orm';
import { type Database, queryRows } from './client.server.ts';

export interface MoveReport {
  tables: { name: string; rows: number }[];
  sequences: { name: string; value: number }[];
}

/** Rows per statement: big enough to be quick, small enough for one JSON parameter. */
const batchSize = 2_000;

const quoteIdentifier = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Not copied: the listing index's snapshot and the change log since it (decision 0039) name
 * transaction ids of the source database, which mean nothing in the target; its first start
 * builds the index and writes its own.
 */
const notCopied = new Set(['listing_index_snapshots', 'listing_index_snapshot_parts', 'storefront_change_log']);

async function publicTables(db: Database): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(db, sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`);
  return rows.map((row) => row.name).filter((name) => !notCopied.has(name));
}

export interface ForeignKey {
  table: string;
  refers: string;
  columns: string[];
  /** Every column of the key may be null (so it can be filled in later). */
  nullable: boolean;
}

async function foreignKeys(db: Database): Promise<ForeignKey[]> {
  return queryRows<ForeignKey>(
    db,
    sql`select c.conrelid::regclass::text as "table", c.confrelid::regclass::text as refers,
          array(select a.attname::text from unnest(c.conkey) k join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k) as columns,
          not exists (select 1 from unnest(c.conkey) k join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k where a.attnotnull) as nullable
        from pg_constraint c join pg_namespace n on n.oid = c.connamespace
        where c.contype = 'f' and n.nspname = 'public'`,
  );
}

/**
 * Tables ordered so that each comes after the tables its foreign keys point to, and the columns
 * to fill in after all rows are in: references to the table itself (a category's parent) and
 * the reference that closes a cycle (an order paid with a gift card that another order sold).
 */
export function copyPlan(tables: string[], keys: ForeignKey[]): { order: string[]; later: Map<string, string[]> } {
  const reaches = (from: string, to: string, edges: ForeignKey[]) => {
    const seen = new Set<string>();
    const stack = [from];
    while (stack.length > 0) {
      const table = stack.pop()!;
      if (table === to) return true;
      if (seen.has(table)) continue;
      seen.add(table);
      for (const key of edges) if (key.table === table) stack.push(key.refers);
    }
    return false;
  };
  // A reference that lies on a cycle (or points to its own table) waits, if it may be null meanwhile.
  const postponed = keys.filter((key) => key.nullable && (key.refers === key.table || reaches(key.refers, key.table, keys)));
  const edges = keys.filter((key) => !postponed.includes(key));
  const later = new Map<string, string[]>();
  for (const key of postponed) later.set(key.table, [...(later.get(key.table) ?? []), ...key.columns]);

  const order: string[] = [];
  const placed = new Set<string>();
  const visiting = new Set<string>();
  const visit = (table: string) => {
    if (placed.has(table)) return;
    if (visiting.has(table))
      throw new Error(`the foreign keys of ${table} form a cycle of columns that cannot be empty; the tables cannot be copied one after the other`);
    visiting.add(table);
    for (const key of edges) if (key.table === table) visit(key.refers);
    visiting.delete(table);
    placed.add(table);
    order.push(table);
  };
  for (const table of tables) visit(table);
  return { order, later };
}

async function sequences(db: Database): Promise<{ name: string; value: number; called: boolean }[]> {
  const names = await queryRows<{ name: string }>(db, sql`select sequencename as name from pg_sequences where schemaname = 'public' order by sequencename`);
  const values: { name: string; value: number; called: boolean }[] = [];
  for (const { name } of names) {
    const [row] = await queryRows<{ value: string; called: boolean }>(
      db,
      sql.raw(`select last_value::text as value, is_called as called from ${quoteIdentifier(name)}`),
    );
    values.push({ name, value: Number(row!.value), called: row!.called });
  }
  return values;
}

async function rowCount(db: Database, table: string): Promise<number> {
  const [row] = await queryRows<{ count: string }>(db, sql.raw(`select count(*)::text as count from ${quoteIdentifier(table)}`));
  return Number(row!.count);
}

/** The columns of a table that can be written (not generated). */
async function writableColumns(db: Database, table: string): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`select column_name as name from information_schema.columns where table_schema = 'public' and table_name = ${table} and is_generated = 'NEVER' order by ordinal_position`,
  );
  return rows.map((row) => row.name);
}

/** Refuses a target that holds any row: a move never mixes two shops. */
export async function assertEmpty(db: Database): Promise<void> {
  for (const table of await publicTables(db)) {
    if ((await rowCount(db, table)) > 0) throw new Error(`the target database is not empty (${table} has rows); db:move copies into an empty database only`);
  }
}

export async function copyDatabase(
  source: Database,
  target: Database,
  { onTable }: { onTable?: (table: string, rows: number) => void } = {},
): Promise<MoveReport> {
  const { order: tables, later } = copyPlan(await publicTables(source), await foreignKeys(source));
  const targetTables = new Set(await publicTables(target));
  const missing = tables.filter((table) => !targetTables.has(table));
  if (missing.length > 0) throw new Error(`the target database lacks tables ${missing.join(', ')}: is it migrated to the same version?`);

  await target.transaction(async (tx) => {
    const fillInLater: SQL[] = [];
    for (const table of tables) {
      const columns = await writableColumns(source, table);
      const postponed = later.get(table) ?? [];
      const list = columns.map(quoteIdentifier).join(', ');
      const firstPass = columns.map((column) => (postponed.includes(column) ? 'null' : quoteIdentifier(column))).join(', ');
      const name = quoteIdentifier(table);
      const primaryKey = quoteIdentifier(columns[0]!);
      let copied = 0;
      for (let offset = 0; ; offset += batchSize) {
        const [batch] = await queryRows<{ rows: string | null }>(
          source,
          sql.raw(`select json_agg(t)::text as rows from (select * from ${name} order by 1 limit ${batchSize} offset ${offset}) t`),
        );
        if (!batch?.rows) break;
        await tx.execute(
          sql`insert into ${sql.raw(name)} (${sql.raw(list)}) select ${sql.raw(firstPass)} from json_populate_recordset(null::${sql.raw(name)}, ${batch.rows}::json)`,
        );
        if (postponed.length > 0) {
          const sets = postponed.map((column) => `${quoteIdentifier(column)} = source.${quoteIdentifier(column)}`).join(', ');
          fillInLater.push(
            sql`update ${sql.raw(name)} as t set ${sql.raw(sets)} from json_populate_recordset(null::${sql.raw(name)}, ${batch.rows}::json) as source where t.${sql.raw(primaryKey)} = source.${sql.raw(primaryKey)}`,
          );
        }
        copied += (JSON.parse(batch.rows) as unknown[]).length;
      }
      onTable?.(table, copied);
    }
    for (const update of fillInLater) await tx.execute(update);
    for (const sequence of await sequences(source)) {
      await tx.execute(sql`select setval(${quoteIdentifier(sequence.name)}, ${sequence.value}, ${sequence.called})`);
    }
  });
  return verifyCopy(source, target, tables);
}

/** Row counts of every table and values of every sequence, the same on both sides, or an error naming what differs. */
export async function verifyCopy(source: Database, target: Database, tables: string[]): Promise<MoveReport> {
  const report: MoveReport = { tables: [], sequences: [] };
  const differences: string[] = [];
  for (const table of tables) {
    const [from, to] = [await rowCount(source, table), await rowCount(target, table)];
    if (from !== to) differences.push(`${table}: ${from} rows, copied ${to}`);
    report.tables.push({ name: table, rows: to });
  }
  const targetSequences = new Map((await sequences(target)).map((sequence) => [sequence.name, sequence]));
  for (const sequence of await sequences(source)) {
    const copied = targetSequences.get(sequence.name);
    if (!copied || copied.value !== sequence.value || copied.called !== sequence.called)
      differences.push(`sequence ${sequence.name}: ${sequence.value}, copied ${copied?.value ?? 'missing'}`);
    report.sequences.push({ name: sequence.name, value: sequence.value });
  }
  if (differences.length > 0) throw new Error(`the copy differs from the shop:\n  ${differences.join('\n  ')}`);
  return report;
}
