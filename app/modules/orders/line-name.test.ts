import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createTranslator } from '#app/modules/i18n/i18n.tsx';
import type { LocaleCode } from '#app/modules/i18n/locales.ts';
import type { MessageTree } from '#app/modules/i18n/messages.ts';
import { lineChoice, lineName, type NamedLine } from './line-name.ts';

const translator = (locale: LocaleCode) =>
  createTranslator(locale, JSON.parse(readFileSync(new URL(`../../../locales/${locale}.json`, import.meta.url), 'utf8')) as MessageTree);
const name = (line: NamedLine, locale: LocaleCode) => lineName(line, translator(locale), locale);

const cord = { name: 'Paracord 550 – Black', isSample: false };
const tenMetres = [{ attribute: 'length', label: '10 m', sortValue: 10 }];

describe('lineName: the chosen length or pack on every line', () => {
  it.each([
    ['en-GB', { ...cord, options: tenMetres }, 'Paracord 550 – Black – 10 m (33 ft)'],
    ['en-US', { ...cord, options: tenMetres }, 'Paracord 550 – Black – 33 ft (10 m)'],
    ['de-DE', { ...cord, options: [{ attribute: 'length', label: '2,5 m', sortValue: 2.5 }] }, 'Paracord 550 – Black – 2,5 m (8 ft)'],
    ['en-GB', { ...cord, lengthCm: 250 }, 'Paracord 550 – Black – cut to 2.5 m (8 ft)'],
    ['de-DE', { ...cord, lengthCm: 1250 }, 'Paracord 550 – Black – Zuschnitt auf 12,5 m (41 ft)'],
    ['en-GB', { ...cord, options: [{ attribute: 'unit_type', label: 'Pack of 10', sortValue: null }] }, 'Paracord 550 – Black – Pack of 10'],
    ['en-GB', { ...cord, options: [] }, 'Paracord 550 – Black'],
    ['en-GB', { ...cord, isSample: true, options: tenMetres }, 'Paracord 550 – Black (Free sample)'],
  ] as [LocaleCode, NamedLine, string][])('%s: %j is "%s"', (locale, line, expected) => {
    expect(name(line, locale)).toBe(expected);
  });

  it('says nothing was chosen for a product without choices', () => {
    expect(lineChoice({ options: null, lengthCm: null }, translator('en-GB'), 'en-GB')).toBeNull();
  });
});
