import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppServices } from '#app/context.ts';
import { mailOutbox, orderStatusHistory, productReviews, productTranslations, productVariants, products, reviewInvitations } from '#app/db/schema.ts';
import { getListingIndex } from '#app/modules/catalogue/listing-index.server.ts';
import { getProductDetail } from '#app/modules/catalogue/product-detail.server.ts';
import { sendReviewInvitations } from '#app/modules/engagement/review-invitations.server.ts';
import { submitReview } from '#app/modules/customers/customer-reviews.server.ts';
import { recordOrder } from '#app/modules/orders/record-order.server.ts';
import { createTestDatabase, type TestDatabase, testDrivers } from '../support/database.ts';
import { createCustomer } from '../support/factories.ts';
import { testServices } from '../support/services.ts';

const address = { firstName: 'Anna', lastName: 'Jansen', street: 'Dorpsstraat', houseNumber: '1', zipCode: '3511 AB', city: 'Utrecht', countryCode: 'NL' };

describe.each(testDrivers)('review invitations on %s', (driver) => {
  let database: TestDatabase;
  let services: AppServices;

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    services = {
      ...testServices(database.db),
      mailer: { send: () => Promise.reject(new Error('invitations go through the outbox')), deliverSoon: () => undefined },
    };
  });
  afterAll(async () => {
    await database?.destroy();
  });

  async function product(name: string) {
    const sku = `CORD-${randomUUID().slice(0, 8)}`;
    const [row] = await database.db.insert(products).values({ sku, kind: 'simple', productType: 'paracord' }).returning();
    await database.db.insert(productTranslations).values({ productId: row!.id, locale: 'nl-NL', name, urlKey: `${sku.toLowerCase()}` });
    const [variant] = await database.db
      .insert(productVariants)
      .values({ productId: row!.id, sku: `${sku}-1`, priceCents: 1000, stockQuantity: 10 })
      .returning();
    return { productId: row!.id, variantId: variant!.id, sku: variant!.sku };
  }

  /** A completed order of the products, marked completed `daysAgo` days ago. */
  async function completedOrder(
    customerId: number | null,
    items: { variantId: number; sku: string }[],
    daysAgo: number,
    status: 'completed' | 'shipped' = 'completed',
  ) {
    const lines = items.map((item) => ({
      variantId: item.variantId,
      sku: item.sku,
      name: item.sku,
      quantity: 1,
      lengthCm: null,
      isSample: false,
      unitPriceCents: 1000,
      rowTotalCents: 1000,
      vatRateBp: 2100,
      taxCents: 210,
    }));
    const order = await database.db.transaction((tx) =>
      recordOrder(tx, {
        locale: 'nl-NL',
        customerId,
        email: 'buyer@example.com',
        status,
        currencyCode: 'EUR',
        exchangeRate: '1',
        subtotalCents: 1000 * lines.length,
        discountCents: 0,
        shippingCents: 0,
        taxCents: 210 * lines.length,
        totalCents: 1210 * lines.length,
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
        lines,
      }),
    );
    await database.db
      .update(orderStatusHistory)
      .set({ createdAt: sql`now() - make_interval(days => ${daysAgo})` })
      .where(eq(orderStatusHistory.orderId, order.id));
    return order;
  }
  const mailsTo = (email: string) => database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));

  it('invites the buyer once, the configured days after completion, with a link to the review form per product not yet reviewed', async () => {
    const customer = await createCustomer(database.db);
    const [black, red] = [await product('Paracord zwart'), await product('Paracord rood')];
    const early = await completedOrder(customer.id, [black, red], 3);
    expect(await sendReviewInvitations(services, 7)).toBe(0);
    expect(await mailsTo(customer.email)).toHaveLength(0);
    // Seven days later: due. An earlier review of one product leaves it out of the mail.
    await database.db
      .update(orderStatusHistory)
      .set({ createdAt: sql`now() - make_interval(days => 8)` })
      .where(eq(orderStatusHistory.orderId, early.id));
    await database.db.insert(productReviews).values({
      productId: red.productId,
      customerId: customer.id,
      locale: 'nl-NL',
      authorName: 'Anna J.',
      rating: 4,
      title: 'Mooi',
      body: 'Mooie kleur, stevig koord.',
    });
    expect(await sendReviewInvitations(services, 7)).toBe(1);
    const [mail] = await mailsTo(customer.email);
    expect(mail!.subject).toBe(`Wat vind je van je bestelling ${early.orderNumber}?`);
    expect(mail!.text).toContain(`Paracord zwart beoordelen: https://cordial.example/nl-nl/customer/account/reviews?product=${black.productId}#write-review`);
    expect(mail!.text).not.toContain('Paracord rood');
    // Once per order, however often the job runs.
    expect(await sendReviewInvitations(services, 7)).toBe(0);
    expect(await mailsTo(customer.email)).toHaveLength(1);
  });

  it('skips guest orders, orders not completed and orders long past their day', async () => {
    const customer = await createCustomer(database.db);
    const cord = await product('Paracord groen');
    const guest = await completedOrder(null, [cord], 8);
    const shipped = await completedOrder(customer.id, [cord], 8, 'shipped');
    const old = await completedOrder(customer.id, [cord], 60);
    await sendReviewInvitations(services, 7);
    expect(await mailsTo(customer.email)).toHaveLength(0);
    const invited = await database.db
      .select()
      .from(reviewInvitations)
      .where(sql`${reviewInvitations.orderId} in (${guest.id}, ${shipped.id}, ${old.id})`);
    expect(invited).toHaveLength(0);
  });

  it('sends one invitation per order when two job runs race', async () => {
    const customer = await createCustomer(database.db);
    const cord = await product('Paracord oranje');
    for (let index = 0; index < 5; index++) await completedOrder(customer.id, [cord], 8);
    const [first, second] = await Promise.all([sendReviewInvitations(services, 7), sendReviewInvitations(services, 7)]);
    expect(first + second).toBe(5);
    expect(await mailsTo(customer.email)).toHaveLength(5);
  });

  it('marks a review as a verified purchase only when its author bought the product', async () => {
    const buyer = await createCustomer(database.db);
    const cord = await product('Paracord paars');
    await completedOrder(buyer.id, [cord], 1);
    expect(
      await submitReview(database.db, buyer.id, 'nl-NL', { productId: cord.productId, rating: 5, title: 'Top', body: 'Precies wat ik zocht, dank je.' }),
    ).toBe(true);
    await database.db.insert(productReviews).values({
      productId: cord.productId,
      customerId: null,
      locale: 'nl-NL',
      authorName: 'Imported',
      rating: 3,
      title: 'Gaat wel',
      body: 'Een review zonder account.',
      status: 'approved',
    });
    await database.db
      .update(productReviews)
      .set({ status: 'approved' })
      .where(and(eq(productReviews.productId, cord.productId), eq(productReviews.customerId, buyer.id)));
    const detail = await getProductDetail(database.db, await getListingIndex(database.db), cord.productId, 'nl-NL');
    const marks = Object.fromEntries(detail!.reviews.items.map((review) => [review.author, review.verifiedPurchase]));
    expect(marks).toEqual({ 'Anna J.': true, Imported: false });
  });
});
