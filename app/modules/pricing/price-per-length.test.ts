import { describe, expect, it } from 'vitest';
import { metresToCm, pricePerFoot, pricePerMetre } from './price-per-length.ts';

describe('unit prices of goods sold by length', () => {
  it.each([
    // amount, centimetres, per metre, per foot
    [182, 500, 36, 11], // £1.82 for 5 m: £0.36 / m (0.364), £0.11 / ft (0.1109)
    [800, 3_000, 27, 8], // 30 m for 8.00: 0.2667 / m, 0.0813 / ft
    [189, 100, 189, 58], // a per-metre price is its own unit price; 1.89 × 0.3048 = 0.576
    [1_000, 250, 400, 122], // a 2.5 m piece
    [5, 1_000, 1, 0], // 0.5 cent rounds half away from zero
    [15, 1_000, 2, 0], // 1.5 cents → 2
    [-182, 500, -36, -11], // refunds: negative amounts round symmetrically
    [0, 500, 0, 0],
    [123_456_789, 10_000, 1_234_568, 376_296], // large amounts stay exact
  ])('%i for %i cm: %i per metre, %i per foot', (amount, lengthCm, perMetre, perFoot) => {
    expect(pricePerMetre(amount, lengthCm)).toBe(perMetre);
    expect(pricePerFoot(amount, lengthCm)).toBe(perFoot);
  });

  it.each([0, -100, 2.5])('refuses %s cm', (lengthCm) => {
    expect(() => pricePerMetre(100, lengthCm)).toThrow(RangeError);
    expect(() => pricePerFoot(100, lengthCm)).toThrow(RangeError);
  });

  it.each([
    [5, 500],
    [2.5, 250],
    [0.5, 50],
    [12.3, 1_230],
  ])('%s m is %i cm', (metres, cm) => expect(metresToCm(metres)).toBe(cm));
});
