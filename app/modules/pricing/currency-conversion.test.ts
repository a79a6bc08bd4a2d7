import { describe, expect, it } from 'vitest';
import { currencyDefinitions } from '#app/modules/i18n/locales.ts';
import { convertFromEur } from './currency-conversion.ts';

/** Each currency at the shop's initial rate: EUR cents → minor units, halves away from zero. */
const everyCurrency: [code: string, rate: string, [eurCents: number, expected: number][]][] = [
  [
    'EUR',
    '1',
    [
      [1, 1],
      [189, 189],
      [12_345, 12_345],
    ],
  ],
  [
    'USD',
    '1.1600',
    [
      [1, 1],
      [189, 219],
      [2_040, 2_366],
    ],
  ], // 219.24, 2366.4
  [
    'GBP',
    '0.8700',
    [
      [50, 44],
      [189, 164],
      [2_040, 1_775],
    ],
  ], // 43.5, 164.43, 1774.8
  [
    'DKK',
    '7.4600',
    [
      [1, 7],
      [189, 1_410],
      [12_345, 92_094],
    ],
  ], // 1409.94, 92093.7
  [
    'NOK',
    '11.7000',
    [
      [1, 12],
      [12_345, 144_437],
    ],
  ], // 11.7, 144436.5
  [
    'PLN',
    '4.2500',
    [
      [50, 213],
      [189, 803],
      [12_345, 52_466],
    ],
  ], // 212.5, 803.25, 52466.25
  [
    'SEK',
    '10.9500',
    [
      [50, 548],
      [189, 2_070],
      [12_345, 135_178],
    ],
  ], // 547.5, 2069.55, 135177.75
  [
    'CHF',
    '0.9300',
    [
      [50, 47],
      [189, 176],
      [12_345, 11_481],
    ],
  ], // 46.5, 175.77, 11480.85
  [
    'AUD',
    '1.7800',
    [
      [1, 2],
      [189, 336],
    ],
  ], // 1.78, 336.42
  [
    'CAD',
    '1.6200',
    [
      [2_040, 3_305],
      [12_345, 19_999],
    ],
  ], // 3304.8, 19998.9
  [
    'CZK',
    '24.3000',
    [
      [189, 4_593],
      [12_345, 299_984],
    ],
  ], // 4592.7, 299983.5
  [
    'HKD',
    '9.0500',
    [
      [50, 453],
      [189, 1_710],
    ],
  ], // 452.5, 1710.45
  [
    'JPY',
    '178.0000',
    [
      [1, 2],
      [189, 336],
      [1_999, 3_558],
    ],
  ], // no minor units: 1.78, 336.42, 3558.22 yen
  ['RUB', '95.0000', [[189, 17_955]]],
];

describe('convertFromEur', () => {
  it('has a case for every currency the shop knows', () => {
    expect(everyCurrency.map(([code]) => code).sort()).toEqual(currencyDefinitions.map((currency) => currency.code).sort());
  });

  it.each(everyCurrency)('%s at %s: exact, halves away from zero', (code, rate, cases) => {
    const minorUnits = currencyDefinitions.find((currency) => currency.code === code)!.minorUnits;
    for (const [eurCents, expected] of cases) expect(convertFromEur(eurCents, rate, minorUnits), `${eurCents} EUR cents`).toBe(expected);
  });

  it('rounds negative amounts away from zero too', () => {
    expect(convertFromEur(1, '0.5', 2)).toBe(1);
    expect(convertFromEur(-1, '0.5', 2)).toBe(-1);
  });

  it('rejects malformed rates', () => {
    for (const rate of ['1,16', '-1', 'abc', '']) expect(() => convertFromEur(100, rate, 2), rate).toThrow(RangeError);
  });
});
