import { deliveryCountryByCode } from '#app/modules/customers/countries.ts';
import type { LocaleCode } from '#app/modules/i18n/locales.ts';
import { shopCountry } from './vat.ts';

export const shippingMethods = ['home_delivery', 'pickup_point', 'warehouse_pickup'] as const;
export type ShippingMethod = (typeof shippingMethods)[number];

/**
 * Where "pickup at our warehouse" is offered: countries from which a shopper can reasonably drive
 * to Rotterdam (WAREHOUSE_PICKUP_COUNTRIES). A shopper in the UK is never offered it.
 */
export interface ShippingRules {
  warehousePickupCountries: readonly string[];
}
export const defaultShippingRules: ShippingRules = { warehousePickupCountries: ['NL', 'BE'] };

/**
 * Shipping zones seen from the warehouse in the Netherlands: the Netherlands, its neighbours, the
 * rest of the EU, the rest of Europe (the UK, Switzerland, Norway…: customs, but the same carriers),
 * and the world.
 */
export const shippingZones = ['domestic', 'neighbours', 'eu', 'europe', 'world'] as const;
export type ShippingZone = (typeof shippingZones)[number];
const neighbours = new Set(['BE', 'DE', 'LU']);
const restOfEurope = new Set(['GB', 'CH', 'NO', 'IS', 'LI']);

export function shippingZoneOf(countryCode: string): ShippingZone {
  if (countryCode === shopCountry) return 'domestic';
  if (neighbours.has(countryCode)) return 'neighbours';
  if (restOfEurope.has(countryCode)) return 'europe';
  return deliveryCountryByCode(countryCode)?.inEu ? 'eu' : 'world';
}

export interface WeightBand {
  upToGrams: number;
  cents: number;
}

/**
 * What the carriers charge us, rounded to a shop price (EUR cents excl. VAT). Most cord orders are
 * a few hanks: they travel as a letterbox parcel (up to 2 kg, 3 cm thick) at letter-post prices;
 * heavier orders go as a parcel, by weight band, and above the last band by started kilogram.
 */
export const shippingRates: Record<ShippingZone, { letterbox: WeightBand[]; parcel: WeightBand[]; perExtraKgCents: number }> = {
  domestic: {
    letterbox: [
      { upToGrams: 500, cents: 395 },
      { upToGrams: 2_000, cents: 495 },
    ],
    parcel: [
      { upToGrams: 5_000, cents: 695 },
      { upToGrams: 10_000, cents: 895 },
      { upToGrams: 20_000, cents: 1_295 },
    ],
    perExtraKgCents: 50,
  },
  neighbours: {
    letterbox: [
      { upToGrams: 500, cents: 595 },
      { upToGrams: 2_000, cents: 795 },
    ],
    parcel: [
      { upToGrams: 5_000, cents: 1_095 },
      { upToGrams: 10_000, cents: 1_395 },
      { upToGrams: 20_000, cents: 1_895 },
    ],
    perExtraKgCents: 100,
  },
  eu: {
    letterbox: [
      { upToGrams: 500, cents: 795 },
      { upToGrams: 2_000, cents: 1_095 },
    ],
    parcel: [
      { upToGrams: 5_000, cents: 1_495 },
      { upToGrams: 10_000, cents: 1_995 },
      { upToGrams: 20_000, cents: 2_795 },
    ],
    perExtraKgCents: 150,
  },
  europe: {
    letterbox: [
      { upToGrams: 500, cents: 895 },
      { upToGrams: 2_000, cents: 1_295 },
    ],
    parcel: [
      { upToGrams: 5_000, cents: 1_995 },
      { upToGrams: 10_000, cents: 2_695 },
      { upToGrams: 20_000, cents: 3_695 },
    ],
    perExtraKgCents: 200,
  },
  world: {
    letterbox: [
      { upToGrams: 500, cents: 1_295 },
      { upToGrams: 2_000, cents: 1_995 },
    ],
    parcel: [
      { upToGrams: 5_000, cents: 3_495 },
      { upToGrams: 10_000, cents: 4_995 },
      { upToGrams: 20_000, cents: 7_495 },
    ],
    perExtraKgCents: 400,
  },
};

/** A pickup point costs this much less than the door (EUR cents): one stop for the courier instead of many. */
export const pickupPointDiscountEurCents = 100;

/**
 * Free shipping (home delivery and pickup points) per store, for orders to the store's own country
 * from this goods value after discounts (EUR cents excl. VAT); null: the store has none. The
 * international store serves every country and has none.
 */
export const freeShippingFromEurCents: Record<LocaleCode, number | null> = {
  'nl-NL': 5_000,
  'de-DE': 6_000,
  'da-DK': 7_500,
  'pl-PL': 7_500,
  'es-ES': 7_500,
  'fr-FR': 7_500,
  'it-IT': 7_500,
  'sv-SE': 7_500,
  'en-GB': 10_000,
  'en-US': 15_000,
  en: null,
};

/** The free-shipping threshold of an order from a store to a destination: only to the store's own country. */
export function freeShippingThresholdEurCents(store: { code: LocaleCode; countryCode: string | null }, destination: string): number | null {
  return store.countryCode === destination ? freeShippingFromEurCents[store.code] : null;
}

const bandPrice = (bands: WeightBand[], grams: number) => bands.find((band) => grams <= band.upToGrams)?.cents;

/** Home delivery before any free-shipping threshold: a letterbox parcel when it fits, else a parcel by weight. */
function homeDeliveryEurCents(zone: ShippingZone, weightGrams: number): number {
  const rates = shippingRates[zone];
  const byWeight = bandPrice(rates.letterbox, weightGrams) ?? bandPrice(rates.parcel, weightGrams);
  if (byWeight !== undefined) return byWeight;
  const last = rates.parcel.at(-1)!;
  return last.cents + Math.ceil((weightGrams - last.upToGrams) / 1_000) * rates.perExtraKgCents;
}

/**
 * The shipping price of a method for a destination, weight and goods value after discounts (all EUR
 * cents), free from `freeFromEurCents` (freeShippingThresholdEurCents) when given.
 */
export function shippingPriceEurCents(
  method: ShippingMethod,
  countryCode: string,
  weightGrams: number,
  goodsEurCents: number,
  freeFromEurCents: number | null = null,
): number {
  if (method === 'warehouse_pickup') return 0;
  if (freeFromEurCents !== null && goodsEurCents >= freeFromEurCents) return 0;
  const home = homeDeliveryEurCents(shippingZoneOf(countryCode), weightGrams);
  return method === 'pickup_point' ? Math.max(0, home - pickupPointDiscountEurCents) : home;
}

/** The cheapest home delivery to a country (a small letterbox parcel), for "shipping from …" estimates. */
export const lowestHomeDeliveryEurCents = (countryCode: string) => shippingRates[shippingZoneOf(countryCode)].letterbox[0]!.cents;
