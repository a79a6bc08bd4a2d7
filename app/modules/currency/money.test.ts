import { describe, expect, it } from 'vitest';
import { formatMoney, minorUnitsToDecimal } from './money.ts';

describe('minorUnitsToDecimal', () => {
  it('places the decimal point exactly', () => {
    expect(minorUnitsToDecimal(1999)).toBe('19.99');
    expect(minorUnitsToDecimal(5)).toBe('0.05');
    expect(minorUnitsToDecimal(-120)).toBe('-1.20');
    expect(minorUnitsToDecimal(1234, 0)).toBe('1234');
  });

  it('rejects fractional amounts', () => {
    expect(() => minorUnitsToDecimal(1.5)).toThrow(RangeError);
  });
});

describe('formatMoney', () => {
  it('formats per locale without floating-point drift', () => {
    expect(formatMoney(1999, 'EUR', 'de-DE')).toBe('19,99\u00a0€');
    expect(formatMoney(123456789012, 'USD', 'en-US')).toBe('$1,234,567,890.12');
  });
});
