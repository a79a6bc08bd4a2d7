import { Form, type MiddlewareFunction, NavLink, Outlet, redirect } from 'react-router';
import type { Route } from './+types/customer-layout';
import { CsrfField } from '#app/components/forms/form-fields.tsx';
import { customerContext, sessionProblemContext, storefrontContext } from '#app/context.ts';
import { accountPath, loginPath } from '#app/modules/customers/account-paths.ts';
import { useI18n } from '#app/modules/i18n/i18n.tsx';

/**
 * The "auth" middleware of spec §2/§4: a guest goes to the login page and comes back here after
 * logging in; a dead session says why ("Your session has expired. Please log in again.").
 */
const authMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  if (!context.get(customerContext)) {
    const url = new URL(request.url);
    const returnTo = request.method === 'GET' ? `${url.pathname}${url.search}` : undefined;
    throw redirect(loginPath(context.get(storefrontContext).storefront.prefix, returnTo, context.get(sessionProblemContext)));
  }
  const response = await next();
  // Personal pages are never stored by browsers' back-forward caches or proxies.
  response.headers.set('Cache-Control', 'private, no-store');
  return response;
};

export const middleware = [authMiddleware];

export function loader({ context }: Route.LoaderArgs) {
  const customer = context.get(customerContext)!;
  return { prefix: context.get(storefrontContext).storefront.prefix, firstName: customer.firstName };
}

const sections = [
  ['overview', 'account.nav.overview'],
  ['personalData', 'account.nav.personalData'],
  ['password', 'account.nav.password'],
  ['addresses', 'account.nav.addresses'],
  ['orders', 'account.nav.orders'],
  ['wishlists', 'account.nav.wishlists'],
  ['reviews', 'account.nav.reviews'],
  ['stockAlerts', 'stockAlerts.account.title'],
  ['giftCards', 'giftCards.account.title'],
  ['privacy', 'account.nav.privacy'],
] as const;

export default function CustomerLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { prefix } = loaderData;
  return (
    <div className="container account-area">
      <nav className="account-nav" aria-label={t('account.nav.label')}>
        <ul>
          {sections.map(([section, label]) => (
            <li key={section}>
              <NavLink to={accountPath(prefix, section)} end={section === 'overview'}>
                {t(label)}
              </NavLink>
            </li>
          ))}
        </ul>
        <Form method="post" action={accountPath(prefix, 'logout')}>
          <CsrfField />
          <button type="submit" className="button account-nav__logout">
            {t('account.logOut')}
          </button>
        </Form>
      </nav>
      <div className="account-area__content">
        <Outlet />
      </div>
    </div>
  );
}
