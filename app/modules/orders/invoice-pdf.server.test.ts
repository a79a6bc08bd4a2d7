import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { formatMoney } from '../currency/money.ts';
import { type InvoiceDocument, type InvoiceLine, renderInvoicePdf } from './invoice-pdf.server.ts';

function lines(count: number): InvoiceLine[] {
  return Array.from({ length: count }, (_, index) => ({
    sku: `CRD-${1000 + index}`,
    name: index % 3 === 0 ? `Lina poliestrowa pleciona nr ${index + 1}, bardzo długa nazwa produktu, która się zawija` : `Sznurek jutowy ${index + 1} mm`,
    quantity: 2,
    detail: index % 3 === 0 ? '2,5 m' : null,
    unitPriceCents: 1250,
    rowTotalCents: 2500,
    vatRateBp: 2300,
  }));
}

function invoice(lineCount: number, overrides: Partial<InvoiceDocument> = {}): InvoiceDocument {
  const subtotal = 2500 * lineCount;
  const tax = Math.round(((subtotal + 1999) * 2300) / 10_000);
  return {
    invoiceNumber: 'FV/2025/000123',
    issuedAt: new Date('2025-03-14T10:00:00Z'),
    orderNumber: 'PL100042',
    orderDate: new Date('2025-03-12T08:30:00Z'),
    locale: 'pl-PL',
    currencyCode: 'PLN',
    minorUnits: 2,
    seller: {
      name: 'Cordial',
      companyName: 'Cordial B.V.',
      addressLines: ['Touwbaan 12', '1234 AB Amsterdam', 'Holandia'],
      vatNumber: 'NL123456789B01',
      registration: 'KvK 12345678',
      iban: 'NL91 ABNA 0417 1643 00',
      email: 'faktury@cordial.example',
    },
    buyer: {
      name: 'Zażółć Gęślą',
      companyName: 'Łódź Świętokrzyska Sp. z o.o.',
      addressLines: ['ul. Piotrkowska 104', '90-001 Łódź', 'Polska'],
      vatNumber: 'PL1234567890',
    },
    shipTo: { name: 'Jørgen Åström', addressLines: ['ul. Żeglarska 5', '80-001 Gdańsk', 'Polska'] },
    lines: lines(lineCount),
    subtotalCents: subtotal,
    discountCents: 0,
    shippingCents: 1999,
    vatBreakdown: [{ rateBp: 2300, baseCents: subtotal + 1999, taxCents: tax }],
    taxCents: tax,
    totalCents: subtotal + 1999 + tax,
    reverseCharge: false,
    paymentMethod: 'Przelew bankowy',
    paid: false,
    labels: {
      invoice: 'Faktura', invoiceNumber: 'Numer faktury', invoiceDate: 'Data wystawienia', orderNumber: 'Numer zamówienia', orderDate: 'Data zamówienia',
      seller: 'Sprzedawca', billTo: 'Nabywca', shipTo: 'Adres dostawy', vatNumber: 'NIP', registration: 'Rejestr', iban: 'IBAN',
      item: 'Towar', sku: 'Kod', quantity: 'Ilość', unitPrice: 'Cena jedn. netto', vatRate: 'VAT', amount: 'Wartość netto',
      subtotal: 'Suma netto', discount: 'Rabat', shipping: 'Wysyłka', vatBreakdown: 'Zestawienie VAT', taxableAmount: 'Podstawa', vat: 'VAT', total: 'Do zapłaty',
      paymentMethod: 'Sposób płatności', paid: 'Zapłacono', awaitingPayment: 'Oczekuje na płatność',
      reverseChargeNote: 'Odwrotne obciążenie: podatek rozlicza nabywca.',
      voucherNote: 'Bon wielofunkcyjny: bez VAT.',
      page: 'Strona {page} z {pages}',
    },
    ...overrides,
  };
}

// ---------------------------------------------------------------------------------------------
// A minimal reader for the PDFs pdfkit writes (xref table, Flate streams, Identity-H fonts with a
// ToUnicode array), enough to get the visible text back and check what a reader would see.

interface PdfObject {
  dict: string;
  stream?: Buffer;
}

function readObjects(pdf: Buffer): Map<number, PdfObject> {
  const text = pdf.toString('latin1');
  const xref = Number(/startxref\n(\d+)/.exec(text)?.[1]);
  const offsets = [...text.slice(xref).matchAll(/^(\d{10}) 00000 n /gm)].map((match) => Number(match[1]));
  const objects = new Map<number, PdfObject>();
  offsets.forEach((offset, index) => {
    const source = text.slice(offset);
    const streamAt = source.indexOf('\nstream\n');
    const endAt = source.indexOf('\nendobj');
    if (streamAt === -1 || streamAt > endAt) {
      objects.set(index + 1, { dict: source.slice(0, endAt) });
      return;
    }
    const dict = source.slice(0, streamAt);
    const start = offset + streamAt + '\nstream\n'.length;
    const raw = pdf.subarray(start, start + Number(/\/Length (\d+)/.exec(dict)?.[1]));
    objects.set(index + 1, { dict, stream: dict.includes('/FlateDecode') ? inflateSync(raw) : raw });
  });
  return objects;
}

const referenced = (dict: string, key: string) => Number(new RegExp(`/${key} (\\d+) 0 R`).exec(dict)?.[1]);

/** Glyph id → text, from a ToUnicode CMap as pdfkit writes it: `<first> <last> [<utf16> …]` ranges. */
function glyphTexts(cmap: string): string[] {
  const texts: string[] = [];
  for (const [, first, entries] of cmap.matchAll(/<(\w+)> <\w+> \[([^\]]*)\]/g)) {
    (entries!.match(/<[^>]*>/g) ?? []).forEach((entry, offset) => {
      const units = entry.slice(1, -1).split(' ').map((hex) => parseInt(hex, 16));
      texts[parseInt(first!, 16) + offset] = String.fromCharCode(...units);
    });
  }
  return texts;
}

