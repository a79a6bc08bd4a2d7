import type { Route } from './+types/content-pages';
import { AdminTable } from '#app/components/admin/admin-list.tsx';
import { LocaleChips } from '#app/components/admin/locale-chips.tsx';
import { AdminNotice, AdminPageHeader } from '#app/components/admin/admin-ui.tsx';
import { servicesContext } from '#app/context.ts';
import { orUnavailable } from '#app/db/with-database.server.ts';
import { adminPath } from '#app/modules/admin/admin-paths.ts';
import { requireStaff } from '#app/modules/admin/require-staff.server.ts';
import { listContentPages } from '#app/modules/content/content-pages-admin.server.ts';
import { useI18n } from '#app/modules/i18n/i18n.tsx';

/** The information pages, with each store's text: published, hidden, or missing. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, 'content.write');
  const { db } = context.get(servicesContext);
  return { pages: await orUnavailable(() => listContentPages(db)), saved: new URL(request.url).searchParams.has('saved') };
}

export default function ContentPagesPage({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  return (
    <>
      <AdminPageHeader title={t('admin.contentPages.title')} />
      <p className="admin-muted">{t('admin.contentPages.intro')}</p>
      {loaderData.saved && <AdminNotice>{t('admin.contentPages.saved')}</AdminNotice>}
      <AdminTable
        caption={t('admin.contentPages.title')}
        columns={[{ label: t('admin.contentPages.page') }, { label: t('admin.contentPages.stores') }]}
        empty={loaderData.pages.length === 0}
        emptyText={t('admin.contentPages.none')}
      >
        {loaderData.pages.map((page) => (
          <tr key={page.id}>
            <th scope="row">
              {page.title || page.code}
              <br />
              <code>{page.code}</code>
            </th>
            <td>
              <LocaleChips
                hrefOf={(locale) => adminPath(`content-pages/${page.id}/${locale}`)}
                stateOf={(locale) => {
                  const state = page.locales.find((candidate) => candidate.locale === locale)?.state;
                  return !state ? 'missing' : state === 'live' ? 'published' : state === 'scheduled' ? 'scheduled' : 'hidden';
                }}
              />
            </td>
          </tr>
        ))}
      </AdminTable>
      <p className="admin-muted">{t('admin.contentPages.legend')}</p>
    </>
  );
}
