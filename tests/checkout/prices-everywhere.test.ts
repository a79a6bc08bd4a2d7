import { demoBankAccount } from '#app/modules/payments/bank-account.ts';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carts, priceTiers, products, productVariants } from '#app/db/schema.ts';
import { addProductToCart, addToCart } from '#app/modules/cart/add-to-cart.server.ts';
import { buildListingIndex } from '#app/modules/catalogue/listing-index.server.ts';
import { getProductPage } from '#app/modules/catalogue/product-page.server.ts';
import type { CheckoutDetails } from '#app/modules/checkout/checkout-details.ts';
import { checkoutSummary } from '#app/modules/checkout/checkout-summary.server.ts';
import { orderConfirmation, orderConfirmationMail } from '#app/modules/orders/order-confirmation-mail.server.ts';
import { placeOrder } from '#app/modules/checkout/place-order.server.ts';
import { getCurrencyRates } from '#app/modules/currency/exchange-rates.server.ts';
import { formatCurrencyAmount } from '#app/modules/currency/money.ts';
import { storefrontByCode } from '#app/modules/i18n/locales.ts';
import { serverTranslator } from '#app/modules/i18n/translator.server.ts';
import { createLogger } from '#app/lib/observability/logger.server.ts';
import { customerInvoiceDocuments } from '#app/modules/orders/invoice-documents.server.ts';
import { applyOrderChange } from '#app/modules/orders/order-status.server.ts';
import type { PriceDisplay } from '#app/modules/pricing/price-display.ts';
import { createDemoDatabase, type TestDatabase, testDrivers } from '../support/database.ts';
import { createCustomer } from '../support/factories.ts';

const dutchStore = storefrontByCode('nl-NL')!;
const euros: PriceDisplay = { locale: 'nl-NL', currency: 'EUR', minorUnits: 2, rate: '1', vatRateBp: 2100, includeVat: false };
const address = {
  firstName: 'Anna',
  lastName: 'Jansen',
  street: 'Dorpsstraat',
  houseNumber: '1',
  zipCode: '3511 AB',
  city: 'Utrecht',
  countryCode: 'NL',
  phone: '+31 30 123 4567',
};

/**
 * Issue 13: a per-metre cord cut to 12 m cost €20.40 on the product page (the quantity tier chosen by
 * metres) and €22.68 in the cart (the tier chosen by pieces). One piece of 12 m must cost the same on
 * the product page, in the cart, on the order, the invoice and in the confirmation mail.
 */
