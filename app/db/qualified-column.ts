import { type AnyColumn, getTableName, sql, type SQL } from 'drizzle-orm';

/**
 * A column written with its table's name ("orders"."id"). Drizzle leaves out the table name in a
 * query on one table, so inside a correlated subquery of raw SQL a bare "id" or "product_id" would
 * name the inner table's column, not the outer one; these references must be qualified.
 */
export const qualified = (column: AnyColumn): SQL => sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
