import type { AppServices } from '#app/context.ts';
import { type BankAccount, bankAccountOf, printedIban } from '#app/modules/payments/bank-account.ts';
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Database, Queryable } from '#app/db/client.server.ts';
import { currencies, invoices, orderItems, orderRefundLines, orderRefunds, orders } from '#app/db/schema.ts';
import { contentPagePath } from '#app/modules/content/information-pages.ts';
import { countryName } from '#app/modules/i18n/locale-formats.ts';
import type { Translate } from '#app/modules/i18n/i18n.tsx';
import { type LocaleCode, storefrontByCode } from '#app/modules/i18n/locales.ts';
import { lineName } from './line-name.ts';
import { type InvoiceDocument, type InvoiceLabels, type InvoiceParty } from './invoice-pdf.server.ts';
import type { OrderAddress } from './record-order.server.ts';
import { seller } from './seller.ts';

const labelKeys: (keyof InvoiceLabels)[] = [
  'invoice',
  'invoiceNumber',
  'invoiceDate',
  'orderNumber',
  'orderDate',
  'seller',
  'billTo',
  'shipTo',
  'vatNumber',
  'registration',
  'iban',
  'item',
  'sku',
  'quantity',
  'unitPrice',
  'vatRate',
  'amount',
  'subtotal',
  'discount',
  'shipping',
  'vatBreakdown',
  'taxableAmount',
  'vat',
  'total',
  'paymentMethod',
  'paid',
  'awaitingPayment',
  'reverseChargeNote',
  'voucherNote',
  'page',
  'ownReference',
  'remarks',
];

function party(address: OrderAddress, locale: string, extra: Partial<InvoiceParty> = {}): InvoiceParty {
  return {
    name: `${address.firstName} ${address.lastName}`,
    companyName: address.companyName || null,
    addressLines: [
      `${address.street} ${address.houseNumber}`,
      [address.zipCode, address.city, address.state].filter(Boolean).join(' '),
      countryName(address.countryCode, locale),
    ],
    ...extra,
  };
}

interface DocumentContext {
  t: Translate;
  locale: LocaleCode;
  shopName: string;
  /** for the link to the terms of sale printed on every document (content-pages) */
  siteUrl: string;
  /** the shop's bank account (BANK_* configuration), printed for payment */
  bankAccount: BankAccount;
}

/** What a document needs of the shop's services, in the language of the order. */
export const documentContext = (services: Pick<AppServices, 'shopName' | 'siteUrl' | 'bankAccount'>, t: Translate, locale: LocaleCode): DocumentContext => ({
  t,
  locale,
  shopName: services.shopName,
  siteUrl: services.siteUrl,
  bankAccount: bankAccountOf(services),
});

type OrderRow = typeof orders.$inferSelect;

/** What every document of an order shares: the seller, the buyer, the order and its currency. */
function orderDocumentParts(order: OrderRow, minorUnits: number, { t, locale, shopName, siteUrl, bankAccount }: DocumentContext) {
  return {
    orderNumber: order.orderNumber,
    orderDate: order.createdAt,
    locale,
    currencyCode: order.currencyCode,
    minorUnits,
    seller: {
      name: `${shopName} ${seller.legalNameSuffix}`,
      addressLines: [seller.street, seller.postalCity, countryName(seller.countryCode, locale)],
      vatNumber: seller.vatNumber,
      registration: seller.registration,
      iban: printedIban(bankAccount.iban),
      email: seller.email,
      termsLine: `${t('pages.terms')}: ${siteUrl}${contentPagePath(storefrontByCode(locale)?.prefix ?? 'en', 'terms', locale)}`,
    },
    buyer: party(order.billingAddress as unknown as OrderAddress, locale, { vatNumber: order.vatNumber, email: order.email }),
    shipTo: party(order.shippingAddress as unknown as OrderAddress, locale),
    reverseCharge: order.reverseCharge,
    ownReference: order.ownReference,
    remarks: order.remarks,
  };
}

const invoiceLabels = (t: Translate) => Object.fromEntries(labelKeys.map((key) => [key, t(`invoice.${key}`)])) as unknown as InvoiceLabels;

/**
 * The invoices of a customer's order, by invoice number. Only the customer who placed the order
 * gets it: null for anything else, exactly as for a number that does not exist.
 */
export async function customerInvoiceDocuments(db: Database, context: DocumentContext, customerId: number, invoiceNumber?: string): Promise<InvoiceDocument[]> {
  return invoiceDocuments(db, context, and(eq(orders.customerId, customerId), invoiceNumber ? eq(invoices.invoiceNumber, invoiceNumber) : undefined)!);
}

/** The invoice of an order (for staff and the invoice mail); none while the order has none. */
export async function orderInvoiceDocuments(db: Queryable, context: DocumentContext, orderId: number): Promise<InvoiceDocument[]> {
  return invoiceDocuments(db, context, eq(orders.id, orderId));
}

