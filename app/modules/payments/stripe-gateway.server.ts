import Stripe from 'stripe';

export const onlineMethods = ['card', 'ideal', 'bancontact'] as const;
export type OnlineMethod = (typeof onlineMethods)[number];

export interface CheckoutRequest {
  orderNumber: string;
  /** minor units of `currency` */
  amount: number;
  currency: string;
  method: OnlineMethod;
  email: string;
  successUrl: string;
  cancelUrl: string;
}

/** The payment provider as the shop uses it: hosted checkout pages and signed webhooks. */
export interface PaymentGateway {
  /**
   * The origin of the provider's payment pages: the only other place a form of the shop may lead
   * to (CSP form-action), since placing an order without JavaScript ends in a redirect there.
   */
  paymentPageOrigin: string;
  /** Opens a payment page; its address is always on `paymentPageOrigin`. */
  startCheckout(request: CheckoutRequest): Promise<{ id: string; url: string }>;
  /**
   * Closes a payment page the shopper left, so it can no longer be paid: 'expired', or
   * 'completed' when the shopper paid after all (the webhook marks the order paid).
   */
  closeCheckout(sessionId: string): Promise<'expired' | 'completed'>;
  /**
   * Gives back part or all of what was paid on a Checkout Session (minor units). The same
   * idempotency key never refunds twice, also when the first answer was lost.
   */
  refundPayment(request: { sessionId: string; amount: number; idempotencyKey: string }): Promise<{ id: string }>;
  /** Verifies the signature and returns the event, or throws. */
  verifyEvent(payload: string, signature: string): Stripe.Event;
}

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string | undefined;
  /** another API address, for a local stand-in of Stripe in tests (which also serves the payment pages) */
  apiUrl: string | undefined;
}

/** Where Stripe Checkout's hosted payment pages live. */
const stripePaymentPageOrigin = 'https://checkout.stripe.com';

/**
 * Stripe Checkout Sessions: the shopper pays on Stripe's page (card, iDEAL or Bancontact) and
 * comes back to the success page; the order is marked paid by the webhook, not by the redirect.
 */
export function createStripeGateway({ secretKey, webhookSecret, apiUrl }: StripeSettings): PaymentGateway {
  const api = apiUrl ? new URL(apiUrl) : null;
  const stripe = new Stripe(secretKey, {
    maxNetworkRetries: 2,
    telemetry: false,
    ...(api ? { host: api.hostname, port: api.port || (api.protocol === 'https:' ? 443 : 80), protocol: api.protocol === 'https:' ? 'https' : 'http' } : {}),
  });
  const paymentPageOrigin = api?.origin ?? stripePaymentPageOrigin;
  return {
    paymentPageOrigin,
    async startCheckout({ orderNumber, amount, currency, method, email, successUrl, cancelUrl }) {
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          // The method the shopper chose in our checkout is the only one offered on the payment page.
          allowed_payment_method_types: [method],
          customer_email: email,
          client_reference_id: orderNumber,
          metadata: { orderNumber },
          line_items: [{ quantity: 1, price_data: { currency: currency.toLowerCase(), unit_amount: amount, product_data: { name: orderNumber } } }],
          success_url: successUrl,
          cancel_url: cancelUrl,
        },
        // One session per order, also when the shopper presses the button twice.
        { idempotencyKey: `checkout-${orderNumber}` },
      );
      if (!session.url) throw new Error(`Stripe returned no checkout URL for ${orderNumber}`);
      // The browser may only be sent there: a page elsewhere would be blocked by the CSP anyway.
      if (new URL(session.url).origin !== paymentPageOrigin) throw new Error(`Stripe's checkout URL for ${orderNumber} is not on ${paymentPageOrigin}`);
      return { id: session.id, url: session.url };
    },
    async closeCheckout(sessionId) {
      try {
        await stripe.checkout.sessions.expire(sessionId);
        return 'expired';
      } catch (error) {
        // Only an open session can be expired; a paid (or already expired) one says so when asked.
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
        const session = await stripe.checkout.sessions.retrieve(sessionId);
        return session.status === 'complete' ? 'completed' : 'expired';
      }
    },
    async refundPayment({ sessionId, amount, idempotencyKey }) {
      const session = await stripe.checkout.sessions.retrieve(sessionId);
      const paymentIntent = typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
      if (!paymentIntent) throw new Error(`Checkout Session ${sessionId} has no payment to refund`);
      const refund = await stripe.refunds.create({ payment_intent: paymentIntent, amount }, { idempotencyKey });
      return { id: refund.id };
    },
    verifyEvent(payload, signature) {
      if (!webhookSecret) throw new Error('STRIPE_WEBHOOK_SECRET is not set');
      return stripe.webhooks.constructEvent(payload, signature, webhookSecret);
    },
  };
}
