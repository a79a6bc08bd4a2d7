import { describe, expect, it } from 'vitest';
import { storefronts } from '#app/modules/i18n/locales.ts';
import { openGraphAlternates, openGraphLocale } from './open-graph.ts';

const allCodes = storefronts.map((storefront) => storefront.code);

describe('Open Graph locales', () => {
  it.each(allCodes)('%s: every alternate appears once and never repeats the page’s own locale', (code) => {
    const alternates = openGraphAlternates(code, allCodes);
    expect(new Set(alternates).size).toBe(alternates.length);
    expect(alternates).not.toContain(openGraphLocale(code));
  });

  it('gives the international English store no territory of its own', () => {
    expect(openGraphLocale('en')).toBeUndefined();
    expect(openGraphLocale('en-GB')).toBe('en_GB');
    expect(openGraphAlternates('en-GB', allCodes).filter((value) => value === 'en_GB')).toEqual([]);
    expect(openGraphAlternates('de-DE', allCodes).filter((value) => value.startsWith('en_'))).toEqual(['en_US', 'en_GB']);
  });
});
