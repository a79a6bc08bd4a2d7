import { data, Form, Link, useNavigation } from 'react-router';
import type { Route } from './+types/forgot-password';
import { AccountPage } from '#app/components/account/account-page.tsx';
import { CsrfField, FormAlert, TextField } from '#app/components/forms/form-fields.tsx';
import { requestInfoContext, servicesContext, storefrontContext } from '#app/context.ts';
import { orUnavailable } from '#app/db/with-database.server.ts';
import { accountPath } from '#app/modules/customers/account-paths.ts';
import { forgotPasswordFields, forgotPasswordSchema } from '#app/modules/customers/customer-forms.ts';
import { createPasswordResetToken } from '#app/modules/customers/password-reset.server.ts';
import { sendPasswordResetMail } from '#app/modules/customers/password-reset-mail.server.ts';
import { formFailure, parseForm } from '#app/lib/forms/field-errors.ts';
import { useI18n } from '#app/modules/i18n/i18n.tsx';
import { Notice } from '#app/components/ui/notice.tsx';

export function loader({ context }: Route.LoaderArgs) {
  return { prefix: context.get(storefrontContext).storefront.prefix };
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const { storefront } = context.get(storefrontContext);
  const form = await request.formData();
  const parsed = parseForm(forgotPasswordSchema, form, forgotPasswordFields);
  if (!parsed.ok) return data(parsed, { status: 400 });
  const reset = await orUnavailable(() => createPasswordResetToken(services.db, parsed.data.email, context.get(requestInfoContext).clientAddress));
  if (reset.limited) {
    return data(formFailure(form, forgotPasswordFields, {}, { key: 'account.tooManyAttempts' }), { status: 429 });
  }
  const { token, customer } = reset;
  if (token && customer) await orUnavailable(() => sendPasswordResetMail(services, storefront, customer, token));
  // The same answer for every address: the form does not tell who has an account.
  return { ok: true as const, email: parsed.data.email };
}

export default function ForgotPasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const navigation = useNavigation();
  const failure = actionData && !actionData.ok ? actionData : undefined;
  return (
    <AccountPage title={t('account.forgotPasswordTitle')} path="customer/account/forgotpassword" narrow>
      <div className="auth-card">
        {actionData?.ok ? (
          <Notice tone="success">{t('account.resetMailSent', { email: actionData.email })}</Notice>
        ) : (
          <Form method="post" noValidate className="form-stack">
            <p>{t('account.forgotPasswordText')}</p>
            <FormAlert error={failure?.formError} />
            <CsrfField />
            <TextField
              name="email"
              type="email"
              label={t('account.email')}
              autoComplete="email"
              required
              defaultValue={failure?.values.email}
              error={failure?.fieldErrors.email}
            />
            <button type="submit" className="button button--primary" disabled={navigation.state === 'submitting'}>
              {t('account.sendResetLink')}
            </button>
          </Form>
        )}
        <p>
          <Link to={accountPath(loaderData.prefix, 'login')}>{t('account.backToLogin')}</Link>
        </p>
      </div>
    </AccountPage>
  );
}
