import { describe, expect, it } from 'vitest';
import { formatMeasure, imperialOf, showsImperialFirst } from './measures.ts';

const both = (imperial: string, metric: string) => `${imperial} (${metric})`;

describe('specifications in imperial units first in en-US', () => {
  it.each([
    [250, 'kg', '551 lb (250 kg)'],
    [4.5, 'kg', '9.9 lb (4.5 kg)'],
    [4, 'mm', '5/32 in (4 mm)'],
    [2, 'mm', '5/64 in (2 mm)'],
    [0.1, 'mm', '1/64 in (0.1 mm)'],
    [25.4, 'mm', '1 in (25.4 mm)'],
    [11, 'mm', '7/16 in (11 mm)'],
    [50, 'mm', '1.97 in (50 mm)'],
    [300, 'm', '984 ft (300 m)'],
    [2.5, 'm', '8.2 ft (2.5 m)'],
    [6, 'g', '0.21 oz (6 g)'],
    [100, 'g', '3.5 oz (100 g)'],
    [1000, 'g', '2.2 lb (1,000 g)'],
    [7, null, '7'],
    [30, '%', '30 %'],
  ] as [number, string | null, string][])('en-US: %s %s is "%s"', (value, unit, expected) => {
    expect(formatMeasure(value, unit, 'en-US', both)).toBe(expected);
  });

  it.each([
    ['en-GB', 250, 'kg', '250 kg'],
    ['de-DE', 4.5, 'mm', '4,5 mm'],
    ['en', 300, 'm', '300 m'],
    ['fr-FR', 1000, 'g', '1 000 g'],
  ] as [string, number, string, string][])('%s keeps metric only: %s %s', (locale, value, unit, expected) => {
    expect(formatMeasure(value, unit, locale, both).replace(/\u202f|\u00a0/g, ' ')).toBe(expected);
  });

  it('knows which stores read imperial first', () => {
    expect(showsImperialFirst('en-US')).toBe(true);
    expect(['en', 'en-GB', 'de-DE', 'nl-NL'].some(showsImperialFirst)).toBe(false);
    expect(imperialOf(5, 'strands', 'en-US')).toBeNull();
  });
});
