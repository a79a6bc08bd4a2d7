import { describe, expect, it } from 'vitest';
import { cartSetCookie } from '#app/modules/cart/add-to-cart.server.ts';
import { shopCookies } from '#app/modules/content/shop-cookies.server.ts';
import { sessionSetCookie } from '#app/modules/customers/session.server.ts';
import { resolveStorefrontRequest } from '#app/modules/i18n/storefront-request.server.ts';
import { csrfState } from '#app/lib/security/csrf.server.ts';

/** Name and Max-Age (null when absent) of a Set-Cookie header. */
function parse(header: string) {
  const name = header.slice(0, header.indexOf('='));
  const maxAge = /Max-Age=(\d+)/.exec(header)?.[1];
  return { name, maxAgeSeconds: maxAge === undefined ? null : Number(maxAge) };
}

describe('the cookie list of the privacy notice', () => {
  it('matches the Set-Cookie headers the shop really writes', () => {
    const preferences = resolveStorefrontRequest(new Request('https://shop.example/de-de/agb?locale=de-DE&currency=CHF&vat=incl'), 'de-de', true);
    if (preferences.kind !== 'redirect') throw new Error('expected the preference redirect');
    const written = [
      sessionSetCookie('token', true),
      cartSetCookie('00000000-0000-0000-0000-000000000000', true),
      csrfState(undefined, 'a-session-secret-of-at-least-32-characters', true).setCookie!,
      ...preferences.setCookies,
    ].map(parse);
    for (const cookie of written) expect(shopCookies).toContainEqual(cookie);
    // consent is written by the /api/consent action with the preference lifetime, like the locale.
    expect(shopCookies.find((cookie) => cookie.name === 'consent')?.maxAgeSeconds).toBe(shopCookies.find((cookie) => cookie.name === 'locale')?.maxAgeSeconds);
    expect(shopCookies).toHaveLength(written.length + 1);
  });
});
