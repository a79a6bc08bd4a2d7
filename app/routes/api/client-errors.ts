import type { Route } from './+types/client-errors';
import { requestInfoContext, servicesContext } from '#app/context.ts';
import { orUnavailable } from '#app/db/with-database.server.ts';
import { recordClientError } from '#app/modules/analytics/analytics-store.server.ts';
import { clientErrorReport } from '#app/modules/analytics/reports.ts';
import { refusedReport, scrubbed, takeReport } from '#app/modules/analytics/report-intake.server.ts';
import { methodNotAllowed } from '#app/lib/http/method-not-allowed.ts';

/** An error of the shop's scripts in a browser: kept once per kind (counted) and logged with the request id. */
export async function action({ request, context }: Route.ActionArgs) {
  const { db, sessionSecret, logger } = context.get(servicesContext);
  const { clientAddress, requestId } = context.get(requestInfoContext);
  const taken = await orUnavailable(() => takeReport(db, request, { kind: 'clientErrors', secret: sessionSecret, clientAddress, schema: clientErrorReport }));
  if (!taken.ok) return refusedReport(taken.reason);
  const { storefront } = taken;
  const report = {
    ...taken.value,
    storefront: storefront.code,
    message: scrubbed(taken.value.message),
    source: taken.value.source && scrubbed(taken.value.source),
  };
  const { isNew } = await orUnavailable(() => recordClientError(db, report, requestId));
  if (isNew) logger.warn({ requestId, clientError: report }, 'a script error in a browser');
  return new Response(null, { status: 204 });
}

export function loader() {
  return methodNotAllowed('POST');
}
