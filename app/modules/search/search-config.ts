import type { LocaleCode } from '#app/modules/i18n/locales.ts';

/** PostgreSQL text-search configuration per storefront: stemming in the store's language. */
const configs: Record<string, string> = { en: 'english', nl: 'dutch', de: 'german', da: 'danish', es: 'spanish', fr: 'french', it: 'italian', sv: 'swedish' };

/** Polish has no stemmer in PostgreSQL: its words are matched as written (simple). */
export function searchConfigOf(locale: LocaleCode): string {
  return configs[locale.slice(0, 2)] ?? 'simple';
}
