import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import PDFDocument from 'pdfkit';
import { formatMoney } from '#app/modules/currency/money.ts';
import { shopTimeZone } from '#app/modules/i18n/locales.ts';

export interface InvoiceParty {
  name: string; // person name
  companyName?: string | null;
  addressLines: string[]; // e.g. ['Touwbaan 12', '1234 AB Amsterdam', 'Netherlands']
  vatNumber?: string | null;
  email?: string | null;
}

export interface InvoiceLine {
  sku: string;
  name: string;
  quantity: number;
  /** e.g. "2.5 m" for cut-to-length lines; shown under the name */
  detail?: string | null;
  unitPriceCents: number; // integer minor units of the invoice currency, excl. VAT
  rowTotalCents: number; // excl. VAT
  vatRateBp: number; // basis points, 2100 = 21 %
}

/**
 * An invoice, or a credit note (the same document with its own title and number, negative
 * amounts, and the invoice it corrects).
 */
export interface InvoiceDocument {
  invoiceNumber: string;
  /** Credit notes: the number of the invoice they correct. */
  correctsInvoiceNumber?: string | null;
  issuedAt: Date;
  orderNumber: string;
  orderDate: Date;
  locale: string; // BCP 47, e.g. 'de-DE', for number/date/money formatting with Intl
  currencyCode: string; // ISO 4217
  minorUnits: number; // 2, or 0 for JPY
  seller: InvoiceParty & {
    registration?: string | null;
    iban?: string | null;
    /** the terms of sale in the invoice's language, e.g. 'Terms and conditions: https://…' */ termsLine?: string | null;
  };
  buyer: InvoiceParty;
  shipTo?: InvoiceParty | null;
  lines: InvoiceLine[];
  subtotalCents: number;
  discountCents: number;
  shippingCents: number;
  /** one row per VAT rate: taxable base and VAT amount */
  vatBreakdown: { rateBp: number; baseCents: number; taxCents: number }[];
  taxCents: number;
  totalCents: number;
  reverseCharge: boolean;
  /** lines that are gift cards (multi-purpose vouchers): no VAT on them, and the invoice says why */
  hasVouchers?: boolean;
  paymentMethod: string; // already translated label
  paid: boolean;
  /** the buyer's own reference for the order (spec §3), e.g. a purchase order number */
  ownReference?: string | null;
  /** the buyer's remarks on the order */
  remarks?: string | null;
  /** All visible words, already translated by the caller (keys below). */
  labels: InvoiceLabels;
}

export interface InvoiceLabels {
  invoice: string;
  invoiceNumber: string;
  invoiceDate: string;
  orderNumber: string;
  orderDate: string;
  seller: string;
  billTo: string;
  shipTo: string;
  vatNumber: string;
  registration: string;
  iban: string;
  item: string;
  sku: string;
  quantity: string;
  unitPrice: string;
  vatRate: string;
  amount: string;
  subtotal: string;
  discount: string;
  shipping: string;
  vatBreakdown: string;
  taxableAmount: string;
  vat: string;
  total: string;
  paymentMethod: string;
  paid: string;
  awaitingPayment: string;
  reverseChargeNote: string; // legal note printed when reverseCharge is true
  voucherNote: string; // printed when the invoice has gift-card lines: multi-purpose vouchers, no VAT
  page: string; // e.g. "Page {page} of {pages}" – replace {page}/{pages}
  correctsInvoice?: string; // credit notes: "Corrects invoice"
  ownReference?: string; // "Your reference", shown with the order facts when there is one
  remarks?: string; // "Remarks", the block above the lines when there are any
}

type Doc = PDFKit.PDFDocument;
type Align = 'left' | 'right';

/**
 * The standard PDF fonts (Helvetica) only cover WinAnsi, which lacks letters such as ł, ś and ż,
 * so the invoice embeds DejaVu Sans (subset by pdfkit). The files ship with this module's source;
 * they are found from the project root because the server bundle lives elsewhere (build/server).
 */
