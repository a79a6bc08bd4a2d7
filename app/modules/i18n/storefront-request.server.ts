/**
 * Resolves the storefront, currency and VAT display of a request below a locale prefix, and
 * applies the preference parameters of spec §4: `?locale=` (from the locale switcher),
 * `?currency=` and `?vat=` set their cookie and redirect to the URL without the parameter.
 */
import { readCookie, preferenceMaxAge, serializeCookie } from '#app/lib/http/cookies.server.ts';
import { detectStorefront, looksLikeLocalePrefix } from './locale-detection.ts';
import { type CurrencyCode, type StorefrontLocale, storefrontByPrefix } from './locales.ts';

export const localeCookie = 'locale';
export const currencyCookie = 'currency';
export const vatCookie = 'vat_display';

export interface StorefrontSelection {
  storefront: StorefrontLocale;
  currency: CurrencyCode;
  includeVat: boolean;
  /** No locale cookie yet: the visitor has not chosen a store. */
  hasChosenLocale: boolean;
}

export type StorefrontResolution =
  { kind: 'storefront'; selection: StorefrontSelection } | { kind: 'redirect'; location: string; setCookies: string[] } | { kind: 'not-found' };

const preferenceParams = ['locale', 'currency', 'vat'] as const;

export function resolveStorefrontRequest(request: Request, prefix: string, secureCookies: boolean): StorefrontResolution {
  const url = new URL(request.url);
  const storefront = storefrontByPrefix(prefix);
  if (!storefront) {
    if (looksLikeLocalePrefix(prefix)) return { kind: 'not-found' };
    // A path without a locale prefix: the same path in the visitor's store.
    const detected = detectStorefront(readCookie(request, localeCookie), request.headers.get('accept-language'));
    return { kind: 'redirect', location: `/${detected.prefix}${url.pathname}${url.search}`, setCookies: [] };
  }

  if (preferenceParams.some((name) => url.searchParams.has(name))) {
    const cookie = (name: string, value: string) => serializeCookie(name, value, { maxAgeSeconds: preferenceMaxAge, secure: secureCookies });
    const setCookies: string[] = [];
    if (url.searchParams.get('locale') === storefront.code) setCookies.push(cookie(localeCookie, storefront.code));
    const currency = url.searchParams.get('currency')?.toUpperCase();
    if (currency && (storefront.currencies as readonly string[]).includes(currency)) setCookies.push(cookie(currencyCookie, currency));
    const vat = url.searchParams.get('vat');
    if (vat === 'incl' || vat === 'excl') setCookies.push(cookie(vatCookie, vat));
    for (const name of preferenceParams) url.searchParams.delete(name);
    return { kind: 'redirect', location: `${url.pathname}${url.search}`, setCookies };
  }

  const chosenCurrency = readCookie(request, currencyCookie);
  const currency = storefront.currencies.find((c) => c === chosenCurrency) ?? storefront.currencies[0];
  const vat = readCookie(request, vatCookie);
  return {
    kind: 'storefront',
    selection: {
      storefront,
      currency,
      includeVat: vat === 'incl' ? true : vat === 'excl' ? false : storefront.pricesIncludeVat,
      hasChosenLocale: readCookie(request, localeCookie) !== undefined,
    },
  };
}
