import { tmpdir } from 'node:os';
import { asc, eq, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppServices } from '#app/context.ts';
import { carts, invoices, mailOutbox, orders, productVariants } from '#app/db/schema.ts';
import { addToCart } from '#app/modules/cart/add-to-cart.server.ts';
import type { CheckoutDetails } from '#app/modules/checkout/checkout-details.ts';
import { continueAfterOrder, handlePaymentWebhook, reopenAfterFailedPayment, startOnlinePayment } from '#app/modules/checkout/online-payment.server.ts';
import { placeOrder } from '#app/modules/checkout/place-order.server.ts';
import { storefrontByCode } from '#app/modules/i18n/locales.ts';
import { createMailTransport } from '#app/lib/mail/mailer.server.ts';
import { MailOutbox } from '#app/lib/mail/outbox.server.ts';
import { storefrontPageCache } from '../../server/storefront-page-cache.ts';
import { createLogger } from '#app/lib/observability/logger.server.ts';
import { createStripeGateway } from '#app/modules/payments/stripe-gateway.server.ts';
import { createDemoDatabase, type TestDatabase, testDrivers } from '../support/database.ts';
import { type StripeStandIn, startStripeStandIn } from '../support/stripe-stand-in.ts';

const webhookSecret = 'whsec_test_cordial';
const dutchStore = storefrontByCode('nl-NL')!;
const ready: CheckoutDetails = {
  email: 'anna@example.com',
  shippingAddress: {
    firstName: 'Anna',
    lastName: 'Jansen',
    street: 'Dorpsstraat',
    houseNumber: '1',
    zipCode: '3511 AB',
    city: 'Utrecht',
    countryCode: 'NL',
    phone: '030 123 4567',
  },
  shippingMethod: 'home_delivery',
  billingSameAsShipping: true,
};

/** A webhook delivery signed the way Stripe signs them (t=…,v1=HMAC-SHA256). */
function signedEvent(id: string, type: string, session: Record<string, unknown>, secret = webhookSecret) {
  const payload = JSON.stringify({ id, object: 'event', type, data: { object: { object: 'checkout.session', ...session } } });
  return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
}

