import { data, Form, redirect, useNavigation } from 'react-router';
import type { Route } from './+types/two-factor';
import { AdminAuthCard } from '#app/components/admin/admin-ui.tsx';
import { CsrfField, FormAlert, TextField } from '#app/components/forms/form-fields.tsx';
import { servicesContext } from '#app/context.ts';
import { orUnavailable } from '#app/db/with-database.server.ts';
import { adminPath, safeAdminReturnTo } from '#app/modules/admin/admin-paths.ts';
import { recordAudit } from '#app/lib/observability/audit.server.ts';
import { codeFields, codeSchema, requirePendingLogin } from '#app/modules/admin/pending-login.server.ts';
import { verifySecondFactor } from '#app/modules/admin/staff-auth.server.ts';
import { staffCookieName, staffSessionCookie, startStaffSession } from '#app/modules/admin/staff-session.server.ts';
import { formFailure, parseForm } from '#app/lib/forms/field-errors.ts';
import { readCookie } from '#app/lib/http/cookies.server.ts';
import { useI18n } from '#app/modules/i18n/i18n.tsx';

export function loader({ request, context }: Route.LoaderArgs) {
  const staff = requirePendingLogin(context);
  if (!staff.hasTotp) throw redirect(adminPath('two-factor/setup'));
  return { returnTo: safeAdminReturnTo(new URL(request.url).searchParams.get('returnTo')) };
}

/** Step two: a code from the authenticator or a recovery code; then a new session id. */
export async function action({ request, context }: Route.ActionArgs) {
  const staff = requirePendingLogin(context);
  const { db, secureCookies } = context.get(servicesContext);
  const form = await request.formData();
  const parsed = parseForm(codeSchema, form, codeFields);
  if (!parsed.ok) return data(parsed, { status: 400 });
  const result = await orUnavailable(() => verifySecondFactor(db, staff.id, parsed.data.code));
  if (!result.ok) {
    const tooMany = result.reason === 'too-many-attempts';
    return data(formFailure(form, codeFields, {}, { key: tooMany ? 'admin.login.tooManyAttempts' : 'admin.twoFactor.wrongCode' }), {
      status: tooMany ? 429 : 400,
    });
  }
  const token = await orUnavailable(async () => {
    if (result.usedRecoveryCode) await recordAudit(db, { staffId: staff.id, action: 'staff.recovery-code-used', entity: 'staff', entityId: staff.id });
    return startStaffSession(db, staff.id, readCookie(request, staffCookieName(secureCookies)), true);
  });
  throw redirect(safeAdminReturnTo(String(form.get('returnTo') ?? '')), { headers: { 'Set-Cookie': staffSessionCookie(token, secureCookies) } });
}

export default function TwoFactorPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const navigation = useNavigation();
  const failure = actionData && !actionData.ok ? actionData : undefined;
  return (
    <AdminAuthCard title={t('admin.twoFactor.title')}>
      <p>{t('admin.twoFactor.intro')}</p>
      <FormAlert error={failure?.formError} />
      <Form method="post" noValidate className="admin-form">
        <CsrfField />
        <input type="hidden" name="returnTo" value={loaderData.returnTo} />
        <TextField
          name="code"
          label={t('admin.twoFactor.code')}
          autoComplete="one-time-code"
          required
          hint={t('admin.twoFactor.codeHint')}
          error={failure?.fieldErrors.code}
        />
        <button type="submit" className="button admin-button button--primary" disabled={navigation.state === 'submitting'}>
          {t('admin.twoFactor.submit')}
        </button>
      </Form>
    </AdminAuthCard>
  );
}
