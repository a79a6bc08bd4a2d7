/** Which slice of a paged list is shown, in the terms a page needs to say so. */
export interface PageWindow {
  page: number;
  pageCount: number;
  /** 1-based positions of the first and last item shown (0 and 0 for an empty list), and the total. */
  from: number;
  to: number;
  total: number;
  /** 0-based index of the first item: where a query or a slice starts. */
  offset: number;
}

/** The window of page `requested` (out of range goes to the last page) over `total` items. */
export function pageWindow(requested: number, size: number, total: number): PageWindow {
  const pageCount = Math.max(1, Math.ceil(total / size));
  const page = Math.min(Math.max(1, Math.floor(requested) || 1), pageCount);
  const offset = (page - 1) * size;
  return { page, pageCount, from: total === 0 ? 0 : offset + 1, to: Math.min(offset + size, total), total, offset };
}

/** `?page=` of a URL as a number; anything else is page 1. */
export function requestedPage(url: URL): number {
  const page = Number(url.searchParams.get('page'));
  return Number.isSafeInteger(page) && page > 0 ? page : 1;
}

/**
 * One page of a list counted and read on the server: `counted` is the count query of the whole
 * list, `rowsOf` reads the rows of the window (limit `size`, from `window.offset`).
 */
export async function pageOfRows<Row>(
  requested: number,
  size: number,
  counted: PromiseLike<{ count: number }[]>,
  rowsOf: (window: PageWindow) => PromiseLike<Row[]>,
) {
  const [total] = await counted;
  const window = pageWindow(requested, size, total?.count ?? 0);
  return { rows: await rowsOf(window), window };
}
