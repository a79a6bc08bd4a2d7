import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '#app/db/client.server.ts';
import { asDatabaseWork } from '#app/db/database-work.server.ts';
import { retryingTransaction } from '#app/db/transaction.server.ts';
import { carts, customers, orders, productVariants } from '#app/db/schema.ts';
import { variantNeed } from '#app/modules/cart/cart.server.ts';
import { getCurrencyRates } from '#app/modules/currency/exchange-rates.server.ts';
import { redeemCoupon } from '#app/modules/cart/coupons.server.ts';
import type { CurrencyCode, StorefrontLocale } from '#app/modules/i18n/locales.ts';
import { issueInvoice, type OrderStatus, recordOrder } from '#app/modules/orders/record-order.server.ts';
import { billingAddressOf, deliveryAddressOf, firstOpenStep, type PaymentMethod } from './checkout-details.ts';
import { checkoutSummary } from './checkout-summary.server.ts';
import { redeemGiftCard } from './gift-cards.server.ts';
import { isCartId } from '#app/modules/cart/cart-count.server.ts';
import { overStockShare } from '#app/modules/cart/add-to-cart.server.ts';
import type { BusinessRules } from '#app/modules/config/business-rules.ts';

export type PlaceOrderResult =
  /** `placedAt`: when the order was recorded (a replay answers with the first placing's). */
  | { ok: true; orderNumber: string; orderId: number; created: boolean; placedAt: Date }
  | {
      ok: false;
      reason: 'empty' | 'incomplete' | 'products-gone' | 'out-of-stock' | 'stock-share' | 'minimum' | 'coupon' | 'gift-card' | 'payment-method' | 'terms';
    };

/** Message keys for a refused order, shown on the payment step. */
export const placeOrderMessages: Record<Exclude<PlaceOrderResult, { ok: true }>['reason'], string> = {
  empty: 'cart.empty',
  incomplete: 'errors.general',
  'products-gone': 'errors.productsGone',
  'out-of-stock': 'errors.cartStock',
  'stock-share': 'businessRisks.stockShare',
  minimum: 'cart.minimumNotReached',
  coupon: 'cart.couponUsedUp',
  'gift-card': 'checkout.giftCardEmpty',
  'payment-method': 'checkout.choosePayment',
  terms: 'checkout.acceptTerms',
};

type RefusalReason = Exclude<PlaceOrderResult, { ok: true }>['reason'];

/** Thrown inside the transaction so that everything it did (stock taken) is rolled back. */
class OrderRefused extends Error {
  readonly reason: RefusalReason;
  constructor(reason: RefusalReason) {
    super(reason);
    this.reason = reason;
  }
}

/** What happens to an order right away, per payment method. */
const statusAfterPlacing: Record<PaymentMethod, OrderStatus> = {
  card: 'pending_payment',
  ideal: 'pending_payment',
  bancontact: 'pending_payment',
  bank_transfer: 'pending_payment',
  invoice: 'processing',
  gift_card: 'paid',
  free: 'paid',
};

/**
 * Places the order of a cart in one transaction: it re-reads prices and stock, takes the stock
 * with conditional updates (so concurrent checkouts can never sell more than there is), counts
 * the coupon against its limits, numbers the order and converts the cart. The cart id is the
 * idempotency key: a double submit or retry finds the order the first request created.
 */
