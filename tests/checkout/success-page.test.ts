import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, orders } from '#app/db/schema.ts';
import { canCreateAccountFromOrder, createAccountFromOrder } from '#app/modules/checkout/account-from-order.server.ts';
import { orderConfirmation, orderConfirmationMail } from '#app/modules/orders/order-confirmation-mail.server.ts';
import { verifyPassword } from '#app/modules/customers/password.server.ts';
import { createLogger } from '#app/lib/observability/logger.server.ts';
import type { BankAccount } from '#app/modules/payments/bank-account.ts';
import { createTestDatabase, type TestDatabase, testDrivers } from '../support/database.ts';
import { createCustomer, createPaidOrder } from '../support/factories.ts';

const password = 'Knot&Rope2027';
const configured: BankAccount = { accountName: 'Touw B.V.', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX', bankName: 'Commerzbank' };

describe.each(testDrivers)('the success page of an order on %s (issue 22)', (driver) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(driver);
  });
  afterAll(() => database?.destroy());

  /** A guest's bank transfer order, as the checkout records it. */
  const guestOrder = async (email: string) =>
    (await createPaidOrder(database.db, 0, { customerId: null, email, status: 'pending_payment', paymentMethod: 'bank_transfer', lines: [line] })).orderNumber;
  const line = {
    variantId: null,
    sku: 'PC550-10M',
    name: 'Paracord 550',
    quantity: 2,
    lengthCm: null,
    isSample: false,
    unitPriceCents: 500,
    rowTotalCents: 1_000,
    vatRateBp: 2100,
    taxCents: 210,
  };

  it('shows the configured bank account complete, and when the parcel should arrive', async () => {
    const orderNumber = await guestOrder('bank@example.com');
    const order = await orderConfirmation(database.db, orderNumber, configured, new Date('2026-11-26T09:00:00Z'));
    expect(order!.bankAccount).toEqual({ ...configured, iban: 'DE89 3704 0044 0532 0130 00' });
    // Thursday morning, before the cut-off: dispatched today, in Utrecht the next working day.
    expect(order!.expectedDelivery).toEqual({ date: '2026-11-27', ifPaidToday: true });
    const mail = await orderConfirmationMail(
      { db: database.db, logger: createLogger('silent'), shopName: 'Cordial', siteUrl: 'https://shop.example', bankAccount: configured },
      'en-GB',
      orderNumber,
    );
    for (const part of [
      'Beneficiary: Touw B.V.',
      'IBAN: DE89 3704 0044 0532 0130 00',
      'BIC (SWIFT): COBADEFFXXX',
      'Bank: Commerzbank',
      `Reference: ${orderNumber}`,
      '(EUR)',
      '2 × Paracord 550',
      'Expected delivery if your payment arrives today:',
    ]) {
      expect(mail!.text).toContain(part);
    }
  });

  it('turns a guest order into a new account with the password chosen, once', async () => {
    const email = 'guest-account@example.com';
    const orderNumber = await guestOrder(email);
    const [order] = await database.db.select().from(orders).where(eq(orders.orderNumber, orderNumber));
    expect(await canCreateAccountFromOrder(database.db, order!)).toBe(true);

    // Two submits at once (a double click): one account, and the order is that account's.
    const [first, second] = await Promise.all([
      createAccountFromOrder(database.db, orderNumber, password, 'en-GB', 'test-a'),
      createAccountFromOrder(database.db, orderNumber, password, 'en-GB', 'test-b'),
    ]);
    const created = [first, second].filter((result) => result!.ok);
    expect(created).toHaveLength(1);
    expect([first, second].find((result) => !result!.ok)).toMatchObject({ ok: false });
    const [account] = await database.db.select().from(customers).where(eq(customers.email, email));
    expect(account).toMatchObject({ firstName: 'Anna', lastName: 'Jansen', locale: 'en-GB', emailVerifiedAt: null });
    expect(await verifyPassword(account!.passwordHash!, password)).toBe(true);
    const [claimed] = await database.db.select().from(orders).where(eq(orders.orderNumber, orderNumber));
    expect(claimed!.customerId).toBe(account!.id);
    expect(await canCreateAccountFromOrder(database.db, claimed!)).toBe(false);
  });

  it('does not offer or create an account for an address that has one', async () => {
    const existing = await createCustomer(database.db, { email: 'has-account@example.com' });
    const orderNumber = await guestOrder('Has-Account@example.com');
    const [order] = await database.db.select().from(orders).where(eq(orders.orderNumber, orderNumber));
    expect(await canCreateAccountFromOrder(database.db, order!)).toBe(false);
    expect(await createAccountFromOrder(database.db, orderNumber, password, 'en-GB', 'test-c')).toEqual({ ok: false, reason: 'email-taken' });
    const [unchanged] = await database.db.select().from(orders).where(eq(orders.orderNumber, orderNumber));
    expect(unchanged!.customerId).toBeNull();
    expect(existing.id).toBeGreaterThan(0);
  });
});
