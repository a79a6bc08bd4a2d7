import { asc, desc, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { ListSort } from './list-sort.ts';

/**
 * The ORDER BY of a list sorted by `sort`: its column (from the list's own map of whitelisted
 * columns), then the list's fixed `tieBreakers` (e.g. `desc(table.id)`). End them with a unique
 * column, so paging never shows a row twice or skips one.
 */
export function orderByOf<Key extends string>(sort: ListSort<Key>, columns: Record<Key, SQLWrapper>, ...tieBreakers: SQL[]): SQL[] {
  return [(sort.direction === 'asc' ? asc : desc)(columns[sort.key]), ...tieBreakers];
}
