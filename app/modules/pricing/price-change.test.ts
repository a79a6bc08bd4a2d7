import { describe, expect, it } from 'vitest';
import { changedPriceCents } from './price-change.ts';

describe('bulk price changes', () => {
  it('raises and lowers by a percentage, rounding half away from zero in cents', () => {
    expect(changedPriceCents(995, { kind: 'percent', basisPoints: 1000 })).toBe(1095); // +99.5 cents rounds to +100
    expect(changedPriceCents(1005, { kind: 'percent', basisPoints: -500 })).toBe(955); // -50.25 → -50
    expect(changedPriceCents(333, { kind: 'percent', basisPoints: 150 })).toBe(338); // 4.995 → 5
  });

  it('adds or takes an amount, never below zero', () => {
    expect(changedPriceCents(990, { kind: 'amount', eurCents: 125 })).toBe(1115);
    expect(changedPriceCents(990, { kind: 'amount', eurCents: -2000 })).toBe(0);
  });
});
