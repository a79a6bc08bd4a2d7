import type { ReactNode } from 'react';
import { useI18n } from '#app/modules/i18n/i18n.tsx';
import { lineName } from '#app/modules/orders/line-name.ts';

export interface OrderLinesRow {
  id: number;
  name: string;
  isSample: boolean;
  sku: string;
  quantity: number;
  unitPriceCents: number;
  rowTotalCents: number;
  /** needed with a VAT rate column */
  vatRateBp?: number;
}

export interface OrderLinesTotals {
  subtotalCents: number;
  discountCents: number;
  shippingCents: number;
  taxCents: number;
  totalCents: number;
  reverseCharge: boolean;
}

/** Column and total labels: the account pages and the admin each word them their own way. */
export interface OrderLinesLabels {
  product: string;
  quantity: string;
  unitPrice: string;
  rowTotal: string;
  subtotal: string;
  discount: string;
  shipping: string;
  vat: string;
  vatReverseCharge: string;
  total: string;
  /** when given, a VAT rate column (the admin's) */
  vatRate?: string;
}

const looks = {
  account: {
    wrap: 'table-scroll',
    table: 'data-table',
    numeric: 'numeric',
    wide: 'numeric',
    wideColumn: undefined,
    sub: 'data-table__sub',
    total: 'data-table__total',
    label: undefined,
  },
  admin: {
    wrap: 'admin-table-wrap',
    table: 'admin-table order-lines',
    numeric: 'admin-number',
    wide: 'admin-number order-table__wide',
    wideColumn: 'order-lines__wide',
    sub: 'admin-muted order-line__meta',
    total: 'order-total',
    label: 'order-total__label',
  },
} as const;

/**
 * The lines of an order with their totals, as the customer's order page and the staff's order
 * page show them: the line name says when it is a free sample (line-name.ts), `details` adds what
 * a page shows under the name (item number, length, refunded quantity).
 */
export function OrderLinesTable<Row extends OrderLinesRow>({
  items,
  totals,
  money,
  caption,
  labels,
  look,
  details,
  heading,
}: {
  items: Row[];
  totals: OrderLinesTotals;
  money: (cents: number) => string;
  caption: string;
  labels: OrderLinesLabels;
  look: keyof typeof looks;
  details: (item: Row) => ReactNode;
  /** a visible heading inside the table's frame */
  heading?: ReactNode;
}) {
  const { t, locale } = useI18n();
  const css = looks[look];
  const labelColumns = labels.vatRate ? 4 : 3;
  // The totals under the lines, in order; a discount only when there is one.
  const totalRows: { key: string; label: string; amount: string; className?: string }[] = [
    { key: 'subtotal', label: labels.subtotal, amount: money(totals.subtotalCents) },
    ...(totals.discountCents > 0 ? [{ key: 'discount', label: labels.discount, amount: `−${money(totals.discountCents)}` }] : []),
    { key: 'shipping', label: labels.shipping, amount: money(totals.shippingCents) },
    { key: 'vat', label: totals.reverseCharge ? labels.vatReverseCharge : labels.vat, amount: money(totals.taxCents) },
    { key: 'total', label: labels.total, amount: money(totals.totalCents), className: css.total },
  ];
  // The admin's table scrolls in a labelled region of its own on a phone, reachable by keyboard.
  const region = look === 'admin' ? { role: 'region', 'aria-label': caption, tabIndex: 0 } : {};
  return (
    <div className={css.wrap} {...region}>
      {heading}
      <table className={css.table}>
        <caption className="visually-hidden">{caption}</caption>
        {/* The unit price and VAT rate columns as columns: a phone's style can collapse them whole, totals' labels included. */}
        <colgroup>
          <col />
          <col />
          <col className={css.wideColumn} />
          {labels.vatRate && <col className={css.wideColumn} />}
          <col />
        </colgroup>
        <thead>
          <tr>
            <th scope="col">{labels.product}</th>
            <th scope="col" className={css.numeric}>
              {labels.quantity}
            </th>
            <th scope="col" className={css.wide}>
              {labels.unitPrice}
            </th>
            {labels.vatRate && (
              <th scope="col" className={css.wide}>
                {labels.vatRate}
              </th>
            )}
            <th scope="col" className={css.numeric}>
              {labels.rowTotal}
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={item.id}>
              <th scope="row">
                {lineName(item, t, locale)}
                <span className={css.sub}>{details(item)}</span>
              </th>
              <td className={css.numeric}>{item.quantity}</td>
              <td className={css.wide}>{money(item.unitPriceCents)}</td>
              {labels.vatRate && <td className={css.wide}>{(item.vatRateBp ?? 0) / 100} %</td>}
              <td className={css.numeric}>{money(item.rowTotalCents)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          {totalRows.map((row) => (
            <tr key={row.key} className={row.className}>
              <th scope="row" colSpan={labelColumns} className={css.label}>
                {row.label}
              </th>
              <td className={css.numeric}>{row.amount}</td>
            </tr>
          ))}
        </tfoot>
      </table>
    </div>
  );
}
