import { Link } from 'react-router';
import { adminPath } from '#app/modules/admin/admin-paths.ts';
import { useI18n } from '#app/modules/i18n/i18n.tsx';

export interface OrderHistoryRow {
  orderNumber: string;
  createdAt: string | Date;
  status: string;
  /** The amount column, already formatted in its currency. */
  amount: string;
}

/**
 * Orders with their number (a link to the order), date, status and one amount: a customer's
 * orders, a gift card's uses. Scrolls on its own on a narrow screen.
 */
export function OrderHistoryTable({ rows, labelledBy, amountHeading }: { rows: OrderHistoryRow[]; labelledBy: string; amountHeading: string }) {
  const { t, locale } = useI18n();
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
  return (
    <div className="admin-table-wrap" role="region" aria-labelledby={labelledBy} tabIndex={0}>
      <table className="admin-table">
        <thead>
          <tr>
            <th scope="col">{t('admin.customers.orderNumber')}</th>
            <th scope="col">{t('admin.customers.date')}</th>
            <th scope="col">{t('admin.customers.orderStatus')}</th>
            <th scope="col" className="admin-number">
              {amountHeading}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.orderNumber}>
              <th scope="row">
                <Link to={adminPath(`orders/${row.orderNumber}`)}>{row.orderNumber}</Link>
              </th>
              <td>{date.format(new Date(row.createdAt))}</td>
              <td>{t(`order.status.${row.status}`)}</td>
              <td className="admin-number">{row.amount}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
