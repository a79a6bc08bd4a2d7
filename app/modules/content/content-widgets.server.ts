import { paymentOptionsFor } from '#app/modules/checkout/checkout-summary.server.ts';
import { type PaymentMethod, paymentMethods } from '#app/modules/checkout/checkout-details.ts';
import { minimumOrderEurCents } from '#app/modules/pricing/cart-totals.ts';
import {
  freeShippingThresholdEurCents,
  pickupPointDiscountEurCents,
  shippingPriceEurCents,
  shippingRates,
  shippingZoneOf,
  type ShippingZone,
  shippingZones,
} from '#app/modules/pricing/shipping.ts';
import { deliveryCountries } from '#app/modules/customers/countries.ts';
import type { StorefrontLocale } from '#app/modules/i18n/locales.ts';
import { seller } from '#app/modules/orders/seller.ts';
import type { PriceDisplay } from '#app/modules/pricing/price-display.ts';
import { shopCookies } from './shop-cookies.server.ts';
import { type PhysicalStore, physicalStores, type StoreClosure, supportContacts, upcomingClosures, weeklyHours } from './stores.server.ts';

/**
 * The computed parts of content pages. A page body marks them as `{{name}}` on a line of its own;
 * the renderer splits the sanitised body there and the page component draws each part from the
 * data below, so prices, payment methods, cookies and addresses come from the shop's own rules.
 */
export const contentWidgetNames = [
  'company',
  'companyAddress',
  'shippingRates',
  'paymentMethods',
  'cookies',
  'contactForm',
  'quoteForm',
  'supportContacts',
  'showroom',
  'vatDisplay',
] as const;
export type ContentWidgetName = (typeof contentWidgetNames)[number];
export const isContentWidgetName = (name: string): name is ContentWidgetName => (contentWidgetNames as readonly string[]).includes(name);

export interface ShippingRateRow {
  zone: ShippingZone;
  /** country codes of the zone, in the order of the delivery country list */
  countries: string[];
  /** home delivery up to each weight (letterbox parcels, then parcels), EUR cents excl. VAT */
  prices: { upToGrams: number; cents: number; letterbox: boolean }[];
  /** each started kg above the last weight */
  perExtraKgCents: number;
}

export interface ShippingRateTable {
  rows: ShippingRateRow[];
  /** how much less a pickup point costs than the door */
  pickupPointDiscountCents: number;
  /** the store's free shipping: to which country from which goods value; null when it has none */
  freeShipping: { countryCode: string; fromCents: number } | null;
  /** the store's minimum order value (goods, EUR cents excl. VAT) */
  minimumOrderCents: number;
}

/** Delivery prices per zone in EUR cents excl. VAT, each asked of the checkout's own price rule. */
export function shippingRateTable(storefront: StorefrontLocale): ShippingRateTable {
  const rows = shippingZones.map((zone) => {
    const countries = deliveryCountries.filter((country) => shippingZoneOf(country.code) === zone).map((country) => country.code);
    const example = countries[0]!;
    const rates = shippingRates[zone];
    const weights = [...rates.letterbox.map((band) => ({ ...band, letterbox: true })), ...rates.parcel.map((band) => ({ ...band, letterbox: false }))];
    const last = rates.parcel.at(-1)!.upToGrams;
    return {
      zone,
      countries,
      prices: weights.map(({ upToGrams, letterbox }) => ({ upToGrams, letterbox, cents: shippingPriceEurCents('home_delivery', example, upToGrams, 0) })),
      // One started kilogram above the last band.
      perExtraKgCents: shippingPriceEurCents('home_delivery', example, last + 1_000, 0) - shippingPriceEurCents('home_delivery', example, last, 0),
    };
  });
  const threshold = storefront.countryCode ? freeShippingThresholdEurCents(storefront, storefront.countryCode) : null;
  return {
    rows,
    pickupPointDiscountCents: pickupPointDiscountEurCents,
    freeShipping: storefront.countryCode && threshold !== null ? { countryCode: storefront.countryCode, fromCents: threshold } : null,
    minimumOrderCents: minimumOrderEurCents[storefront.code],
  };
}

export interface PaymentMethodGroup {
  countries: string[];
  consumer: PaymentMethod[];
  business: PaymentMethod[];
}

/**
 * What the checkout offers per delivery country when paying in `currency`: countries with the same
 * methods are grouped. Card, iDEAL and Bancontact appear only when online payments are configured.
 */
