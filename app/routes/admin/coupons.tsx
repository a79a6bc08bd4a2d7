import { Link } from 'react-router';
import type { Route } from './+types/coupons';
import { AdminPager, AdminTable } from '#app/components/admin/admin-list.tsx';
import { AdminPageHeader } from '#app/components/admin/admin-ui.tsx';
import { servicesContext } from '#app/context.ts';
import { orUnavailable } from '#app/db/with-database.server.ts';
import { adminPath } from '#app/modules/admin/admin-paths.ts';
import { parseListSort } from '#app/lib/paging/list-sort.ts';
import { can } from '#app/modules/admin/permissions.ts';
import { requireStaff } from '#app/modules/admin/require-staff.server.ts';
import { formatMoney } from '#app/modules/currency/money.ts';
import { useI18n } from '#app/modules/i18n/i18n.tsx';
import { requestedPage } from '#app/lib/paging/page-window.ts';
import { couponSort, listCoupons } from '#app/modules/promotions/promotions-admin.server.ts';

export async function loader({ request, context }: Route.LoaderArgs) {
  const me = await requireStaff(request, context, 'coupons.read');
  const { db } = context.get(servicesContext);
  const url = new URL(request.url);
  const sort = parseListSort(couponSort, url.searchParams);
  const { rows, window } = await orUnavailable(() => listCoupons(db, requestedPage(url), sort));
  return { coupons: rows, window, sort, canWrite: can(me.role, 'coupons.write') };
}

export default function CouponsPage({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
  const discount = (coupon: (typeof loaderData.coupons)[number]) =>
    coupon.kind === 'percent'
      ? `${coupon.value / 100} %`
      : coupon.kind === 'fixed'
        ? formatMoney(coupon.value, 'EUR', locale)
        : t('admin.coupons.kinds.free_shipping');
  return (
    <>
      <AdminPageHeader title={t('admin.coupons.title')}>
        {loaderData.canWrite && (
          <Link to={adminPath('coupons/new')} className="button admin-button button--primary">
            {t('admin.coupons.new')}
          </Link>
        )}
      </AdminPageHeader>
      <AdminTable
        caption={t('admin.coupons.title')}
        sort={loaderData.sort}
        columns={[
          { label: t('admin.coupons.code'), sortKey: 'code' },
          { label: t('admin.coupons.discount'), sortKey: 'discount' },
          { label: t('admin.coupons.valid'), sortKey: 'valid', className: 'admin-wide' },
          { label: t('admin.coupons.used'), numeric: true, sortKey: 'used', sortFirst: 'desc' },
          { label: t('admin.coupons.state'), sortKey: 'state', sortFirst: 'desc' },
        ]}
        empty={loaderData.coupons.length === 0}
        emptyText={t('admin.coupons.none')}
      >
        {loaderData.coupons.map((coupon) => (
          <tr key={coupon.id}>
            <th scope="row">
              <Link to={adminPath(`coupons/${coupon.id}`)}>
                <code>{coupon.code}</code>
              </Link>
            </th>
            <td>{discount(coupon)}</td>
            <td className="admin-nowrap admin-wide">
              {coupon.startsAt ? date.format(new Date(coupon.startsAt)) : '…'} – {coupon.endsAt ? date.format(new Date(coupon.endsAt)) : '…'}
            </td>
            <td className="admin-number">
              {coupon.timesUsed}
              {coupon.usageLimit !== null && ` / ${coupon.usageLimit}`}
            </td>
            <td>
              <span className={`admin-badge admin-badge--${coupon.isActive ? 'active' : 'disabled'}`}>
                {t(coupon.isActive ? 'admin.coupons.active' : 'admin.coupons.disabled')}
              </span>
            </td>
          </tr>
        ))}
      </AdminTable>
      <AdminPager window={loaderData.window} path={adminPath('coupons')} />
    </>
  );
}
