import { deliveryCountryByCode } from '../customers/countries.ts';
import { shopCountry } from './tax-rules.ts';

export const shippingMethods = ['home_delivery', 'pickup_point', 'warehouse_pickup'] as const;
export type ShippingMethod = (typeof shippingMethods)[number];

/** Shipping zones seen from the warehouse in the Netherlands. */
export type Zone = 'domestic' | 'neighbours' | 'eu' | 'world';
const neighbours = new Set(['BE', 'DE', 'LU']);

export function shippingZoneOf(countryCode: string): Zone {
  if (countryCode === shopCountry) return 'domestic';
  if (neighbours.has(countryCode)) return 'neighbours';
  return deliveryCountryByCode(countryCode)?.inEu ? 'eu' : 'world';
}

/** Home delivery in EUR cents excl. VAT: a base price up to 2 kg, then a price per started kg. */
export const homeDeliveryRates: Record<Zone, { baseCents: number; perKgCents: number; freeFromCents: number | null }> = {
  domestic: { baseCents: 495, perKgCents: 50, freeFromCents: 7_500 },
  neighbours: { baseCents: 795, perKgCents: 100, freeFromCents: 15_000 },
  eu: { baseCents: 1_195, perKgCents: 150, freeFromCents: null },
  world: { baseCents: 2_495, perKgCents: 400, freeFromCents: null },
};

/** The shipping price of a method for a destination, weight and goods value (all EUR cents). */
export function shippingPriceEurCents(method: ShippingMethod, countryCode: string, weightGrams: number, goodsEurCents: number): number {
  if (method === 'warehouse_pickup') return 0;
  // A pickup point costs a euro less than the door: one stop for the courier instead of many.
  if (method === 'pickup_point') return Math.max(0, shippingPriceEurCents('home_delivery', countryCode, weightGrams, goodsEurCents) - 100);
  const rate = homeDeliveryRates[shippingZoneOf(countryCode)];
  if (rate.freeFromCents !== null && goodsEurCents >= rate.freeFromCents) return 0;
  const extraKg = Math.max(0, Math.ceil((weightGrams - 2_000) / 1_000));
  return rate.baseCents + extraKg * rate.perKgCents;
}
