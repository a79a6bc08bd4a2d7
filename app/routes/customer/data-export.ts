import type { Route } from './+types/data-export';
import { customerContext, servicesContext } from '#app/context.ts';
import { orUnavailable } from '#app/db/with-database.server.ts';
import { exportCustomerData } from '#app/modules/customers/privacy.server.ts';

/** "Download my data": everything about the logged-in customer as a JSON file. */
export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  const exported = await orUnavailable(() => exportCustomerData(db, context.get(customerContext)!.id));
  return new Response(JSON.stringify(exported, null, 2), {
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': `attachment; filename="my-data-${new Date().toISOString().slice(0, 10)}.json"`,
    },
  });
}
