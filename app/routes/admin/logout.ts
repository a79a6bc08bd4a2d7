import { redirect } from 'react-router';
import type { Route } from './+types/logout';
import { servicesContext } from '#app/context.ts';
import { orUnavailable } from '#app/db/with-database.server.ts';
import { adminPath } from '#app/modules/admin/admin-paths.ts';
import { endStaffSession, staffCookieName, staffSessionClearCookie } from '#app/modules/admin/staff-session.server.ts';
import { readCookie } from '#app/lib/http/cookies.server.ts';

/** Logging out is a POST with its CSRF token; a GET goes back to the admin. */
export function loader() {
  throw redirect(adminPath());
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, secureCookies } = context.get(servicesContext);
  const token = readCookie(request, staffCookieName(secureCookies));
  if (token) await orUnavailable(() => endStaffSession(db, token));
  throw redirect(`${adminPath('login')}?reason=logged-out`, { headers: { 'Set-Cookie': staffSessionClearCookie(secureCookies) } });
}
