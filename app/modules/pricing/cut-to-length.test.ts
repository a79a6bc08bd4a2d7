import { describe, expect, it } from 'vitest';
import { cutPiecePriceEurCents, nearestPieceMetres, pieceLengthCm } from './cut-to-length.ts';

describe('cut-to-length pieces', () => {
  it.each([
    [0.5, 100, 50],
    [1, 100, 100],
    [2.5, 100, 250],
    [12, 100, 1_200],
    [100, 100, 10_000],
    [30, 30, 3_000],
    [30.5, 30, null], // longer than the product's longest piece
    [0.25, 100, null], // not a half-metre step
    [1.3, 100, null],
    [0, 100, null],
    [-2, 100, null],
    [0.004, 100, null],
    [Number.NaN, 100, null],
    [Number.POSITIVE_INFINITY, 100, null],
  ])('%s m (longest %s m) → %s cm', (metres, maxMetres, expected) => {
    expect(pieceLengthCm(metres, maxMetres)).toBe(expected);
  });

  it.each([
    [12, 100, 12],
    [12.2, 100, 12],
    [12.3, 100, 12.5],
    [0.1, 100, 0.5],
    [250, 100, 100],
  ])('the product page cuts %s m (longest %s m) as %s m', (asked, maxMetres, expected) => {
    expect(nearestPieceMetres(asked, maxMetres)).toBe(expected);
  });

  it.each([
    [189, 50, 95], // 94.5 rounds up
    [189, 1_200, 2_268],
    [170, 1_200, 2_040],
    [161, 850, 1_369], // 1368.5
    [99, 150, 149], // 148.5
    [1, 50, 1], // 0.5
    [300, 10_000, 30_000],
  ])('%i cents a metre, %i cm → %i cents', (perMetre, lengthCm, expected) => {
    expect(cutPiecePriceEurCents(perMetre, lengthCm)).toBe(expected);
  });
});
