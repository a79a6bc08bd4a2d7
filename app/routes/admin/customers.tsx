import { Link, useSearchParams } from 'react-router';
import type { Route } from './+types/customers';
import { AdminFilters, AdminPager, AdminTable } from '#app/components/admin/admin-list.tsx';
import { AdminPageHeader } from '#app/components/admin/admin-ui.tsx';
import { servicesContext } from '#app/context.ts';
import { orUnavailable } from '#app/db/with-database.server.ts';
import { adminPath } from '#app/modules/admin/admin-paths.ts';
import { requireStaff } from '#app/modules/admin/require-staff.server.ts';
import { parseListSort } from '#app/lib/paging/list-sort.ts';
import { customerSort, searchCustomers } from '#app/modules/customers/customer-admin.server.ts';
import { useI18n } from '#app/modules/i18n/i18n.tsx';
import { requestedPage } from '#app/lib/paging/page-window.ts';

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, 'customers.read');
  const { db } = context.get(servicesContext);
  const url = new URL(request.url);
  const query = (url.searchParams.get('q') ?? '').slice(0, 100);
  const sort = parseListSort(customerSort, url.searchParams);
  return { sort, ...(await orUnavailable(() => searchCustomers(db, query, requestedPage(url), sort))) };
}

export default function CustomersPage({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const [params] = useSearchParams();
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
  const query = params.get('q') ?? '';
  return (
    <>
      <AdminPageHeader title={t('admin.customers.title')} />
      <AdminFilters label={t('admin.customers.search')} submitLabel={t('admin.customers.searchButton')}>
        <div className="form-field">
          <label htmlFor="customer-search">{t('admin.customers.search')}</label>
          <input id="customer-search" type="search" name="q" defaultValue={query} />
        </div>
      </AdminFilters>
      <AdminTable
        caption={t('admin.customers.title')}
        sort={loaderData.sort}
        columns={[
          { label: t('admin.customers.name'), sortKey: 'name' },
          { label: t('admin.customers.email'), sortKey: 'email' },
          { label: t('admin.customers.store'), sortKey: 'store', className: 'admin-wide' },
          { label: t('admin.customers.orders'), numeric: true, sortKey: 'orders', sortFirst: 'desc' },
          { label: t('admin.customers.since'), sortKey: 'since', sortFirst: 'desc', className: 'admin-wide' },
        ]}
        empty={loaderData.rows.length === 0}
        emptyText={t('admin.customers.none')}
      >
        {loaderData.rows.map((customer) => (
          <tr key={customer.id}>
            <th scope="row">
              <Link to={adminPath(`customers/${customer.id}`)}>
                {customer.firstName} {customer.lastName}
              </Link>
              {customer.blockedAt && <span className="admin-badge admin-badge--blocked">{t('admin.customers.blocked')}</span>}
            </th>
            <td>{customer.email}</td>
            <td className="admin-wide">{customer.locale}</td>
            <td className="admin-number">{customer.orderCount}</td>
            <td className="admin-nowrap admin-wide">{date.format(new Date(customer.createdAt))}</td>
          </tr>
        ))}
      </AdminTable>
      <AdminPager window={loaderData.window} path={adminPath('customers')} />
    </>
  );
}
