import type { LocaleCode } from '#app/modules/i18n/locales.ts';

/**
 * The blog's own path segment per language (/{prefix}/{segment}, /{prefix}/{segment}/{post}).
 * German shops call this kind of know-how section "Ratgeber", Swedish ones "blogg".
 */
const segmentsByLanguage: Record<string, string> = { de: 'ratgeber', sv: 'blogg' };
const defaultSegment = 'blog';

/** Every segment some storefront uses, for the route table. */
export const blogSegments: readonly string[] = [...new Set([defaultSegment, ...Object.values(segmentsByLanguage)])];

export const blogSegment = (locale: LocaleCode) => segmentsByLanguage[locale.slice(0, 2)] ?? defaultSegment;

/** Paths below the storefront prefix. */
export const blogListingPath = (locale: LocaleCode) => blogSegment(locale);
export const blogPostPath = (locale: LocaleCode, slug: string) => `${blogSegment(locale)}/${slug}`;
export const blogFeedPath = (locale: LocaleCode) => `${blogSegment(locale)}/feed.xml`;

/** Posts per listing page. */
export const blogPageSize = 6;
