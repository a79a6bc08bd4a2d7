import { createHmac, timingSafeEqual } from 'node:crypto';
import { cartCookie } from '#app/modules/cart/cart-count.server.ts';
import { readCookie, serializeCookie } from '#app/lib/http/cookies.server.ts';
import { csrfCookieName } from '#app/lib/security/csrf.server.ts';

/**
 * A cart ends its life for the browser when it becomes an order (issue 20 §3): the cart cookie is
 * cleared, and this marker is the only thing that lets a repeated "place order" post (a reload, a
 * second click) answer that order again. It is signed, names the cart and the order, is bound to
 * the browser's CSRF cookie (the browser session), lives a few minutes and is used up by the replay
 * it answers. A replay without it gets the empty cart, never someone's order confirmation.
 */
export const placedOrderCookie = 'order-placed';
export const placedOrderMarkerSeconds = 10 * 60;

const signature = (secret: string, payload: string, browser: string) =>
  createHmac('sha256', secret).update(`order-placed:${payload}:${browser}`).digest('base64url');

/** Set-Cookie of the marker for an order just placed from this browser's cart. */
export function placedOrderMarkerCookie(secret: string, request: Request, cartId: string, orderNumber: string, secure: boolean, now = Date.now()): string {
  const payload = `${cartId}.${orderNumber}.${Math.floor(now / 1000) + placedOrderMarkerSeconds}`;
  const browser = readCookie(request, csrfCookieName) ?? '';
  return serializeCookie(placedOrderCookie, `${payload}.${signature(secret, payload, browser)}`, { secure, maxAgeSeconds: placedOrderMarkerSeconds });
}

/** True when the request carries this browser's unexpired marker for the order of this cart. */
export function hasPlacedOrderMarker(secret: string, request: Request, cartId: string, orderNumber: string, now = Date.now()): boolean {
  const marker = readCookie(request, placedOrderCookie);
  const browser = readCookie(request, csrfCookieName);
  if (!marker || !browser) return false;
  const parts = marker.split('.');
  if (parts.length !== 4) return false;
  const [markedCart, markedOrder, expires, sent] = parts as [string, string, string, string];
  if (markedCart !== cartId || markedOrder !== orderNumber || !(Number(expires) * 1000 > now)) return false;
  const expected = Buffer.from(signature(secret, `${markedCart}.${markedOrder}.${expires}`, browser));
  const actual = Buffer.from(sent);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

export const placedOrderMarkerClearCookie = (secure: boolean) => serializeCookie(placedOrderCookie, '', { secure, maxAgeSeconds: 0 });

/** The cart cookie removed: the browser's next cart is a new one. */
export const cartClearCookie = (secure: boolean) => serializeCookie(cartCookie, '', { secure, maxAgeSeconds: 0 });
