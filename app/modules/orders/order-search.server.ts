import { csvCell } from '#app/lib/http/csv.ts';
import { containsPattern, likeEscaped } from '#app/lib/paging/like-pattern.ts';
import { and, count, desc, eq, gte, ilike, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '#app/db/client.server.ts';
import { orders } from '#app/db/schema.ts';
import { orderByOf } from '#app/lib/paging/list-sort.server.ts';
import { minorUnitsToDecimal } from '#app/modules/currency/money.ts';
import { currencyDefinitions } from '#app/modules/i18n/locales.ts';
import { pageWindow } from '#app/lib/paging/page-window.ts';
import type { OrderFilters } from './order-filters.ts';

/** LIKE wildcards in what staff typed are meant literally. */

function conditions(filters: OrderFilters): SQL | undefined {
  const where: (SQL | undefined)[] = [
    filters.store ? eq(orders.locale, filters.store) : undefined,
    filters.status ? eq(orders.status, filters.status) : undefined,
    filters.payment ? eq(orders.paymentMethod, filters.payment) : undefined,
    filters.from ? gte(orders.createdAt, new Date(`${filters.from}T00:00:00Z`)) : undefined,
    // The whole "to" day counts.
    filters.to ? lt(orders.createdAt, new Date(Date.parse(`${filters.to}T00:00:00Z`) + 86_400_000)) : undefined,
  ];
  if (filters.q) {
    const pattern = containsPattern(filters.q);
    where.push(
      or(
        ilike(orders.orderNumber, `${likeEscaped(filters.q)}%`),
        ilike(orders.email, pattern),
        sql`(${orders.billingAddress}->>'firstName') || ' ' || (${orders.billingAddress}->>'lastName') ilike ${pattern}`,
        sql`(${orders.shippingAddress}->>'firstName') || ' ' || (${orders.shippingAddress}->>'lastName') ilike ${pattern}`,
      ),
    );
  }
  return and(...where);
}

const sortColumns = {
  createdAt: orders.createdAt,
  orderNumber: orders.orderNumber,
  total: orders.totalCents,
  status: orders.status,
  email: orders.email,
} as const;

const listColumns = {
  orderNumber: orders.orderNumber,
  createdAt: orders.createdAt,
  store: orders.locale,
  status: orders.status,
  email: orders.email,
  billingAddress: orders.billingAddress,
  paymentMethod: orders.paymentMethod,
  shippingMethod: orders.shippingMethod,
  currencyCode: orders.currencyCode,
  totalCents: orders.totalCents,
  taxCents: orders.taxCents,
};

const ordered = (filters: OrderFilters) => orderByOf({ key: filters.sort, direction: filters.direction }, sortColumns, desc(orders.id));

const customerName = (address: Record<string, string>) => [address.firstName, address.lastName].filter(Boolean).join(' ');

/** One page of orders matching the filters, sorted on the server. */
export async function searchOrders(db: Database, filters: OrderFilters, pageSize = 25) {
  const where = conditions(filters);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(orders).where(where);
  const window = pageWindow(filters.page, pageSize, total);
  const rows = await db
    .select(listColumns)
    .from(orders)
    .where(where)
    .orderBy(...ordered(filters))
    .limit(pageSize)
    .offset(window.offset);
  return { window, orders: rows.map(({ billingAddress, ...row }) => ({ ...row, customerName: customerName(billingAddress) })) };
}

export type OrderListRow = Awaited<ReturnType<typeof searchOrders>>['orders'][number];

export { csvCell } from '#app/lib/http/csv.ts';

const csvColumns = [
  'order_number',
  'created_at',
  'store',
  'status',
  'email',
  'customer',
  'payment_method',
  'shipping_method',
  'currency',
  'total',
  'vat',
] as const;

/** A plain decimal amount for a spreadsheet (1234.50; 1234 for yen). */
const decimal = (amount: number, currency: string) =>
  minorUnitsToDecimal(amount, currencyDefinitions.find((definition) => definition.code === currency)?.minorUnits);

/** Every order matching the filters (not just one page) as CSV, read in batches. */
export async function ordersCsv(db: Database, filters: OrderFilters, batchSize = 500): Promise<string> {
  const where = conditions(filters);
  const lines = [csvColumns.join(',')];
  for (let offset = 0; ; offset += batchSize) {
    const rows = await db
      .select(listColumns)
      .from(orders)
      .where(where)
      .orderBy(...ordered(filters))
      .limit(batchSize)
      .offset(offset);
    for (const row of rows) {
      lines.push(
        [
          row.orderNumber,
          row.createdAt.toISOString(),
          row.store,
          row.status,
          row.email,
          customerName(row.billingAddress),
          row.paymentMethod,
          row.shippingMethod,
          row.currencyCode,
          decimal(row.totalCents, row.currencyCode),
          decimal(row.taxCents, row.currencyCode),
        ]
          .map(csvCell)
          .join(','),
      );
    }
    if (rows.length < batchSize) break;
  }
  // CRLF as RFC 4180 says; spreadsheets open it either way.
  return `${lines.join('\r\n')}\r\n`;
}
