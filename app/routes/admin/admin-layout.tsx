import { data, isRouteErrorResponse, Link, type MiddlewareFunction, Outlet } from 'react-router';
import type { Route } from './+types/admin-layout';
import { servicesContext, staffContext } from '#app/context.ts';
import { orUnavailable } from '#app/db/with-database.server.ts';
import { adminLocaleOf } from '#app/modules/admin/admin-locale.ts';
import { adminBase } from '#app/modules/admin/admin-paths.ts';
import { readStaffSession, staffCookieName, staffSessionClearCookie } from '#app/modules/admin/staff-session.server.ts';
import { readCookie } from '#app/lib/http/cookies.server.ts';
import { I18nProvider, useI18n } from '#app/modules/i18n/i18n.tsx';
import { loadMessages } from '#app/modules/i18n/messages.server.ts';
import '#app/styles/admin.css';

/**
 * Every admin answer: the staff session read once, never cached by anyone (page cache, browser,
 * proxies) and never indexed. A session that ran out loses its cookie.
 */
const adminMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const { db, secureCookies } = context.get(servicesContext);
  const cookieName = staffCookieName(secureCookies);
  const session = await orUnavailable(() => readStaffSession(db, readCookie(request, cookieName)));
  context.set(staffContext, session);
  const response = await next();
  response.headers.set('Cache-Control', 'no-store');
  response.headers.set('X-Robots-Tag', 'noindex, nofollow');
  const setsSession = response.headers.getSetCookie().some((cookie) => cookie.startsWith(`${cookieName}=`));
  if (session.kind === 'expired' && !setsSession) response.headers.append('Set-Cookie', staffSessionClearCookie(secureCookies));
  return response;
};

export const middleware = [adminMiddleware];

export async function loader({ context }: Route.LoaderArgs) {
  const { db, logger, shopName } = context.get(servicesContext);
  const session = context.get(staffContext);
  // English until a staff member has chosen another language for the admin.
  const locale = adminLocaleOf(session.kind === 'none' || session.kind === 'expired' ? null : session.staff.locale);
  return { locale, messages: await loadMessages(db, locale, logger), shopName };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <I18nProvider locale={loaderData.locale} messages={loaderData.messages}>
      <meta name="robots" content="noindex, nofollow" />
      <div className="admin" lang={loaderData.locale}>
        <Outlet />
      </div>
    </I18nProvider>
  );
}

/** Errors of the login pages (the shell has its own boundary with the navigation). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <div className="admin">
      <AdminErrorMessage error={error} />
    </div>
  );
}

export function AdminErrorMessage({ error }: { error: unknown }) {
  const { t } = useI18n();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const key = status === 403 ? 'forbidden' : status === 404 ? 'notFound' : status === 503 ? 'unavailable' : 'error';
  return (
    <section className="admin-error" aria-labelledby="admin-error-heading">
      <title>{t(`admin.errors.${key}Title`)}</title>
      <h1 id="admin-error-heading">{t(`admin.errors.${key}Title`)}</h1>
      <p>{t(`admin.errors.${key}Text`)}</p>
      <p>
        <Link to={adminBase}>{t('admin.errors.backToDashboard')}</Link>
      </p>
    </section>
  );
}

/** Unknown admin paths answer 404 inside the admin, not as a storefront page. */
export function notFound(): never {
  throw data(null, { status: 404 });
}
