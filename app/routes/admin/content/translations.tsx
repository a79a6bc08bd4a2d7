import { Link } from 'react-router';
import type { Route } from './+types/translations';
import { StoreSelect } from '#app/components/admin/store-select.tsx';
import { AdminFilters, AdminPager, AdminTable, AdminTabs } from '#app/components/admin/admin-list.tsx';
import { AdminNotice, AdminPageHeader } from '#app/components/admin/admin-ui.tsx';
import { servicesContext } from '#app/context.ts';
import { orUnavailable } from '#app/db/with-database.server.ts';
import { adminPath } from '#app/modules/admin/admin-paths.ts';
import { requireStaff } from '#app/modules/admin/require-staff.server.ts';
import { useI18n } from '#app/modules/i18n/i18n.tsx';
import { isEnglishStore, type MessageFilter, messageFilters, messageLocaleOf } from '#app/modules/i18n/message-filters.ts';
import { messageCatalogue } from '#app/modules/i18n/message-overrides.server.ts';
import { requestedPage } from '#app/lib/paging/page-window.ts';

/** The UI messages of one store: search, overrides, and the texts it still shows in English. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, 'content.write');
  const { db } = context.get(servicesContext);
  const url = new URL(request.url);
  const locale = messageLocaleOf(url.searchParams.get('locale')) ?? 'de-DE';
  const filter = messageFilters.find((candidate) => candidate === url.searchParams.get('filter')) ?? 'all';
  const query = (url.searchParams.get('q') ?? '').trim().slice(0, 200);
  const { rows, window } = await orUnavailable(() => messageCatalogue(db, locale, { query, filter, page: requestedPage(url) }));
  return { rows, window, locale, filter, query, englishStore: isEnglishStore(locale), saved: url.searchParams.has('saved') };
}

export default function TranslationsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { rows, window, locale, filter, query } = loaderData;
  const listPath = adminPath('translations');
  const withFilter = (next: MessageFilter) => `${listPath}?${new URLSearchParams({ locale, filter: next, ...(query ? { q: query } : {}) })}`;
  return (
    <>
      <AdminPageHeader title={t('admin.translations.title')} />
      <p className="admin-muted">{t('admin.translations.intro')}</p>
      {loaderData.saved && <AdminNotice>{t('admin.translations.saved')}</AdminNotice>}
      <AdminFilters label={t('admin.translations.search')} submitLabel={t('admin.translations.searchButton')}>
        <input type="hidden" name="filter" value={filter} />
        <StoreSelect id="translations-locale" label={t('admin.translations.store')} defaultValue={locale} />
        <div className="form-field">
          <label htmlFor="translations-search">{t('admin.translations.search')}</label>
          <input id="translations-search" type="search" name="q" defaultValue={query} />
        </div>
      </AdminFilters>
      <AdminTabs
        label={t('admin.translations.show')}
        tabs={messageFilters
          .filter((candidate) => candidate !== 'english' || !loaderData.englishStore)
          .map((candidate) => ({ to: withFilter(candidate), label: t(`admin.translations.filters.${candidate}`), current: candidate === filter }))}
      />
      <AdminTable
        caption={t('admin.translations.title')}
        columns={[
          { label: t('admin.translations.key') },
          { label: t('admin.translations.english'), className: 'admin-wide' },
          { label: t('admin.translations.shown', { locale }) },
        ]}
        empty={rows.length === 0}
        emptyText={t('admin.translations.none')}
      >
        {rows.map((row) => (
          <tr key={row.key}>
            <th scope="row">
              <Link to={adminPath(`translations/${locale}/${row.key}`)}>
                <code>{row.key}</code>
              </Link>
            </th>
            <td className="admin-wide">{row.english}</td>
            <td>
              {row.override ?? row.fileValue}
              {row.override !== null && (
                <>
                  {' '}
                  <span className="admin-badge admin-badge--active">{t('admin.translations.overridden')}</span>
                </>
              )}
            </td>
          </tr>
        ))}
      </AdminTable>
      <AdminPager window={window} path={listPath} />
    </>
  );
}
