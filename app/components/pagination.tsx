import { Link } from 'react-router';
import { useI18n } from '#app/modules/i18n/i18n.tsx';
import type { PageWindow } from '#app/lib/paging/page-window.ts';

/** "1–24 of 120" and the page links: ‹ 1 … 4 5 [6] 7 8 … 20 ›. `hrefFor(1)` should be the page's plain address. */
export function Pagination({ window, hrefFor }: { window: PageWindow; hrefFor: (page: number) => string }) {
  const { t } = useI18n();
  const { page, pageCount } = window;
  return (
    <nav className="pagination" aria-label={t('listing.pagination')}>
      <p className="pagination__range">{t('listing.range', { from: window.from, to: window.to, total: window.total })}</p>
      {pageCount > 1 && (
        <ul className="pagination__pages">
          {page > 1 && (
            <li>
              <Link to={hrefFor(page - 1)} rel="prev" aria-label={t('listing.previous')}>
                ‹
              </Link>
            </li>
          )}
          {pageNumbers(page, pageCount).map((number, index) =>
            number === null ? (
              <li key={`gap-${index}`} aria-hidden="true">
                …
              </li>
            ) : (
              <li key={number}>
                <Link to={hrefFor(number)} aria-label={t('listing.page', { page: number })} aria-current={number === page ? 'page' : undefined}>
                  {number}
                </Link>
              </li>
            ),
          )}
          {page < pageCount && (
            <li>
              <Link to={hrefFor(page + 1)} rel="next" aria-label={t('listing.next')}>
                ›
              </Link>
            </li>
          )}
        </ul>
      )}
    </nav>
  );
}

/** 1 … 4 5 [6] 7 8 … 20 */
function pageNumbers(current: number, count: number): (number | null)[] {
  const pages = new Set([1, count, current - 2, current - 1, current, current + 1, current + 2].filter((p) => p >= 1 && p <= count));
  const sorted = [...pages].sort((a, b) => a - b);
  return sorted.flatMap((page, index) => (index > 0 && page - (sorted[index - 1] as number) > 1 ? [null, page] : [page]));
}
