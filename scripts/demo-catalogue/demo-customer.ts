/**
 * A demo customer with an address and two past orders (one paid with its invoice,
 * one awaiting a bank transfer), so the account area has something to show on a fresh shop.
 * The login is in the README; the account only exists in databases seeded with the demo catalogue.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '#app/db/client.server.ts';
import { customerAddresses, customers, orders, orderStatusHistory, priceTiers, productTranslations, productVariants, products } from '#app/db/schema.ts';
import { hashPassword } from '#app/modules/customers/password.server.ts';
import type { OrderAddress, OrderLineInput } from '#app/modules/orders/record-order.server.ts';
import { recordOrder } from '#app/modules/orders/record-order.server.ts';
import { priceCart } from '#app/modules/pricing/cart-totals.ts';
import { unitPriceEurCents } from '#app/modules/pricing/unit-price.ts';
import { initialEuroRates } from '#app/modules/i18n/reference-data.server.ts';

export const demoCustomer = { email: 'demo@cordial.example', password: 'Cordial-demo-2026!' } as const;

const address: OrderAddress = {
  firstName: 'Sanne',
  lastName: 'de Vries',
  street: 'Lijnbaansgracht',
  houseNumber: '12',
  zipCode: '1015 GN',
  city: 'Amsterdam',
  countryCode: 'NL',
  phone: '+31 20 123 4567',
};

export async function loadDemoCustomer(db: Database): Promise<void> {
  const variants = await db
    .select({
      id: productVariants.id,
      sku: productVariants.sku,
      priceCents: productVariants.priceCents,
      weightGrams: productVariants.weightGrams,
      name: productTranslations.name,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .innerJoin(productTranslations, and(eq(productTranslations.productId, products.id), eq(productTranslations.locale, 'nl-NL')))
    .where(sql`${productVariants.stockQuantity} > 0`)
    .orderBy(asc(productVariants.id))
    .limit(3);
  if (variants.length < 3) return;
  const tiers = await db
    .select()
    .from(priceTiers)
    .where(
      inArray(
        priceTiers.variantId,
        variants.map((variant) => variant.id),
      ),
    );
  await db.transaction(async (tx) => {
    const [customer] = await tx
      .insert(customers)
      .values({
        email: demoCustomer.email,
        passwordHash: await hashPassword(demoCustomer.password),
        firstName: address.firstName,
        lastName: address.lastName,
        locale: 'nl-NL',
        newsletterSubscribed: true,
        emailVerifiedAt: new Date(),
      })
      .returning({ id: customers.id });
    const customerId = customer!.id;
    await tx.insert(customerAddresses).values({ customerId, ...address, phone: address.phone!, isDefaultBilling: true, isDefaultShipping: true });
    const order = async (status: 'paid' | 'pending_payment', paymentMethod: string, picks: [number, number][]) => {
      // Priced as the shop prices a cart: the same tiers, discounts, shipping and VAT.
      const bought = picks.map(([index, quantity]) => ({ variant: variants[index]!, quantity }));
      const totals = priceCart({
        lines: bought.map(({ variant, quantity }, id) => ({
          id,
          quantity,
          lengthCm: null,
          isSample: false,
          weightGrams: variant.weightGrams,
          unitPriceEurCents: unitPriceEurCents(
            { priceCents: variant.priceCents, tiers: tiers.filter((tier) => tier.variantId === variant.id) },
            { quantity, lengthCm: null },
          ),
        })),
        currency: { code: 'EUR', rate: '1', minorUnits: 2 },
        coupon: null,
        customer: { destinationCountry: address.countryCode, businessVatNumber: null },
        poundsPerEuro: initialEuroRates.GBP!,
        shipping: { method: 'home_delivery', countryCode: address.countryCode },
        minimumOrderEurCents: 0,
      });
      const lines: OrderLineInput[] = bought.map(({ variant, quantity }, index) => {
        const { unitPrice, rowTotal, taxCents } = totals.lines[index]!;
        return {
          variantId: variant.id,
          sku: variant.sku,
          name: variant.name,
          quantity,
          lengthCm: null,
          isSample: false,
          unitPriceCents: unitPrice,
          rowTotalCents: rowTotal,
          vatRateBp: totals.vatRateBp,
          taxCents,
        };
      });
      return recordOrder(tx, {
        locale: 'nl-NL',
        customerId,
        email: demoCustomer.email,
        status,
        currencyCode: 'EUR',
        exchangeRate: '1',
        subtotalCents: totals.subtotal,
        discountCents: totals.discount,
        shippingCents: totals.shipping ?? 0,
        taxCents: totals.tax,
        totalCents: totals.total,
        isBusiness: false,
        vatNumber: null,
        reverseCharge: false,
        couponCode: null,
        ownReference: null,
        remarks: null,
        shippingAddress: address,
        billingAddress: address,
        shippingMethod: 'home_delivery',
        paymentMethod,
        idempotencyKey: null,
        lines,
      });
    };
    const paid = await order('paid', 'ideal', [
      [0, 2],
      [1, 1],
    ]);
    await tx.insert(orderStatusHistory).values([
      { orderId: paid.id, status: 'shipped' },
      { orderId: paid.id, status: 'completed' },
    ]);
    await tx.update(orders).set({ status: 'completed' }).where(eq(orders.id, paid.id));
    await order('pending_payment', 'bank_transfer', [[2, 3]]);
  });
}
