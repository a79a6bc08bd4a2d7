import { Form, Link, useSearchParams } from 'react-router';
import type { Route } from './+types/customers';
import { AdminPageHeader } from '../../components/admin/admin-ui.tsx';
import { Pagination } from '../../components/pagination.tsx';
import { servicesContext } from '../../context.ts';
import { orUnavailable } from '../../db/with-database.server.ts';
import { adminPath } from '../../modules/admin/admin-paths.ts';
import { requireStaff } from '../../modules/admin/require-staff.server.ts';
import { searchCustomers } from '../../modules/customers/customer-admin.server.ts';
import { useI18n } from '../../modules/i18n/i18n.tsx';

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, 'customers.read');
  const { db } = context.get(servicesContext);
  const url = new URL(request.url);
  const query = (url.searchParams.get('q') ?? '').slice(0, 100);
  return orUnavailable(() => searchCustomers(db, query, Number(url.searchParams.get('page')) || 1));
}

export default function CustomersPage({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const [params] = useSearchParams();
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
  const query = params.get('q') ?? '';
  const hrefFor = (page: number) => {
    const next = new URLSearchParams();
    if (query) next.set('q', query);
    if (page > 1) next.set('page', String(page));
    return `${adminPath('customers')}${next.size ? `?${next}` : ''}`;
  };
  return (
    <>
      <AdminPageHeader title={t('admin.customers.title')} />
      <Form method="get" role="search" className="admin-filters">
        <div className="form-field">
          <label htmlFor="customer-search">{t('admin.customers.search')}</label>
          <input id="customer-search" type="search" name="q" defaultValue={query} />
        </div>
        <button type="submit" className="admin-button">
          {t('admin.customers.searchButton')}
        </button>
      </Form>
      <div className="admin-table-wrap">
        <table className="admin-table">
          <caption className="visually-hidden">{t('admin.customers.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('admin.customers.name')}</th>
              <th scope="col">{t('admin.customers.email')}</th>
              <th scope="col">{t('admin.customers.store')}</th>
              <th scope="col" className="admin-number">
                {t('admin.customers.orders')}
              </th>
              <th scope="col">{t('admin.customers.since')}</th>
            </tr>
          </thead>
          <tbody>
            {loaderData.rows.length === 0 && (
              <tr>
                <td colSpan={5}>{t('admin.customers.none')}</td>
              </tr>
            )}
            {loaderData.rows.map((customer) => (
              <tr key={customer.id}>
                <th scope="row">
                  <Link to={adminPath(`customers/${customer.id}`)}>
                    {customer.firstName} {customer.lastName}
                  </Link>
                  {customer.blockedAt && <span className="admin-badge admin-badge--blocked">{t('admin.customers.blocked')}</span>}
                </th>
                <td>{customer.email}</td>
                <td>{customer.locale}</td>
                <td className="admin-number">{customer.orderCount}</td>
                <td className="admin-nowrap">{date.format(new Date(customer.createdAt))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pagination window={loaderData.window} hrefFor={hrefFor} />
    </>
  );
}
