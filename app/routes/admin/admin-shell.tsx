import { Form, type MiddlewareFunction, NavLink, Outlet, redirect, useRouteLoaderData } from 'react-router';
import type { Route } from './+types/admin-shell';
import { CsrfField } from '#app/components/forms/form-fields.tsx';
import { staffContext } from '#app/context.ts';
import { adminBase, adminPath } from '#app/modules/admin/admin-paths.ts';
import { navigationFor } from '#app/modules/admin/navigation.ts';
import { useI18n } from '#app/modules/i18n/i18n.tsx';
import { AdminErrorMessage } from './admin-layout.tsx';

/** The pages behind login: a full session (password and second factor) or the way there. */
const requireLogin: MiddlewareFunction<Response> = ({ request, context }, next) => {
  const session = context.get(staffContext);
  if (session.kind === 'active') return next();
  if (session.kind === 'pending') throw redirect(adminPath(session.staff.hasTotp ? 'login/two-factor' : 'two-factor/setup'));
  const url = new URL(request.url);
  const returnTo = encodeURIComponent(url.pathname + url.search);
  throw redirect(`${adminPath('login')}?returnTo=${returnTo}${session.kind === 'expired' ? '&reason=expired' : ''}`);
};

export const middleware = [requireLogin];

export function loader({ context }: Route.LoaderArgs) {
  const session = context.get(staffContext);
  if (session.kind !== 'active') throw new Error('unreachable: requireLogin lets only active sessions through');
  const { name, role } = session.staff;
  return { staff: { name, role }, navigation: navigationFor(role) };
}

export default function AdminShell({ loaderData }: Route.ComponentProps) {
  return (
    <ShellFrame staff={loaderData.staff} navigation={loaderData.navigation}>
      <Outlet />
    </ShellFrame>
  );
}

function ShellFrame({
  staff,
  navigation,
  children,
}: {
  staff?: { name: string; role: string };
  navigation?: { labelKey: string; to: string }[];
  children: React.ReactNode;
}) {
  const { t } = useI18n();
  return (
    <div className="admin-shell">
      <a className="skip-link" href="#admin-main">
        {t('admin.skipToContent')}
      </a>
      <header className="admin-bar">
        <NavLink to={adminBase} className="admin-bar__brand">
          {t('admin.brand')}
        </NavLink>
        {staff && (
          <div className="admin-bar__user">
            <NavLink to={adminPath('profile')}>
              {staff.name} <span className="admin-role">{t(`admin.roles.${staff.role}`)}</span>
            </NavLink>
            <Form method="post" action={adminPath('logout')}>
              <CsrfField />
              <button type="submit" className="button admin-button admin-button--quiet">
                {t('admin.logOut')}
              </button>
            </Form>
          </div>
        )}
      </header>
      {navigation && (
        <nav className="admin-nav" aria-label={t('admin.nav.label')}>
          <ul>
            {navigation.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.to === adminBase}>
                  {t(item.labelKey)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <main id="admin-main" className="admin-main" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}

/** 403 and 404 inside the admin keep the frame, so the way back is one click. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const shell = useRouteLoaderData<typeof loader>('routes/admin/admin-shell');
  return (
    <ShellFrame staff={shell?.staff} navigation={shell?.navigation}>
      <AdminErrorMessage error={error} />
    </ShellFrame>
  );
}
