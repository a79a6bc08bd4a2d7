import { eq } from 'drizzle-orm';
import type { AppServices } from '#app/context.ts';
import { orders } from '#app/db/schema.ts';
import { orderConfirmationMail } from './order-confirmation-mail.server.ts';
import type { LocaleCode } from '#app/modules/i18n/locales.ts';
import { serverTranslator } from '#app/modules/i18n/translator.server.ts';
import { renderMail } from '#app/modules/mail/mail-layout.server.ts';
import { documentContext, orderInvoiceDocuments } from './invoice-documents.server.ts';
import { invoiceFileName } from './invoice-downloads.server.ts';
import { renderInvoicePdf } from './invoice-pdf.server.ts';
import { sendOrderMail } from './order-mails.server.ts';
import { mailFrame, type OrderAudit } from './order-status.server.ts';

export type ResendableMail = 'confirmation' | 'invoice';
export type ResendResult = { ok: true } | { ok: false; error: 'not-found' | 'no-invoice' };

/**
 * Sends the order confirmation again, or the invoice mail (the invoice PDF attached), to the
 * order's e-mail address in the language of its store.
 */
export async function resendOrderMail(
  services: Pick<AppServices, 'db' | 'logger' | 'shopName' | 'mailer' | 'siteUrl'>,
  { orderNumber, kind, actor, audit }: { orderNumber: string; kind: ResendableMail; actor: string | null; audit?: OrderAudit },
): Promise<ResendResult> {
  const [order] = await services.db.select().from(orders).where(eq(orders.orderNumber, orderNumber));
  if (!order) return { ok: false, error: 'not-found' };
  const locale = order.locale as LocaleCode;
  if (kind === 'confirmation') {
    const mail = await orderConfirmationMail(services, locale, orderNumber);
    if (!mail) return { ok: false, error: 'not-found' };
    await sendOrderMail(services, { orderNumber, kind, mail, actor, audit });
    return { ok: true };
  }
  const t = await serverTranslator(services.db, locale, services.logger);
  const documents = await orderInvoiceDocuments(services.db, documentContext(services, t, locale), order.id);
  if (documents.length === 0) return { ok: false, error: 'no-invoice' };
  const mail = renderMail({
    ...mailFrame(services, t, order),
    subject: t('fulfilment.mail.invoice.subject', { orderNumber, shopName: services.shopName }),
    paragraphs: [t('fulfilment.mail.invoice.intro', { orderNumber })],
  });
  const attachments = await Promise.all(
    documents.map(async (document) => ({
      filename: invoiceFileName(document.invoiceNumber),
      contentType: 'application/pdf',
      contentBase64: (await renderInvoicePdf(document)).toString('base64'),
    })),
  );
  await sendOrderMail(services, { orderNumber, kind, mail: { ...mail, attachments }, actor, audit });
  return { ok: true };
}
