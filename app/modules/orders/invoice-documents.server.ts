import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.server.ts';
import { currencies, invoices, orderItems, orders } from '../../db/schema.ts';
import { contentPagePath } from '../content/information-pages.ts';
import { countryName } from '../customers/countries.ts';
import type { Translate } from '../i18n/i18n.tsx';
import { type LocaleCode, storefrontByCode } from '../i18n/locales.ts';
import { lineName } from './line-name.ts';
import { type InvoiceDocument, type InvoiceLabels, type InvoiceParty } from './invoice-pdf.server.ts';
import type { OrderAddress } from './record-order.server.ts';
import { seller } from './seller.ts';

const labelKeys: (keyof InvoiceLabels)[] = [
  'invoice', 'invoiceNumber', 'invoiceDate', 'orderNumber', 'orderDate', 'seller', 'billTo', 'shipTo', 'vatNumber', 'registration',
  'iban', 'item', 'sku', 'quantity', 'unitPrice', 'vatRate', 'amount', 'subtotal', 'discount', 'shipping', 'vatBreakdown',
  'taxableAmount', 'vat', 'total', 'paymentMethod', 'paid', 'awaitingPayment', 'reverseChargeNote', 'page',
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

/**
 * The invoices of a customer's order, by invoice number. Only the customer who placed the order
 * gets it: null for anything else, exactly as for a number that does not exist.
 */
export async function customerInvoiceDocuments(
  db: Database,
  { t, locale, shopName, siteUrl }: { t: Translate; locale: LocaleCode; shopName: string; siteUrl: string },
  customerId: number,
  invoiceNumber?: string,
): Promise<InvoiceDocument[]> {
  const rows = await db
    .select({ invoice: invoices, order: orders, minorUnits: currencies.minorUnits })
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .innerJoin(currencies, eq(currencies.code, orders.currencyCode))
    .where(and(eq(orders.customerId, customerId), invoiceNumber ? eq(invoices.invoiceNumber, invoiceNumber) : undefined))
    .orderBy(asc(invoices.issuedAt), asc(invoices.id));
  const labels = Object.fromEntries(labelKeys.map((key) => [key, t(`invoice.${key}`)])) as unknown as InvoiceLabels;
  const orderIds = [...new Set(rows.map(({ order }) => order.id))];
  const allLines = orderIds.length ? await db.select().from(orderItems).where(inArray(orderItems.orderId, orderIds)).orderBy(asc(orderItems.id)) : [];
  return rows.map(({ invoice, order, minorUnits }) => {
    const lines = allLines.filter((line) => line.orderId === order.id);
    const rates = new Map<number, { baseCents: number; taxCents: number }>();
    for (const line of lines) {
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
      invoiceNumber: invoice.invoiceNumber,
      issuedAt: invoice.issuedAt,
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
        iban: seller.iban,
        email: seller.email,
        termsLine: `${t('pages.terms')}: ${siteUrl}${contentPagePath(storefrontByCode(locale)?.prefix ?? 'en', 'terms', locale)}`,
      },
      buyer: party(order.billingAddress as unknown as OrderAddress, locale, { vatNumber: order.vatNumber, email: order.email }),
      shipTo: party(order.shippingAddress as unknown as OrderAddress, locale),
      lines: lines.map((line) => ({
        sku: line.sku,
        name: lineName(line, t),
        quantity: line.quantity,
        detail: line.lengthCm ? t('invoice.length', { metres: new Intl.NumberFormat(locale).format(line.lengthCm / 100) }) : null,
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
      reverseCharge: order.reverseCharge,
      paymentMethod: t(`payment.method.${order.paymentMethod}`),
      paid: order.status !== 'pending_payment' && order.status !== 'cancelled',
      labels,
    } satisfies InvoiceDocument;
  });
}
