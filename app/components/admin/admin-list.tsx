import { Fragment, isValidElement, type ReactElement, type ReactNode } from 'react';
import { Form, Link, useLocation, useSearchParams } from 'react-router';
import { Pagination } from '#app/components/pagination.tsx';
import { type ListSort, type SortDirection, sortedSearch } from '#app/lib/paging/list-sort.ts';
import { useI18n } from '#app/modules/i18n/i18n.tsx';
import type { PageWindow } from '#app/lib/paging/page-window.ts';

/**
 * The parts every admin list page is made of: a GET filter form, a table that scrolls sideways in
 * its own labelled, focusable region on narrow screens (so keyboard users can scroll it too), tabs
 * for views, and the pager that keeps the current filters. Sorting is the server's
 * (`lib/paging/list-sort.ts`): a sortable heading is a link to the same list sorted by it.
 */

/** The fields that keep the current sort when the filters are sent again. */
function SortFields() {
  const [params] = useSearchParams();
  return (['sort', 'direction'] as const).map((name) => {
    const value = params.get(name);
    return value ? <input key={name} type="hidden" name={name} value={value} /> : null;
  });
}

/** A GET form of filters above a list; `label` names it for assistive technology; `reset` links to the list without filters. */
export function AdminFilters({
  label,
  submitLabel,
  reset,
  children,
}: {
  label: string;
  submitLabel: string;
  reset?: { to: string; label: string };
  children: ReactNode;
}) {
  return (
    <Form method="get" role="search" className="admin-filters" aria-label={label}>
      {children}
      <SortFields />
      <div className="admin-filters__buttons">
        <button type="submit" className={reset ? 'button admin-button button--primary' : 'button admin-button'}>
          {submitLabel}
        </button>
        {reset && (
          <Link to={reset.to} className="button admin-button">
            {reset.label}
          </Link>
        )}
      </div>
    </Form>
  );
}

export interface AdminColumn {
  label: string;
  /** right-aligned figures */
  numeric?: boolean;
  /** more classes of the heading (e.g. a column hidden on phones) */
  className?: string;
  /** the list can be sorted by this column: its key in the list's whitelist */
  sortKey?: string;
  /** the direction of a first click on it (default ascending; newest or largest first: 'desc') */
  sortFirst?: SortDirection;
}

/** The link of a sortable heading or sort choice: the same list sorted by `key`. */
function SortLink({
  sort,
  sortKey,
  first,
  className,
  idleMark,
  children,
}: {
  sort: ListSort;
  sortKey: string;
  first?: SortDirection;
  className?: string;
  /** a faint ↕ while not sorted by it: the heading can sort */ idleMark?: boolean;
  children: ReactNode;
}) {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const active = sort.key === sortKey;
  return (
    <Link to={`${pathname}?${sortedSearch(params, sort, sortKey, first)}`} className={className} aria-current={active ? 'true' : undefined}>
      {children}
      {active ? (
        <span aria-hidden="true">{sort.direction === 'asc' ? ' ▲' : ' ▼'}</span>
      ) : (
        idleMark && (
          <span aria-hidden="true" className="admin-sort__idle">
            {' '}
            ↕
          </span>
        )
      )}
    </Link>
  );
}

const ariaSort = (sort: ListSort | undefined, key: string | undefined) =>
  sort && key && sort.key === key ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined;

/**
 * A data table with a caption (also the name of its scroll region), column headings and a row
 * saying the list is empty; the rows come as children.
 */
export function AdminTable({
  caption,
  columns,
  empty,
  emptyText,
  className,
  sort,
  children,
}: {
  caption: string;
  /** headings, or a page's own <th> */
  columns: (AdminColumn | ReactElement)[];
  /** the order the server sorted the rows in; columns with a `sortKey` become links */
  sort?: ListSort;
  /** with `emptyText`: the list has no rows, and the table says so */
  empty?: boolean;
  emptyText?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className="admin-table-wrap" role="region" aria-label={caption} tabIndex={0}>
      <table className={className ? `admin-table ${className}` : 'admin-table'}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column, index) =>
              isValidElement(column) ? (
                <Fragment key={index}>{column}</Fragment>
              ) : (
                <th
                  key={index}
                  scope="col"
                  className={[column.numeric && 'admin-number', column.className].filter(Boolean).join(' ') || undefined}
                  aria-sort={ariaSort(sort, column.sortKey)}
                >
                  {sort && column.sortKey ? (
                    <SortLink sort={sort} sortKey={column.sortKey} first={column.sortFirst} className="admin-sort" idleMark>
                      {column.label}
                    </SortLink>
                  ) : (
                    column.label
                  )}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>
          {empty && emptyText && (
            <tr>
              <td colSpan={columns.length}>{emptyText}</td>
            </tr>
          )}
          {children}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The sort choices of a list that is not a table (e.g. review cards): links like a table's
 * sortable headings; the current one is marked and says its direction.
 */
export function AdminSortLinks({ label, sort, options }: { label: string; sort: ListSort; options: { key: string; label: string; first?: SortDirection }[] }) {
  const { t } = useI18n();
  return (
    <nav aria-label={label} className="admin-sort-links">
      <span aria-hidden="true">{label}:</span>
      <ul>
        {options.map((option) => (
          <li key={option.key}>
            <SortLink sort={sort} sortKey={option.key} first={option.first}>
              {option.label}
              {sort.key === option.key && (
                <span className="visually-hidden"> ({t(sort.direction === 'asc' ? 'admin.list.ascending' : 'admin.list.descending')})</span>
              )}
            </SortLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Views of a list (pending / approved …) as links; the current one is marked. */
export function AdminTabs({ label, tabs }: { label: string; tabs: { to: string; label: string; current: boolean }[] }) {
  return (
    <nav aria-label={label} className="admin-tabs">
      <ul>
        {tabs.map((tab) => (
          <li key={tab.to}>
            <Link to={tab.to} aria-current={tab.current ? 'page' : undefined}>
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The address of another page of the list at `path`, keeping the current filters. */
export function usePageHref(path: string): (page: number) => string {
  const [params] = useSearchParams();
  return (page: number) => {
    const next = new URLSearchParams(params);
    if (page > 1) next.set('page', String(page));
    else next.delete('page');
    const query = next.toString();
    return query ? `${path}?${query}` : path;
  };
}

/** The pager of an admin list at `path`. */
export function AdminPager({ window, path }: { window: PageWindow; path: string }) {
  const hrefFor = usePageHref(path);
  // An empty list says so in its table; "0–0 of 0" would add nothing.
  return window.total === 0 ? null : <Pagination window={window} hrefFor={hrefFor} />;
}
