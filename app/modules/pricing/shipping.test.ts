import { describe, expect, it } from 'vitest';
import { homeDeliveryRates, type ShippingMethod, shippingPriceEurCents, shippingZoneOf } from './shipping.ts';

describe('shipping by destination and weight', () => {
  it.each([
    ['NL', 'domestic'],
    ['BE', 'neighbours'],
    ['DE', 'neighbours'],
    ['LU', 'neighbours'],
    ['FR', 'eu'],
    ['SE', 'eu'],
    ['GB', 'world'],
    ['CH', 'world'],
    ['US', 'world'],
  ])('%s is in the %s zone', (country, zone) => {
    expect(shippingZoneOf(country)).toBe(zone);
  });

  it.each([
    // method, country, grams, goods (EUR cents after discounts), price (EUR cents excl. VAT)
    ['home_delivery', 'NL', 100, 1_000, 495],
    ['home_delivery', 'NL', 2_000, 1_000, 495],
    ['home_delivery', 'NL', 2_001, 1_000, 545], // a started kg
    ['home_delivery', 'NL', 3_000, 1_000, 545],
    ['home_delivery', 'NL', 3_001, 1_000, 595],
    ['home_delivery', 'NL', 5_000, 7_499, 645], // 3 started kg over 2 kg
    ['home_delivery', 'NL', 5_000, 7_500, 0], // free from €75
    ['home_delivery', 'DE', 100, 14_999, 795],
    ['home_delivery', 'DE', 4_500, 1_000, 1_095],
    ['home_delivery', 'DE', 100, 15_000, 0], // free from €150
    ['home_delivery', 'FR', 100, 1_000_000, 1_195], // never free
    ['home_delivery', 'FR', 2_500, 1_000, 1_345],
    ['home_delivery', 'GB', 100, 1_000_000, 2_495],
    ['home_delivery', 'US', 10_000, 1_000, 5_695],
    ['pickup_point', 'NL', 100, 1_000, 395], // a euro less
    ['pickup_point', 'NL', 100, 7_500, 0], // never below zero
    ['pickup_point', 'DE', 2_001, 1_000, 795],
    ['warehouse_pickup', 'US', 50_000, 1_000, 0],
  ] as [ShippingMethod, string, number, number, number][])('%s to %s, %i g, %i of goods → %i', (method, country, grams, goods, expected) => {
    expect(shippingPriceEurCents(method, country, grams, goods)).toBe(expected);
  });

  it('publishes its rate table (the delivery charges page shows it)', () => {
    expect(Object.keys(homeDeliveryRates)).toEqual(['domestic', 'neighbours', 'eu', 'world']);
  });
});
