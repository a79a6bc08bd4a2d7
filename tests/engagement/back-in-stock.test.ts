import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppServices } from '#app/context.ts';
import { customers, mailOutbox, orders, productTranslations, productVariants, products, stockAlertSubscriptions } from '#app/db/schema.ts';
import { listAccountStockAlerts, removeAccountStockAlert, sendBackInStockMails, unsubscribeStockAlerts } from '#app/modules/engagement/back-in-stock.server.ts';
import { subscribeToStockAlert } from '#app/modules/engagement/stock-alerts.server.ts';
import { queueMail } from '#app/lib/mail/outbox.server.ts';
import { applyOrderChange } from '#app/modules/orders/order-status.server.ts';
import { recordOrder } from '#app/modules/orders/record-order.server.ts';
import { createTestDatabase, type TestDatabase, testDrivers } from '../support/database.ts';
import { createCustomer } from '../support/factories.ts';
import { testServices } from '../support/services.ts';

const address = { firstName: 'Anna', lastName: 'Jansen', street: 'Dorpsstraat', houseNumber: '1', zipCode: '3511 AB', city: 'Utrecht', countryCode: 'NL' };

describe.each(testDrivers)('back-in-stock mails on %s', (driver) => {
  let database: TestDatabase;
  let services: AppServices;
  let deliveryRequests = 0;

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    const base = testServices(database.db);
    services = { ...base, mailer: { send: async (mail) => void (await queueMail(database.db, mail)), deliverSoon: () => void deliveryRequests++ } };
  });
  afterAll(async () => {
    await database?.destroy();
  });

  /** A sold-out product with one variant, named in Dutch and German. */
  async function soldOutProduct() {
    const sku = `CORD-${randomUUID().slice(0, 8)}`;
    const [product] = await database.db.insert(products).values({ sku, kind: 'simple', productType: 'paracord' }).returning();
    await database.db.insert(productTranslations).values([
      { productId: product!.id, locale: 'nl-NL', name: 'Paracord zwart', urlKey: `paracord-zwart-${sku}` },
      { productId: product!.id, locale: 'de-DE', name: 'Paracord schwarz', urlKey: `paracord-schwarz-${sku}` },
    ]);
    const [variant] = await database.db
      .insert(productVariants)
      .values({ productId: product!.id, sku: `${sku}-10`, priceCents: 1000, stockQuantity: 0 })
      .returning();
    return { productId: product!.id, variantId: variant!.id, sku: variant!.sku, urlKey: `paracord-schwarz-${sku}` };
  }
  const subscribe = (
    product: { productId: number; variantId: number },
    email: string,
    locale: 'de-DE' | 'nl-NL' = 'de-DE',
    customerId: number | null = null,
  ) => {
    return subscribeToStockAlert(database.db, product.productId, locale, { email, variantId: product.variantId }, customerId);
  };
  const mailsTo = (email: string) => database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
  const openAlerts = (productId: number) => database.db.select().from(stockAlertSubscriptions).where(eq(stockAlertSubscriptions.productId, productId));

  it('sends nothing while the variant is sold out', async () => {
    const product = await soldOutProduct();
    const email = `wait-${randomUUID()}@example.com`;
    expect(await subscribe(product, email)).toEqual({ ok: true });
    await sendBackInStockMails(services);
    expect(await mailsTo(email)).toHaveLength(0);
    expect(await openAlerts(product.productId)).toHaveLength(1);
  });

  it('mails each subscriber once, in the language of their store, after a direct stock update; the subscription is removed', async () => {
    const product = await soldOutProduct();
    const german = `de-${randomUUID()}@example.com`;
    const dutch = `nl-${randomUUID()}@example.com`;
    await subscribe(product, german, 'de-DE');
    await subscribe(product, dutch, 'nl-NL');
    // Another product that stays sold out: its subscriber waits.
    const stillSoldOut = await soldOutProduct();
    const waiting = `waiting-${randomUUID()}@example.com`;
    await subscribe(stillSoldOut, waiting);
    // A restock from anywhere: an import, an admin edit, a statement in the database.
    await database.db.update(productVariants).set({ stockQuantity: 5 }).where(eq(productVariants.id, product.variantId));
    const before = deliveryRequests;
    expect(await sendBackInStockMails(services)).toBeGreaterThanOrEqual(2);
    expect(deliveryRequests).toBe(before + 1);
    const [germanMail] = await mailsTo(german);
    expect(germanMail!.subject).toBe('Paracord schwarz ist wieder auf Lager');
    expect(germanMail!.text).toContain(`https://cordial.example/de-de/${product.urlKey}`);
    expect(germanMail!.text).toMatch(/https:\/\/cordial\.example\/de-de\/stock-alerts\/unsubscribe\?token=/);
    expect(germanMail!.html).toContain('lang="de-DE"');
    const [dutchMail] = await mailsTo(dutch);
    expect(dutchMail!.subject).toBe('Paracord zwart is weer op voorraad');
    expect(await openAlerts(product.productId)).toHaveLength(0);
    expect(await mailsTo(waiting)).toHaveLength(0);
    expect(await openAlerts(stillSoldOut.productId)).toHaveLength(1);
    // A second run finds nothing more to send.
    await sendBackInStockMails(services);
    expect(await mailsTo(german)).toHaveLength(1);
    // Having been mailed, the address can ask again for the next time it sells out.
    expect(await subscribe(product, german)).toEqual({ ok: true });
    expect(await openAlerts(product.productId)).toHaveLength(1);
  });

  it('mails the subscribers when an order that took the last stock is cancelled', async () => {
    const product = await soldOutProduct();
    const email = `cancel-${randomUUID()}@example.com`;
    const line = {
      variantId: product.variantId,
      sku: product.sku,
      name: 'Paracord',
      quantity: 2,
      lengthCm: null,
      isSample: false,
      unitPriceCents: 1000,
      rowTotalCents: 2000,
      vatRateBp: 2100,
      taxCents: 420,
    };
    const order = await database.db.transaction((tx) =>
      recordOrder(tx, {
        locale: 'nl-NL',
        customerId: null,
        email: 'buyer@example.com',
        status: 'pending_payment',
        currencyCode: 'EUR',
        exchangeRate: '1',
        subtotalCents: 2000,
        discountCents: 0,
        shippingCents: 0,
        taxCents: 420,
        totalCents: 2420,
        isBusiness: false,
        vatNumber: null,
        reverseCharge: false,
        couponCode: null,
        ownReference: null,
        remarks: null,
        shippingAddress: address,
        billingAddress: address,
        shippingMethod: 'home_delivery',
        paymentMethod: 'bank_transfer',
        idempotencyKey: null,
        lines: [line],
      }),
    );
    await subscribe(product, email);
    await sendBackInStockMails(services);
    expect(await mailsTo(email)).toHaveLength(0);
    const [row] = await database.db.select({ orderNumber: orders.orderNumber }).from(orders).where(eq(orders.id, order.id));
    const cancelled = await applyOrderChange(
      { ...services, payments: null },
      { orderNumber: row!.orderNumber, expectedVersion: null, actor: null, change: { kind: 'cancelled' } },
    );
    expect(cancelled).toMatchObject({ ok: true, status: 'cancelled' });
    await sendBackInStockMails(services);
    expect(await mailsTo(email)).toHaveLength(1);
  });

  it('sends one mail per subscriber when two job runs race', async () => {
    const product = await soldOutProduct();
    const emails = Array.from({ length: 60 }, (_, index) => `race-${index}-${randomUUID()}@example.com`);
    for (const email of emails) await subscribe(product, email);
    await database.db
      .update(productVariants)
      .set({ stockQuantity: sql`${productVariants.stockQuantity} + 3` })
      .where(eq(productVariants.id, product.variantId));
    const [first, second] = await Promise.all([sendBackInStockMails(services), sendBackInStockMails(services)]);
    expect(first + second).toBeGreaterThanOrEqual(60);
    const counts = await database.db
      .select({ to: mailOutbox.toAddress, count: sql<number>`count(*)::int` })
      .from(mailOutbox)
      .where(sql`${mailOutbox.toAddress} like 'race-%'`)
      .groupBy(mailOutbox.toAddress);
    expect(counts).toHaveLength(60);
    expect(counts.every((row) => row.count === 1)).toBe(true);
  });

  it('ends every alert of an address through the signed unsubscribe link, and refuses a forged one', async () => {
    const product = await soldOutProduct();
    const other = await soldOutProduct();
    const email = `leave-${randomUUID()}@example.com`;
    await subscribe(product, email);
    await subscribe(other, email);
    await database.db.update(productVariants).set({ stockQuantity: 1 }).where(eq(productVariants.id, product.variantId));
    await sendBackInStockMails(services);
    const [mail] = await mailsTo(email);
    const token = decodeURIComponent(/stock-alerts\/unsubscribe\?token=([\w.%-]+)/.exec(mail!.text)![1]!);
    expect(await unsubscribeStockAlerts(database.db, services.sessionSecret, `${token.slice(0, -2)}xx`)).toBeNull();
    expect(await openAlerts(other.productId)).toHaveLength(1);
    expect(await unsubscribeStockAlerts(database.db, services.sessionSecret, token)).toBe(1);
    expect(await openAlerts(other.productId)).toHaveLength(0);
  });

  it('shows an account its own alerts, and alerts by its address only once that address is verified', async () => {
    const product = await soldOutProduct();
    const other = await soldOutProduct();
    const customer = await createCustomer(database.db);
    await subscribe(product, `typed-${randomUUID()}@example.com`, 'nl-NL', customer.id);
    await subscribe(other, customer.email, 'nl-NL', null);
    const account = (verified: boolean) => ({ id: customer.id, email: customer.email, emailVerified: verified });
    expect((await listAccountStockAlerts(database.db, account(false), 'nl-NL')).map((alert) => alert.name)).toEqual(['Paracord zwart']);
    const byAddress = (await openAlerts(other.productId))[0]!;
    expect(await removeAccountStockAlert(database.db, account(false), byAddress.id)).toBe(false);
    await database.db.update(customers).set({ emailVerifiedAt: new Date() }).where(eq(customers.id, customer.id));
    expect(await listAccountStockAlerts(database.db, account(true), 'nl-NL')).toHaveLength(2);
    expect(await removeAccountStockAlert(database.db, account(true), byAddress.id)).toBe(true);
    expect(await listAccountStockAlerts(database.db, account(true), 'nl-NL')).toHaveLength(1);
  });
});
