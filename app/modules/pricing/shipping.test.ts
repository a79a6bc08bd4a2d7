import { describe, expect, it } from 'vitest';
import {
  freeShippingFromEurCents,
  freeShippingThresholdEurCents,
  lowestHomeDeliveryEurCents,
  type ShippingMethod,
  shippingPriceEurCents,
  shippingRates,
  shippingZoneOf,
  shippingZones,
} from './shipping.ts';

describe('shipping by destination and weight', () => {
  it.each([
    ['NL', 'domestic'],
    ['BE', 'neighbours'],
    ['DE', 'neighbours'],
    ['LU', 'neighbours'],
    ['FR', 'eu'],
    ['SE', 'eu'],
    ['GB', 'europe'],
    ['CH', 'europe'],
    ['NO', 'europe'],
    ['US', 'world'],
    ['JP', 'world'],
  ])('%s is in the %s zone', (country, zone) => {
    expect(shippingZoneOf(country)).toBe(zone);
  });

  it.each([
    // method, country, grams, goods (EUR cents after discounts), free from, price (EUR cents excl. VAT)
    ['home_delivery', 'NL', 100, 1_000, null, 395], // a letterbox parcel
    ['home_delivery', 'NL', 500, 1_000, null, 395],
    ['home_delivery', 'NL', 501, 1_000, null, 495], // the heavier letterbox band
    ['home_delivery', 'NL', 2_000, 1_000, null, 495],
    ['home_delivery', 'NL', 2_001, 1_000, null, 695], // no longer fits a letterbox: a parcel
    ['home_delivery', 'NL', 10_000, 1_000, null, 895],
    ['home_delivery', 'NL', 20_000, 1_000, null, 1_295],
    ['home_delivery', 'NL', 20_001, 1_000, null, 1_345], // a started kg above the last band
    ['home_delivery', 'NL', 23_000, 1_000, null, 1_445],
    ['home_delivery', 'NL', 300, 4_999, 5_000, 395],
    ['home_delivery', 'NL', 300, 5_000, 5_000, 0], // the store's free-shipping threshold
    ['home_delivery', 'DE', 300, 1_000, null, 595],
    ['home_delivery', 'DE', 4_500, 1_000, null, 1_095],
    ['home_delivery', 'FR', 1_000, 1_000_000, null, 1_095], // no threshold: never free
    ['home_delivery', 'GB', 300, 1_566, null, 895], // the £15.66 order of issue 22: a letterbox parcel, not €24.95
    ['home_delivery', 'US', 10_000, 1_000, null, 4_995],
    ['pickup_point', 'NL', 100, 1_000, null, 295], // a euro less than the door
    ['pickup_point', 'NL', 100, 7_500, 5_000, 0], // free like the door
    ['pickup_point', 'DE', 2_001, 1_000, null, 995],
    ['warehouse_pickup', 'US', 50_000, 1_000, null, 0],
  ] as [ShippingMethod, string, number, number, number | null, number][])(
    '%s to %s, %i g, %i of goods, free from %s → %i',
    (method, country, grams, goods, freeFrom, expected) => {
      expect(shippingPriceEurCents(method, country, grams, goods, freeFrom)).toBe(expected);
    },
  );

  it('never charges more for less weight, and every zone costs at least the one nearer', () => {
    for (const zone of shippingZones) {
      const bands = [...shippingRates[zone].letterbox, ...shippingRates[zone].parcel];
      for (let i = 1; i < bands.length; i++) {
        expect(bands[i]!.upToGrams).toBeGreaterThan(bands[i - 1]!.upToGrams);
        expect(bands[i]!.cents).toBeGreaterThanOrEqual(bands[i - 1]!.cents);
      }
    }
    const examples = ['NL', 'DE', 'FR', 'GB', 'US'];
    for (const grams of [100, 1_500, 4_000, 15_000, 30_000]) {
      const prices = examples.map((country) => shippingPriceEurCents('home_delivery', country, grams, 0));
      expect(prices).toEqual([...prices].sort((a, b) => a - b));
    }
  });

  it('gives free shipping only to the store’s own country', () => {
    expect(freeShippingThresholdEurCents({ code: 'nl-NL', countryCode: 'NL' }, 'NL')).toBe(freeShippingFromEurCents['nl-NL']);
    expect(freeShippingThresholdEurCents({ code: 'nl-NL', countryCode: 'NL' }, 'BE')).toBeNull();
    expect(freeShippingThresholdEurCents({ code: 'en-GB', countryCode: 'GB' }, 'GB')).toBe(10_000);
    expect(freeShippingThresholdEurCents({ code: 'en', countryCode: null }, 'NL')).toBeNull();
  });

  it('estimates "shipping from" with the smallest letterbox parcel', () => {
    expect(lowestHomeDeliveryEurCents('NL')).toBe(shippingPriceEurCents('home_delivery', 'NL', 1, 0));
    expect(lowestHomeDeliveryEurCents('GB')).toBe(895);
  });
});
