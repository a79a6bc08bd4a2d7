import { Fragment } from 'react';
import { Link } from 'react-router';
import { postalLines } from '#app/modules/customers/address-format.ts';
import { countryName } from '#app/modules/customers/countries.ts';
import { formatCurrencyAmount } from '#app/modules/currency/money.ts';
import { useI18n } from '#app/modules/i18n/i18n.tsx';
import { shopTimeZone } from '#app/modules/i18n/locales.ts';
import { TableScroll } from '#app/components/ui/table-scroll.tsx';

export interface DisplayedAddress {
  firstName: string;
  lastName: string;
  companyName?: string | null;
  street: string;
  houseNumber: string;
  zipCode: string;
  city: string;
  state?: string | null;
  countryCode: string;
  phone?: string | null;
}

/** An address as the destination's post writes it (address-format.ts), the country in the reader's language. */
export function AddressLines({ address }: { address: DisplayedAddress }) {
  const { locale } = useI18n();
  const lines = [...postalLines(address), countryName(address.countryCode, locale), ...(address.phone ? [address.phone] : [])];
  return (
    <address className="address-lines">
      {lines.map((line, index) => (
        <Fragment key={index}>
          {index > 0 && <br />}
          {line}
        </Fragment>
      ))}
    </address>
  );
}

/** Dates in the shop's own time zone, so server and browser render the same text. */
export function useFormatDate(withTime = false) {
  const { locale } = useI18n();
  const format = new Intl.DateTimeFormat(
    locale,
    withTime ? { dateStyle: 'medium', timeStyle: 'short', timeZone: shopTimeZone } : { dateStyle: 'medium', timeZone: shopTimeZone },
  );
  return (date: Date | string) => format.format(new Date(date));
}

export function useFormatOrderMoney() {
  const { locale } = useI18n();
  return (amount: number, currency: string) => formatCurrencyAmount(amount, currency, locale);
}

export function OrderStatusBadge({ status }: { status: string }) {
  const { t } = useI18n();
  return <span className={`status-badge status-badge--${status}`}>{t(`order.status.${status}`)}</span>;
}

interface OrderRow {
  orderNumber: string;
  createdAt: Date | string;
  status: string;
  currencyCode: string;
  totalCents: number;
  invoiceNumbers: string[];
}

/** The customer's orders as a table: number, date, status, total, invoices. */
export function OrderTable({ orders, prefix }: { orders: OrderRow[]; prefix: string }) {
  const { t } = useI18n();
  const formatDate = useFormatDate();
  const formatAmount = useFormatOrderMoney();
  return (
    <TableScroll label={t('account.orders.caption')}>
      <table className="data-table">
        <caption className="visually-hidden">{t('account.orders.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('account.orders.number')}</th>
            <th scope="col">{t('account.orders.date')}</th>
            <th scope="col">{t('account.orders.status')}</th>
            <th scope="col" className="numeric">
              {t('account.orders.total')}
            </th>
            <th scope="col">{t('account.orders.invoice')}</th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order.orderNumber}>
              <th scope="row">
                <Link to={`/${prefix}/customer/orders/${order.orderNumber}`}>{order.orderNumber}</Link>
              </th>
              <td>{formatDate(order.createdAt)}</td>
              <td>
                <OrderStatusBadge status={order.status} />
              </td>
              <td className="numeric">{formatAmount(order.totalCents, order.currencyCode)}</td>
              <td>
                {order.invoiceNumbers.length === 0
                  ? '—'
                  : order.invoiceNumbers.map((invoiceNumber) => (
                      <a key={invoiceNumber} href={`/${prefix}/customer/orders/${order.orderNumber}/invoice/${invoiceNumber}`} download>
                        {t('account.orders.invoicePdf', { number: invoiceNumber })}
                      </a>
                    ))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
