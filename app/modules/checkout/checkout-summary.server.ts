import type { Queryable } from '#app/db/client.server.ts';
import { type Cart, loadCart } from '#app/modules/cart/cart.server.ts';
import { checkCoupon } from '#app/modules/cart/coupons.server.ts';
import { type CartTotals, goodsEurCents, minimumOrderEurCents, priceCart, type PricingInput } from '#app/modules/pricing/cart-totals.ts';
import type { CurrencyRate } from '#app/modules/currency/exchange-rates.server.ts';
import type { CurrencyCode, StorefrontLocale } from '#app/modules/i18n/locales.ts';
import { checkGiftCard, giftCardMessages } from './gift-cards.server.ts';
import { type CheckoutDetails, deliveryAddressOf, type PaymentMethod } from './checkout-details.ts';
import { readCheckoutDetails } from './stored-checkout-details.ts';
import { freeShippingThresholdEurCents, type ShippingMethod } from '#app/modules/pricing/shipping.ts';
import { businessStanding, invoiceAllowed } from '#app/modules/customers/business-standing.server.ts';
import { type BusinessRules, defaultBusinessRules } from '#app/modules/config/business-rules.ts';
import { convertToEur } from '#app/modules/pricing/currency-conversion.ts';
import { shopCountry, type VatTreatment, vatTreatment } from '#app/modules/pricing/vat.ts';

export interface CheckoutSummary {
  cart: Cart | null;
  renewed: boolean;
  details: CheckoutDetails;
  totals: CartTotals | null;
  vat: VatTreatment;
  /** the coupon in use (null when none, or when it no longer applies) */
  couponId: number | null;
  paymentOptions: PaymentMethod[];
  /** Pay on invoice would be held for review: the customer is not a verified business within its credit limit (decision 0018). */
  invoiceReview: boolean;
  /** 1 EUR in the order currency, kept on the order */
  exchangeRate: string;
  /** the gift card in use and the part of the total it pays; or why the entered code does not work */
  giftCard: { id: number; code: string; amount: number } | { error: string } | null;
  /** what is left to pay after the gift card */
  amountDue: number;
  /** What shipping this cart by a method to a country costs (the cart's currency, excl. VAT): the order's own rule, with its discounts and coupon. */
  shippingPrice: ((method: ShippingMethod, countryCode: string) => number) | null;
}

/**
 * The payment methods a checkout may use: invoice for business checkouts (`invoice`; whether the
 * order then waits for review is `invoiceReview`, decision 0018); a gift card that covers
 * everything, or nothing to pay at all, leaves no choice.
 */
export function paymentOptionsFor(
  details: Pick<CheckoutDetails, 'isBusiness'>,
  total: number,
  amountDue: number,
  online: { enabled: boolean; currency: string; country: string },
  invoice: boolean,
): PaymentMethod[] {
  if (total === 0) return ['free'];
  if (amountDue === 0) return ['gift_card'];
  const methods: PaymentMethod[] = [];
  if (online.enabled) {
    if (online.currency === 'EUR' && online.country === 'NL') methods.push('ideal');
    if (online.currency === 'EUR' && online.country === 'BE') methods.push('bancontact');
    methods.push('card');
  }
  methods.push('bank_transfer');
  if (details.isBusiness && invoice) methods.push('invoice');
  return methods;
}

/**
 * The cart with its money for the cart page and each checkout step (and, inside the order
 * transaction, for the order itself): currency, VAT for the destination, coupon, shipping.
 * `db` may be a transaction; the exchange rates are read beforehand (getCurrencyRates).
 */
