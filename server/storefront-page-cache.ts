import { adminBase } from '#app/modules/admin/admin-paths.ts';
import { PageCache } from '#app/modules/page-cache/page-cache.server.ts';
import { parseAcceptLanguage, storefrontForLanguages } from '#app/modules/i18n/locale-detection.ts';

/**
 * The shop's page cache: the back office is never cached; without a chosen store the browser's
 * languages pick the invitation; a search results page is stored when it is asked for again.
 */
export function storefrontPageCache(): PageCache {
  return new PageCache({
    isNeverCached: (pathname) => pathname === adminBase || pathname.startsWith(`${adminBase}/`),
    suggestedStore: (acceptLanguage) => storefrontForLanguages(parseAcceptLanguage(acceptLanguage ?? null))?.code ?? '',
    // Search results: a shopper's own words, mostly asked once (issue 14: cold searches).
    isMostlyAskedOnce: (pathname) => /^\/[^/]+\/search$/.test(pathname),
  });
}
