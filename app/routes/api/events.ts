import type { Route } from './+types/events';
import { requestInfoContext, servicesContext } from '#app/context.ts';
import { orUnavailable } from '#app/db/with-database.server.ts';
import { recordEcommerceEvents } from '#app/modules/analytics/analytics-store.server.ts';
import { ecommerceEventBatch } from '#app/modules/analytics/ecommerce-events.ts';
import { refusedReport, takeReport } from '#app/modules/analytics/report-intake.server.ts';
import { methodNotAllowed } from '#app/lib/http/method-not-allowed.ts';

/** A batch of ecommerce events (GA4 names), sent by the browser only with analytics consent. */
export async function action({ request, context }: Route.ActionArgs) {
  const { db, sessionSecret } = context.get(servicesContext);
  const { clientAddress } = context.get(requestInfoContext);
  const taken = await orUnavailable(() => takeReport(db, request, { kind: 'events', secret: sessionSecret, clientAddress, schema: ecommerceEventBatch }));
  if (!taken.ok) return refusedReport(taken.reason);
  const { storefront } = taken;
  await orUnavailable(() => recordEcommerceEvents(db, storefront.code, taken.value.events));
  return new Response(null, { status: 204 });
}

export function loader() {
  return methodNotAllowed('POST');
}
