import { and, eq } from 'drizzle-orm';
import { data } from 'react-router';
import type { Route } from './+types/order-document';
import { servicesContext } from '#app/context.ts';
import { orderRefunds, orders } from '#app/db/schema.ts';
import { orUnavailable } from '#app/db/with-database.server.ts';
import { requireStaff } from '#app/modules/admin/require-staff.server.ts';
import type { LocaleCode } from '#app/modules/i18n/locales.ts';
import { serverTranslator } from '#app/modules/i18n/translator.server.ts';
import { creditNoteDocument, documentContext, orderInvoiceDocuments } from '#app/modules/orders/invoice-documents.server.ts';
import { renderInvoicePdf } from '#app/modules/orders/invoice-pdf.server.ts';

/**
 * An invoice or credit note of an order as the customer received it (in the store's language),
 * for staff who may read orders. 404 for a number that is not this order's.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireStaff(request, context, 'orders.read');
  const services = context.get(servicesContext);
  const { db, logger } = services;
  const document = await orUnavailable(async () => {
    const [order] = await db.select({ id: orders.id, locale: orders.locale }).from(orders).where(eq(orders.orderNumber, params.orderNumber));
    if (!order) return null;
    const locale = order.locale as LocaleCode;
    const inOrderLanguage = documentContext(services, await serverTranslator(db, locale, logger), locale);
    const [refund] = await db
      .select({ id: orderRefunds.id })
      .from(orderRefunds)
      .where(and(eq(orderRefunds.orderId, order.id), eq(orderRefunds.creditNoteNumber, params.documentNumber)));
    if (refund) return creditNoteDocument(db, inOrderLanguage, refund.id);
    return (await orderInvoiceDocuments(db, inOrderLanguage, order.id)).find((invoice) => invoice.invoiceNumber === params.documentNumber) ?? null;
  });
  if (!document) throw data(null, { status: 404 });
  const pdf = await renderInvoicePdf(document);
  return new Response(new Uint8Array(pdf), {
    headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': `inline; filename="${document.invoiceNumber}.pdf"` },
  });
}
