import { type StorefrontLocale, fallbackLocale, storefrontByCode, storefronts } from './locales.ts';

/** Language ranges of an Accept-Language header, best first ('*' and q=0 dropped). */
export function parseAcceptLanguage(header: string | null): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [range = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { range: range.trim().toLowerCase(), q: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((entry) => entry.range && entry.range !== '*' && entry.q > 0 && !Number.isNaN(entry.q))
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.range);
}

/**
 * The storefront that fits a browser's languages: an exact match ('de-de'), then the language
 * alone ('de', 'de-at' -> de-DE). English without a region goes to the international store.
 */
export function storefrontForLanguages(ranges: readonly string[]): StorefrontLocale | undefined {
  for (const range of ranges) {
    const exact = storefronts.find((s) => s.code.toLowerCase() === range);
    if (exact) return exact;
    const language = range.split('-')[0];
    const byLanguage = language === 'en' ? storefrontByCode('en') : storefronts.find((s) => s.language === language);
    if (byLanguage) return byLanguage;
  }
  return undefined;
}

/** The locale cookie, then the browser's languages, then en-US (spec §2). */
export function detectStorefront(cookieLocale: string | undefined, acceptLanguage: string | null): StorefrontLocale {
  return (
    (cookieLocale ? storefrontByCode(cookieLocale) : undefined) ??
    storefrontForLanguages(parseAcceptLanguage(acceptLanguage)) ??
    (storefrontByCode(fallbackLocale) as StorefrontLocale)
  );
}

/** A first path segment shaped like a locale prefix ('xx' or 'xx-yy'). */
export const looksLikeLocalePrefix = (segment: string) => /^[a-z]{2}(-[a-z]{2})?$/i.test(segment);
