import { data, Form, redirect, useNavigation } from 'react-router';
import type { Route } from './+types/set-password';
import { AdminAuthCard } from '#app/components/admin/admin-ui.tsx';
import { CsrfField, NewPasswordFields } from '#app/components/forms/form-fields.tsx';
import { servicesContext } from '#app/context.ts';
import { orUnavailable } from '#app/db/with-database.server.ts';
import { adminPath } from '#app/modules/admin/admin-paths.ts';
import { recordAudit } from '#app/lib/observability/audit.server.ts';
import { passwordTokenStaff, setPasswordWithToken } from '#app/modules/admin/staff-auth.server.ts';
import { newPasswordFields, newPasswordSchema } from '#app/modules/customers/customer-forms.ts';
import { parseForm } from '#app/lib/forms/field-errors.ts';
import { useI18n } from '#app/modules/i18n/i18n.tsx';

/** The one-time link of `npm run admin -- create-owner`, of invitations and of access resets. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  const staff = await orUnavailable(() => passwordTokenStaff(db, params.token));
  return { email: staff?.email ?? null };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { db } = context.get(servicesContext);
  const form = await request.formData();
  const parsed = parseForm(newPasswordSchema, form, newPasswordFields);
  if (!parsed.ok) return data(parsed, { status: 400 });
  const staffId = await orUnavailable(() => setPasswordWithToken(db, params.token, parsed.data.password));
  if (staffId === null) throw data(null, { status: 404 });
  await orUnavailable(() => recordAudit(db, { staffId, action: 'staff.password-set', entity: 'staff', entityId: staffId }));
  throw redirect(`${adminPath('login')}?reason=password-set`);
}

export default function SetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const navigation = useNavigation();
  if (!loaderData.email) {
    return (
      <AdminAuthCard title={t('admin.setPassword.invalidTitle')}>
        <p>{t('admin.setPassword.invalidText')}</p>
      </AdminAuthCard>
    );
  }
  const failure = actionData && !actionData.ok ? actionData : undefined;
  return (
    <AdminAuthCard title={t('admin.setPassword.title')}>
      <p>{t('admin.setPassword.intro', { email: loaderData.email })}</p>
      <Form method="post" noValidate className="admin-form">
        <CsrfField />
        <input type="email" name="username" autoComplete="username" value={loaderData.email} readOnly hidden />
        <NewPasswordFields
          label={t('admin.setPassword.password')}
          confirmLabel={t('admin.setPassword.confirm')}
          hint={t('admin.setPassword.hint')}
          errors={failure?.fieldErrors}
        />
        <button type="submit" className="button admin-button button--primary" disabled={navigation.state === 'submitting'}>
          {t('admin.setPassword.submit')}
        </button>
      </Form>
    </AdminAuthCard>
  );
}
