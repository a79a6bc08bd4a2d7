import { describe, expect, it } from 'vitest';
import { convertFromEur } from './currency-conversion.ts';
import { addVat } from './rounding.ts';

describe('convertFromEur', () => {
  it('converts exactly and rounds half away from zero', () => {
    expect(convertFromEur(1000, '1', 2)).toBe(1000);
    expect(convertFromEur(1999, '1.1600', 2)).toBe(2319); // 23.1884
    expect(convertFromEur(250, '7.46', 2)).toBe(1865);
    expect(convertFromEur(1, '0.5', 2)).toBe(1); // 0.5 cent rounds up
    expect(convertFromEur(-1, '0.5', 2)).toBe(-1);
  });

  it('respects currencies without minor units', () => {
    expect(convertFromEur(1999, '178.00', 0)).toBe(3558); // 3558.22 yen
  });

  it('rejects malformed rates', () => {
    expect(() => convertFromEur(100, '1,16', 2)).toThrow(RangeError);
  });
});

describe('addVat', () => {
  it('adds VAT in basis points', () => {
    expect(addVat(1000, 2100)).toBe(1210);
    expect(addVat(999, 1900)).toBe(1189); // 1188.81
    expect(addVat(1000, 0)).toBe(1000);
  });
});
