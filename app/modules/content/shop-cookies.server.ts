import { cartCookie } from '../cart/cart-count.server.ts';
import { sessionCookie } from '../customers/session.server.ts';
import { preferenceMaxAge } from '../http/cookies.server.ts';
import { currencyCookie, localeCookie, vatCookie } from '../i18n/storefront-request.server.ts';
import { consentCookie } from '../privacy/consent.ts';
import { csrfCookieName } from '../security/csrf.server.ts';

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
