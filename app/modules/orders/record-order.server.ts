import { eq } from 'drizzle-orm';
import { invoices, orderItems, orders, orderStatusHistory, type orderStatuses } from '#app/db/schema.ts';
import type { LocaleCode } from '#app/modules/i18n/locales.ts';
import type { Queryable } from '#app/db/client.server.ts';
import type { GiftCardPurchase } from '#app/modules/gift-cards/gift-card-purchase.ts';
import type { LineOption } from './line-name.ts';
import { issueSoldGiftCards } from '#app/modules/gift-cards/order-gift-cards.server.ts';
import { nextInvoiceNumber, nextOrderNumber } from './number-sequences.server.ts';

export type OrderStatus = (typeof orderStatuses)[number];

export interface OrderAddress {
  firstName: string;
  lastName: string;
  companyName?: string;
  street: string;
  houseNumber: string;
  zipCode: string;
  city: string;
  state?: string;
  countryCode: string;
  phone?: string;
}

export interface OrderLineInput {
  variantId: number | null;
  sku: string;
  name: string;
  quantity: number;
  lengthCm: number | null;
  /** what was chosen (length, pack …), in the order's language */
  options?: LineOption[];
  isSample: boolean;
  /** a gift card bought: issued when the order is paid (gift-cards/sold-gift-cards.server.ts) */
  giftCard?: GiftCardPurchase | null;
  unitPriceCents: number;
  rowTotalCents: number;
  vatRateBp: number;
  taxCents: number;
}

/** An order whose amounts are already computed, in minor units of its currency. */
export interface OrderInput {
  locale: LocaleCode;
  customerId: number | null;
  email: string;
  status: OrderStatus;
  currencyCode: string;
  exchangeRate: string;
  subtotalCents: number;
  discountCents: number;
  shippingCents: number;
  taxCents: number;
  totalCents: number;
  giftCardCents?: number;
  giftCardId?: number | null;
  isBusiness: boolean;
  vatNumber: string | null;
  reverseCharge: boolean;
  couponCode: string | null;
  ownReference: string | null;
  remarks: string | null;
  shippingAddress: OrderAddress;
  billingAddress: OrderAddress;
  shippingMethod: string;
  paymentMethod: string;
  idempotencyKey: string | null;
  lines: OrderLineInput[];
}

/**
 * Stores an order with its number, lines and first status, inside the caller's transaction.
 * A paid order gets its invoice straight away.
 */
export async function recordOrder(tx: Queryable, { lines, ...order }: OrderInput): Promise<{ id: number; orderNumber: string; createdAt: Date }> {
  const orderNumber = await nextOrderNumber(tx, order.locale);
  const [created] = await tx
    .insert(orders)
    .values({ ...order, orderNumber, shippingAddress: { ...order.shippingAddress }, billingAddress: { ...order.billingAddress } })
    .returning({ id: orders.id, orderNumber: orders.orderNumber, createdAt: orders.createdAt });
  await tx.insert(orderItems).values(lines.map((line) => ({ ...line, orderId: created!.id })));
  await tx.insert(orderStatusHistory).values({ orderId: created!.id, status: order.status });
  if (order.status === 'paid') {
    await issueInvoice(tx, created!.id);
    await issueSoldGiftCards(tx, created!.id);
  }
  return created!;
}

/** The invoice of an order (created once: a second call returns the first invoice's number). */
export async function issueInvoice(tx: Queryable, orderId: number): Promise<string> {
  const [existing] = await tx.select({ invoiceNumber: invoices.invoiceNumber }).from(invoices).where(eq(invoices.orderId, orderId));
  if (existing) return existing.invoiceNumber;
  const [order] = await tx
    .select({ currencyCode: orders.currencyCode, totalCents: orders.totalCents, taxCents: orders.taxCents })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order) throw new Error(`order ${orderId} not found`);
  const issuedAt = new Date();
  const invoiceNumber = await nextInvoiceNumber(tx, issuedAt);
  await tx.insert(invoices).values({ orderId, invoiceNumber, issuedAt, ...order });
  return invoiceNumber;
}