export async function placeOrder(
  db: Database,
  input: {
    storefront: StorefrontLocale;
    currency: CurrencyCode;
    cartId: string;
    customerId: number | null;
    paymentMethod: string;
    termsAccepted: boolean;
    /** whether card, iDEAL and Bancontact are offered (Stripe configured) */
    onlinePayments?: boolean;
    /** stock share per order and invoice credit (decision 0018); the defaults when not given */
    businessRules?: BusinessRules;
  },
): Promise<PlaceOrderResult> {
  // No cart cookie, or one that is not a cart id (a uuid column would refuse it outright).
  if (!isCartId(input.cartId)) return { ok: false, reason: 'empty' };
  const idempotencyKey = `cart:${input.cartId}`;
  const previous = async () => {
    const [order] = await db
      .select({ id: orders.id, orderNumber: orders.orderNumber, createdAt: orders.createdAt })
      .from(orders)
      .where(eq(orders.idempotencyKey, idempotencyKey));
    return order ? ({ ok: true, orderNumber: order.orderNumber, orderId: order.id, created: false, placedAt: order.createdAt } as const) : null;
  };
  const existing = await previous();
  if (existing) return existing;
  if (!input.termsAccepted) return { ok: false, reason: 'terms' };
  // Read outside the transaction: the embedded database has a single connection.
  const rates = await getCurrencyRates(db);
  try {
    // Under a rush, the stock rows are locked by other checkouts: this transaction may wait longer.
    return await asDatabaseWork('checkout', () =>
      retryingTransaction(db, async (tx) => {
        // One checkout per cart at a time: a second submit waits here, then finds the order.
        const [locked] = await tx.select({ status: carts.status }).from(carts).where(eq(carts.id, input.cartId)).for('update');
        if (locked?.status === 'converted') {
          const [order] = await tx
            .select({ id: orders.id, orderNumber: orders.orderNumber, createdAt: orders.createdAt })
            .from(orders)
            .where(eq(orders.idempotencyKey, idempotencyKey));
          if (order) return { ok: true as const, orderNumber: order.orderNumber, orderId: order.id, created: false, placedAt: order.createdAt };
        }
        // One order per customer at a time: two invoice orders at once must not both fit under the
        // credit limit that each alone fits under (the summary counts the open invoices).
        if (input.customerId !== null) await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, input.customerId)).for('update');
        const summary = await checkoutSummary(
          tx,
          rates,
          input.storefront,
          input.currency,
          input.cartId,
          input.customerId,
          input.onlinePayments ?? false,
          input.businessRules,
        );
        const { cart, details, totals, vat } = summary;
        if (!cart || !totals || cart.lines.length === 0) throw new OrderRefused('empty');
        if (firstOpenStep(details) !== 'payment') throw new OrderRefused('incomplete');
        if (cart.lines.some((line) => !line.available)) throw new OrderRefused('products-gone');
        if (totals.minimumOrder) throw new OrderRefused('minimum');
        const giftCard = summary.giftCard && 'amount' in summary.giftCard ? summary.giftCard : null;
        if (summary.giftCard && !giftCard) throw new OrderRefused('gift-card');
        const paymentMethod = summary.paymentOptions.find((method) => method === input.paymentMethod);
        if (!paymentMethod) throw new OrderRefused('payment-method');
        // Per variant, all its lines together (pieces of different lengths), in a fixed order of locks.
        for (const variantId of [...new Set(cart.lines.map((line) => line.variantId))].sort((a, b) => a - b)) {
          const need = variantNeed(cart.lines, variantId);
          if (need === 0) continue;
          // Under the row lock of the stock: no one order takes more than its share (decision 0018).
          const [current] = await tx
            .select({ stock: productVariants.stockQuantity })
            .from(productVariants)
            .where(eq(productVariants.id, variantId))
            .for('update');
          if (current && need <= current.stock && (await overStockShare(tx, need, current.stock, input.customerId, input.businessRules)))
            throw new OrderRefused('stock-share');
          const [taken] = await tx
            .update(productVariants)
            .set({ stockQuantity: sql`${productVariants.stockQuantity} - ${need}` })
            .where(and(eq(productVariants.id, variantId), sql`${productVariants.stockQuantity} >= ${need}`))
            .returning({ id: productVariants.id });
          if (!taken) throw new OrderRefused('out-of-stock');
        }
        const shippingAddress = deliveryAddressOf(details)!;
        // An invoice the shop has not vouched for waits for staff (decision 0018).
        const status = paymentMethod === 'invoice' && summary.invoiceReview ? 'on_hold' : statusAfterPlacing[paymentMethod];
        const created = await recordOrder(tx, {
          locale: input.storefront.code,
          customerId: input.customerId,
          email: details.email!,
          status,
          currencyCode: totals.currency,
          exchangeRate: summary.exchangeRate,
          subtotalCents: totals.subtotal,
          discountCents: totals.discount,
          shippingCents: totals.shipping ?? 0,
          taxCents: totals.tax,
          totalCents: totals.total,
          giftCardCents: giftCard?.amount ?? 0,
          giftCardId: giftCard?.id ?? null,
          isBusiness: details.isBusiness ?? false,
          vatNumber: details.isBusiness ? (details.vatNumber ?? null) : null,
          reverseCharge: vat.kind === 'reverse-charge',
          couponCode: summary.couponId ? cart.couponCode : null,
          ownReference: details.ownReference ?? null,
          remarks: cart.remarks,
          shippingAddress,
          billingAddress: billingAddressOf(details) ?? details.shippingAddress!,
          shippingMethod: details.shippingMethod!,
          paymentMethod,
          idempotencyKey,
          lines: cart.lines.map((line, index) => ({
            variantId: line.variantId,
            sku: line.sku,
            name: line.name,
            quantity: line.quantity,
            lengthCm: line.lengthCm,
            options: line.options,
            isSample: line.isSample,
            giftCard: line.giftCard,
            unitPriceCents: totals.lines[index]!.unitPrice,
            rowTotalCents: totals.lines[index]!.rowTotal,
            vatRateBp: totals.lines[index]!.vatRateBp,
            taxCents: totals.lines[index]!.taxCents,
          })),
        });
        // Pay on invoice: the invoice is what gets paid, so it exists from the start (once approved, when held).
        if (paymentMethod === 'invoice' && status === 'processing') await issueInvoice(tx, created.id);
        if (giftCard && !(await redeemGiftCard(tx, giftCard.id, giftCard.amount))) throw new OrderRefused('gift-card');
        if (summary.couponId && !(await redeemCoupon(tx, summary.couponId, created.id, details.email!))) throw new OrderRefused('coupon');
        await tx
          .update(carts)
          .set({ status: 'converted', updatedAt: sql`now()` })
          .where(eq(carts.id, cart.id));
        return { ok: true as const, orderNumber: created.orderNumber, orderId: created.id, created: true, placedAt: created.createdAt };
      }),
    );
  } catch (error) {
    if (error instanceof OrderRefused) return { ok: false, reason: error.reason };
    // Two first submits racing: the unique idempotency key lets one win; the other reads it.
    const raced = await previous();
    if (raced) return raced;
    throw error;
  }
}
