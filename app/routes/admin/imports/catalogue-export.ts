import { data } from 'react-router';
import type { Route } from './+types/catalogue-export';
import { servicesContext } from '#app/context.ts';
import { orUnavailable } from '#app/db/with-database.server.ts';
import { recordAudit } from '#app/modules/admin/audit.server.ts';
import { requireStaff } from '#app/modules/admin/require-staff.server.ts';
import { catalogueCsvStream } from '#app/modules/catalogue-transfer/catalogue-export.server.ts';
import { importKinds, type ImportKind } from '#app/modules/catalogue-transfer/transfer-format.ts';

/** The catalogue as CSV (?kind=products|stock|prices), streamed batch by batch to the download. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const me = await requireStaff(request, context, 'catalogue.read');
  const kind = new URL(request.url).searchParams.get('kind') ?? 'products';
  if (!(importKinds as readonly string[]).includes(kind)) throw data(null, { status: 400 });
  const { db } = context.get(servicesContext);
  await orUnavailable(() => recordAudit(db, { staffId: me.id, action: 'catalogue.export', entity: 'catalogue', after: { kind } }));
  const day = new Date().toISOString().slice(0, 10);
  return new Response(catalogueCsvStream(db, kind as ImportKind), {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${kind}-${day}.csv"`,
      'Cache-Control': 'no-store',
    },
  });
}
