import { data, Form, redirect, useNavigation } from 'react-router';
import type { Route } from './+types/password';
import { AccountPage } from '#app/components/account/account-page.tsx';
import { CsrfField, FormNotice, TextField, NewPasswordFields } from '#app/components/forms/form-fields.tsx';
import { customerContext, servicesContext, storefrontContext } from '#app/context.ts';
import { orUnavailable } from '#app/db/with-database.server.ts';
import { accountPath } from '#app/modules/customers/account-paths.ts';
import { passwordChangeFields, passwordChangeSchema } from '#app/modules/customers/customer-forms.ts';
import { changePassword } from '#app/modules/customers/personal-data.server.ts';
import { formFailure, parseForm } from '#app/lib/forms/field-errors.ts';
import { useI18n } from '#app/modules/i18n/i18n.tsx';

export function loader({ request }: Route.LoaderArgs) {
  return { saved: new URL(request.url).searchParams.has('saved') };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db } = context.get(servicesContext);
  const form = await request.formData();
  const parsed = parseForm(passwordChangeSchema, form, passwordChangeFields);
  if (!parsed.ok) return data(parsed, { status: 400 });
  const customer = context.get(customerContext)!;
  const result = await orUnavailable(() => changePassword(db, customer.id, customer.sessionId, parsed.data.currentPassword, parsed.data.password));
  if (!result.ok) return data(formFailure(form, passwordChangeFields, result.fieldErrors), { status: result.status });
  throw redirect(`${accountPath(context.get(storefrontContext).storefront.prefix, 'password')}?saved`);
}

export default function PasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const navigation = useNavigation();
  const failure = actionData && !actionData.ok ? actionData : undefined;
  const errors = failure?.fieldErrors ?? {};
  return (
    <AccountPage title={t('account.nav.password')} path="customer/account/password" inArea>
      <FormNotice message={loaderData.saved && !failure ? t('account.passwordChanged') : null} />
      <Form method="post" noValidate className="form-stack account-form">
        <CsrfField />
        <TextField
          name="currentPassword"
          type="password"
          label={t('account.currentPassword')}
          autoComplete="current-password"
          required
          error={errors.currentPassword}
        />
        <NewPasswordFields label={t('account.newPassword')} errors={errors} />
        <button type="submit" className="button button--primary" disabled={navigation.state === 'submitting'}>
          {t('account.savePassword')}
        </button>
      </Form>
    </AccountPage>
  );
}
