import { redirect } from 'react-router';
import type { Route } from './+types/logout';
import { servicesContext, storefrontContext } from '../../context.ts';
import { orUnavailable } from '../../db/with-database.server.ts';
import { readCookie } from '../../modules/http/cookies.server.ts';
import { endSession, sessionClearCookie, sessionCookie } from '../../modules/customers/session.server.ts';

/** Logging out changes state, so it is a POST (with its CSRF token); a GET just goes home. */
export function loader({ context }: Route.LoaderArgs) {
  throw redirect(`/${context.get(storefrontContext).storefront.prefix}`);
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, secureCookies } = context.get(servicesContext);
  const token = readCookie(request, sessionCookie);
  if (token) await orUnavailable(() => endSession(db, token));
  throw redirect(`/${context.get(storefrontContext).storefront.prefix}`, { headers: { 'Set-Cookie': sessionClearCookie(secureCookies) } });
}
