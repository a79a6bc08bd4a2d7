import type { Route } from './+types/stock-alerts';
import { AdminPager, AdminTable } from '#app/components/admin/admin-list.tsx';
import { AdminPageHeader } from '#app/components/admin/admin-ui.tsx';
import { servicesContext } from '#app/context.ts';
import { orUnavailable } from '#app/db/with-database.server.ts';
import { adminLocaleOf } from '#app/modules/admin/admin-locale.ts';
import { adminPath } from '#app/modules/admin/admin-paths.ts';
import { parseListSort } from '#app/lib/paging/list-sort.ts';
import { requireStaff } from '#app/modules/admin/require-staff.server.ts';
import { stockAlertSort, stockAlertsPerVariant } from '#app/modules/engagement/stock-alerts.server.ts';
import { useI18n } from '#app/modules/i18n/i18n.tsx';
import { requestedPage } from '#app/lib/paging/page-window.ts';

/** Back-in-stock requests waiting, per variant (read-only: the mails go out when stock returns). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const me = await requireStaff(request, context, 'catalogue.read');
  const { db } = context.get(servicesContext);
  const url = new URL(request.url);
  const sort = parseListSort(stockAlertSort, url.searchParams);
  return { sort, ...(await orUnavailable(() => stockAlertsPerVariant(db, adminLocaleOf(me.locale), requestedPage(url), sort))) };
}

export default function StockAlertsPage({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
  return (
    <>
      <AdminPageHeader title={t('admin.stockAlerts.title')} />
      <p className="admin-muted">{t('admin.stockAlerts.intro')}</p>
      <AdminTable
        caption={t('admin.stockAlerts.title')}
        sort={loaderData.sort}
        columns={[
          { label: t('admin.dashboard.sku'), sortKey: 'sku', className: 'admin-wide' },
          { label: t('admin.dashboard.product'), sortKey: 'product' },
          { label: t('admin.dashboard.stock'), numeric: true, sortKey: 'stock' },
          { label: t('admin.stockAlerts.waiting'), numeric: true, sortKey: 'waiting', sortFirst: 'desc' },
          { label: t('admin.stockAlerts.oldest'), sortKey: 'oldest', className: 'admin-wide' },
        ]}
        empty={loaderData.rows.length === 0}
        emptyText={t('admin.stockAlerts.none')}
      >
        {loaderData.rows.map((row) => (
          <tr key={`${row.productId}-${row.variantId ?? 0}`}>
            <td className="admin-wide">
              <code>{row.sku}</code>
            </td>
            <th scope="row">
              {row.name}
              <code className="admin-narrow">{row.sku}</code>
            </th>
            <td className="admin-number">{row.stock ?? '—'}</td>
            <td className="admin-number">{row.waiting}</td>
            <td className="admin-wide">{date.format(new Date(row.oldest))}</td>
          </tr>
        ))}
      </AdminTable>
      <AdminPager window={loaderData.window} path={adminPath('stock-alerts')} />
    </>
  );
}