export async function checkoutSummary(
  db: Queryable,
  rates: Map<string, CurrencyRate>,
  storefront: StorefrontLocale,
  currency: CurrencyCode,
  cartId: string | undefined,
  customerId: number | null,
  onlinePayments: boolean,
  rules: BusinessRules = defaultBusinessRules,
): Promise<CheckoutSummary> {
  const { cart, renewed } = await loadCart(db, cartId, customerId, storefront.code);
  const details = readCheckoutDetails(cart?.checkout);
  const delivery = deliveryAddressOf(details);
  const destination = delivery?.countryCode ?? storefront.countryCode ?? shopCountry;
  const customer = { destinationCountry: destination, businessVatNumber: details.isBusiness ? (details.vatNumber ?? null) : null };
  // An empty cart is no consignment: nothing over the UK's limit.
  if (!cart || cart.lines.length === 0)
    return {
      cart,
      renewed,
      details,
      totals: null,
      vat: vatTreatment(customer, 0),
      couponId: null,
      paymentOptions: [],
      invoiceReview: true,
      exchangeRate: '1',
      giftCard: null,
      amountDue: 0,
      shippingPrice: null,
    };
  const rate = rates.get(currency) ?? rates.get('EUR')!;
  const pounds = rates.get('GBP');
  if (!pounds) throw new Error('no exchange rate for GBP');
  const coupon = cart.couponCode ? await checkCoupon(db, cart.couponCode, goodsEurCents(cart.lines), details.email ?? null) : null;
  const pricedWith = (shipping: PricingInput['shipping']) =>
    priceCart({
      lines: cart.lines,
      currency: { code: currency, rate: rate.rate, minorUnits: rate.minorUnits },
      coupon: coupon?.ok ? coupon.coupon : null,
      customer,
      poundsPerEuro: pounds.rate,
      shipping,
      minimumOrderEurCents: minimumOrderEurCents[storefront.code],
      freeShippingFromEurCents: freeShippingThresholdEurCents(storefront, shipping?.countryCode ?? destination),
    });
  const totals = pricedWith(delivery && details.shippingMethod ? { method: details.shippingMethod, countryCode: delivery.countryCode } : null);
  const giftCardCheck = details.giftCardCode ? await checkGiftCard(db, details.giftCardCode, currency) : null;
  let giftCard: CheckoutSummary['giftCard'] = null;
  // A gift card is never paid with another one (it would turn one card into another without money).
  if (giftCardCheck && cart.lines.some((line) => line.isVoucher)) giftCard = { error: 'giftCards.notPayableWithGiftCard' };
  else if (giftCardCheck?.ok)
    giftCard = { id: giftCardCheck.card.id, code: giftCardCheck.card.code, amount: Math.min(giftCardCheck.card.balanceCents, totals.total) };
  else if (giftCardCheck) giftCard = { error: giftCardMessages[giftCardCheck.reason] };
  const amountDue = totals.total - (giftCard && 'amount' in giftCard ? giftCard.amount : 0);
  const standing = await businessStanding(db, customerId, rules);
  // Anyone buying as a business may choose the invoice; only a verified business within its
  // credit limit gets its order prepared at once, any other waits for staff (on_hold).
  const onInvoice = invoiceAllowed(standing, convertToEur(amountDue, rate.rate, rate.minorUnits));
  return {
    cart,
    renewed,
    details,
    totals,
    vat: totals.vat,
    couponId: coupon?.ok ? coupon.coupon.id : null,
    // Gift cards are sold for money received, never on credit: a voucher is as good as cash, and a
    // card is issued when its order is paid.
    paymentOptions: paymentOptionsFor(
      details,
      totals.total,
      amountDue,
      { enabled: onlinePayments, currency, country: destination },
      !cart.lines.some((line) => line.isVoucher),
    ),
    invoiceReview: !onInvoice,
    exchangeRate: rate.rate,
    giftCard,
    amountDue,
    shippingPrice: (method, countryCode) => pricedWith({ method, countryCode }).shipping ?? 0,
  };
}

/** What the order summary beside each checkout step shows: the lines, their amounts and the totals. */
export interface CheckoutSummaryView {
  lines: {
    id: number;
    name: string;
    /** for the ecommerce events (issue 17) */
    sku: string;
    isSample: boolean;
    options: Cart['lines'][number]['options'];
    lengthCm: number | null;
    quantity: number;
    rowTotal: number;
  }[];
  totals: CartTotals;
  vatKind: VatTreatment['kind'];
}

export function checkoutSummaryView(summary: CheckoutSummary): CheckoutSummaryView | undefined {
  const { cart, totals, vat } = summary;
  if (!cart || !totals) return undefined;
  return {
    lines: cart.lines.map((line, index) => ({
      id: line.id,
      name: line.name,
      sku: line.sku,
      isSample: line.isSample,
      options: line.options,
      lengthCm: line.lengthCm,
      quantity: line.quantity,
      rowTotal: totals.lines[index]!.rowTotal,
    })),
    totals,
    vatKind: vat.kind,
  };
}
