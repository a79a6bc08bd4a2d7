import { describe, expect, it } from 'vitest';
import { formatMoney } from '#app/modules/currency/money.ts';
import { type InvoiceDocument, type InvoiceLine, renderInvoicePdf } from './invoice-pdf.server.ts';
import { infoEntry, pageCount, pageTexts } from '../../../tests/support/pdf-text.ts';

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
      invoice: 'Faktura',
      invoiceNumber: 'Numer faktury',
      invoiceDate: 'Data wystawienia',
      orderNumber: 'Numer zamówienia',
      orderDate: 'Data zamówienia',
      seller: 'Sprzedawca',
      billTo: 'Nabywca',
      shipTo: 'Adres dostawy',
      vatNumber: 'NIP',
      registration: 'Rejestr',
      iban: 'IBAN',
      item: 'Towar',
      sku: 'Kod',
      quantity: 'Ilość',
      unitPrice: 'Cena jedn. netto',
      vatRate: 'VAT',
      amount: 'Wartość netto',
      subtotal: 'Suma netto',
      discount: 'Rabat',
      shipping: 'Wysyłka',
      vatBreakdown: 'Zestawienie VAT',
      taxableAmount: 'Podstawa',
      vat: 'VAT',
      total: 'Do zapłaty',
      paymentMethod: 'Sposób płatności',
      paid: 'Zapłacono',
      awaitingPayment: 'Oczekuje na płatność',
      reverseChargeNote: 'Odwrotne obciążenie: podatek rozlicza nabywca.',
      voucherNote: 'Bon wielofunkcyjny: bez VAT.',
      page: 'Strona {page} z {pages}',
    },
    ...overrides,
  };
}

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
