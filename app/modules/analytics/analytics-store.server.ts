/**
 * Stores the first-party analytics (issue 17): ecommerce events, web vitals and client errors,
 * and reads them back for the back office (the funnel per store and day, web vitals p75 per page
 * type). Nothing personal is kept: no address, no account, no order number, no item names.
 */
import { createHash } from 'node:crypto';
import { and, asc, eq, gte, sql } from 'drizzle-orm';
import type { Database } from '#app/db/client.server.ts';
import { analyticsEvents, clientErrors, webVitals } from '#app/db/schema.ts';
import type { EcommerceEvent } from './ecommerce-events.ts';
import { currencyFractionDigits, type EcommerceEventName, minorFromGa4 } from './ga4.ts';
import { type ClientErrorReport, type VitalName, vitalThresholds, type WebVitalBatch } from './reports.ts';

/** The UTC day of now, as the tables keep it. */
const today = (now: Date) => now.toISOString().slice(0, 10);

export async function recordEcommerceEvents(db: Database, storefront: string, events: EcommerceEvent[], now = new Date()): Promise<void> {
  await db.insert(analyticsEvents).values(
    events.map(({ name, params, pageType }) => ({
      occurredOn: today(now),
      storefront,
      name,
      pageType: pageType ?? null,
      currency: params.currency ?? null,
      valueMinor: params.value !== undefined && params.currency ? minorFromGa4(params.value, currencyFractionDigits(params.currency)) : null,
      itemCount: (params.items ?? []).reduce((sum, item) => sum + (item.quantity ?? 1), 0),
    })),
  );
}

export async function recordWebVitals(db: Database, batch: WebVitalBatch, now = new Date()): Promise<void> {
  await db.insert(webVitals).values(
    batch.metrics.map((metric) => ({
      measuredOn: today(now),
      storefront: batch.storefront,
      pageType: batch.pageType,
      metric: metric.name,
      // CLS is unitless: kept in thousandths so every value is an integer.
      value: Math.round(metric.name === 'CLS' ? metric.value * 1000 : metric.value),
    })),
  );
}

/** One row per distinct error; a repeat counts. Returns whether it was new. */
export async function recordClientError(db: Database, report: ClientErrorReport, requestId: string): Promise<{ isNew: boolean }> {
  const fingerprint = createHash('sha256')
    .update(`${report.message}\0${report.source ?? ''}\0${report.line ?? ''}`)
    .digest('hex')
    .slice(0, 32);
  const [row] = await db
    .insert(clientErrors)
    .values({
      fingerprint,
      message: report.message,
      source: report.source ?? null,
      pageType: report.pageType ?? null,
      storefront: report.storefront,
      occurrences: 1,
      lastRequestId: requestId,
    })
    .onConflictDoUpdate({
      target: clientErrors.fingerprint,
      set: { occurrences: sql`${clientErrors.occurrences} + 1`, lastSeenAt: sql`now()`, lastRequestId: requestId },
    })
    .returning({ occurrences: clientErrors.occurrences });
  return { isNew: row?.occurrences === 1 };
}

const funnelSteps = { views: 'view_item', cart: 'add_to_cart', checkout: 'begin_checkout', purchase: 'purchase' } as const satisfies Record<
  string,
  EcommerceEventName
>;
export type FunnelRow = { day: string; storefront: string } & Record<keyof typeof funnelSteps, number>;

/** Product views → additions to the cart → checkouts begun → purchases, per store and day, since `from`. */
export async function funnelByStoreAndDay(db: Database, from: string): Promise<FunnelRow[]> {
  const count = (name: EcommerceEventName) => sql<number>`count(*) filter (where ${analyticsEvents.name} = ${name})`.mapWith(Number);
  return db
    .select({
      day: sql<string>`${analyticsEvents.occurredOn}::text`,
      storefront: analyticsEvents.storefront,
      views: count(funnelSteps.views),
      cart: count(funnelSteps.cart),
      checkout: count(funnelSteps.checkout),
      purchase: count(funnelSteps.purchase),
    })
    .from(analyticsEvents)
    .where(gte(analyticsEvents.occurredOn, from))
    .groupBy(analyticsEvents.occurredOn, analyticsEvents.storefront)
    .orderBy(asc(analyticsEvents.occurredOn), asc(analyticsEvents.storefront));
}

export interface VitalSummary {
  pageType: string;
  metric: VitalName;
  samples: number;
  p75: number;
  rating: 'good' | 'needs-improvement' | 'poor';
}

/** The 75th percentile of each web vital per page type since `from`, rated against spec §9. */
export async function webVitalsP75(db: Database, from: string, storefront?: string): Promise<VitalSummary[]> {
  const rows = await db
    .select({
      pageType: webVitals.pageType,
      metric: webVitals.metric,
      samples: sql<number>`count(*)`.mapWith(Number),
      p75: sql<number>`percentile_cont(0.75) within group (order by ${webVitals.value})`.mapWith(Number),
    })
    .from(webVitals)
    .where(and(gte(webVitals.measuredOn, from), storefront ? eq(webVitals.storefront, storefront) : undefined))
    .groupBy(webVitals.pageType, webVitals.metric)
    .orderBy(asc(webVitals.pageType), asc(webVitals.metric));
  return rows.map((row) => {
    const metric = row.metric as VitalName;
    const p75 = metric === 'CLS' ? row.p75 / 1000 : Math.round(row.p75);
    const { good, poor } = vitalThresholds[metric];
    return { pageType: row.pageType, metric, samples: row.samples, p75, rating: p75 <= good ? 'good' : p75 > poor ? 'poor' : 'needs-improvement' };
  });
}