describe.each(testDrivers)('card, iDEAL and Bancontact payments through Stripe on %s', (driver) => {
  let database: TestDatabase;
  let standIn: StripeStandIn;
  let services: AppServices;
  let variantId: number;
  beforeAll(async () => {
    database = await createDemoDatabase(driver, 0.05);
    standIn = await startStripeStandIn();
    const logger = createLogger('silent');
    services = {
      db: database.db,
      logger,
      shopName: 'Cordial',
      isProduction: true,
      dataDir: tmpdir(),
      secureCookies: true,
      pageCache: storefrontPageCache(),
      mailer: new MailOutbox(
        database.db,
        createMailTransport({ smtpUrl: undefined, from: 'Cordial <shop@cordial.example>', folder: tmpdir(), logger }),
        logger,
      ),
      siteUrl: 'https://shop.example',
      sessionSecret: 'a-session-secret-of-at-least-32-characters',
      payments: createStripeGateway({ secretKey: 'sk_test_cordial', webhookSecret, apiUrl: standIn.url }),
    } as AppServices;
    const [variant] = await database.db
      .select({ id: productVariants.id })
      .from(productVariants)
      .where(sql`${productVariants.priceCents} >= 1500`)
      .orderBy(asc(productVariants.id))
      .limit(1);
    variantId = variant!.id;
    await database.db.update(productVariants).set({ stockQuantity: 40 }).where(eq(productVariants.id, variantId));
  });
  afterAll(async () => {
    await standIn?.close();
    await database?.destroy();
  });

  async function orderPaidWith(method: string) {
    const added = await addToCart(database.db, { cartId: undefined, customerId: null, locale: 'nl-NL', currency: 'EUR', variantId, quantity: 2 });
    if (!added.ok) throw new Error('not added');
    await database.db
      .update(carts)
      .set({ checkout: ready as Record<string, unknown> })
      .where(eq(carts.id, added.cartId));
    const placed = await placeOrder(database.db, {
      storefront: dutchStore,
      currency: 'EUR',
      cartId: added.cartId,
      customerId: null,
      paymentMethod: method,
      termsAccepted: true,
      onlinePayments: true,
    });
    if (!placed.ok) throw new Error(placed.reason);
    return { ...placed, cartId: added.cartId };
  }

  it('opens a Checkout Session for what is due, then the signed webhook marks the order paid once', async () => {
    const placed = await orderPaidWith('ideal');
    const url = await startOnlinePayment(services, dutchStore, placed.orderNumber);
    expect(url).toMatch(new RegExp(`^${standIn.url}/pay/cs_test_\\d+$`));
    const [order] = await database.db.select().from(orders).where(eq(orders.orderNumber, placed.orderNumber));
    const sent = standIn.requests.at(-1)!;
    expect(sent.path).toBe('/v1/checkout/sessions');
    expect(sent.idempotencyKey).toBe(`checkout-${placed.orderNumber}`);
    expect(Object.fromEntries(sent.form)).toMatchObject({
      mode: 'payment',
      'allowed_payment_method_types[0]': 'ideal',
      'line_items[0][price_data][currency]': 'eur',
      'line_items[0][price_data][unit_amount]': String(order!.totalCents),
      'metadata[orderNumber]': placed.orderNumber,
      customer_email: 'anna@example.com',
    });
    expect(sent.form.get('success_url')).toMatch(new RegExp(`^https://shop\\.example/nl-nl/checkout/success\\?order=${placed.orderNumber}&token=`));
    expect(order!.status).toBe('pending_payment');

    const forged = signedEvent(
      'evt_forged',
      'checkout.session.completed',
      { id: 'cs_x', payment_status: 'paid', metadata: { orderNumber: placed.orderNumber } },
      'whsec_someone_else',
    );
    expect(await handlePaymentWebhook(services, forged.payload, forged.signature)).toEqual({ status: 400, error: 'invalid signature' });

    // Signed, but not what the order asked for: another session, another amount, another currency.
    const session = {
      id: order!.paymentReference,
      payment_status: 'paid',
      amount_total: order!.totalCents,
      currency: 'eur',
      metadata: { orderNumber: placed.orderNumber },
    };
    expect(session.id).toMatch(/^cs_test_\d+$/);
    for (const [index, wrong] of [{ id: 'cs_test_other' }, { amount_total: 1 }, { currency: 'usd' }].entries()) {
      const mismatch = signedEvent(`evt_mismatch_${index}`, 'checkout.session.completed', { ...session, ...wrong });
      expect(await handlePaymentWebhook(services, mismatch.payload, mismatch.signature)).toEqual({ status: 200, handled: 'mismatch' });
    }
    expect((await database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, order!.id)))[0]!.status).toBe('pending_payment');

    const event = signedEvent('evt_paid_1', 'checkout.session.completed', session);
    expect(await handlePaymentWebhook(services, event.payload, event.signature)).toEqual({ status: 200, handled: 'paid' });
    expect(await handlePaymentWebhook(services, event.payload, event.signature)).toEqual({ status: 200, handled: 'duplicate' });
    const [paid] = await database.db.select().from(orders).where(eq(orders.orderNumber, placed.orderNumber));
    expect(paid!.status).toBe('paid');
    expect(await database.db.select().from(invoices).where(eq(invoices.orderId, paid!.id))).toHaveLength(1);
  });

  it('gives the cart back, intact, when the payment fails', async () => {
    const [before] = await database.db.select({ stock: productVariants.stockQuantity }).from(productVariants).where(eq(productVariants.id, variantId));
    const placed = await orderPaidWith('card');
    expect(await reopenAfterFailedPayment(services, placed.orderNumber, { pageLeftOpen: true })).toBe('reopened');
    const [order] = await database.db.select().from(orders).where(eq(orders.orderNumber, placed.orderNumber));
    expect(order!.status).toBe('cancelled');
    const [cart] = await database.db.select({ status: carts.status }).from(carts).where(eq(carts.id, placed.cartId));
    expect(cart!.status).toBe('active');
    const [after] = await database.db.select({ stock: productVariants.stockQuantity }).from(productVariants).where(eq(productVariants.id, variantId));
    expect(after!.stock).toBe(before!.stock);
    // The same cart can be ordered again, now by bank transfer.
    const again = await placeOrder(database.db, {
      storefront: dutchStore,
      currency: 'EUR',
      cartId: placed.cartId,
      customerId: null,
      paymentMethod: 'bank_transfer',
      termsAccepted: true,
      onlinePayments: true,
    });
    expect(again).toMatchObject({ ok: true, created: true });
    expect(again.ok && again.orderNumber).not.toBe(placed.orderNumber);
  });

  it('closes the payment page the shopper left, and keeps the order when it was paid after all', async () => {
    const left = await orderPaidWith('card');
    const leftPage = await startOnlinePayment(services, dutchStore, left.orderNumber);
    expect(await reopenAfterFailedPayment(services, left.orderNumber, { pageLeftOpen: true })).toBe('reopened');
    // The page is closed: going back to it in the browser cannot pay for the cancelled order.
    expect((await fetch(leftPage)).status).toBe(410);
    expect(standIn.requests.at(-1)!.path).toMatch(/^\/v1\/checkout\/sessions\/cs_test_\d+\/expire$/);

    const paidElsewhere = await orderPaidWith('card');
    const page = await startOnlinePayment(services, dutchStore, paidElsewhere.orderNumber);
    await fetch(`${page}/complete`, { redirect: 'manual' }); // paid in another tab, then "back" in this one
    expect(await reopenAfterFailedPayment(services, paidElsewhere.orderNumber, { pageLeftOpen: true })).toBe('paid');
    const [order] = await database.db.select({ status: orders.status }).from(orders).where(eq(orders.orderNumber, paidElsewhere.orderNumber));
    expect(order!.status).toBe('pending_payment'); // until the webhook says paid

    // The provider does not answer when the shopper comes back: the cart comes back all the same.
    const providerDown = await orderPaidWith('card');
    await startOnlinePayment(services, dutchStore, providerDown.orderNumber);
    standIn.failNext(3);
    expect(await reopenAfterFailedPayment(services, providerDown.orderNumber, { pageLeftOpen: true })).toBe('reopened');
  });

  it('does not mark a cancelled order paid, and says so loudly', async () => {
    const placed = await orderPaidWith('ideal');
    await startOnlinePayment(services, dutchStore, placed.orderNumber);
    const [order] = await database.db.select().from(orders).where(eq(orders.orderNumber, placed.orderNumber));
    const expired = signedEvent('evt_expired_late', 'checkout.session.expired', { id: order!.paymentReference, metadata: { orderNumber: placed.orderNumber } });
    expect(await handlePaymentWebhook(services, expired.payload, expired.signature)).toEqual({ status: 200, handled: 'reopened' });
    const late = signedEvent('evt_paid_late', 'checkout.session.completed', {
      id: order!.paymentReference,
      payment_status: 'paid',
      amount_total: order!.totalCents,
      currency: 'eur',
      metadata: { orderNumber: placed.orderNumber },
    });
    expect(await handlePaymentWebhook(services, late.payload, late.signature)).toEqual({ status: 200, handled: 'paid-after-cancellation' });
  });

  it('lets Stripe retry an event whose handling failed', async () => {
    const placed = await orderPaidWith('ideal');
    await startOnlinePayment(services, dutchStore, placed.orderNumber);
    const [order] = await database.db.select().from(orders).where(eq(orders.orderNumber, placed.orderNumber));
    const event = signedEvent('evt_retry', 'checkout.session.completed', {
      id: order!.paymentReference,
      payment_status: 'paid',
      amount_total: order!.totalCents,
      currency: 'eur',
      metadata: { orderNumber: placed.orderNumber },
    });
    // The database goes away while the order is being marked paid.
    const failingDb = new Proxy(database.db, {
      get(target, property) {
        if (property === 'transaction') return () => Promise.reject(new Error('Connection terminated unexpectedly'));
        const value = Reflect.get(target, property, target) as unknown;
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    await expect(handlePaymentWebhook({ ...services, db: failingDb }, event.payload, event.signature)).rejects.toThrow(/Connection terminated/);
    expect(await handlePaymentWebhook(services, event.payload, event.signature)).toEqual({ status: 200, handled: 'paid' });
  });

  it('confirms an order paid online (mail, success) only once its payment page is open on the provider', async () => {
    const mailsTo = async (orderNumber: string) =>
      (await database.db.select({ subject: mailOutbox.subject }).from(mailOutbox)).filter((mail) => mail.subject.includes(orderNumber));
    const opened = await orderPaidWith('card');
    expect(await continueAfterOrder(services, dutchStore, opened, 'card')).toEqual({
      ok: true,
      location: expect.stringMatching(new RegExp(`^${standIn.url}/pay/`)),
    });
    expect(await mailsTo(opened.orderNumber)).toHaveLength(1);

    const notOpened = await orderPaidWith('card');
    standIn.failNext(3);
    expect(await continueAfterOrder(services, dutchStore, notOpened, 'card')).toEqual({ ok: false });
    expect(await mailsTo(notOpened.orderNumber)).toEqual([]);
    const [withdrawn] = await database.db.select({ status: orders.status }).from(orders).where(eq(orders.orderNumber, notOpened.orderNumber));
    expect(withdrawn!.status).toBe('cancelled');
    const [cart] = await database.db.select({ status: carts.status }).from(carts).where(eq(carts.id, notOpened.cartId));
    expect(cart!.status).toBe('active');
  });

  it('refuses a payment page that is not on the configured provider', async () => {
    const elsewhere = createStripeGateway({ secretKey: 'sk_test_cordial', webhookSecret, apiUrl: standIn.url.replace('127.0.0.1', 'localhost') });
    expect(elsewhere.paymentPageOrigin).toBe(standIn.url.replace('127.0.0.1', 'localhost'));
    const placed = await orderPaidWith('card');
    await expect(startOnlinePayment({ ...services, payments: elsewhere }, dutchStore, placed.orderNumber)).rejects.toThrow(/is not on/);
  });

  it('reports a provider that does not answer, so the checkout can say so', async () => {
    const placed = await orderPaidWith('card');
    standIn.failNext(3);
    await expect(startOnlinePayment(services, dutchStore, placed.orderNumber)).rejects.toThrow();
  });
});
