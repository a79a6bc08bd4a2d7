import type { Route } from './+types/stock-alerts';
import { AdminTable } from '../../components/admin/admin-list.tsx';
import { AdminPageHeader } from '../../components/admin/admin-ui.tsx';
import { servicesContext } from '../../context.ts';
import { orUnavailable } from '../../db/with-database.server.ts';
import { adminLocaleOf } from '../../modules/admin/admin-locale.ts';
import { requireStaff } from '../../modules/admin/require-staff.server.ts';
import { stockAlertsPerVariant } from '../../modules/engagement/stock-alerts.server.ts';
import { useI18n } from '../../modules/i18n/i18n.tsx';

/** Back-in-stock requests waiting, per variant (read-only: the mails go out when stock returns). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const me = await requireStaff(request, context, 'catalogue.read');
  const { db } = context.get(servicesContext);
  return { rows: await orUnavailable(() => stockAlertsPerVariant(db, adminLocaleOf(me.locale))) };
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
        columns={[{ label: t('admin.dashboard.sku') }, { label: t('admin.dashboard.product') }, { label: t('admin.dashboard.stock'), numeric: true }, { label: t('admin.stockAlerts.waiting'), numeric: true }, { label: t('admin.stockAlerts.oldest') }]}
        empty={loaderData.rows.length === 0}
        emptyText={t('admin.stockAlerts.none')}
      >
        {loaderData.rows.map((row) => (
          <tr key={`${row.productId}-${row.variantId ?? 0}`}>
            <td>
              <code>{row.sku}</code>
            </td>
            <th scope="row">{row.name}</th>
            <td className="admin-number">{row.stock ?? '—'}</td>
            <td className="admin-number">{row.waiting}</td>
            <td>{date.format(new Date(row.oldest))}</td>
          </tr>
        ))}
      </AdminTable>
    </>
  );
}
