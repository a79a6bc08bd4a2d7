import { data, redirect } from 'react-router';
import type { Route } from './+types/invoice-pdf';
import { customerContext, servicesContext, storefrontContext } from '#app/context.ts';
import { isDatabaseUnavailable } from '#app/db/errors.ts';
import { accountPath } from '#app/modules/customers/account-paths.ts';
import { customerInvoicePdf, invoiceFileName } from '#app/modules/orders/invoice-downloads.server.ts';

/** An invoice PDF of one of the customer's own orders; anything else is a 404. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const { storefront } = context.get(storefrontContext);
  let pdf: Buffer | null;
  try {
    pdf = await customerInvoicePdf(services, storefront.code, context.get(customerContext)!.id, params.orderNumber, params.invoiceNumber);
  } catch (error) {
    if (isDatabaseUnavailable(error)) throw data(null, { status: 503 });
    services.logger.error({ err: error, invoiceNumber: params.invoiceNumber }, 'invoice PDF failed');
    // "There was an error in downloading your invoice." on the order page.
    throw redirect(`${accountPath(storefront.prefix, 'orders')}/${encodeURIComponent(params.orderNumber)}?error=invoice`);
  }
  if (!pdf) throw data(null, { status: 404 });
  return new Response(new Uint8Array(pdf), {
    headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': `attachment; filename="${invoiceFileName(params.invoiceNumber)}"` },
  });
}
