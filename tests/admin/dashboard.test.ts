import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, orders, productVariants } from '#app/db/schema.ts';
import {
  lowStockThreshold,
  lowStockVariants,
  recentFailedMails,
  type SalesRow,
  salesByStore,
  salesPerDay,
  waitingWork,
} from '#app/modules/admin/dashboard.server.ts';
import { createDemoDatabase, type TestDatabase, testDrivers } from '../support/database.ts';
import { createCustomer, createPaidOrder } from '../support/factories.ts';

const rowOf = (rows: SalesRow[], locale: string, currency: string) => rows.find((row) => row.locale === locale && row.currencyCode === currency);
const zero = { orders: 0, revenue: 0, revenueEurCents: 0 };

describe.each(testDrivers)('dashboard figures on %s', (driver) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createDemoDatabase(driver, 0.05);
  });
  afterAll(() => database?.destroy());

  it('sums orders and revenue per store and currency, in EUR at each order rate, for today, 7 and 30 days', async () => {
    const { db } = database;
    const customer = await createCustomer(db);
    const before = await salesByStore(db);
    const sv = rowOf(before, 'sv-SE', 'SEK')?.periods ?? { today: zero, week: zero, month: zero };
    // 1,150.00 SEK at 11.5 SEK per EUR = 100.00 EUR; paid today.
    await createPaidOrder(db, customer.id, { locale: 'sv-SE', currencyCode: 'SEK', exchangeRate: '11.50000000', totalCents: 115_000 });
    // Ten days ago: only in the 30-day figures.
    const old = await createPaidOrder(db, customer.id, { locale: 'sv-SE', currencyCode: 'SEK', exchangeRate: '11.50000000', totalCents: 23_000 });
    await db
      .update(orders)
      .set({ createdAt: sql`now() - interval '10 days'` })
      .where(eq(orders.id, old.id));
    // Awaiting payment and cancelled: counted as orders, not as revenue.
    await createPaidOrder(db, customer.id, { locale: 'sv-SE', currencyCode: 'SEK', exchangeRate: '11.50000000', totalCents: 5_000, status: 'pending_payment' });
    await createPaidOrder(db, customer.id, { locale: 'sv-SE', currencyCode: 'SEK', exchangeRate: '11.50000000', totalCents: 7_000, status: 'cancelled' });

    const after = rowOf(await salesByStore(db), 'sv-SE', 'SEK')!.periods;
    expect(after.today.orders - sv.today.orders).toBe(3);
    expect(after.today.revenue - sv.today.revenue).toBe(115_000);
    expect(after.today.revenueEurCents - sv.today.revenueEurCents).toBe(10_000);
    expect(after.week.revenueEurCents - sv.week.revenueEurCents).toBe(10_000);
    expect(after.month.orders - sv.month.orders).toBe(4);
    expect(after.month.revenue - sv.month.revenue).toBe(138_000);
    expect(after.month.revenueEurCents - sv.month.revenueEurCents).toBe(12_000);
  });

  it('gives 30 days for the chart, oldest first, days without orders as zero', async () => {
    const days = await salesPerDay(database.db);
    expect(days).toHaveLength(30);
    expect(days[0]!.day < days[29]!.day).toBe(true);
    expect(days.some((day) => day.orders === 0 && day.revenueEurCents === 0)).toBe(true);
    expect(days[29]!.orders).toBeGreaterThan(0);
  });

  it('counts the work waiting and lists low stock and failed mails', async () => {
    const { db } = database;
    const waiting = await waitingWork(db);
    const [counts] = await db
      .select({
        pending: sql<number>`count(*) filter (where status = 'pending_payment')::int`,
        toShip: sql<number>`count(*) filter (where status in ('paid', 'processing'))::int`,
      })
      .from(orders);
    expect(waiting).toMatchObject({ awaitingPayment: counts!.pending, toShip: counts!.toShip });

    const [variant] = await db.select({ id: productVariants.id }).from(productVariants).limit(1);
    await db.update(productVariants).set({ stockQuantity: 0 }).where(eq(productVariants.id, variant!.id));
    const low = await lowStockVariants(db, 'en', 100);
    expect(low.map((row) => row.variantId)).toContain(variant!.id);
    expect(low.every((row) => row.stock <= lowStockThreshold)).toBe(true);

    await db
      .insert(mailOutbox)
      .values({ toAddress: 'x@example.com', subject: 'Your order', html: '', text: '', attempts: 10, nextAttemptAt: null, lastError: 'connection refused' });
    expect((await waitingWork(db)).failedMails).toBe(waiting.failedMails + 1);
    expect((await recentFailedMails(db))[0]).toMatchObject({ subject: 'Your order', lastError: 'connection refused' });
  });
});
