import { Link, useSearchParams } from 'react-router';
import type { Route } from './+types/contact-inbox';
import { AdminFilters, AdminPager, AdminTable, AdminTabs } from '#app/components/admin/admin-list.tsx';
import { AdminPageHeader } from '#app/components/admin/admin-ui.tsx';
import { servicesContext } from '#app/context.ts';
import { orUnavailable } from '#app/db/with-database.server.ts';
import { adminPath } from '#app/modules/admin/admin-paths.ts';
import { requireStaff } from '#app/modules/admin/require-staff.server.ts';
import { parseListSort } from '#app/lib/paging/list-sort.ts';
import { contactInboxSort, listContactMessages } from '#app/modules/content/contact-inbox.server.ts';
import { contactInboxViews } from '#app/modules/content/contact-inbox-views.ts';
import { useI18n } from '#app/modules/i18n/i18n.tsx';
import { requestedPage } from '#app/lib/paging/page-window.ts';

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, 'contact.inbox');
  const { db } = context.get(servicesContext);
  const url = new URL(request.url);
  const view = contactInboxViews.find((candidate) => candidate === url.searchParams.get('view')) ?? 'open';
  const query = (url.searchParams.get('q') ?? '').slice(0, 100);
  const sort = parseListSort(contactInboxSort, url.searchParams);
  const list = await orUnavailable(() => listContactMessages(db, view, query, requestedPage(url), sort));
  return { view, query, sort, ...list };
}

export default function ContactInboxPage({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const [params] = useSearchParams();
  const { view, query, sort, rows, window } = loaderData;
  const time = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' });
  const path = adminPath('contact');
  const viewHref = (candidate: string) => {
    const next = new URLSearchParams(params);
    next.set('view', candidate);
    next.delete('page');
    return `${path}?${next}`;
  };
  return (
    <>
      <AdminPageHeader title={t('admin.contactInbox.title')} />
      <AdminTabs
        label={t('admin.contactInbox.views')}
        tabs={contactInboxViews.map((candidate) => ({
          to: viewHref(candidate),
          label: t(`admin.contactInbox.view.${candidate}`),
          current: candidate === view,
        }))}
      />
      <AdminFilters label={t('admin.contactInbox.search')} submitLabel={t('admin.contactInbox.searchButton')}>
        <input type="hidden" name="view" value={view} />
        <div className="form-field">
          <label htmlFor="contact-search">{t('admin.contactInbox.search')}</label>
          <input id="contact-search" type="search" name="q" defaultValue={query} />
        </div>
      </AdminFilters>
      <AdminTable
        caption={t(`admin.contactInbox.view.${view}`)}
        sort={sort}
        columns={[
          { label: t('admin.contactInbox.received'), sortKey: 'received', sortFirst: 'desc' },
          { label: t('admin.contactInbox.subject'), sortKey: 'subject' },
          { label: t('admin.contactInbox.from'), sortKey: 'from' },
          { label: t('admin.contactInbox.kind'), sortKey: 'kind', className: 'admin-wide' },
          { label: t('admin.contactInbox.state'), sortKey: 'state', className: 'admin-wide' },
        ]}
        empty={rows.length === 0}
        emptyText={t('admin.contactInbox.empty')}
      >
        {rows.map((message) => (
          <tr key={message.id}>
            <td className="admin-nowrap">{time.format(new Date(message.createdAt))}</td>
            <th scope="row">
              <Link to={adminPath(`contact/${message.id}`)}>{message.subject}</Link>
            </th>
            <td>
              <span className="admin-person">
                <span>{message.name}</span>
                <span className="admin-muted">{message.email}</span>
              </span>
            </td>
            <td className="admin-wide">{t(`admin.contactInbox.kinds.${message.kind}`)}</td>
            <td className="admin-wide">{message.handledAt ? t('admin.contactInbox.handled') : t('admin.contactInbox.open')}</td>
          </tr>
        ))}
      </AdminTable>
      <AdminPager window={window} path={path} />
    </>
  );
}
