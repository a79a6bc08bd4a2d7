import type { AppServices } from '#app/context.ts';
import type { CurrencyCode, StorefrontLocale } from '#app/modules/i18n/locales.ts';
import type { CheckoutSummary } from './checkout-summary.server.ts';
import { saveCheckoutDetails } from './checkout-steps.server.ts';
import { checkGiftCard, type GiftCardCheck, giftCardMessages } from './gift-cards.server.ts';
import { continueAfterOrder, isOnlineMethod } from './online-payment.server.ts';
import type { PaymentStepInput } from './payment-forms.ts';
import { placeOrder, placeOrderMessages, type PlaceOrderResult } from './place-order.server.ts';

type GiftCardRefusal = Exclude<GiftCardCheck, { ok: true }>['reason'] | 'cart-has-gift-card';
type OrderRefusal = Exclude<PlaceOrderResult, { ok: true }>['reason'];

export type SubmitPaymentResult =
  | { kind: 'gift-card-saved' }
  | { kind: 'gift-card-refused'; reason: GiftCardRefusal }
  /** Nothing (left) to order: the cart is gone. */
  | { kind: 'cart-gone' }
  /** The cart is an order already, placed by another browser (or too long ago): this one forgets the cart. */
  | { kind: 'placed-elsewhere' }
  | { kind: 'order-refused'; reason: OrderRefusal }
  /** Placed, but the provider's payment page could not be opened: the order is withdrawn. */
  | { kind: 'payment-unavailable' }
  /**
   * Placed (`created`) or found again for a replay of the form by the browser that placed it.
   * `next` is the success page or the provider's payment page; `keepCart` while that page is open,
   * so a cancelled payment gives this cart back.
   */
  | { kind: 'placed'; orderNumber: string; created: boolean; next: string; keepCart: boolean };

/** Message keys for the payment step's refusals. */
export function submitPaymentMessage(result: Extract<SubmitPaymentResult, { kind: 'gift-card-refused' | 'order-refused' | 'payment-unavailable' }>): string {
  if (result.kind === 'payment-unavailable') return 'errors.payment';
  if (result.kind === 'order-refused') return placeOrderMessages[result.reason];
  return result.reason === 'cart-has-gift-card' ? 'giftCards.notPayableWithGiftCard' : giftCardMessages[result.reason];
}

export interface PaymentVisitor {
  storefront: StorefrontLocale;
  currency: CurrencyCode;
  cartId: string | undefined;
  customerId: number | null;
  /** The cart and its money as the step showed them. */
  summary: CheckoutSummary;
  /** Whether this browser placed that order of this cart a moment ago (the placed-order marker). */
  placedHere: (orderNumber: string) => boolean;
}

/**
 * The payment step (spec §3, step 4): a gift card code applied or removed, or the order placed and
 * the shopper sent on to the success page or the provider's payment page.
 */
export async function submitPayment(services: AppServices, visitor: PaymentVisitor, input: PaymentStepInput): Promise<SubmitPaymentResult> {
  const { summary } = visitor;
  if (input.intent !== 'place-order') {
    if (!summary.cart) return { kind: 'cart-gone' };
    const code = input.intent === 'apply-gift-card' ? input.giftCardCode : '';
    if (input.intent === 'apply-gift-card') {
      const check = await checkGiftCard(services.db, code, visitor.currency);
      if (!check.ok) return { kind: 'gift-card-refused', reason: check.reason };
      // A cart with a gift card in it is not paid with another one.
      if (summary.cart.lines.some((line) => line.isVoucher)) return { kind: 'gift-card-refused', reason: 'cart-has-gift-card' };
    }
    await saveCheckoutDetails(services.db, summary.cart.id, { giftCardCode: code || null });
    return { kind: 'gift-card-saved' };
  }
  const placed = await placeOrder(services.db, {
    storefront: visitor.storefront,
    currency: visitor.currency,
    cartId: visitor.cartId ?? '',
    customerId: visitor.customerId,
    paymentMethod: input.paymentMethod,
    termsAccepted: input.terms,
    onlinePayments: services.payments !== null,
    businessRules: services.businessRules,
  });
  if (!placed.ok) return placed.reason === 'empty' && !summary.cart ? { kind: 'cart-gone' } : { kind: 'order-refused', reason: placed.reason };
  // A repeated post for a cart that is already an order answers that order only to the browser
  // that placed it, within minutes and once (the marker); anyone else gets the empty cart.
  if (!placed.created && !visitor.placedHere(placed.orderNumber)) return { kind: 'placed-elsewhere' };
  const next = await continueAfterOrder(services, visitor.storefront, placed, input.paymentMethod);
  if (!next.ok) return { kind: 'payment-unavailable' };
  return { kind: 'placed', orderNumber: placed.orderNumber, created: placed.created, next: next.location, keepCart: isOnlineMethod(input.paymentMethod) };
}
