import { data, Link } from 'react-router';
import type { Route } from './+types/order';
import { AccountPage } from '#app/components/account/account-page.tsx';
import { OrderLinesTable } from '#app/components/orders/order-lines-table.tsx';
import { OrderNotes } from '#app/components/orders/order-notes.tsx';
import { AddressLines, type DisplayedAddress, OrderStatusBadge, useFormatDate, useFormatOrderMoney } from '#app/components/account/account-display.tsx';
import { customerContext, servicesContext, storefrontContext } from '#app/context.ts';
import { orUnavailable } from '#app/db/with-database.server.ts';
import { accountPath } from '#app/modules/customers/account-paths.ts';
import { useI18n } from '#app/modules/i18n/i18n.tsx';
import { getCustomerOrder } from '#app/modules/orders/customer-orders.server.ts';

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  const order = await orUnavailable(() => getCustomerOrder(db, context.get(customerContext)!.id, params.orderNumber));
  // Another customer's order number gives the same 404 as one that does not exist.
  if (!order) throw data(null, { status: 404 });
  return { prefix: context.get(storefrontContext).storefront.prefix, order, invoiceError: new URL(request.url).searchParams.get('error') === 'invoice' };
}

export default function OrderPage({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const formatDate = useFormatDate();
  const formatAmount = useFormatOrderMoney();
  const { prefix, order, invoiceError } = loaderData;
  const money = (amount: number) => formatAmount(amount, order.currencyCode);
  const formatDateTime = useFormatDate(true);
  return (
    <AccountPage title={t('account.orders.orderTitle', { number: order.orderNumber })} path={`customer/orders/${order.orderNumber}`} inArea>
      {invoiceError && (
        <p className="form-alert" role="alert">
          {t('errors.invoice')}
        </p>
      )}
      <p className="order-meta">
        {t('account.orders.placedOn', { date: formatDate(order.createdAt) })} · <OrderStatusBadge status={order.status} />
      </p>
      <OrderNotes ownReference={order.ownReference} remarks={order.remarks} />
      <OrderLinesTable
        look="account"
        items={order.items}
        totals={order}
        money={money}
        caption={t('account.orders.itemsCaption')}
        labels={{
          product: t('account.orders.product'),
          quantity: t('account.orders.quantity'),
          unitPrice: t('account.orders.unitPrice'),
          rowTotal: t('account.orders.rowTotal'),
          subtotal: t('account.orders.subtotal'),
          discount: t('account.orders.discount'),
          shipping: t('account.orders.shipping'),
          vat: t('account.orders.vat'),
          vatReverseCharge: t('account.orders.vatReverseCharge'),
          total: t('account.orders.total'),
        }}
        details={(item) => t('product.itemNumber', { sku: item.sku })}
      />
      <div className="account-cards">
        <section className="account-card" aria-labelledby="order-shipping">
          <h2 id="order-shipping">{t('account.orders.shipTo')}</h2>
          <AddressLines address={order.shippingAddress as unknown as DisplayedAddress} />
          <p>{t(`shipping.method.${order.shippingMethod}`)}</p>
        </section>
        <section className="account-card" aria-labelledby="order-billing">
          <h2 id="order-billing">{t('account.orders.billTo')}</h2>
          <AddressLines address={order.billingAddress as unknown as DisplayedAddress} />
          <p>{t(`payment.method.${order.paymentMethod}`)}</p>
        </section>
        <section className="account-card" aria-labelledby="order-invoices">
          <h2 id="order-invoices">{t('account.orders.invoices')}</h2>
          {order.invoices.length === 0 ? (
            <p>{t('account.orders.noInvoiceYet')}</p>
          ) : (
            <ul>
              {order.invoices.map((invoice) => (
                <li key={invoice.invoiceNumber}>
                  <a href={`${accountPath(prefix, 'orders')}/${order.orderNumber}/invoice/${invoice.invoiceNumber}`} download>
                    {t('account.orders.invoicePdf', { number: invoice.invoiceNumber })}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
      <section className="account-section" aria-labelledby="order-history">
        <h2 id="order-history">{t('account.orders.history')}</h2>
        <ol className="status-history">
          {order.history.map((entry, index) => (
            <li key={index}>
              <OrderStatusBadge status={entry.status} /> <time dateTime={new Date(entry.at).toISOString()}>{formatDateTime(entry.at)}</time>
            </li>
          ))}
        </ol>
      </section>
      <p>
        <Link to={accountPath(prefix, 'orders')}>{t('account.orders.back')}</Link>
      </p>
    </AccountPage>
  );
}
