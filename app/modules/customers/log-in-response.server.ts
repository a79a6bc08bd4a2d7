import { redirect } from 'react-router';
import type { Database } from '#app/db/client.server.ts';
import { cartSetCookie } from '#app/modules/cart/add-to-cart.server.ts';
import { cartCookie } from '#app/modules/cart/cart-count.server.ts';
import { mergeCartsAtLogin } from '#app/modules/cart/merge-carts.server.ts';
import { readCookie } from '#app/lib/http/cookies.server.ts';
import { sessionCookie, sessionSetCookie, startSession } from './session.server.ts';

/**
 * Logs a customer in after a successful login, registration or password reset: a fresh session
 * (rotation), the guest cart merged into the customer's, and a redirect to where they were going.
 */
export async function redirectAsLoggedIn(db: Database, request: Request, customerId: number, to: string, secureCookies: boolean): Promise<Response> {
  const token = await startSession(db, customerId, readCookie(request, sessionCookie));
  const cartId = await mergeCartsAtLogin(db, readCookie(request, cartCookie), customerId);
  const headers = new Headers({ 'Cache-Control': 'no-store' });
  headers.append('Set-Cookie', sessionSetCookie(token, secureCookies));
  if (cartId) headers.append('Set-Cookie', cartSetCookie(cartId, secureCookies));
  return redirect(to, { headers });
}