const fontDirectory = join(projectRoot(fileURLToPath(import.meta.url)), 'app/modules/orders/fonts');
/** Also the fonts of the printable gift card (gift-cards/gift-card-pdf.server.ts). */
export const FONT = {
  regular: join(fontDirectory, 'DejaVuSans.ttf'),
  bold: join(fontDirectory, 'DejaVuSans-Bold.ttf'),
};

/** The nearest directory above a file that holds package.json. */
function projectRoot(file: string): string {
  for (let directory = dirname(file); directory !== dirname(directory); directory = dirname(directory)) {
    if (existsSync(join(directory, 'package.json'))) return directory;
  }
  throw new Error(`no package.json above ${file}`);
}
const COLOR = { text: '#1f2328', muted: '#656d76', rule: '#d0d7de', band: '#f1f3f5', accent: '#8a4b16' };
const MARGIN = { top: 50, right: 50, bottom: 70, left: 50 };
/** Vertical distance between blocks. */
const SECTION_GAP = 24;
/** Height of one row in the totals block. */
const TOTAL_ROW = 15;

interface Formatters {
  money(cents: number): string;
  date(value: Date): string;
  percent(rateBp: number): string;
  quantity(value: number): string;
}

/** Everything the drawing functions share. */
interface Context {
  doc: Doc;
  invoice: InvoiceDocument;
  labels: InvoiceLabels;
  format: Formatters;
  /** Left and right edge of the content area. */
  left: number;
  right: number;
}

export function renderInvoicePdf(invoice: InvoiceDocument): Promise<Buffer> {
  // A synchronous throw in here (e.g. a missing font file) rejects the promise.
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      margins: MARGIN,
      font: FONT.regular,
      bufferPages: true, // the footer needs the final page count
      lang: invoice.locale,
      displayTitle: true,
      info: {
        Title: `${invoice.labels.invoice} ${invoice.invoiceNumber}`,
        Author: invoice.seller.name,
        // pdfkit defaults to now; a fixed date makes the output (and its file ID) reproducible.
        CreationDate: invoice.issuedAt,
      },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);

    const context: Context = {
      doc,
      invoice,
      labels: invoice.labels,
      format: formatters(invoice),
      left: MARGIN.left,
      right: doc.page.width - MARGIN.right,
    };
    let y = drawHeader(context);
    y = drawParties(context, y + SECTION_GAP);
    if (invoice.remarks) y = drawRemarks(context, invoice.remarks, y + SECTION_GAP);
    y = drawLineTable(context, y + SECTION_GAP);
    y = drawTotalsAndPayment(context, y + SECTION_GAP);
    if (invoice.reverseCharge) y = drawNote(context, invoice.labels.reverseChargeNote, y + SECTION_GAP);
    if (invoice.hasVouchers) drawNote(context, invoice.labels.voucherNote, y + SECTION_GAP);
    drawFooters(context);
    doc.end();
  });
}

function formatters(invoice: InvoiceDocument): Formatters {
  const { locale, currencyCode, minorUnits } = invoice;
  const dates = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: shopTimeZone });
  const percents = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 });
  const numbers = new Intl.NumberFormat(locale);
  return {
    money: (cents) => formatMoney(cents, currencyCode, locale, minorUnits),
    date: (value) => dates.format(value),
    // Display only: the rate itself stays in basis points.
    percent: (rateBp) => percents.format(rateBp / 10_000),
    quantity: (value) => numbers.format(value),
  };
}

// ---------------------------------------------------------------------------------------------
// Text primitives

interface TextStyle {
  size: number;
  bold?: boolean;
  color?: string;
  align?: Align;
}

function applyStyle(doc: Doc, style: TextStyle): void {
  doc
    .font(style.bold ? FONT.bold : FONT.regular)
    .fontSize(style.size)
    .fillColor(style.color ?? COLOR.text);
}

function textHeight(doc: Doc, text: string, width: number, style: TextStyle): number {
  applyStyle(doc, style);
  return doc.heightOfString(text, { width });
}

