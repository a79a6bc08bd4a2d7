import { rowEurCents } from '../cart/cart-pricing.ts';
import type { Cart } from '../cart/cart.server.ts';
import { convertFromEur } from '../currency/convert.ts';
import type { CurrencyRate } from '../currency/exchange-rates.server.ts';
import { expectedDeliveryDate } from './delivery-dates.server.ts';
import { pickupCountries } from './pickup-points.server.ts';
import { type ShippingMethod, shippingMethods, shippingPriceEurCents } from './shipping-rates.ts';

export interface ShippingOption {
  method: ShippingMethod;
  /** minor units of the cart currency, excl. VAT */
  price: number;
  /** YYYY-MM-DD, or null: "Delivery date unknown" */
  expectedDate: string | null;
}

/** Every shipping method for a destination with its price and expected delivery day. */
export function shippingOptions(cart: Cart, countryCode: string, rate: CurrencyRate, now = new Date()): ShippingOption[] {
  const goodsEur = cart.lines.reduce((sum, line) => sum + rowEurCents(line), 0);
  const weight = cart.lines.reduce((sum, line) => sum + line.weightGrams * line.quantity, 0);
  return shippingMethods
    .filter((method) => method !== 'pickup_point' || pickupCountries.includes(countryCode))
    .map((method) => ({
    method,
    price: convertFromEur(shippingPriceEurCents(method, countryCode, weight, goodsEur), rate.rate, rate.minorUnits),
    expectedDate: expectedDeliveryDate(method, countryCode, now),
  }));
}
