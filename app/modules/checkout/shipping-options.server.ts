import { expectedDeliveryDate } from './delivery-dates.server.ts';
import { pickupCountries } from './pickup-points.server.ts';
import { type ShippingMethod, shippingMethods } from '../pricing/shipping.ts';

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
export function shippingOptions(shippingPrice: (method: ShippingMethod, countryCode: string) => number, countryCode: string, now = new Date()): ShippingOption[] {
  return shippingMethods
    .filter((method) => method !== 'pickup_point' || pickupCountries.includes(countryCode))
    .map((method) => ({ method, price: shippingPrice(method, countryCode), expectedDate: expectedDeliveryDate(method, countryCode, now) }));
}
