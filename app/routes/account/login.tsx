import { data, Form, Link, redirect, useNavigation } from 'react-router';
import type { Route } from './+types/login';
import { AccountPage } from '#app/components/account/account-page.tsx';
import { CsrfField, FormAlert, TextField } from '#app/components/forms/form-fields.tsx';
import { customerContext, requestInfoContext, servicesContext, storefrontContext } from '#app/context.ts';
import { orUnavailable } from '#app/db/with-database.server.ts';
import { accountPath, safeReturnTo } from '#app/modules/customers/account-paths.ts';
import { loginFields, loginSchema } from '#app/modules/customers/customer-forms.ts';
import { logIn } from '#app/modules/customers/log-in.server.ts';
import { redirectAsLoggedIn } from '#app/modules/customers/log-in-response.server.ts';
import { deviceSetCookie, knownDeviceCustomerId } from '#app/modules/customers/known-device.server.ts';
import { sendFailedLoginsMail } from '#app/modules/customers/failed-logins-mail.server.ts';
import { formFailure, parseForm } from '#app/lib/forms/field-errors.ts';
import { useI18n } from '#app/modules/i18n/i18n.tsx';
import { Notice } from '#app/components/ui/notice.tsx';

/** Why the login page was shown, as the message key to show above the form. */
const reasonMessages: Record<string, string> = {
  expired: 'errors.sessionExpired',
  revoked: 'errors.loggedOut',
  wishlist: 'account.loginForWishlist',
  'password-reset': 'account.passwordResetDone',
  'account-deleted': 'account.accountDeleted',
};

const loginFailures = {
  'invalid-credentials': { key: 'account.loginFailed', status: 400 },
  'too-many-attempts': { key: 'account.tooManyAttempts', status: 429 },
  blocked: { key: 'account.loginBlocked', status: 403 },
} as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { prefix } = context.get(storefrontContext).storefront;
  const url = new URL(request.url);
  const returnTo = safeReturnTo(url.searchParams.get('returnTo'), prefix);
  if (context.get(customerContext)) throw redirect(returnTo);
  return { prefix, returnTo, reason: reasonMessages[url.searchParams.get('reason') ?? ''] ?? null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const { db, secureCookies, sessionSecret } = services;
  const { prefix } = context.get(storefrontContext).storefront;
  const form = await request.formData();
  const parsed = parseForm(loginSchema, form, loginFields);
  if (!parsed.ok) return data(parsed, { status: 400 });
  const result = await orUnavailable(() =>
    logIn(db, parsed.data.email, parsed.data.password, context.get(requestInfoContext).clientAddress, {
      knownDeviceCustomerId: knownDeviceCustomerId(sessionSecret, request),
      notifyFailedAttempts: (customer) => sendFailedLoginsMail(services, customer),
    }),
  );
  if (!result.ok) {
    const failure = loginFailures[result.reason];
    return data(formFailure(form, loginFields, {}, { key: failure.key }), { status: failure.status });
  }
  const response = await orUnavailable(() =>
    redirectAsLoggedIn(db, request, result.customerId, safeReturnTo(String(form.get('returnTo') ?? ''), prefix), secureCookies),
  );
  // This browser is now a known device of the account (decision 0018).
  response.headers.append('Set-Cookie', deviceSetCookie(sessionSecret, result.customerId, secureCookies));
  return response;
}

export default function LoginPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { prefix, returnTo, reason } = loaderData;
  const navigation = useNavigation();
  const failure = actionData && !actionData.ok ? actionData : undefined;
  return (
    <AccountPage title={t('account.loginTitle')} path="customer/account/login">
      <div className="auth-columns">
        <section className="auth-card" aria-labelledby="login-heading">
          <h2 id="login-heading">{t('account.loginHeading')}</h2>
          {reason && !failure && <Notice role="status">{t(reason)}</Notice>}
          <FormAlert error={failure?.formError} />
          <Form method="post" noValidate className="form-stack">
            <CsrfField />
            <input type="hidden" name="returnTo" value={returnTo} />
            <TextField
              name="email"
              type="email"
              label={t('account.email')}
              autoComplete="email"
              required
              defaultValue={failure?.values.email}
              error={failure?.fieldErrors.email}
            />
            <TextField
              name="password"
              type="password"
              label={t('account.password')}
              autoComplete="current-password"
              required
              error={failure?.fieldErrors.password}
            />
            <p>
              <Link to={accountPath(prefix, 'forgotPassword')}>{t('account.forgotPasswordLink')}</Link>
            </p>
            <button type="submit" className="button button--primary" disabled={navigation.state === 'submitting'}>
              {t('account.logIn')}
            </button>
          </Form>
        </section>
        <section className="auth-card auth-card--secondary" aria-labelledby="register-heading">
          <h2 id="register-heading">{t('account.newCustomerHeading')}</h2>
          <p>{t('account.newCustomerText')}</p>
          <Link to={`${accountPath(prefix, 'register')}?returnTo=${encodeURIComponent(returnTo)}`} className="button">
            {t('account.createAccount')}
          </Link>
        </section>
      </div>
    </AccountPage>
  );
}
