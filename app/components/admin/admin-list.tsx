import { Fragment, isValidElement, type ReactElement, type ReactNode } from 'react';
import { Form, Link, useSearchParams } from 'react-router';
import { Pagination } from '../pagination.tsx';
import type { PageWindow } from '../../modules/paging/page-window.ts';

/**
 * The parts every admin list page is made of: a GET filter form, a table that scrolls sideways in
 * its own labelled, focusable region on narrow screens (so keyboard users can scroll it too), tabs
 * for views, and the pager that keeps the current filters.
 */

/** A GET form of filters above a list; `label` names it for assistive technology; `reset` links to the list without filters. */
export function AdminFilters({ label, submitLabel, reset, children }: { label: string; submitLabel: string; reset?: { to: string; label: string }; children: ReactNode }) {
  return (
    <Form method="get" role="search" className="admin-filters" aria-label={label}>
      {children}
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
}

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
  children,
}: {
  caption: string;
  /** plain headings, or a page's own <th> (e.g. a sort link) */
  columns: (AdminColumn | ReactElement)[];
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
                <th key={index} scope="col" className={[column.numeric && 'admin-number', column.className].filter(Boolean).join(' ') || undefined}>
                  {column.label}
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
  return <Pagination window={window} hrefFor={usePageHref(path)} />;
}
