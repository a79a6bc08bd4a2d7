/** Test data builders: each creates a real row through the same code the shop uses. */
import { randomUUID } from 'node:crypto';
import { asc, sql } from 'drizzle-orm';
import type { Database } from '../../app/db/client.server.ts';
import { productVariants } from '../../app/db/schema.ts';
import { registerCustomer } from '../../app/modules/customers/register.server.ts';
import { type OrderInput, recordOrder } from '../../app/modules/orders/record-order.server.ts';

export const testPassword = 'Rope&Knot2026';

export async function createCustomer(db: Database, overrides: Partial<{ email: string; firstName: string; lastName: string; password: string }> = {}) {
  const email = overrides.email ?? `customer-${randomUUID()}@example.com`;
  const result = await registerCustomer(
    db,
    {
      firstName: overrides.firstName ?? 'Anna',
      lastName: overrides.lastName ?? 'Jansen',
      email,
      password: overrides.password ?? testPassword,
      confirmPassword: overrides.password ?? testPassword,
      newsletter: false,
      companyName: null,
      vatNumber: null,
    },
    'nl-NL',
    // Each test customer from its own address: the registration limit counts per client address.
    `factory-${randomUUID()}`,
  );
  if (!result.ok) throw new Error(`could not create ${email}`);
  return { id: result.customerId, email, password: overrides.password ?? testPassword };
}

/** A paid order (with its invoice) of the first variants in stock, for the given customer. */
export async function createPaidOrder(db: Database, customerId: number, overrides: Partial<OrderInput> = {}) {
  const variants = await db.select().from(productVariants).where(sql`${productVariants.stockQuantity} > 0`).orderBy(asc(productVariants.id)).limit(2);
  const lines = variants.map((variant) => ({
    variantId: variant.id, sku: variant.sku, name: `Product ${variant.sku}`, quantity: 1, lengthCm: null, isSample: false,
    unitPriceCents: variant.priceCents, rowTotalCents: variant.priceCents, vatRateBp: 2100, taxCents: Math.round(variant.priceCents * 0.21),
  }));
  const subtotalCents = lines.reduce((sum, line) => sum + line.rowTotalCents, 0);
  const taxCents = lines.reduce((sum, line) => sum + line.taxCents, 0);
  const address = { firstName: 'Anna', lastName: 'Jansen', street: 'Dorpsstraat', houseNumber: '1', zipCode: '1234 AB', city: 'Utrecht', countryCode: 'NL' };
  return db.transaction((tx) =>
    recordOrder(tx, {
      locale: 'nl-NL', customerId, email: 'anna@example.com', status: 'paid', currencyCode: 'EUR', exchangeRate: '1',
      subtotalCents, discountCents: 0, shippingCents: 0, taxCents, totalCents: subtotalCents + taxCents, isBusiness: false, vatNumber: null,
      reverseCharge: false, couponCode: null, ownReference: null, remarks: null, shippingAddress: address, billingAddress: address,
      shippingMethod: 'home_delivery', paymentMethod: 'ideal', idempotencyKey: null, lines, ...overrides,
    }),
  );
}