/** Writes wrapped text at a fixed position and returns the y below it. */
function write(doc: Doc, text: string, x: number, y: number, width: number, style: TextStyle): number {
  applyStyle(doc, style);
  doc.text(text, x, y, { width, align: style.align ?? 'left' });
  return y + doc.heightOfString(text, { width });
}

function rule(doc: Doc, x1: number, x2: number, y: number, color = COLOR.rule, width = 0.5): void {
  doc.moveTo(x1, y).lineTo(x2, y).lineWidth(width).strokeColor(color).stroke();
}

/** A small upper-case heading above a block. */
function caption(context: Context, text: string, x: number, y: number, width: number): number {
  const upper = text.toLocaleUpperCase(context.invoice.locale);
  return write(context.doc, upper, x, y, width, { size: 7, bold: true, color: COLOR.muted }) + 3;
}

/** Starts a new page and returns the y where content begins. */
function newPage(doc: Doc): number {
  doc.addPage();
  return MARGIN.top;
}

// ---------------------------------------------------------------------------------------------
// Header: seller top left, invoice title and key facts top right

/** Width of the right-hand column (invoice facts, ship-to address, totals). */
const RIGHT_COLUMN = 220;

function drawHeader(context: Context): number {
  const { doc, invoice, labels, format, left, right } = context;
  const { seller } = invoice;
  const sellerWidth = right - RIGHT_COLUMN - left - SECTION_GAP;

  let sellerY = caption(context, labels.seller, left, MARGIN.top, sellerWidth);
  sellerY = write(doc, seller.name, left, sellerY, sellerWidth, { size: 20, bold: true, color: COLOR.accent }) + 4;
  const sellerDetails = [
    seller.companyName,
    ...partyLines(seller, labels, [
      seller.registration ? `${labels.registration}: ${seller.registration}` : null,
      seller.iban ? `${labels.iban}: ${seller.iban}` : null,
      seller.termsLine ?? null,
    ]),
  ];
  for (const line of sellerDetails) {
    if (line) sellerY = write(doc, line, left, sellerY, sellerWidth, { size: 8.5, color: COLOR.muted }) + 1;
  }

  const x = right - RIGHT_COLUMN;
  let factsY = write(doc, labels.invoice, x, MARGIN.top, RIGHT_COLUMN, { size: 22, bold: true, align: 'right' }) + 8;
  const facts: [string, string][] = [
    [labels.invoiceNumber, invoice.invoiceNumber],
    [labels.invoiceDate, format.date(invoice.issuedAt)],
    [labels.orderNumber, invoice.orderNumber],
    [labels.orderDate, format.date(invoice.orderDate)],
  ];
  if (invoice.correctsInvoiceNumber) facts.splice(2, 0, [labels.correctsInvoice ?? '', invoice.correctsInvoiceNumber]);
  if (invoice.ownReference) facts.push([labels.ownReference ?? '', invoice.ownReference]);
  for (const [label, value] of facts) factsY = labelValueRow(doc, label, value, x, factsY, RIGHT_COLUMN, { size: 8.5 }) + 3;

  return Math.max(sellerY, factsY);
}

type MaybeLine = string | null | undefined;

/** Address, VAT number, any further identifiers and e-mail of a party. */
function partyLines(party: InvoiceParty, labels: InvoiceLabels, identifiers: MaybeLine[] = []): MaybeLine[] {
  return [...party.addressLines, party.vatNumber ? `${labels.vatNumber}: ${party.vatNumber}` : null, ...identifiers, party.email];
}

/** A label on the left (muted unless the row is bold) and its value on the right; returns the y below it. */
function labelValueRow(doc: Doc, label: string, value: string, x: number, y: number, width: number, style: TextStyle): number {
  const labelWidth = width * 0.45;
  const labelBottom = write(doc, label, x, y, labelWidth, style.bold ? style : { ...style, color: COLOR.muted });
  const valueBottom = write(doc, value, x + labelWidth, y, width - labelWidth, { ...style, align: 'right' });
  return Math.max(labelBottom, valueBottom);
}