describe.each(testDrivers)('prices on the page, in the cart and on the order on %s', (driver) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createDemoDatabase(driver, 0.05);
  });
  afterAll(() => database?.destroy());

  it('costs the same on the product page, in the cart, on the invoice and in the mail', async () => {
    const { db } = database;
    // A per-metre cord of the demo catalogue with its quantity tiers (5, 10 and 25 metres).
    const [cord] = await db
      .select({ productId: products.id, variantId: productVariants.id, perMetre: productVariants.priceCents })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(
        and(
          eq(products.soldByLength, true),
          sql`exists (select 1 from ${priceTiers} where ${priceTiers.variantId} = ${productVariants.id} and ${priceTiers.minQuantity} = 10)`,
        ),
      )
      .orderBy(asc(productVariants.id))
      .limit(1);
    if (!cord) throw new Error('no per-metre cord with tiers in the demo catalogue');
    await db.update(productVariants).set({ stockQuantity: 500 }).where(eq(productVariants.id, cord.variantId));
    const [tenMetreTier] = await db
      .select()
      .from(priceTiers)
      .where(and(eq(priceTiers.variantId, cord.variantId), eq(priceTiers.minQuantity, 10)));

    const index = await buildListingIndex(db);
    const page = await getProductPage(db, index, cord.productId, new URLSearchParams('metres=12'), 'nl-NL', euros, 'https://shop.example');
    const onProductPage = page!.cutPieceEurCents[cord.variantId];
    // 12 metres reach the 10-metre tier.
    expect(onProductPage).toBe(tenMetreTier!.unitPriceCents * 12);

    const customer = await createCustomer(db);
    const added = await addProductToCart(db, { cartId: undefined, customerId: customer.id, locale: 'nl-NL', currency: 'EUR' }, cord.productId, {
      intent: 'add-to-cart',
      productId: null,
      variantId: cord.variantId,
      quantity: 1,
      metres: 12,
    });
    if (!added.ok) throw new Error(added.reason);
    const details: CheckoutDetails = { email: customer.email, shippingAddress: address, shippingMethod: 'home_delivery', billingSameAsShipping: true };
    await db
      .update(carts)
      .set({ checkout: details as Record<string, unknown> })
      .where(eq(carts.id, added.cartId));

    const inCart = await checkoutSummary(db, await getCurrencyRates(db), dutchStore, 'EUR', added.cartId, customer.id, false);
    expect(inCart.totals!.lines[0]).toMatchObject({ unitPrice: onProductPage, rowTotal: onProductPage });

    const placed = await placeOrder(db, {
      storefront: dutchStore,
      currency: 'EUR',
      cartId: added.cartId,
      customerId: customer.id,
      paymentMethod: 'bank_transfer',
      termsAccepted: true,
    });
    if (!placed.ok) throw new Error(placed.reason);
    expect(
      await applyOrderChange(
        { db, logger: createLogger('silent'), shopName: 'Cordial', siteUrl: 'https://shop.example', payments: null },
        { orderNumber: placed.orderNumber, expectedVersion: null, actor: null, change: { kind: 'paid' } },
      ),
    ).toMatchObject({ ok: true });

    const t = await serverTranslator(db, 'nl-NL', createLogger('silent'));
    const [invoice] = await customerInvoiceDocuments(
      db,
      { t, locale: 'nl-NL', shopName: 'Cordial', siteUrl: 'https://shop.example', bankAccount: demoBankAccount },
      customer.id,
    );
    expect(invoice!.lines).toEqual([expect.objectContaining({ quantity: 1, unitPriceCents: onProductPage, rowTotalCents: onProductPage })]);

    const mail = await orderConfirmationMail(
      { db, logger: createLogger('silent'), shopName: 'Cordial', siteUrl: 'https://shop.example' },
      'nl-NL',
      placed.orderNumber,
    );
    expect(mail!.text).toContain(`: ${formatCurrencyAmount(onProductPage!, 'EUR', 'nl-NL')}`);
  });

  it('charges UK VAT at the sale on consignments up to £135 and none above (import VAT at the border)', async () => {
    const { db } = database;
    const britishStore = storefrontByCode('en-GB')!;
    const [item] = await db
      .select({ id: productVariants.id })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(eq(products.soldByLength, false))
      .orderBy(asc(productVariants.id))
      .limit(1);
    // €100 a piece, no quantity tiers: £87 at the demo rate, £78.30 after the 10 % volume discount.
    await db.update(productVariants).set({ priceCents: 10_000, stockQuantity: 50 }).where(eq(productVariants.id, item!.id));
    await db.delete(priceTiers).where(eq(priceTiers.variantId, item!.id));
    const london = {
      firstName: 'Oliver',
      lastName: 'Smith',
      street: 'Baker Street',
      houseNumber: '221B',
      zipCode: 'NW1 6XE',
      city: 'London',
      countryCode: 'GB',
      phone: '+44 20 7946 0000',
    };
    const readyCart = async (quantity: number, details: CheckoutDetails) => {
      const added = await addToCart(db, { cartId: undefined, customerId: null, locale: 'en-GB', currency: 'GBP', variantId: item!.id, quantity });
      if (!added.ok) throw new Error(added.reason);
      await db
        .update(carts)
        .set({ checkout: details as Record<string, unknown> })
        .where(eq(carts.id, added.cartId));
      return added.cartId;
    };
    const rates = await getCurrencyRates(db);
    const summaryOf = (cartId: string) => checkoutSummary(db, rates, britishStore, 'GBP', cartId, null, false);
    const shopper: CheckoutDetails = { email: 'oliver@example.co.uk', shippingAddress: london, shippingMethod: 'home_delivery', billingSameAsShipping: true };

    // Before an address is known the store's country counts: £78.30 of goods, 20 % VAT.
    const browsing = await summaryOf(await readyCart(1, {}));
    expect(browsing.vat).toEqual({ kind: 'standard', rateBp: 2000 });
    expect(browsing.totals).toMatchObject({ subtotal: 8_700, discount: 870, shipping: null, vatRateBp: 2000, tax: 1_566, total: 9_396 });

    const small = await readyCart(1, shopper);
    const smallSummary = await summaryOf(small);
    expect(smallSummary.vat.kind).toBe('standard');
    // Shipping (a letterbox parcel to the rest of Europe, €8.95 = £7.79, not the €24.95 of a world parcel) is taxed with the goods.
    expect(smallSummary.totals).toMatchObject({ shipping: 779, tax: Math.round((7_830 + 779) * 0.2) });

    // Two pieces: £156.60 after the discount, over £135: no VAT at the sale.
    const large = await readyCart(2, shopper);
    const largeSummary = await summaryOf(large);
    expect(largeSummary.vat).toEqual({ kind: 'export', rateBp: 0 });
    expect(largeSummary.totals).toMatchObject({ tax: 0 });

    // A UK business with its VAT number accounts for the VAT itself.
    const business = await summaryOf(await readyCart(1, { ...shopper, isBusiness: true, companyName: 'Knots Ltd', vatNumber: 'GB980780684' }));
    expect(business.vat).toEqual({ kind: 'reverse-charge', rateBp: 0 });

    // The success page and the mail warn of import charges only when no VAT was charged at the sale.
    for (const [cartId, importDuties] of [
      [small, false],
      [large, true],
    ] as const) {
      const placed = await placeOrder(db, {
        storefront: britishStore,
        currency: 'GBP',
        cartId,
        customerId: null,
        paymentMethod: 'bank_transfer',
        termsAccepted: true,
      });
      if (!placed.ok) throw new Error(placed.reason);
      expect((await orderConfirmation(db, placed.orderNumber))?.importDuties).toBe(importDuties);
    }
  });
});