/** The text of every page, one line per shown string (TJ operator). */
function pageTexts(pdf: Buffer): string[] {
  const objects = readObjects(pdf);
  const object = (id: number) => objects.get(id) ?? { dict: '' };
  const pages = [...objects.values()].filter(({ dict }) => /\/Type \/Page\b/.test(dict));
  return pages.map(({ dict }) => {
    const resources = object(referenced(dict, 'Resources')).dict;
    const fonts = new Map(
      [...resources.matchAll(/\/(F\d+) (\d+) 0 R/g)].map(([, name, id]) => {
        const cmap = object(referenced(object(Number(id)).dict, 'ToUnicode')).stream?.toString('latin1') ?? '';
        return [name!, glyphTexts(cmap)];
      }),
    );
    const content = object(referenced(dict, 'Contents')).stream?.toString('latin1') ?? '';
    let glyphs: string[] = [];
    const shown: string[] = [];
    // Identity-H strings are 4 hex digits per glyph id; numbers between them are kerning.
    for (const [, font, array] of content.matchAll(/\/(F\d+) [\d.]+ Tf|\[([^\]]*)\] TJ/g)) {
      if (font) glyphs = fonts.get(font) ?? [];
      else {
        const ids = [...array!.matchAll(/<([0-9a-f]*)>/g)].flatMap(([, hex]) => hex!.match(/.{4}/g) ?? []);
        shown.push(ids.map((id) => glyphs[parseInt(id, 16)]).join(''));
      }
    }
    return shown.join('\n');
  });
}

/** A string entry of the document information dictionary (pdfkit writes UTF-16BE when not ASCII). */
function infoEntry(pdf: Buffer, key: string): string {
  const objects = readObjects(pdf);
  const trailer = pdf.toString('latin1').slice(pdf.lastIndexOf('trailer'));
  const entry = objects.get(referenced(objects.get(referenced(trailer, 'Info'))?.dict ?? '', key))?.dict ?? '';
  const escapes: Record<string, string> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' };
  const literal = (/\(((?:\\.|[^\\)])*)\)/s.exec(entry)?.[1] ?? '').replace(/\\(.)/gs, (_, char: string) => escapes[char] ?? char);
  return literal.startsWith('\xfe\xff') ? Buffer.from(literal.slice(2), 'latin1').swap16().toString('utf16le') : literal;
}

const pageCount = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type \/Page\b/g)?.length ?? 0;

describe('renderInvoicePdf', () => {
  it('renders a one-page invoice with the totals and Polish text', async () => {
    const document = invoice(2);
    const pdf = await renderInvoicePdf(document);

    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.subarray(-8).toString('latin1')).toMatch(/%%EOF\n?$/);
    expect(pageCount(pdf)).toBe(1);

    const [text] = pageTexts(pdf);
    expect(text).toContain('Łódź Świętokrzyska Sp. z o.o.');
    expect(text).toContain('Jørgen Åström');
    expect(text).toContain('FV/2025/000123');
    expect(text).toContain('14 marca 2025');
    expect(text).toContain(`Do zapłaty\n${formatMoney(document.totalCents, 'PLN', 'pl-PL')}`);
    expect(text).toContain('Oczekuje na płatność');
    expect(text).toContain('Strona 1 z 1');
    expect(text).not.toContain('Odwrotne obciążenie');
    expect(text).not.toContain('Rabat');
  });

  it('continues long invoices on new pages with the table header and page numbers on each', async () => {
    const pdf = await renderInvoicePdf(invoice(60));
    const pages = pageTexts(pdf);

    expect(pageCount(pdf)).toBeGreaterThan(1);
    expect(pages).toHaveLength(pageCount(pdf));
    pages.forEach((text, index) => {
      if (text.includes('Kod: CRD-')) expect(text).toContain('Towar\nIlość\nCena jedn. netto\nVAT\nWartość netto');
      expect(text).toContain(`Strona ${index + 1} z ${pages.length}`);
    });
    const all = pages.join('\n');
    for (let line = 0; line < 60; line++) expect(all).toContain(`Kod: CRD-${1000 + line}`);
    expect(pages.at(-1)).toContain('Do zapłaty');
  });

  it('writes the title, author and creation date as metadata', async () => {
    const pdf = await renderInvoicePdf(invoice(2, { seller: { ...invoice(0).seller, name: 'Sznurownia Łódź' } }));

    expect(infoEntry(pdf, 'Title')).toBe('Faktura FV/2025/000123');
    expect(infoEntry(pdf, 'Author')).toBe('Sznurownia Łódź');
    expect(infoEntry(pdf, 'CreationDate')).toBe('D:20250314100000Z');
  });

  it('is deterministic', async () => {
    const [first, second] = await Promise.all([renderInvoicePdf(invoice(60)), renderInvoicePdf(invoice(60))]);
    expect(first.equals(second)).toBe(true);
  });

  it('prints the reverse-charge note and a discount only when they apply', async () => {
    const plain = await renderInvoicePdf(invoice(2));
    const special = await renderInvoicePdf(invoice(2, { reverseCharge: true, discountCents: 500, paid: true }));
    expect(special.equals(plain)).toBe(false);

    const [text] = pageTexts(special);
    expect(text).toContain('Odwrotne obciążenie: podatek rozlicza nabywca.');
    expect(text).toContain(`Rabat\n${formatMoney(-500, 'PLN', 'pl-PL')}`);
    expect(text).toContain('Zapłacono');
  });
});
