import { existsSync, readFileSync } from 'node:fs';
import { type LocaleCode, localeCodes, storefrontByCode } from '#app/modules/i18n/locales.ts';

/**
 * Seeded texts (content pages and banners, FAQ, blog) live in one JSON file per language next to their module:
 * `seed/en.json`, `seed/de.json`, … (`seed/pages/` for content pages) Translators copy en.json and translate the strings; the
 * `key` and `parent` fields are identifiers and stay as they are. A language without its file
 * is seeded from en.json, so the shop still has content while a translation is on its way.
 */
export const seedLanguages = ['en', 'de', 'nl', 'pl', 'da', 'es', 'fr', 'it', 'sv'] as const;
export type SeedLanguage = (typeof seedLanguages)[number];

/** The seed file of a language in a module's seed folder (a file: URL ending in '/'). */
export const seedFile = (folder: URL, language: string) => new URL(`${language}.json`, folder);

/** The texts of a language, or the English ones when that language has no file yet. */
export function readSeedTexts<T>(folder: URL, language: string): T {
  const file = existsSync(seedFile(folder, language)) ? seedFile(folder, language) : seedFile(folder, 'en');
  return JSON.parse(readFileSync(file, 'utf8')) as T;
}

/** Every storefront locale with the language whose file it is seeded from (en serves en, en-US, en-GB). */
export const localesByLanguage = (): [SeedLanguage, LocaleCode[]][] =>
  seedLanguages.map((language) => [language, localeCodes.filter((code) => storefrontByCode(code)?.language === language)]);

/** Fields that identify things and are the same in every language. */
const identifierFields = new Set(['key', 'parent']);

/**
 * The shape of a seed file: objects by their keys, arrays element by element, strings as
 * 'text' (except identifiers, kept as they are). Two files with equal shapes differ only in
 * their translated words.
 */
export function seedStructure(value: unknown, field = ''): unknown {
  if (Array.isArray(value)) return value.map((item) => seedStructure(item, field));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, seedStructure(item, name)]));
  }
  if (typeof value === 'string') return identifierFields.has(field) ? value : 'text';
  return value;
}
