import { describe, expect, it } from 'vitest';
import { deliveryCountries } from '#app/modules/geography/delivery-countries.ts';
import { formatMoney, minorUnitsToDecimal } from '#app/modules/currency/money.ts';
import { countryOptions } from '#app/modules/customers/countries.ts';
import { countryName, formatDecimal, formatMediumDate, formatPercent, languageName, pluralCategory } from './locale-formats.ts';
import { currencyDefinitions, storefronts } from './locales.ts';

const locales = storefronts.map((store) => store.code);

/** A fixed spread of values: small and large, whole and fractional, halves that round, negatives. */
function* sampleNumbers(): Generator<number> {
  let seed = 7;
  const next = () => (seed = (seed * 48_271) % 2_147_483_647) / 2_147_483_647;
  for (const value of [
    0, 1, 2, 5, 9.995, 0.5, 1.5, 2.5, 0.05, 1.05, 1.005, 999.95, 1_000, 1_234, 9_999, 10_000, 12_345.678, 1_000_000, 0.000_123, 1e-7, 123_456_789.125,
  ]) {
    yield value;
    yield -value;
  }
  for (let i = 0; i < 400; i++) yield Math.round(next() * 10 ** Math.floor(next() * 8)) / 10 ** Math.floor(next() * 5);
}

// The formats are derived from Intl; these pin that formatting with them writes what Intl writes.
describe.each(locales)('locale formats of %s', (locale) => {
  it('writes numbers as Intl.NumberFormat does', () => {
    for (const digits of [0, 1, 2, 3]) {
      const intl = new Intl.NumberFormat(locale, { maximumFractionDigits: digits });
      for (const value of sampleNumbers()) expect(formatDecimal(value, locale, digits), `${value} to ${digits} digits`).toBe(intl.format(value));
    }
  });

  it('writes percentages as Intl.NumberFormat does', () => {
    for (const digits of [0, 2]) {
      const intl = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: digits });
      for (const value of sampleNumbers()) expect(formatPercent(value / 100, locale, digits), `${value / 100}`).toBe(intl.format(value / 100));
    }
  });

  it('writes amounts of every currency as Intl.NumberFormat does', () => {
    for (const { code, minorUnits } of currencyDefinitions) {
      const intl = new Intl.NumberFormat(locale, { style: 'currency', currency: code });
      for (const amount of [0, 1, 5, 99, 100, 1_250, 123_456, 100_000_000, -1, -1_250, -123_456_789]) {
        expect(formatMoney(amount, code, locale, minorUnits), `${amount} ${code}`).toBe(
          intl.format(minorUnitsToDecimal(amount, minorUnits) as unknown as number),
        );
      }
    }
  });

  it('chooses the plural category Intl.PluralRules chooses', () => {
    const rules = new Intl.PluralRules(locale);
    for (let count = 0; count <= 20_000; count++) expect(pluralCategory(count, locale), String(count)).toBe(rules.select(count));
    for (const count of [1_000_000, 2_000_000, 1_000_001, 3_500_000, 21_000_000, 101_000_000])
      expect(pluralCategory(count, locale), String(count)).toBe(rules.select(count));
  });

  it('names countries and languages and writes medium dates as Intl does', () => {
    const regions = new Intl.DisplayNames([locale], { type: 'region' });
    for (const { code } of deliveryCountries) expect(countryName(code, locale)).toBe(regions.of(code));
    const sorted = deliveryCountries.map(({ code }) => regions.of(code) ?? code).sort((a, b) => a.localeCompare(b, locale));
    expect(countryOptions(locale).map((country) => country.name)).toEqual(sorted);
    expect(languageName('de', locale)).toBe(new Intl.DisplayNames([locale], { type: 'language' }).of('de'));
    const dates = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
    for (let day = 0; day < 400; day += 3) {
      const date = new Date(Date.UTC(2025, 0, 1 + day, 15));
      expect(formatMediumDate(date, locale)).toBe(dates.format(date));
    }
  });
});
