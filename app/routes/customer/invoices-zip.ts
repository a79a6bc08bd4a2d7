import { data, redirect } from 'react-router';
import type { Route } from './+types/invoices-zip';
import { customerContext, servicesContext, storefrontContext } from '#app/context.ts';
import { isDatabaseUnavailable } from '#app/db/errors.ts';
import { accountPath } from '#app/modules/customers/account-paths.ts';
import { customerInvoicesZip } from '#app/modules/orders/invoice-downloads.server.ts';

/** Every invoice of the customer in one zip ("download all"). */
export async function loader({ context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const { storefront } = context.get(storefrontContext);
  let zip: Buffer | null;
  try {
    zip = await customerInvoicesZip(services, storefront.code, context.get(customerContext)!.id);
  } catch (error) {
    if (isDatabaseUnavailable(error)) throw data(null, { status: 503 });
    services.logger.error({ err: error }, 'invoices zip failed');
    throw redirect(`${accountPath(storefront.prefix, 'orders')}?error=invoice`);
  }
  if (!zip) throw data(null, { status: 404 });
  return new Response(new Uint8Array(zip), {
    headers: { 'Content-Type': 'application/zip', 'Content-Disposition': 'attachment; filename="invoices.zip"' },
  });
}
