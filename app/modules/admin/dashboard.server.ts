/**
 * The dashboard's figures: orders and revenue per store and currency for today, the last 7 and
 * 30 days (days in the shop's time zone), revenue per day for the chart, and the work waiting.
 * Revenue counts orders that are paid or further along; it is shown in the order's currency and
 * in EUR at the rate stored with each order.
 */
import { and, asc, desc, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import { type Database, queryRows } from '#app/db/client.server.ts';
import { mailOutbox, productTranslations, productVariants, products } from '#app/db/schema.ts';
import { shopTimeZone } from '#app/modules/i18n/locales.ts';

export const revenueStatuses = ['paid', 'processing', 'shipped', 'completed'] as const;
/** A variant at or below this many units (and still for sale) is low on stock. */
export const lowStockThreshold = 5;
export const chartDays = 30;

export interface SalesRow {
  locale: string;
  currencyCode: string;
  periods: Record<'today' | 'week' | 'month', { orders: number; revenue: number; revenueEurCents: number }>;
}

const revenueList = sql.raw(revenueStatuses.map((status) => `'${status}'`).join(', '));
const today = sql`(now() at time zone ${shopTimeZone})::date`;
const orderDay = sql`(o.created_at at time zone ${shopTimeZone})::date`;
/** The order total in EUR cents at the order's own rate (1 EUR = rate units), rounded per order. */
const eurCents = sql`round(o.total_cents::numeric * 100 / (o.exchange_rate * power(10, c.minor_units)))`;

export async function salesByStore(db: Database): Promise<SalesRow[]> {
  const periods = { today: 1, week: 7, month: 30 } as const;
  const columns = Object.entries(periods).map(([name, days]) => {
    const inPeriod = sql`${orderDay} > ${today} - ${days}::int`;
    const earning = sql`${inPeriod} and o.status in (${revenueList})`;
    return sql`count(*) filter (where ${inPeriod})::int as ${sql.raw(`${name}_orders`)},
      coalesce(sum(o.total_cents) filter (where ${earning}), 0)::bigint as ${sql.raw(`${name}_revenue`)},
      coalesce(sum(${eurCents}) filter (where ${earning}), 0)::bigint as ${sql.raw(`${name}_eur`)}`;
  });
  const rows = await queryRows<Record<string, string | number>>(
    db,
    sql`select o.locale, o.currency_code, ${sql.join(columns, sql`, `)}
      from orders o join currencies c on c.code = o.currency_code
      where o.created_at >= now() - interval '31 days'
      group by o.locale, o.currency_code
      order by o.locale, o.currency_code`,
  );
  return rows.map((row) => ({
    locale: String(row.locale),
    currencyCode: String(row.currency_code),
    periods: Object.fromEntries(
      Object.keys(periods).map((name) => [
        name,
        { orders: Number(row[`${name}_orders`]), revenue: Number(row[`${name}_revenue`]), revenueEurCents: Number(row[`${name}_eur`]) },
      ]),
    ) as SalesRow['periods'],
  }));
}

export interface DayFigures {
  /** yyyy-mm-dd in the shop's time zone */
  day: string;
  orders: number;
  revenueEurCents: number;
}

/** The last 30 days, oldest first, days without orders included. */
export async function salesPerDay(db: Database): Promise<DayFigures[]> {
  const rows = await queryRows<{ day: string; orders: number; eur: string }>(
    db,
    sql`select to_char(d.day, 'YYYY-MM-DD') as day,
        count(o.id)::int as orders,
        coalesce(sum(${eurCents}) filter (where o.status in (${revenueList})), 0)::bigint as eur
      from generate_series(${today} - ${chartDays - 1}::int, ${today}, interval '1 day') as d(day)
      left join orders o on ${orderDay} = d.day::date
      left join currencies c on c.code = o.currency_code
      group by d.day order by d.day`,
  );
  return rows.map((row) => ({ day: row.day, orders: row.orders, revenueEurCents: Number(row.eur) }));
}

export async function waitingWork(db: Database) {
  const [counts] = await queryRows<{ awaiting_payment: number; awaiting_review: number; to_ship: number; failed_mails: number }>(
    db,
    sql`select
      (select count(*)::int from orders where status = 'pending_payment') as awaiting_payment,
      (select count(*)::int from orders where status = 'on_hold') as awaiting_review,
      (select count(*)::int from orders where status in ('paid', 'processing')) as to_ship,
      (select count(*)::int from mail_outbox where sent_at is null and discarded_at is null and (next_attempt_at is null or last_error is not null)) as failed_mails`,
  );
  return {
    awaitingPayment: counts?.awaiting_payment ?? 0,
    awaitingReview: counts?.awaiting_review ?? 0,
    toShip: counts?.to_ship ?? 0,
    failedMails: counts?.failed_mails ?? 0,
  };
}

/** Variants still for sale with few units left, fewest first. */
export async function lowStockVariants(db: Database, locale: string, limit = 10) {
  return db
    .select({ variantId: productVariants.id, sku: productVariants.sku, stock: productVariants.stockQuantity, name: productTranslations.name })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .leftJoin(productTranslations, and(eq(productTranslations.productId, products.id), eq(productTranslations.locale, locale)))
    .where(and(eq(productVariants.isActive, true), lte(productVariants.stockQuantity, lowStockThreshold)))
    .orderBy(asc(productVariants.stockQuantity), asc(productVariants.sku))
    .limit(limit);
}

/** The newest mails that failed (given up, or waiting for another try after an error). */
export async function recentFailedMails(db: Database, limit = 5) {
  return db
    .select({ id: mailOutbox.id, toAddress: mailOutbox.toAddress, subject: mailOutbox.subject, lastError: mailOutbox.lastError, attempts: mailOutbox.attempts })
    .from(mailOutbox)
    .where(and(isNull(mailOutbox.sentAt), isNull(mailOutbox.discardedAt), gt(mailOutbox.attempts, 0), sql`${mailOutbox.lastError} is not null`))
    .orderBy(desc(mailOutbox.id))
    .limit(limit);
}
