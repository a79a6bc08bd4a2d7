import { cartCookie } from '#app/modules/cart/cart-count.server.ts';
import { sessionCookie } from '#app/modules/customers/session.server.ts';
import { preferenceMaxAge } from '#app/lib/http/cookies.server.ts';
import { currencyCookie, localeCookie, vatCookie } from '#app/modules/i18n/storefront-request.server.ts';
import { consentCookie } from '#app/modules/privacy/consent.ts';
import { csrfCookieName } from '#app/lib/security/csrf.server.ts';

export interface ShopCookie {
  name: string;
  /** lifetime in seconds; null: until the browser is closed */
  maxAgeSeconds: number | null;
}

const days = (count: number) => count * 24 * 60 * 60;

/**
 * Every cookie the shop sets, for the privacy notice. The names are the modules' own constants;
 * tests/content/shop-cookies.test.ts checks each lifetime against the Set-Cookie header the
 * module really writes, so this list cannot drift from the code.
 */
export const shopCookies: readonly ShopCookie[] = [
  { name: sessionCookie, maxAgeSeconds: days(30) },
  { name: cartCookie, maxAgeSeconds: days(30) },
  { name: csrfCookieName, maxAgeSeconds: null },
  { name: consentCookie, maxAgeSeconds: preferenceMaxAge },
  { name: localeCookie, maxAgeSeconds: preferenceMaxAge },
  { name: currencyCookie, maxAgeSeconds: preferenceMaxAge },
  { name: vatCookie, maxAgeSeconds: preferenceMaxAge },
];
