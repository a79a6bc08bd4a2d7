import { and, eq, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { AppServices } from '../../context.ts';
import type { Database } from '../../db/client.server.ts';
import { carts, orders, paymentEvents } from '../../db/schema.ts';
import type { StorefrontLocale } from '../i18n/locales.ts';
import { changeOrderStatus } from '../orders/order-status.server.ts';
import { onlineMethods, type OnlineMethod } from '../payments/stripe-gateway.server.ts';
import { successToken } from './order-confirmation.server.ts';

export const isOnlineMethod = (method: string): method is OnlineMethod => (onlineMethods as readonly string[]).includes(method);

/** Sends the shopper to the provider's payment page for what is left to pay on the order. */
export async function startOnlinePayment(services: AppServices, storefront: StorefrontLocale, orderNumber: string): Promise<string> {
  const [order] = await services.db.select().from(orders).where(eq(orders.orderNumber, orderNumber));
  if (!order || !services.payments || !isOnlineMethod(order.paymentMethod)) throw new Error(`order ${orderNumber} is not paid online`);
  const token = successToken(services.sessionSecret, orderNumber);
  const back = `${services.siteUrl}/${storefront.prefix}/checkout`;
  const { url } = await services.payments.startCheckout({
    orderNumber,
    amount: order.totalCents - order.giftCardCents,
    currency: order.currencyCode,
    method: order.paymentMethod,
    email: order.email,
    successUrl: `${back}/success?order=${orderNumber}&token=${token}`,
    cancelUrl: `${back}/payment?order=${orderNumber}&token=${token}&payment=failed`,
  });
  return url;
}

/**
 * A payment that failed or was cancelled: the order is cancelled (stock, coupon and gift card
 * come back) and its cart opens again, as it was, so the shopper can try again or pay another way.
 */
export async function reopenAfterFailedPayment(db: Database, orderNumber: string): Promise<boolean> {
  const [order] = await db.select({ status: orders.status, paymentMethod: orders.paymentMethod, key: orders.idempotencyKey }).from(orders).where(eq(orders.orderNumber, orderNumber));
  if (!order || order.status !== 'pending_payment' || !isOnlineMethod(order.paymentMethod)) return false;
  const cancelled = await changeOrderStatus(db, orderNumber, 'cancelled', 'online payment failed or cancelled');
  if (!cancelled.ok) return false;
  const cartId = order.key?.startsWith('cart:') ? order.key.slice(5) : null;
  // The cart may place a new order now: the cancelled one gives up its idempotency key.
  await db.update(orders).set({ idempotencyKey: null }).where(eq(orders.orderNumber, orderNumber));
  if (cartId) await db.update(carts).set({ status: 'active', updatedAt: sql`now()` }).where(and(eq(carts.id, cartId), eq(carts.status, 'converted')));
  return true;
}

export type WebhookOutcome = { status: 200; handled: string } | { status: 400; error: string };

/**
 * Stripe's webhook: the signature is checked, every event is handled once (events are stored by
 * id), and a completed checkout marks the order paid, which issues its invoice.
 */
export async function handlePaymentWebhook(services: AppServices, payload: string, signature: string): Promise<WebhookOutcome> {
  if (!services.payments) return { status: 400, error: 'payments are not configured' };
  let event: Stripe.Event;
  try {
    event = services.payments.verifyEvent(payload, signature);
  } catch {
    return { status: 400, error: 'invalid signature' };
  }
  const [fresh] = await services.db.insert(paymentEvents).values({ id: event.id, type: event.type }).onConflictDoNothing().returning({ id: paymentEvents.id });
  if (!fresh) return { status: 200, handled: 'duplicate' };
  const session = event.data.object as Stripe.Checkout.Session;
  const orderNumber = session.metadata?.orderNumber ?? session.client_reference_id;
  if (!orderNumber) return { status: 200, handled: 'ignored' };
  if ((event.type === 'checkout.session.completed' && session.payment_status === 'paid') || event.type === 'checkout.session.async_payment_succeeded') {
    const result = await changeOrderStatus(services.db, orderNumber, 'paid', `stripe ${session.id}`);
    return { status: 200, handled: result.ok ? 'paid' : 'unchanged' };
  }
  if (event.type === 'checkout.session.async_payment_failed' || event.type === 'checkout.session.expired') {
    return { status: 200, handled: (await reopenAfterFailedPayment(services.db, orderNumber)) ? 'reopened' : 'unchanged' };
  }
  return { status: 200, handled: 'ignored' };
}