// ---------------------------------------------------------------------------------------------
// Bill-to and ship-to addresses

function drawParties(context: Context, top: number): number {
  const { invoice, labels, left, right } = context;
  const billBottom = drawParty(context, labels.billTo, invoice.buyer, left, top, right - RIGHT_COLUMN - left - SECTION_GAP);
  const shipBottom = invoice.shipTo ? drawParty(context, labels.shipTo, invoice.shipTo, right - RIGHT_COLUMN, top, RIGHT_COLUMN) : top;
  return Math.max(billBottom, shipBottom);
}

function drawParty(context: Context, title: string, party: InvoiceParty, x: number, top: number, width: number): number {
  const { doc, labels } = context;
  let y = caption(context, title, x, top, width);
  // The company is the addressee when there is one; the person is then the contact under it.
  y = write(doc, party.companyName || party.name, x, y, width, { size: 9.5, bold: true }) + 1;
  for (const line of [party.companyName ? party.name : null, ...partyLines(party, labels)]) {
    if (line) y = write(doc, line, x, y, width, { size: 9 }) + 1;
  }
  return y;
}

/** The buyer's remarks under the addresses, across the page. */
function drawRemarks(context: Context, remarks: string, top: number): number {
  const { doc, labels, left, right } = context;
  const y = caption(context, labels.remarks ?? '', left, top, right - left);
  return write(doc, remarks, left, y, right - left, { size: 9 });
}

// ---------------------------------------------------------------------------------------------
// Line items table

interface Column {
  x: number;
  width: number;
  align: Align;
}
type ColumnKey = 'item' | NumberColumn;
type NumberColumn = 'quantity' | 'unitPrice' | 'vatRate' | 'amount';
const NUMBER_COLUMNS: NumberColumn[] = ['quantity', 'unitPrice', 'vatRate', 'amount'];

const CELL_PADDING = 6;
const COLUMN_GAP = 10;

/** Fixed widths for the number columns; the item column takes the rest. */
function tableColumns(left: number, right: number): Record<ColumnKey, Column> {
  const widths = { quantity: 40, unitPrice: 78, vatRate: 44, amount: 80 };
  const amount = right - CELL_PADDING - widths.amount;
  const vatRate = amount - COLUMN_GAP - widths.vatRate;
  const unitPrice = vatRate - COLUMN_GAP - widths.unitPrice;
  const quantity = unitPrice - COLUMN_GAP - widths.quantity;
  const item = left + CELL_PADDING;
  return {
    item: { x: item, width: quantity - COLUMN_GAP - item, align: 'left' },
    quantity: { x: quantity, width: widths.quantity, align: 'right' },
    unitPrice: { x: unitPrice, width: widths.unitPrice, align: 'right' },
    vatRate: { x: vatRate, width: widths.vatRate, align: 'right' },
    amount: { x: amount, width: widths.amount, align: 'right' },
  };
}

const ITEM_STYLES = { name: { size: 9 }, detail: { size: 8, color: COLOR.muted }, sku: { size: 7.5, color: COLOR.muted } };
const NUMBER_STYLE: TextStyle = { size: 9 };

/** The texts of one table row; the item cell stacks name, detail and SKU. */
interface RowCells {
  item: { text: string; style: TextStyle }[];
  numbers: Record<NumberColumn, string>;
}

function rowCells(context: Context, line: InvoiceLine): RowCells {
  const { labels, format } = context;
  return {
    item: [
      { text: line.name, style: ITEM_STYLES.name },
      ...(line.detail ? [{ text: line.detail, style: ITEM_STYLES.detail }] : []),
      { text: `${labels.sku}: ${line.sku}`, style: ITEM_STYLES.sku },
    ],
    numbers: {
      quantity: format.quantity(line.quantity),
      unitPrice: format.money(line.unitPriceCents),
      vatRate: format.percent(line.vatRateBp),
      amount: format.money(line.rowTotalCents),
    },
  };
}