async function invoiceDocuments(db: Queryable, context: DocumentContext, condition: SQL): Promise<InvoiceDocument[]> {
  const { t } = context;
  const rows = await db
    .select({ invoice: invoices, order: orders, minorUnits: currencies.minorUnits })
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .innerJoin(currencies, eq(currencies.code, orders.currencyCode))
    .where(condition)
    .orderBy(asc(invoices.issuedAt), asc(invoices.id));
  const labels = invoiceLabels(t);
  const orderIds = [...new Set(rows.map(({ order }) => order.id))];
  const allLines = orderIds.length ? await db.select().from(orderItems).where(inArray(orderItems.orderId, orderIds)).orderBy(asc(orderItems.id)) : [];
  return rows.map(({ invoice, order, minorUnits }) => {
    const lines = allLines.filter((line) => line.orderId === order.id);
    const rates = new Map<number, { baseCents: number; taxCents: number }>();
    // Gift cards are multi-purpose vouchers: outside VAT (no 0 % row), said in a note under the totals.
    for (const line of lines.filter((item) => !item.giftCard)) {
      const rate = rates.get(line.vatRateBp) ?? { baseCents: 0, taxCents: 0 };
      rates.set(line.vatRateBp, { baseCents: rate.baseCents + line.rowTotalCents, taxCents: rate.taxCents + line.taxCents });
    }
    // Shipping and discount are taxed at the order's main rate; the remainder of the VAT total lands there.
    const mainRate = [...rates.entries()].sort((a, b) => b[1].baseCents - a[1].baseCents)[0];
    if (mainRate) {
      mainRate[1].baseCents += order.shippingCents - order.discountCents;
      mainRate[1].taxCents = order.taxCents - [...rates.values()].filter((rate) => rate !== mainRate[1]).reduce((sum, rate) => sum + rate.taxCents, 0);
    }
    return {
      ...orderDocumentParts(order, minorUnits, context),
      invoiceNumber: invoice.invoiceNumber,
      issuedAt: invoice.issuedAt,
      lines: lines.map((line) => ({
        sku: line.sku,
        name: lineName(line, t, context.locale),
        quantity: line.quantity,
        unitPriceCents: line.unitPriceCents,
        rowTotalCents: line.rowTotalCents,
        vatRateBp: line.vatRateBp,
      })),
      subtotalCents: order.subtotalCents,
      discountCents: order.discountCents,
      shippingCents: order.shippingCents,
      vatBreakdown: [...rates.entries()].map(([rateBp, amounts]) => ({ rateBp, ...amounts })),
      taxCents: order.taxCents,
      totalCents: order.totalCents,
      hasVouchers: lines.some((line) => line.giftCard !== null),
      paymentMethod: t(`payment.method.${order.paymentMethod}`),
      paid: order.status !== 'pending_payment' && order.status !== 'cancelled',
      labels,
    } satisfies InvoiceDocument;
  });
}

/**
 * A refund's credit note: the invoice layout with its own title and number, the invoice it
 * corrects, and what was refunded as negative amounts (net after the order's discount).
 */
export async function creditNoteDocument(db: Queryable, context: DocumentContext, refundId: number): Promise<InvoiceDocument | null> {
  const { t } = context;
  const [row] = await db
    .select({ refund: orderRefunds, order: orders, minorUnits: currencies.minorUnits })
    .from(orderRefunds)
    .innerJoin(orders, eq(orders.id, orderRefunds.orderId))
    .innerJoin(currencies, eq(currencies.code, orders.currencyCode))
    .where(eq(orderRefunds.id, refundId));
  if (!row) return null;
  const { refund, order, minorUnits } = row;
  const refundLines = await db
    .select({ line: orderRefundLines, item: orderItems })
    .from(orderRefundLines)
    .leftJoin(orderItems, eq(orderItems.id, orderRefundLines.orderItemId))
    .where(eq(orderRefundLines.refundId, refund.id))
    .orderBy(asc(orderRefundLines.id));
  const rates = new Map<number, { baseCents: number; taxCents: number }>();
  for (const { line } of refundLines) {
    const rate = rates.get(line.vatRateBp) ?? { baseCents: 0, taxCents: 0 };
    rates.set(line.vatRateBp, { baseCents: rate.baseCents - line.netCents, taxCents: rate.taxCents - line.taxCents });
  }
  const netCents = refundLines.reduce((sum, { line }) => sum + line.netCents, 0);
  return {
    ...orderDocumentParts(order, minorUnits, context),
    invoiceNumber: refund.creditNoteNumber,
    correctsInvoiceNumber: refund.invoiceNumber,
    // The order's remarks were for the delivery; a credit note keeps only the reference.
    remarks: null,
    issuedAt: refund.createdAt,
    lines: refundLines.map(({ line, item }) => ({
      sku: item?.sku ?? '–',
      name: item ? lineName(item, t, context.locale) : t(`fulfilment.refund.line.${line.kind}`),
      quantity: line.quantity,
      unitPriceCents: -Math.round(line.netCents / Math.max(line.quantity, 1)),
      rowTotalCents: -line.netCents,
      vatRateBp: line.vatRateBp,
    })),
    subtotalCents: -netCents,
    discountCents: 0,
    shippingCents: 0,
    vatBreakdown: [...rates.entries()].map(([rateBp, amounts]) => ({ rateBp, ...amounts })),
    taxCents: -refund.taxCents,
    totalCents: -refund.amountCents,
    paymentMethod: t(`payment.method.${order.paymentMethod}`),
    paid: true,
    labels: {
      ...invoiceLabels(t),
      invoice: t('fulfilment.creditNote.title'),
      invoiceNumber: t('fulfilment.creditNote.number'),
      invoiceDate: t('fulfilment.creditNote.date'),
      correctsInvoice: t('fulfilment.creditNote.correctsInvoice'),
      total: t('fulfilment.creditNote.total'),
      paid: t('fulfilment.creditNote.refunded'),
    },
  } satisfies InvoiceDocument;
}
