import PDFDocument from 'pdfkit';
import { FONT } from '#app/modules/orders/invoice-pdf.server.ts';

/** What the printable card shows, already translated and formatted by the caller. */
export interface GiftCardPrint {
  locale: string;
  shopName: string;
  title: string;
  amount: string;
  /** "For Anna", "From Ben" */
  toLine: string;
  fromLine: string;
  message: string;
  codeLabel: string;
  code: string;
  validity: string;
  howTo: string;
  issuedAt: Date;
}

/**
 * The printable gift card attached to the gift-card mails: one A5 landscape page drawn with
 * pdfkit and the invoice's embedded fonts (every store's letters), text only — nothing the
 * buyer typed is interpreted.
 */
export function renderGiftCardPdf(card: GiftCardPrint): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A5',
      layout: 'landscape',
      margin: 36,
      font: FONT.regular,
      lang: card.locale,
      displayTitle: true,
      info: { Title: `${card.shopName} – ${card.title}`, Author: card.shopName, CreationDate: card.issuedAt },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    const { width, height } = doc.page;
    const inner = width - 2 * 48;
    doc
      .roundedRect(24, 24, width - 48, height - 48, 14)
      .lineWidth(2)
      .strokeColor('#1f6f43')
      .stroke();
    doc.font(FONT.bold).fontSize(13).fillColor('#1f6f43').text(card.shopName, 48, 44, { width: inner });
    doc.font(FONT.bold).fontSize(26).fillColor('#1d1d1b').text(card.title, 48, 70, { width: inner });
    doc.font(FONT.bold).fontSize(34).fillColor('#1f6f43').text(card.amount, 48, 108, { width: inner });
    doc.font(FONT.regular).fontSize(12).fillColor('#1d1d1b').text(card.toLine, 48, 160, { width: inner });
    doc.text(card.fromLine, { width: inner });
    if (card.message) doc.moveDown(0.6).font(FONT.regular).fontSize(11).fillColor('#444444').text(`“${card.message}”`, { width: inner });
    const codeTop = height - 150;
    doc.font(FONT.regular).fontSize(10).fillColor('#555555').text(card.codeLabel, 48, codeTop, { width: inner });
    doc
      .font(FONT.bold)
      .fontSize(22)
      .fillColor('#1d1d1b')
      .text(card.code, 48, codeTop + 14, { width: inner, characterSpacing: 2 });
    doc
      .font(FONT.regular)
      .fontSize(9)
      .fillColor('#555555')
      .text(card.validity, 48, codeTop + 46, { width: inner });
    doc.text(card.howTo, { width: inner });
    doc.end();
  });
}