export function paymentMethodTable(currency: string, onlinePaymentsEnabled: boolean): PaymentMethodGroup[] {
  const groups: PaymentMethodGroup[] = [];
  for (const { code } of deliveryCountries) {
    const online = { enabled: onlinePaymentsEnabled, currency, country: code };
    // Any positive amount still to pay: the methods do not depend on the amount itself.
    // Business: what a verified business account gets (pay on invoice within its credit limit, decision 0018).
    const consumer = paymentOptionsFor({ isBusiness: false }, 1, 1, online, false);
    const business = paymentOptionsFor({ isBusiness: true }, 1, 1, online, true);
    const same = groups.find((group) => group.consumer.join() === consumer.join() && group.business.join() === business.join());
    if (same) same.countries.push(code);
    else groups.push({ countries: [code], consumer, business });
  }
  return groups;
}

/**
 * The payment methods of the footer: each one the checkout offers somewhere when paying in
 * `currency` (any delivery country, consumers or businesses, a gift card that covers the order),
 * asked of the checkout's own rule, so no card, iDEAL or Bancontact without online payments.
 */
export function offeredPaymentMethods(currency: string, onlinePaymentsEnabled: boolean): PaymentMethod[] {
  const offered = new Set<PaymentMethod>();
  for (const { code } of deliveryCountries) {
    const online = { enabled: onlinePaymentsEnabled, currency, country: code };
    for (const isBusiness of [false, true]) {
      // Something left to pay, and an order a gift card covers; invoice for verified businesses.
      for (const method of [...paymentOptionsFor({ isBusiness }, 1, 1, online, isBusiness), ...paymentOptionsFor({ isBusiness }, 1, 0, online, isBusiness)])
        offered.add(method);
    }
  }
  return paymentMethods.filter((method) => offered.has(method));
}

export type ShowroomInfo = Pick<PhysicalStore, 'name' | 'street' | 'zipCode' | 'city' | 'countryCode' | 'phone'> & {
  hours: { weekday: number; opens: string; closes: string }[];
  closures: StoreClosure[];
};

export function showroomInfo(language: string, now: Date = new Date()): ShowroomInfo {
  const showroom = physicalStores.find((store) => store.kind === 'showroom')!;
  return {
    name: showroom.name,
    street: showroom.street,
    zipCode: showroom.zipCode,
    city: showroom.city,
    countryCode: showroom.countryCode,
    phone: showroom.phone,
    hours: weeklyHours(showroom),
    closures: upcomingClosures(showroom, language, now),
  };
}

export interface CompanyDetails {
  legalName: string;
  street: string;
  postalCity: string;
  countryCode: string;
  vatNumber: string;
  registration: string;
  email: string;
}

export const companyDetails = (shopName: string): CompanyDetails => ({
  legalName: `${shopName} ${seller.legalNameSuffix}`,
  street: seller.street,
  postalCity: seller.postalCity,
  countryCode: seller.countryCode,
  vatNumber: seller.vatNumber,
  registration: seller.registration,
  email: seller.email,
});

/** The data of the widgets a body uses (and only those), for the page component. */
export interface ContentWidgetData {
  company?: CompanyDetails;
  companyAddress?: CompanyDetails;
  shippingRates?: ShippingRateTable;
  paymentMethods?: { currency: string; groups: PaymentMethodGroup[] };
  cookies?: { name: string; maxAgeSeconds: number | null }[];
  supportContacts?: typeof supportContacts;
  showroom?: ShowroomInfo;
  vatDisplay?: { includeVat: boolean; storeDefaultIncludesVat: boolean; vatRateBp: number };
  contactForm?: true;
  quoteForm?: true;
}

export interface WidgetContext {
  shopName: string;
  storefront: StorefrontLocale;
  display: PriceDisplay;
  onlinePaymentsEnabled: boolean;
}

export function widgetData(names: ReadonlySet<ContentWidgetName>, context: WidgetContext): ContentWidgetData {
  const data: ContentWidgetData = {};
  for (const name of names) {
    switch (name) {
      case 'company':
      case 'companyAddress':
        data[name] = companyDetails(context.shopName);
        break;
      case 'shippingRates':
        data.shippingRates = shippingRateTable(context.storefront);
        break;
      case 'paymentMethods':
        data.paymentMethods = { currency: context.display.currency, groups: paymentMethodTable(context.display.currency, context.onlinePaymentsEnabled) };
        break;
      case 'cookies':
        data.cookies = shopCookies.map((cookie) => ({ ...cookie }));
        break;
      case 'supportContacts':
        data.supportContacts = supportContacts;
        break;
      case 'showroom':
        data.showroom = showroomInfo(context.storefront.language);
        break;
      case 'vatDisplay':
        data.vatDisplay = {
          includeVat: context.display.includeVat,
          storeDefaultIncludesVat: context.storefront.pricesIncludeVat,
          vatRateBp: context.display.vatRateBp,
        };
        break;
      case 'contactForm':
      case 'quoteForm':
        data[name] = true;
        break;
    }
  }
  return data;
}
