import { redirect } from 'react-router';
import type { Route } from './+types/logout';
import { servicesContext, storefrontContext } from '#app/context.ts';
import { orUnavailable } from '#app/db/with-database.server.ts';
import { readCookie } from '#app/lib/http/cookies.server.ts';
import { endSession, sessionClearCookie, sessionCookie } from '#app/modules/customers/session.server.ts';
import { cartCookie, isCustomerCart } from '#app/modules/cart/cart-count.server.ts';
import { cartClearCookie, placedOrderMarkerClearCookie } from '#app/modules/checkout/placed-order-marker.server.ts';

/** Logging out changes state, so it is a POST (with its CSRF token); a GET just goes home. */
export function loader({ context }: Route.LoaderArgs) {
  throw redirect(`/${context.get(storefrontContext).storefront.prefix}`);
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, secureCookies } = context.get(servicesContext);
  const token = readCookie(request, sessionCookie);
  if (token) await orUnavailable(() => endSession(db, token));
  // On a shared computer the next person must not shop in (or reach the orders of) this customer's cart.
  const headers = new Headers([
    ['Set-Cookie', sessionClearCookie(secureCookies)],
    ['Set-Cookie', placedOrderMarkerClearCookie(secureCookies)],
  ]);
  if (await orUnavailable(() => isCustomerCart(db, readCookie(request, cartCookie)))) headers.append('Set-Cookie', cartClearCookie(secureCookies));
  throw redirect(`/${context.get(storefrontContext).storefront.prefix}`, { headers });
}
