import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { localeCodes } from './locales.ts';
import { formatMessage, lookupMessage, type MessageTree, mergeMessageEntries, messageKeys } from './messages.ts';

const localesDir = join(import.meta.dirname, '../../../locales');
const load = (locale: string) => JSON.parse(readFileSync(join(localesDir, `${locale}.json`), 'utf8')) as MessageTree;
const english = load('en-US');

describe('the locale files', () => {
  it('exist for exactly the eleven storefronts', () => {
    expect(readdirSync(localesDir).sort()).toEqual(localeCodes.map((code) => `${code}.json`).sort());
  });

  it.each(localeCodes.filter((code) => code !== 'en-US'))('%s has every key of the English file, and no others', (locale) => {
    const keys = messageKeys(load(locale));
    const missing = messageKeys(english).filter((key) => !keys.includes(key));
    expect(missing, `missing in ${locale}`).toEqual([]);
    expect(
      keys.filter((key) => lookupMessage(english, key) === undefined),
      `unknown keys in ${locale}`,
    ).toEqual([]);
  });

  it.each(localeCodes)('%s keeps every placeholder of the English text', (locale) => {
    const messages = load(locale);
    for (const key of messageKeys(english)) {
      const placeholders = (text: string) => [...text.matchAll(/\{(\w+)[,}]/g)].map((m) => m[1]).sort();
      expect(placeholders(lookupMessage(messages, key) ?? ''), `${locale} ${key}`).toEqual(placeholders(lookupMessage(english, key) ?? ''));
    }
  });

  it.each(localeCodes.filter((code) => !code.startsWith('en')))('%s is really translated', (locale) => {
    const messages = load(locale);
    const same = messageKeys(english).filter((key) => lookupMessage(messages, key) === lookupMessage(english, key));
    expect(same.length / messageKeys(english).length).toBeLessThan(0.15);
  });

  it('spells American in en-US and British in en-GB', () => {
    const texts = (tree: MessageTree) =>
      messageKeys(tree)
        .map((key) => (lookupMessage(tree, key) ?? '').replace(/\{[^}]*\}/g, ''))
        .join(' ');
    expect(texts(english)).not.toMatch(/colour|metre/i);
    expect(texts(load('en-GB'))).toMatch(/colour/);
    expect(texts(load('en-GB'))).not.toMatch(/\bcolor|\bmeter\b/i);
  });
});

describe('formatMessage', () => {
  it('fills placeholders', () => {
    expect(formatMessage('Go to {store}', { store: 'Deutschland' })).toBe('Go to Deutschland');
    expect(formatMessage('Hello {name}')).toBe('Hello {name}');
  });

  it('chooses plural forms per locale and formats the count', () => {
    const template = '{count, plural, =0 {empty} one {# item} other {# items}}';
    expect(formatMessage(template, { count: 0 })).toBe('empty');
    expect(formatMessage(template, { count: 1 })).toBe('1 item');
    expect(formatMessage(template, { count: 1200 })).toBe('1,200 items');
    const polish = '{count, plural, one {# produkt} few {# produkty} many {# produktów} other {# produktu}}';
    expect(formatMessage(polish, { count: 3 }, 'pl-PL')).toBe('3 produkty');
    expect(formatMessage(polish, { count: 5 }, 'pl-PL')).toBe('5 produktów');
  });
});

describe('mergeMessageEntries', () => {
  it('splits keys on dots, replaces strings and skips keys that would collide with a string or subtree', () => {
    const base: MessageTree = { header: { cart: 'Cart', search: { label: 'Search' } } };
    const { messages, skipped } = mergeMessageEntries(base, [
      { key: 'header.cart', value: 'Basket' },
      { key: 'promo.banner.title', value: 'Sale' },
      { key: 'header.cart.count', value: 'x' },
      { key: 'header.search', value: 'y' },
    ]);
    expect(messages).toEqual({ header: { cart: 'Basket', search: { label: 'Search' } }, promo: { banner: { title: 'Sale' } } });
    expect(skipped).toEqual(['header.cart.count', 'header.search']);
    expect(base.header).toEqual({ cart: 'Cart', search: { label: 'Search' } });
  });
});
