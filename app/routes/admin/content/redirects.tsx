import { Link } from 'react-router';
import type { Route } from './+types/redirects';
import { StoreSelect } from '#app/components/admin/store-select.tsx';
import { AdminFilters, AdminPager, AdminTable } from '#app/components/admin/admin-list.tsx';
import { AdminNotice, AdminPageHeader } from '#app/components/admin/admin-ui.tsx';
import { servicesContext } from '#app/context.ts';
import { orUnavailable } from '#app/db/with-database.server.ts';
import { adminPath } from '#app/modules/admin/admin-paths.ts';
import { requireStaff } from '#app/modules/admin/require-staff.server.ts';
import { useI18n } from '#app/modules/i18n/i18n.tsx';
import { localeCodes, type LocaleCode, storefrontByCode } from '#app/modules/i18n/locales.ts';
import { requestedPage } from '#app/lib/paging/page-window.ts';
import { listRedirects } from '#app/modules/seo/url-redirects.server.ts';

/** Stored redirects of every store, searchable by either path. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, 'content.write');
  const { db } = context.get(servicesContext);
  const url = new URL(request.url);
  const requestedLocale = url.searchParams.get('locale');
  const locale = localeCodes.find((code) => code === requestedLocale) ?? null;
  const query = (url.searchParams.get('q') ?? '').trim().slice(0, 200);
  const { rows, window } = await orUnavailable(() => listRedirects(db, { locale, query, page: requestedPage(url) }));
  return { rows, window, locale, query, saved: url.searchParams.has('saved'), deleted: url.searchParams.has('deleted') };
}

export default function RedirectsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { rows, window, locale, query } = loaderData;
  const storePath = (code: LocaleCode, path: string) => (/^https?:\/\//.test(path) ? path : `/${storefrontByCode(code)?.prefix}/${path}`);
  return (
    <>
      <AdminPageHeader title={t('admin.redirects.title')}>
        <Link to={adminPath('redirects/new')} className="button admin-button button--primary">
          {t('admin.redirects.new')}
        </Link>
      </AdminPageHeader>
      <p className="admin-muted">{t('admin.redirects.intro')}</p>
      {loaderData.saved && <AdminNotice>{t('admin.redirects.saved')}</AdminNotice>}
      {loaderData.deleted && <AdminNotice>{t('admin.redirects.deleted')}</AdminNotice>}
      <AdminFilters
        label={t('admin.redirects.search')}
        submitLabel={t('admin.redirects.searchButton')}
        reset={locale || query ? { to: adminPath('redirects'), label: t('admin.redirects.reset') } : undefined}
      >
        <StoreSelect id="redirect-store" label={t('admin.redirects.store')} defaultValue={locale} allStoresLabel={t('admin.redirects.allStores')} />
        <div className="form-field">
          <label htmlFor="redirect-search">{t('admin.redirects.search')}</label>
          <input id="redirect-search" type="search" name="q" defaultValue={query} />
        </div>
      </AdminFilters>
      <AdminTable
        caption={t('admin.redirects.title')}
        columns={[
          { label: t('admin.redirects.fromPath') },
          { label: t('admin.redirects.toPath') },
          { label: t('admin.redirects.statusCode'), className: 'admin-wide' },
          { label: t('admin.redirects.store'), className: 'admin-wide' },
        ]}
        empty={rows.length === 0}
        emptyText={t('admin.redirects.none')}
      >
        {rows.map((row) => (
          <tr key={row.id}>
            <th scope="row">
              <Link to={adminPath(`redirects/${row.id}`)}>
                <code>{storePath(row.locale as LocaleCode, row.fromPath)}</code>
              </Link>
            </th>
            <td>
              <code>{storePath(row.locale as LocaleCode, row.toPath)}</code>
            </td>
            <td className="admin-wide">{t(`admin.redirects.codes.${row.statusCode}`)}</td>
            <td className="admin-wide">{row.locale}</td>
          </tr>
        ))}
      </AdminTable>
      <AdminPager window={window} path={adminPath('redirects')} />
    </>
  );
}
