import { data } from 'react-router';
import type { Route } from './+types/catalogue-export';
import { servicesContext } from '#app/context.ts';
import { orUnavailable } from '#app/db/with-database.server.ts';
import { recordAudit } from '#app/lib/observability/audit.server.ts';
import { requireStaff } from '#app/modules/admin/require-staff.server.ts';
import { catalogueCsvStream, catalogueXlsxStream } from '#app/modules/catalogue-transfer/catalogue-export.server.ts';
import { importKinds, type ImportKind } from '#app/modules/catalogue-transfer/transfer-format.ts';

const formats = {
  csv: { stream: catalogueCsvStream, contentType: 'text/csv; charset=utf-8' },
  xlsx: { stream: catalogueXlsxStream, contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
};

/** The catalogue as CSV or XLSX (the path's extension; ?kind=products|stock|prices), streamed batch by batch to the download. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const me = await requireStaff(request, context, 'catalogue.read');
  const url = new URL(request.url);
  const kind = url.searchParams.get('kind') ?? 'products';
  if (!(importKinds as readonly string[]).includes(kind)) throw data(null, { status: 400 });
  const format = url.pathname.endsWith('.xlsx') ? 'xlsx' : 'csv';
  const { db } = context.get(servicesContext);
  await orUnavailable(() => recordAudit(db, { staffId: me.id, action: 'catalogue.export', entity: 'catalogue', after: { kind, format } }));
  const day = new Date().toISOString().slice(0, 10);
  return new Response(formats[format].stream(db, kind as ImportKind), {
    headers: {
      'Content-Type': formats[format].contentType,
      'Content-Disposition': `attachment; filename="${kind}-${day}.${format}"`,
      'Cache-Control': 'no-store',
    },
  });
}
