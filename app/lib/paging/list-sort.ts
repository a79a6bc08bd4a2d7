/**
 * Sorting of the admin's lists on the server: each list names the columns it may be sorted by (a
 * whitelist, so a query string never reaches SQL) and its usual order. What the URL asks for is
 * read leniently: an unknown column or direction falls back to the usual order, never an error.
 * Client-safe (no database code); the SQL side is `list-sort.server.ts`.
 */
export const sortDirections = ['asc', 'desc'] as const;
export type SortDirection = (typeof sortDirections)[number];

export interface ListSort<Key extends string = string> {
  key: Key;
  direction: SortDirection;
}

export interface ListSortSpec<Key extends string> {
  keys: readonly Key[];
  /** the order of the list when the URL names none (or one not in `keys`) */
  fallback: ListSort<Key>;
}

export const listSortSpec = <const Key extends string>(keys: readonly Key[], fallback: ListSort<NoInfer<Key>>): ListSortSpec<Key> => ({ keys, fallback });

const isDirection = (value: unknown): value is SortDirection => sortDirections.includes(value as SortDirection);

/** `?sort=&direction=` of a list; anything not whitelisted is the list's usual order. */
export function parseListSort<Key extends string>(spec: ListSortSpec<Key>, params: URLSearchParams): ListSort<Key> {
  const key = spec.keys.find((candidate) => candidate === params.get('sort'));
  if (!key) return spec.fallback;
  const direction = params.get('direction');
  return { key, direction: isDirection(direction) ? direction : key === spec.fallback.key ? spec.fallback.direction : 'asc' };
}

/**
 * The query string of the same list sorted by `key`: a second click on the current column turns the
 * direction around; a new column starts with `first`. Filters stay, paging starts again.
 */
export function sortedSearch(params: URLSearchParams, current: ListSort, key: string, first: SortDirection = 'asc'): string {
  const next = new URLSearchParams(params);
  next.set('sort', key);
  next.set('direction', current.key === key ? (current.direction === 'asc' ? 'desc' : 'asc') : first);
  next.delete('page');
  return next.toString();
}
