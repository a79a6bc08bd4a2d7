import { expectedDeliveryDate } from '#app/modules/orders/delivery-dates.server.ts';
import { pickupCountries } from './pickup-points.server.ts';
import { defaultShippingRules, type ShippingMethod, shippingMethods, type ShippingRules } from '#app/modules/pricing/shipping.ts';

export interface ShippingOption {
  method: ShippingMethod;
  /** minor units of the cart currency, excl. VAT */
  price: number;
  /** YYYY-MM-DD, or null: "Delivery date unknown" */
  expectedDate: string | null;
}

/**
 * Every shipping method for a destination with its price (as the order will charge it: see
 * CheckoutSummary.shippingPrice) and expected delivery day.
 */
export function shippingOptions(
  shippingPrice: (method: ShippingMethod, countryCode: string) => number,
  countryCode: string,
  rules: ShippingRules = defaultShippingRules,
  now = new Date(),
): ShippingOption[] {
  return offeredShippingMethods(countryCode, rules).map((method) => ({
    method,
    price: shippingPrice(method, countryCode),
    expectedDate: expectedDeliveryDate(method, countryCode, now),
  }));
}

/** The methods a destination is offered: pickup points where we have them, the warehouse where it is within reach. */
export function offeredShippingMethods(countryCode: string, rules: ShippingRules = defaultShippingRules): ShippingMethod[] {
  return shippingMethods.filter(
    (method) =>
      (method !== 'pickup_point' || pickupCountries.includes(countryCode)) &&
      (method !== 'warehouse_pickup' || rules.warehousePickupCountries.includes(countryCode)),
  );
}
