import { data } from 'react-router';
import type { Route } from './+types/customer-export';
import { servicesContext } from '#app/context.ts';
import { orUnavailable } from '#app/db/with-database.server.ts';
import { idOf } from '#app/modules/admin/admin-forms.server.ts';
import { recordAudit } from '#app/lib/observability/audit.server.ts';
import { requireStaff } from '#app/modules/admin/require-staff.server.ts';
import { getCustomerRecord } from '#app/modules/customers/customer-admin.server.ts';
import { exportCustomerData } from '#app/modules/customers/privacy.server.ts';

/** The same JSON document the customer downloads from the privacy page, for a request by mail. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const me = await requireStaff(request, context, 'customers.write');
  const { db } = context.get(servicesContext);
  const customerId = idOf(params.customerId);
  const customer = await orUnavailable(() => getCustomerRecord(db, customerId));
  if (!customer || customer.anonymisedAt) throw data(null, { status: 404 });
  const exported = await orUnavailable(async () => {
    await recordAudit(db, { staffId: me.id, action: 'customer.export', entity: 'customer', entityId: customerId });
    return exportCustomerData(db, customerId);
  });
  return new Response(JSON.stringify(exported, null, 2), {
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': `attachment; filename="customer-${customerId}-${new Date().toISOString().slice(0, 10)}.json"`,
      'Cache-Control': 'no-store',
    },
  });
}
