import { ZipArchive } from 'archiver';
import type { AppServices } from '#app/context.ts';
import type { LocaleCode } from '#app/modules/i18n/locales.ts';
import { serverTranslator } from '#app/modules/i18n/translator.server.ts';
import { customerInvoiceDocuments, documentContext } from './invoice-documents.server.ts';
import { renderInvoicePdf } from './invoice-pdf.server.ts';

export const invoiceFileName = (invoiceNumber: string) => `invoice-${invoiceNumber}.pdf`;

/** One invoice of a customer's order as a PDF; null when it is not theirs or does not exist. */
export async function customerInvoicePdf(
  services: AppServices,
  locale: LocaleCode,
  customerId: number,
  orderNumber: string,
  invoiceNumber: string,
): Promise<Buffer | null> {
  const t = await serverTranslator(services.db, locale, services.logger);
  const [document] = await customerInvoiceDocuments(services.db, documentContext(services, t, locale), customerId, invoiceNumber);
  if (!document || document.orderNumber !== orderNumber) return null;
  return renderInvoicePdf(document);
}

/** All invoices of a customer in one zip file; null when there are none. */
export async function customerInvoicesZip(services: AppServices, locale: LocaleCode, customerId: number): Promise<Buffer | null> {
  const t = await serverTranslator(services.db, locale, services.logger);
  const documents = await customerInvoiceDocuments(services.db, documentContext(services, t, locale), customerId);
  if (documents.length === 0) return null;
  const zip = new ZipArchive({ zlib: { level: 6 } });
  const chunks: Buffer[] = [];
  zip.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<void>((resolve, reject) => {
    zip.on('end', resolve);
    zip.on('error', reject);
  });
  for (const document of documents) zip.append(await renderInvoicePdf(document), { name: invoiceFileName(document.invoiceNumber), date: document.issuedAt });
  await zip.finalize();
  await finished;
  return Buffer.concat(chunks);
}
