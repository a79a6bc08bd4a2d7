import type { Route } from './+types/orders';
import { AccountPage } from '../../components/account/account-page.tsx';
import { OrderTable } from '../../components/account/account-display.tsx';
import { customerContext, servicesContext, storefrontContext } from '../../context.ts';
import { orUnavailable } from '../../db/with-database.server.ts';
import { accountPath } from '../../modules/customers/account-paths.ts';
import { useI18n } from '../../modules/i18n/i18n.tsx';
import { listCustomerOrders } from '../../modules/orders/customer-orders.server.ts';

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  const orders = await orUnavailable(() => listCustomerOrders(db, context.get(customerContext)!.id));
  return { prefix: context.get(storefrontContext).storefront.prefix, orders, invoiceError: new URL(request.url).searchParams.get('error') === 'invoice' };
}

export default function OrdersPage({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { prefix, orders, invoiceError } = loaderData;
  const hasInvoices = orders.some((order) => order.invoiceNumbers.length > 0);
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
          {hasInvoices && (
            <p>
              <a href={`${accountPath(prefix, 'orders')}/invoices.zip`} className="button" download>
                {t('account.orders.downloadAll')}
              </a>
            </p>
          )}
        </>
      )}
    </AccountPage>
  );
}
