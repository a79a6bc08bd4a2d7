import { data, Form, Link, redirect, useNavigation } from 'react-router';
import type { Route } from './+types/create-password';
import { AccountPage } from '#app/components/account/account-page.tsx';
import { CsrfField, FormAlert, NewPasswordFields } from '#app/components/forms/form-fields.tsx';
import { servicesContext, storefrontContext } from '#app/context.ts';
import { orUnavailable } from '#app/db/with-database.server.ts';
import { accountPath, loginPath } from '#app/modules/customers/account-paths.ts';
import { newPasswordFields, newPasswordSchema } from '#app/modules/customers/customer-forms.ts';
import { isUsableResetToken, resetPassword } from '#app/modules/customers/password-reset.server.ts';
import { formFailure, parseForm } from '#app/lib/forms/field-errors.ts';
import { useI18n } from '#app/modules/i18n/i18n.tsx';

/** Spec §2 /createPassword (and /customer/account/createPassword): set a new password with a mailed token. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  const token = new URL(request.url).searchParams.get('token') ?? '';
  const usable = await orUnavailable(() => isUsableResetToken(db, token));
  return data({ prefix: context.get(storefrontContext).storefront.prefix, token, usable }, { headers: { 'Cache-Control': 'no-store' } });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db } = context.get(servicesContext);
  const { prefix } = context.get(storefrontContext).storefront;
  const form = await request.formData();
  const parsed = parseForm(newPasswordSchema, form, newPasswordFields);
  if (!parsed.ok) return data(parsed, { status: 400 });
  const result = await orUnavailable(() => resetPassword(db, String(form.get('token') ?? ''), parsed.data.password));
  if (!result.ok) return data(formFailure(form, newPasswordFields, {}, { key: 'errors.passwordReset' }), { status: 400 });
  throw redirect(loginPath(prefix, undefined, 'password-reset'));
}

export default function CreatePasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const navigation = useNavigation();
  const { prefix, token, usable } = loaderData;
  const failure = actionData && !actionData.ok ? actionData : undefined;
  return (
    <AccountPage title={t('account.createPasswordTitle')} path="customer/account/createPassword" narrow>
      <div className="auth-card">
        {usable ? (
          <Form method="post" noValidate className="form-stack">
            <FormAlert error={failure?.formError} />
            <CsrfField />
            <input type="hidden" name="token" value={token} />
            <NewPasswordFields label={t('account.newPassword')} errors={failure?.fieldErrors} />
            <button type="submit" className="button button--primary" disabled={navigation.state === 'submitting'}>
              {t('account.savePassword')}
            </button>
          </Form>
        ) : (
          <>
            <p className="form-alert" role="alert">
              {t('errors.passwordReset')}
            </p>
            <p>{t('account.resetLinkInvalid')}</p>
            <Link to={accountPath(prefix, 'forgotPassword')} className="button button--primary">
              {t('account.requestNewLink')}
            </Link>
          </>
        )}
      </div>
    </AccountPage>
  );
}
