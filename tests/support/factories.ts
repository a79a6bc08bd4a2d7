/** Test data builders: each creates a real row through the same code the shop uses. */
import { randomUUID } from 'node:crypto';
import { asc, sql } from 'drizzle-orm';
import type { Database } from '#app/db/client.server.ts';
import { cartItems, carts, coupons, giftCards, priceTiers, productTranslations, productVariants, products } from '#app/db/schema.ts';
import type { CheckoutDetails } from '#app/modules/checkout/checkout-details.ts';
import { type CurrencyCode, type LocaleCode, localeCodes } from '#app/modules/i18n/locales.ts';
import { registerCustomer } from '#app/modules/customers/register.server.ts';
import { type OrderInput, recordOrder } from '#app/modules/orders/record-order.server.ts';

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
  const variants = await db
    .select()
    .from(productVariants)
    .where(sql`${productVariants.stockQuantity} > 0`)
    .orderBy(asc(productVariants.id))
    .limit(2);
  const lines = variants.map((variant) => ({
    variantId: variant.id,
    sku: variant.sku,
    name: `Product ${variant.sku}`,
    quantity: 1,
    lengthCm: null,
    isSample: false,
    unitPriceCents: variant.priceCents,
    rowTotalCents: variant.priceCents,
    vatRateBp: 2100,
    taxCents: Math.round(variant.priceCents * 0.21),
  }));
  const subtotalCents = lines.reduce((sum, line) => sum + line.rowTotalCents, 0);
  const taxCents = lines.reduce((sum, line) => sum + line.taxCents, 0);
  const address = { firstName: 'Anna', lastName: 'Jansen', street: 'Dorpsstraat', houseNumber: '1', zipCode: '1234 AB', city: 'Utrecht', countryCode: 'NL' };
  return db.transaction((tx) =>
    recordOrder(tx, {
      locale: 'nl-NL',
      customerId,
      email: 'anna@example.com',
      status: 'paid',
      currencyCode: 'EUR',
      exchangeRate: '1',
      subtotalCents,
      discountCents: 0,
      shippingCents: 0,
      taxCents,
      totalCents: subtotalCents + taxCents,
      isBusiness: false,
      vatNumber: null,
      reverseCharge: false,
      couponCode: null,
      ownReference: null,
      remarks: null,
      shippingAddress: address,
      billingAddress: address,
      shippingMethod: 'home_delivery',
      paymentMethod: 'ideal',
      idempotencyKey: null,
      lines,
      ...overrides,
    }),
  );
}

/** A short unique suffix, so factory rows never meet a unique index. */
const unique = () => randomUUID().slice(0, 8);

export interface VariantOverrides {
  sku?: string;
  /** EUR cents excluding VAT */
  priceCents?: number;
  stockQuantity?: number;
  weightGrams?: number;
  isActive?: boolean;
  /** quantity tiers: from `minQuantity` pieces (metres for cut-to-length products), `unitPriceCents` each */
  tiers?: { minQuantity: number; unitPriceCents: number }[];
}

/** A variant of a product (in stock by default), with its tiers. */
export async function createVariant(db: Database, productId: number, overrides: VariantOverrides = {}) {
  const [variant] = await db
    .insert(productVariants)
    .values({
      productId,
      sku: overrides.sku ?? `TEST-${unique()}`,
      priceCents: overrides.priceCents ?? 1_995,
      stockQuantity: overrides.stockQuantity ?? 100,
      weightGrams: overrides.weightGrams ?? 250,
      isActive: overrides.isActive ?? true,
    })
    .returning();
  if (overrides.tiers?.length) await db.insert(priceTiers).values(overrides.tiers.map((tier) => ({ variantId: variant!.id, ...tier })));
  return variant!;
}

export interface ProductOverrides {
  sku?: string;
  productType?: string;
  soldByLength?: boolean;
  hasSample?: boolean;
  isActive?: boolean;
  /** the name in every store (the SKU is added to the URL key, which must be unique per store) */
  name?: string;
  /** one variant each; one default variant when not given */
  variants?: VariantOverrides[];
}

/** An active product with a name and URL key in every store and its variants. */
export async function createProduct(db: Database, overrides: ProductOverrides = {}) {
  const sku = overrides.sku ?? `TEST-${unique()}`;
  const variantSpecs = overrides.variants ?? [{}];
  const [product] = await db
    .insert(products)
    .values({
      sku,
      kind: variantSpecs.length > 1 ? 'configurable' : 'simple',
      productType: overrides.productType ?? 'paracord',
      soldByLength: overrides.soldByLength ?? false,
      hasSample: overrides.hasSample ?? false,
      isActive: overrides.isActive ?? true,
    })
    .returning();
  const name = overrides.name ?? `Test cord ${sku}`;
  await db
    .insert(productTranslations)
    .values(localeCodes.map((locale) => ({ productId: product!.id, locale, name, urlKey: `test-cord-${sku.toLowerCase()}` })));
  const variants = [];
  for (const [index, spec] of variantSpecs.entries())
    variants.push(await createVariant(db, product!.id, { sku: spec.sku ?? (variantSpecs.length > 1 ? `${sku}-${index + 1}` : sku), ...spec }));
  return { ...product!, name, variants };
}

/** A visitor's cart in a store (nl-NL, EUR by default) holding these lines; the customer's when given. */
export async function createCart(
  db: Database,
  overrides: {
    customerId?: number | null;
    locale?: LocaleCode;
    currency?: CurrencyCode;
    couponCode?: string | null;
    checkout?: CheckoutDetails;
    lines?: { variantId: number; quantity?: number; lengthCm?: number | null }[];
  } = {},
): Promise<string> {
  const [cart] = await db
    .insert(carts)
    .values({
      customerId: overrides.customerId ?? null,
      locale: overrides.locale ?? 'nl-NL',
      currencyCode: overrides.currency ?? 'EUR',
      couponCode: overrides.couponCode ?? null,
      checkout: (overrides.checkout ?? {}) as Record<string, unknown>,
    })
    .returning({ id: carts.id });
  const lines = overrides.lines ?? [];
  if (lines.length > 0)
    await db
      .insert(cartItems)
      .values(lines.map((line) => ({ cartId: cart!.id, variantId: line.variantId, quantity: line.quantity ?? 1, lengthCm: line.lengthCm ?? null })));
  return cart!.id;
}

/** A coupon (10 % off, no limits, by default). */
export async function createCoupon(db: Database, overrides: Partial<typeof coupons.$inferInsert> = {}) {
  const [coupon] = await db
    .insert(coupons)
    .values({ code: `TEST${unique().toUpperCase()}`, kind: 'percent', value: 1_000, ...overrides })
    .returning();
  return coupon!;
}

/** A gift card with its whole value left (€25 by default). */
export async function createGiftCard(db: Database, overrides: Partial<typeof giftCards.$inferInsert> = {}) {
  const initialCents = overrides.initialCents ?? 2_500;
  const [card] = await db
    .insert(giftCards)
    .values({ code: `TEST-${unique().toUpperCase()}`, initialCents, balanceCents: overrides.balanceCents ?? initialCents, ...overrides })
    .returning();
  return card!;
}
