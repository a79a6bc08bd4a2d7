import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import en from '../../../locales/en.json' with { type: 'json' };
import { I18nProvider } from '#app/modules/i18n/i18n.tsx';
import { AdminFilters, AdminSortLinks, AdminTable } from './admin-list.tsx';

/** The markup of `element` on the admin page at `url`. */
function render(url: string, element: ReactElement) {
  const Stub = createRoutesStub([{ path: '/paracord_admin/coupons', Component: () => element }]);
  return renderToStaticMarkup(
    <I18nProvider locale="en" messages={en}>
      <Stub initialEntries={[url]} />
    </I18nProvider>,
  );
}

const headings = (html: string) => [...html.matchAll(/<th scope="col"([^>]*)>(.*?)<\/th>/g)].map((match) => ({ attributes: match[1]!, inner: match[2]! }));
const unescape = (text: string) => text.replaceAll('&amp;', '&');

describe('sortable admin tables', () => {
  const table = (
    <AdminTable
      caption="Coupons"
      sort={{ key: 'used', direction: 'desc' }}
      columns={[{ label: 'Code', sortKey: 'code' }, { label: 'Used', sortKey: 'used', sortFirst: 'desc', numeric: true }, { label: 'Notes' }]}
    >
      {null}
    </AdminTable>
  );

  it('marks the sorted column with aria-sort and links every sortable heading to the list sorted by it', () => {
    const [code, used, notes] = headings(render('/paracord_admin/coupons?q=x&page=3&sort=used&direction=desc', table));
    expect(code!.attributes).not.toContain('aria-sort');
    expect(unescape(code!.inner)).toContain('href="/paracord_admin/coupons?q=x&sort=code&direction=asc"');
    expect(used!.attributes).toContain('aria-sort="descending"');
    // a second click turns the direction around; the filter stays, paging starts again
    expect(unescape(used!.inner)).toContain('href="/paracord_admin/coupons?q=x&sort=used&direction=asc"');
    expect(used!.inner).toContain('aria-current="true"');
    expect(notes!.inner).toBe('Notes');
  });

  it('keeps the sort when the filters are sent again', () => {
    const html = render(
      '/paracord_admin/coupons?sort=used&direction=desc',
      <AdminFilters label="Filters" submitLabel="Apply">
        <input name="q" />
      </AdminFilters>,
    );
    expect(html).toContain('<input type="hidden" name="sort" value="used"/>');
    expect(html).toContain('<input type="hidden" name="direction" value="desc"/>');
  });

  it('offers the sort of a list of cards as links that say the direction', () => {
    const html = render(
      '/paracord_admin/coupons?status=pending',
      <AdminSortLinks
        label="Sort by"
        sort={{ key: 'rating', direction: 'asc' }}
        options={[
          { key: 'createdAt', label: 'Date', first: 'desc' },
          { key: 'rating', label: 'Rating' },
        ]}
      />,
    );
    expect(html).toContain('<nav aria-label="Sort by"');
    expect(unescape(html)).toContain('href="/paracord_admin/coupons?status=pending&sort=createdAt&direction=desc"');
    expect(html).toMatch(/aria-current="true"[^>]*>Rating.*\(ascending\)/);
  });
});
