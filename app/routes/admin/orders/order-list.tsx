import { Link, useSearchParams } from 'react-router';
import type { Route } from './+types/order-list';
import { StoreSelect } from '#app/components/admin/store-select.tsx';
import { AdminFilters, AdminPager, AdminTable } from '#app/components/admin/admin-list.tsx';
import { AdminPageHeader } from '#app/components/admin/admin-ui.tsx';
import { servicesContext } from '#app/context.ts';
import { orderStatuses } from '#app/db/schema.ts';
import { orUnavailable } from '#app/db/with-database.server.ts';
import { adminPath } from '#app/modules/admin/admin-paths.ts';
import { requireStaff } from '#app/modules/admin/require-staff.server.ts';
import { formatCurrencyAmount } from '#app/modules/currency/money.ts';
import { useI18n } from '#app/modules/i18n/i18n.tsx';
import { type OrderFilters, orderPaymentMethods, type orderSortKeys, parseOrderFilters } from '#app/modules/orders/order-filters.ts';
import { searchOrders } from '#app/modules/orders/order-search.server.ts';
import '#app/styles/admin-orders.css';

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, 'orders.read');
  const { db } = context.get(servicesContext);
  const filters = parseOrderFilters(new URL(request.url).searchParams);
  const result = await orUnavailable(() => searchOrders(db, filters));
  return { ...result, filters };
}

type SortKey = (typeof orderSortKeys)[number];

export default function OrderListPage({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const [params] = useSearchParams();
  const { filters, orders, window } = loaderData;
  const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' });
  const withParams = (changes: Record<string, string | null>, path = 'orders') => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    const query = next.toString();
    return query ? `${adminPath(path)}?${query}` : adminPath(path);
  };
  const columnLabel: Record<SortKey, string> = {
    createdAt: t('fulfilment.admin.column.createdAt'),
    orderNumber: t('fulfilment.admin.column.orderNumber'),
    total: t('fulfilment.admin.column.total'),
    status: t('fulfilment.admin.column.status'),
    email: t('fulfilment.admin.column.email'),
  };
  const value = (key: keyof OrderFilters) => String(filters[key] ?? '');
  return (
    <>
      <AdminPageHeader title={t('fulfilment.admin.list.title')}>
        <a href={withParams({ page: null }, 'orders.csv')} className="button admin-button" download>
          {t('fulfilment.admin.list.exportCsv')}
        </a>
      </AdminPageHeader>
      <AdminFilters
        label={t('fulfilment.admin.list.filters')}
        submitLabel={t('fulfilment.admin.list.apply')}
        reset={{ to: adminPath('orders'), label: t('fulfilment.admin.list.reset') }}
      >
        <div className="form-field order-filters__search">
          <label htmlFor="orders-q">{t('fulfilment.admin.list.search')}</label>
          <input id="orders-q" name="q" type="search" defaultValue={value('q')} placeholder={t('fulfilment.admin.list.searchHint')} />
        </div>
        <div className="form-field">
          <label htmlFor="orders-status">{t('fulfilment.admin.list.status')}</label>
          <select id="orders-status" name="status" defaultValue={value('status')}>
            <option value="">{t('fulfilment.admin.list.allStatuses')}</option>
            {orderStatuses.map((status) => (
              <option key={status} value={status}>
                {t(`order.status.${status}`)}
              </option>
            ))}
          </select>
        </div>
        <StoreSelect
          id="orders-store"
          name="store"
          label={t('fulfilment.admin.list.store')}
          defaultValue={value('store')}
          allStoresLabel={t('fulfilment.admin.list.allStores')}
        />
        <div className="form-field">
          <label htmlFor="orders-payment">{t('fulfilment.admin.list.payment')}</label>
          <select id="orders-payment" name="payment" defaultValue={value('payment')}>
            <option value="">{t('fulfilment.admin.list.allPayments')}</option>
            {orderPaymentMethods.map((method) => (
              <option key={method} value={method}>
                {t(`payment.method.${method}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="form-field order-filters__date">
          <label htmlFor="orders-from">{t('fulfilment.admin.list.from')}</label>
          <input id="orders-from" name="from" type="date" defaultValue={value('from')} />
        </div>
        <div className="form-field order-filters__date">
          <label htmlFor="orders-to">{t('fulfilment.admin.list.to')}</label>
          <input id="orders-to" name="to" type="date" defaultValue={value('to')} />
        </div>
      </AdminFilters>
      <AdminTable
        caption={t('fulfilment.admin.list.caption', { column: columnLabel[filters.sort] })}
        className="order-table"
        sort={{ key: filters.sort, direction: filters.direction }}
        columns={[
          { label: columnLabel.orderNumber, sortKey: 'orderNumber', sortFirst: 'desc' },
          { label: columnLabel.createdAt, sortKey: 'createdAt', sortFirst: 'desc', className: 'order-table__wide' },
          { label: t('fulfilment.admin.column.customer') },
          { label: columnLabel.status, sortKey: 'status' },
          { label: t('fulfilment.admin.column.payment'), className: 'order-table__wide' },
          { label: t('fulfilment.admin.column.store'), className: 'order-table__wide' },
          { label: columnLabel.total, sortKey: 'total', sortFirst: 'desc', numeric: true },
        ]}
        empty={orders.length === 0}
        emptyText={t('fulfilment.admin.list.empty')}
      >
        {orders.map((order) => (
          <tr key={order.orderNumber}>
            <th scope="row">
              <Link to={adminPath(`orders/${order.orderNumber}`)}>{order.orderNumber}</Link>
            </th>
            <td className="admin-nowrap order-table__wide">{dateTime.format(new Date(order.createdAt))}</td>
            <td>
              <span className="order-table__customer">
                <span>{order.customerName}</span>
                <span className="admin-muted order-table__wide">{order.email}</span>
              </span>
            </td>
            <td>
              <span className={`admin-badge order-status--${order.status}`}>{t(`order.status.${order.status}`)}</span>
            </td>
            <td className="order-table__wide">{t(`payment.method.${order.paymentMethod}`)}</td>
            <td className="order-table__wide">{order.store}</td>
            <td className="admin-number">{formatCurrencyAmount(order.totalCents, order.currencyCode, locale)}</td>
          </tr>
        ))}
      </AdminTable>
      <AdminPager window={window} path={adminPath('orders')} />
    </>
  );
}
