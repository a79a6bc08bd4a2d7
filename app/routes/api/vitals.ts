import type { Route } from './+types/vitals';
import { requestInfoContext, servicesContext } from '#app/context.ts';
import { orUnavailable } from '#app/db/with-database.server.ts';
import { recordWebVitals } from '#app/modules/analytics/analytics-store.server.ts';
import { webVitalBatch } from '#app/modules/analytics/reports.ts';
import { refusedReport, takeReport } from '#app/modules/analytics/report-intake.server.ts';
import { methodNotAllowed } from '#app/lib/http/method-not-allowed.ts';

/** Web vitals of one page view (sendBeacon), stored per page type and store. */
export async function action({ request, context }: Route.ActionArgs) {
  const { db, sessionSecret } = context.get(servicesContext);
  const { clientAddress } = context.get(requestInfoContext);
  const taken = await orUnavailable(() => takeReport(db, request, { kind: 'vitals', secret: sessionSecret, clientAddress, schema: webVitalBatch }));
  if (!taken.ok) return refusedReport(taken.reason);
  const { storefront } = taken;
  await orUnavailable(() => recordWebVitals(db, { ...taken.value, storefront: storefront.code }));
  return new Response(null, { status: 204 });
}

export function loader() {
  return methodNotAllowed('POST');
}