function drawLineTable(context: Context, top: number): number {
  const { doc, invoice, left, right } = context;
  const columns = tableColumns(left, right);
  let y = drawTableHeader(context, columns, top);

  for (const line of invoice.lines) {
    const cells = rowCells(context, line);
    const itemHeight = cells.item.reduce((sum, part) => sum + textHeight(doc, part.text, columns.item.width, part.style) + 1, 0);
    // Money may wrap in narrow columns for large amounts; the row grows with it instead of overlapping.
    const numberHeights = NUMBER_COLUMNS.map((key) => textHeight(doc, cells.numbers[key], columns[key].width, NUMBER_STYLE));
    const height = Math.max(itemHeight, ...numberHeights) + 2 * CELL_PADDING;

    if (y + height > doc.page.maxY()) y = drawTableHeader(context, columns, newPage(doc));

    let itemY = y + CELL_PADDING;
    for (const part of cells.item) itemY = write(doc, part.text, columns.item.x, itemY, columns.item.width, part.style) + 1;
    for (const key of NUMBER_COLUMNS) {
      write(doc, cells.numbers[key], columns[key].x, y + CELL_PADDING, columns[key].width, { ...NUMBER_STYLE, align: columns[key].align });
    }
    y += height;
    rule(doc, left, right, y);
  }
  return y;
}

function drawTableHeader(context: Context, columns: Record<ColumnKey, Column>, top: number): number {
  const { doc, labels, left, right } = context;
  const titles: Record<ColumnKey, string> = {
    item: labels.item,
    quantity: labels.quantity,
    unitPrice: labels.unitPrice,
    vatRate: labels.vatRate,
    amount: labels.amount,
  };
  const style: TextStyle = { size: 7.5, bold: true, color: COLOR.muted };
  const keys: ColumnKey[] = ['item', ...NUMBER_COLUMNS];
  const height = Math.max(...keys.map((key) => textHeight(doc, titles[key], columns[key].width, style))) + 2 * CELL_PADDING;

  doc.rect(left, top, right - left, height).fill(COLOR.band);
  for (const key of keys) {
    write(doc, titles[key], columns[key].x, top + CELL_PADDING, columns[key].width, { ...style, align: columns[key].align });
  }
  rule(doc, left, right, top + height, COLOR.muted);
  return top + height;
}

// ---------------------------------------------------------------------------------------------
// Totals (right) and payment (left)

function drawTotalsAndPayment(context: Context, top: number): number {
  const { doc, invoice } = context;
  // An upper bound of the block's height (totals are taller than payment), so it never splits across pages.
  const rows = 3 + (invoice.discountCents !== 0 ? 1 : 0) + 2 + invoice.vatBreakdown.length;
  const height = rows * TOTAL_ROW + 40;
  const y = top + height > doc.page.maxY() ? newPage(doc) : top;
  return Math.max(drawTotals(context, y), drawPayment(context, y));
}

function drawTotals(context: Context, top: number): number {
  const { doc, invoice, labels, format, right } = context;
  const x = right - RIGHT_COLUMN;
  // Values end where the table's amount column ends, so the figures line up.
  const width = RIGHT_COLUMN - CELL_PADDING;
  const row = (label: string, cents: number, y: number) =>
    Math.max(y + TOTAL_ROW, labelValueRow(doc, label, format.money(cents), x, y, width, { size: 9 }) + 4);

  let y = row(labels.subtotal, invoice.subtotalCents, top);
  if (invoice.discountCents !== 0) y = row(labels.discount, -invoice.discountCents, y);
  y = row(labels.shipping, invoice.shippingCents, y);
  y = drawVatBreakdown(context, x, width, y + 4);
  y = row(labels.vat, invoice.taxCents, y + 2);

  rule(doc, x, right, y, COLOR.text, 1);
  return labelValueRow(doc, labels.total, format.money(invoice.totalCents), x, y + 6, width, { size: 11, bold: true }) + 4;
}

