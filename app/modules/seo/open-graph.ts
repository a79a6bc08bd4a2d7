import type { LocaleCode } from '#app/modules/i18n/locales.ts';

/**
 * Open Graph locales (language_TERRITORY). The international `en` store has no territory of its
 * own: it gets no og:locale, so it does not repeat the en-GB store's `en_GB`.
 */
export function openGraphLocale(code: LocaleCode): string | undefined {
  return code.includes('-') ? code.replace('-', '_') : undefined;
}

/** The og:locale:alternate values of a page: one per other store that has its own, no repeats. */
export function openGraphAlternates(own: LocaleCode, alternateCodes: LocaleCode[]): string[] {
  const ownValue = openGraphLocale(own);
  const values = alternateCodes.map(openGraphLocale).filter((value): value is string => value !== undefined && value !== ownValue);
  return [...new Set(values)];
}
