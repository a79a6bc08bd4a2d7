import { describe, expect, it } from 'vitest';
import { addVat, basisPointsOf, divideRounded, scaleRounded } from './rounding.ts';

describe('rounding: one rule, halves away from zero', () => {
  it.each([
    [5n, 2n, 3n],
    [-5n, 2n, -3n],
    [5n, -2n, -3n],
    [4n, 3n, 1n],
    [5n, 3n, 2n],
    [-4n, 3n, -1n],
    [0n, 7n, 0n],
  ])('%i / %i → %i', (numerator, denominator, expected) => {
    expect(divideRounded(numerator, denominator)).toBe(expected);
  });

  it('scales exactly beyond floating point precision', () => {
    // 2^53 + 1 cannot be a double; the BigInt path keeps it.
    expect(scaleRounded(9_007_199_254_740_991, 1, 1)).toBe(9_007_199_254_740_991);
    expect(scaleRounded(189, 1_200, 100)).toBe(2_268);
    expect(scaleRounded(189, 50, 100)).toBe(95);
  });

  it.each([
    [1_000, 500, 50],
    [5_001, 500, 250], // 250.05
    [10, 500, 1], // 0.5
    [9, 500, 0], // 0.45
    [7_830, 2_000, 1_566],
  ])('%i × %i bp → %i', (amount, rateBp, expected) => {
    expect(basisPointsOf(amount, rateBp)).toBe(expected);
  });

  it.each([
    [1_000, 2_100, 1_210],
    [999, 1_900, 1_189], // 1188.81
    [1_000, 0, 1_000],
    [50, 2_100, 61], // 60.5
    [2_040, 2_000, 2_448],
  ])('%i + %i bp VAT → %i', (net, rateBp, expected) => {
    expect(addVat(net, rateBp)).toBe(expected);
  });
});