/** A small table per VAT rate: rate, taxable amount and VAT. */
function drawVatBreakdown(context: Context, x: number, width: number, top: number): number {
  const { doc, invoice, labels, format, right } = context;
  const columns: [number, number][] = [
    [x, 50],
    [x + 50, 85],
    [x + 135, width - 135],
  ];
  const cells = (texts: string[], y: number, style: TextStyle) =>
    Math.max(...texts.map((text, i) => write(doc, text, columns[i]![0], y, columns[i]![1], { ...style, align: i === 0 ? 'left' : 'right' }))) + 3;

  rule(doc, x, right, top - 2);
  let y = caption(context, labels.vatBreakdown, x, top + 2, width);
  y = cells([labels.vatRate, labels.taxableAmount, labels.vat], y, { size: 7.5, color: COLOR.muted });
  for (const { rateBp, baseCents, taxCents } of invoice.vatBreakdown) {
    y = cells([format.percent(rateBp), format.money(baseCents), format.money(taxCents)], y, { size: 8.5 });
  }
  rule(doc, x, right, y);
  return y + 4;
}

function drawPayment(context: Context, top: number): number {
  const { doc, invoice, labels, left, right } = context;
  const width = right - RIGHT_COLUMN - left - SECTION_GAP;
  let y = caption(context, labels.paymentMethod, left, top, width);
  y = write(doc, invoice.paymentMethod, left, y, width, { size: 9 }) + 8;

  // A tinted badge makes the payment status recognisable at a glance.
  const status = invoice.paid ? labels.paid : labels.awaitingPayment;
  const [background, foreground] = invoice.paid ? ['#e6f4ea', '#1e6b34'] : ['#fff4e0', '#8a5300'];
  applyStyle(doc, { size: 8.5, bold: true });
  const badgeWidth = Math.min(doc.widthOfString(status) + 16, width);
  const badgeHeight = textHeight(doc, status, badgeWidth - 16, { size: 8.5, bold: true }) + 8;
  doc.roundedRect(left, y, badgeWidth, badgeHeight, 3).fill(background);
  write(doc, status, left + 8, y + 4, badgeWidth - 16, { size: 8.5, bold: true, color: foreground });
  return y + badgeHeight;
}

// ---------------------------------------------------------------------------------------------
// Legal notes (reverse charge, multi-purpose vouchers) and footer

/** A boxed note under the totals; returns where it ends. */
function drawNote(context: Context, note: string, top: number): number {
  const { doc, left, right } = context;
  const padding = 8;
  const width = right - left - 2 * padding;
  const style: TextStyle = { size: 8.5 };
  const height = textHeight(doc, note, width, style) + 2 * padding;
  const y = top + height > doc.page.maxY() ? newPage(doc) : top;
  doc
    .rect(left, y, right - left, height)
    .lineWidth(0.75)
    .strokeColor(COLOR.muted)
    .stroke();
  write(doc, note, left + padding, y + padding, width, style);
  return y + height;
}

/** Page numbers need the final page count, so footers are drawn last on the buffered pages. */
function drawFooters(context: Context): void {
  const { doc, invoice, labels, left, right } = context;
  const { start, count } = doc.bufferedPageRange();
  const half = (right - left) / 2;
  const style: TextStyle = { size: 7.5, color: COLOR.muted };
  for (let index = start; index < start + count; index++) {
    doc.switchToPage(index);
    // The footer sits inside the bottom margin; without this pdfkit would move the text to a new page.
    doc.page.margins.bottom = 0;
    const y = doc.page.height - MARGIN.bottom + 30;
    rule(doc, left, right, y - 8);
    write(doc, `${invoice.seller.name} · ${labels.invoice} ${invoice.invoiceNumber}`, left, y, half, style);
    const page = labels.page.replace('{page}', String(index + 1)).replace('{pages}', String(count));
    write(doc, page, left + half, y, half, { ...style, align: 'right' });
    doc.page.margins.bottom = MARGIN.bottom;
  }
}
