import { and, eq, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { AppServices } from '#app/context.ts';
import { carts, orders, paymentEvents } from '#app/db/schema.ts';
import type { StorefrontLocale } from '#app/modules/i18n/locales.ts';
import { applyOrderChange } from '#app/modules/orders/order-status.server.ts';
import { onlineMethods, type OnlineMethod } from '#app/modules/payments/stripe-gateway.server.ts';
import { sendOrderConfirmation } from '#app/modules/orders/order-confirmation-mail.server.ts';
import { successToken } from './order-confirmation.server.ts';

export const isOnlineMethod = (method: string): method is OnlineMethod => (onlineMethods as readonly string[]).includes(method);

/** Sends the shopper to the provider's payment page for what is left to pay on the order. */
export async function startOnlinePayment(services: AppServices, storefront: StorefrontLocale, orderNumber: string): Promise<string> {
  const [order] = await services.db.select().from(orders).where(eq(orders.orderNumber, orderNumber));
  if (!order || !services.payments || !isOnlineMethod(order.paymentMethod)) throw new Error(`order ${orderNumber} is not paid online`);
  const token = successToken(services.sessionSecret, orderNumber);
  const back = `${services.siteUrl}/${storefront.prefix}/checkout`;
  const { id, url } = await services.payments.startCheckout({
    orderNumber,
    amount: order.totalCents - order.giftCardCents,
    currency: order.currencyCode,
    method: order.paymentMethod,
    email: order.email,
    successUrl: `${back}/success?order=${orderNumber}&token=${token}`,
    cancelUrl: `${back}/payment?order=${orderNumber}&token=${token}&payment=failed`,
  });
  await services.db.update(orders).set({ paymentReference: id }).where(eq(orders.id, order.id));
  return url;
}

/**
 * What follows a placed order: the success page, or for card, iDEAL and Bancontact the provider's
 * payment page. The shopper is told (success page, confirmation mail) only once that is certain:
 * an online payment whose page cannot be opened withdraws the order and confirms nothing.
 */
export async function continueAfterOrder(
  services: AppServices,
  storefront: StorefrontLocale,
  placed: { orderNumber: string; created: boolean; placedAt: Date },
  paymentMethod: string,
): Promise<{ ok: true; location: string } | { ok: false }> {
  // The link's 24 hours count from the placing, so a replay of the form gets the very same link.
  let location = `/${storefront.prefix}/checkout/success?order=${placed.orderNumber}&token=${successToken(services.sessionSecret, placed.orderNumber, placed.placedAt.getTime())}`;
  if (isOnlineMethod(paymentMethod)) {
    try {
      location = await startOnlinePayment(services, storefront, placed.orderNumber);
    } catch (error) {
      services.logger.error({ err: error, orderNumber: placed.orderNumber }, 'could not start the online payment');
      await reopenAfterFailedPayment(services, placed.orderNumber, { pageLeftOpen: false });
      return { ok: false };
    }
  }
  if (placed.created) {
    // Queued, not sent: the outbox delivers it. Should even queueing fail, the order still stands.
    await sendOrderConfirmation(services, storefront, placed.orderNumber).catch((error: unknown) =>
      services.logger.error({ err: error, orderNumber: placed.orderNumber }, 'order confirmation mail failed'),
    );
  }
  return { ok: true, location };
}

export type ReopenOutcome = 'reopened' | 'paid' | 'unchanged';

/**
 * A payment that failed or was cancelled: the order is cancelled (stock, coupon and gift card
 * come back) and its cart opens again, as it was, so the shopper can try again or pay another way.
 * When the shopper left the payment page, that page is closed first, so it cannot be paid for an
 * order that no longer exists; if it was paid after all, the order stays ('paid').
 */
export async function reopenAfterFailedPayment(
  services: Pick<AppServices, 'db' | 'payments' | 'logger' | 'shopName' | 'siteUrl'>,
  orderNumber: string,
  { pageLeftOpen }: { pageLeftOpen: boolean },
): Promise<ReopenOutcome> {
  const { db, payments, logger } = services;
  const [order] = await db
    .select({ status: orders.status, paymentMethod: orders.paymentMethod, key: orders.idempotencyKey, paymentReference: orders.paymentReference })
    .from(orders)
    .where(eq(orders.orderNumber, orderNumber));
  if (!order || order.status !== 'pending_payment' || !isOnlineMethod(order.paymentMethod)) return 'unchanged';
  if (pageLeftOpen && order.paymentReference && payments) {
    try {
      if ((await payments.closeCheckout(order.paymentReference)) === 'completed') return 'paid';
    } catch (error) {
      // The provider does not answer: the shopper still gets the cart back. Should the open page be
      // paid after all, the webhook reports the payment for a cancelled order to staff.
      logger.warn({ err: error, orderNumber }, 'could not close the payment page; cancelling the order anyway');
    }
  }
  const cancelled = await applyOrderChange(services, {
    orderNumber,
    expectedVersion: null,
    actor: null,
    change: { kind: 'cancelled', reason: 'online payment failed or cancelled' },
  });
  if (!cancelled.ok) return 'unchanged';
  const cartId = order.key?.startsWith('cart:') ? order.key.slice(5) : null;
  // The cart may place a new order now: the cancelled one gives up its idempotency key.
  await db.update(orders).set({ idempotencyKey: null }).where(eq(orders.orderNumber, orderNumber));
  if (cartId)
    await db
      .update(carts)
      .set({ status: 'active', updatedAt: sql`now()` })
      .where(and(eq(carts.id, cartId), eq(carts.status, 'converted')));
  return 'reopened';
}

export type WebhookOutcome = { status: 200; handled: string } | { status: 400; error: string };

/**
 * Stripe's webhook: the signature is checked, every event is handled once (events are stored by
 * id; an event whose handling fails is forgotten again, so Stripe's retry gets another chance),
 * and a completed checkout marks the order paid, which issues its invoice: only when it is the
 * order's own payment page and the amount and currency are what the order asked for.
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
  try {
    return { status: 200, handled: await handleCheckoutEvent(services, event) };
  } catch (error) {
    await services.db.delete(paymentEvents).where(eq(paymentEvents.id, event.id));
    throw error;
  }
}

async function handleCheckoutEvent(services: AppServices, event: Stripe.Event): Promise<string> {
  const session = event.data.object as Stripe.Checkout.Session;
  const orderNumber = session.metadata?.orderNumber ?? session.client_reference_id;
  if (!orderNumber) return 'ignored';
  if ((event.type === 'checkout.session.completed' && session.payment_status === 'paid') || event.type === 'checkout.session.async_payment_succeeded') {
    const [order] = await services.db.select().from(orders).where(eq(orders.orderNumber, orderNumber));
    const expected = order && { session: order.paymentReference, amount: order.totalCents - order.giftCardCents, currency: order.currencyCode.toLowerCase() };
    if (!order || expected?.session !== session.id || expected.amount !== session.amount_total || expected.currency !== session.currency) {
      services.logger.error(
        { orderNumber, sessionId: session.id, expected, received: { amount: session.amount_total, currency: session.currency } },
        'payment does not match the order: not marked paid',
      );
      return 'mismatch';
    }
    if (order.status === 'cancelled') {
      services.logger.error({ orderNumber, sessionId: session.id }, 'payment received for a cancelled order: refund it or restore the order');
      return 'paid-after-cancellation';
    }
    const result = await applyOrderChange(services, {
      orderNumber,
      expectedVersion: null,
      actor: null,
      change: { kind: 'paid', note: `stripe ${session.id}` },
    });
    return result.ok ? 'paid' : 'unchanged';
  }
  if (event.type === 'checkout.session.async_payment_failed' || event.type === 'checkout.session.expired') {
    return reopenAfterFailedPayment(services, orderNumber, { pageLeftOpen: false });
  }
  return 'ignored';
}
