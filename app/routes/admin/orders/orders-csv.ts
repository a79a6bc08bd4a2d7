import type { Route } from './+types/orders-csv';
import { servicesContext } from '#app/context.ts';
import { orUnavailable } from '#app/db/with-database.server.ts';
import { recordAudit } from '#app/lib/observability/audit.server.ts';
import { requireStaff } from '#app/modules/admin/require-staff.server.ts';
import { parseOrderFilters } from '#app/modules/orders/order-filters.ts';
import { ordersCsv } from '#app/modules/orders/order-search.server.ts';

/** The order list's filters as a CSV download; exports of customer data are kept in the audit log. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const me = await requireStaff(request, context, 'orders.read');
  const { db } = context.get(servicesContext);
  const filters = parseOrderFilters(new URL(request.url).searchParams);
  const csv = await orUnavailable(async () => {
    const text = await ordersCsv(db, filters);
    await recordAudit(db, { staffId: me.id, action: 'order.export', entity: 'order', after: { filters } });
    return text;
  });
  const day = new Date().toISOString().slice(0, 10);
  // The byte order mark makes spreadsheet programs read the file as UTF-8 (names such as Müller).
  return new Response(`\uFEFF${csv}`, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="orders-${day}.csv"`,
    },
  });
}
