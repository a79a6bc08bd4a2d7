import { describe, expect, it } from 'vitest';
import { detectStorefront, looksLikeLocalePrefix, parseAcceptLanguage, storefrontForLanguages } from './locale-detection.ts';

describe('parseAcceptLanguage', () => {
  it.each([
    [null, []],
    ['', []],
    ['de-DE', ['de-de']],
    ['fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5', ['fr-ch', 'fr', 'en', 'de']],
    // Order by weight, ties keep the header's order; q=0 means "not this one".
    ['en;q=0.5, nl;q=0.9, da;q=0.9', ['nl', 'da', 'en']],
    ['sv;q=0, it', ['it']],
    ['es;q=abc, pl', ['pl']],
    [' DE-at ; q=1 ', ['de-at']],
  ])('%j → %j', (header, ranges) => {
    expect(parseAcceptLanguage(header)).toEqual(ranges);
  });
});

describe('storefrontForLanguages', () => {
  it.each([
    [['de-de'], 'de-DE'],
    [['de-at'], 'de-DE'],
    [['de'], 'de-DE'],
    [['en-gb'], 'en-GB'],
    [['en-us'], 'en-US'],
    // English without a known region goes to the international store, not to the US one.
    [['en-au'], 'en'],
    [['en'], 'en'],
    [['pt-br', 'it'], 'it-IT'],
    [['ja', 'ko'], undefined],
  ])('%j → %s', (ranges, code) => {
    expect(storefrontForLanguages(ranges)?.code).toBe(code);
  });
});

describe('detectStorefront (spec §2)', () => {
  it('takes the locale cookie first, then the browser languages, then en-US', () => {
    expect(detectStorefront('nl-NL', 'de-DE').code).toBe('nl-NL');
    expect(detectStorefront('xx-YY', 'de-DE').code).toBe('de-DE');
    expect(detectStorefront(undefined, 'sv-SE,en;q=0.5').code).toBe('sv-SE');
    expect(detectStorefront(undefined, 'ja').code).toBe('en-US');
    expect(detectStorefront(undefined, null).code).toBe('en-US');
  });
});

describe('looksLikeLocalePrefix', () => {
  it.each([
    ['de-de', true],
    ['en', true],
    ['EN-GB', true],
    ['paracord', false],
    ['d-de', false],
    ['de_de', false],
    ['', false],
  ])('%s → %s', (segment, expected) => {
    expect(looksLikeLocalePrefix(segment)).toBe(expected);
  });
});
