import type { Route } from './+types/orders';
import { AccountPage } from '#app/components/account/account-page.tsx';
import { OrderTable } from '#app/components/account/account-display.tsx';
import { Pagination } from '#app/components/pagination.tsx';
import { customerContext, servicesContext, storefrontContext } from '#app/context.ts';
import { orUnavailable } from '#app/db/with-database.server.ts';
import { accountPath } from '#app/modules/customers/account-paths.ts';
import { useI18n } from '#app/modules/i18n/i18n.tsx';
import { listCustomerOrders } from '#app/modules/orders/customer-orders.server.ts';
import { requestedPage } from '#app/lib/paging/page-window.ts';

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  const url = new URL(request.url);
  const { orders, window } = await orUnavailable(() => listCustomerOrders(db, context.get(customerContext)!.id, { page: requestedPage(url) }));
  return { prefix: context.get(storefrontContext).storefront.prefix, orders, window, invoiceError: url.searchParams.get('error') === 'invoice' };
}

export default function OrdersPage({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { prefix, orders, window, invoiceError } = loaderData;
  const hasInvoices = orders.some((order) => order.invoiceNumbers.length > 0);
  const ordersPath = accountPath(prefix, 'orders');
  return (
    <AccountPage title={t('account.nav.orders')} path="customer/orders" inArea>
      {invoiceError && (
        <p className="form-alert" role="alert">
          {t('errors.invoice')}
        </p>
      )}
      {orders.length === 0 ? (
        <p>{t('account.orders.none')}</p>
      ) : (
        <>
          <OrderTable orders={orders} prefix={prefix} />
          {window.pageCount > 1 && <Pagination window={window} hrefFor={(page) => (page === 1 ? ordersPath : `${ordersPath}?page=${page}`)} />}
          {hasInvoices && (
            <p>
              <a href={`${ordersPath}/invoices.zip`} className="button" download>
                {t('account.orders.downloadAll')}
              </a>
            </p>
          )}
        </>
      )}
    </AccountPage>
  );
}
