import { data, Form, redirect, useNavigation } from 'react-router';
import { z } from 'zod';
import type { Route } from './+types/login';
import { AdminAuthCard, AdminNotice } from '#app/components/admin/admin-ui.tsx';
import { CsrfField, FormAlert, TextField } from '#app/components/forms/form-fields.tsx';
import { requestInfoContext, servicesContext, staffContext } from '#app/context.ts';
import { orUnavailable } from '#app/db/with-database.server.ts';
import { adminPath, safeAdminReturnTo } from '#app/modules/admin/admin-paths.ts';
import { logInStaff } from '#app/modules/admin/staff-auth.server.ts';
import { staffCookieName, staffSessionCookie, startStaffSession } from '#app/modules/admin/staff-session.server.ts';
import { emailField } from '#app/modules/customers/customer-forms.ts';
import { formFailure, parseForm } from '#app/lib/forms/field-errors.ts';
import { readCookie } from '#app/lib/http/cookies.server.ts';
import { useI18n } from '#app/modules/i18n/i18n.tsx';

const loginFields = ['email', 'password'] as const;
const loginSchema = z.object({ email: emailField, password: z.string().min(1, 'validation.required').max(256, 'validation.passwordTooLong') });
const reasons = new Set(['expired', 'logged-out', 'password-set']);

export function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const returnTo = safeAdminReturnTo(url.searchParams.get('returnTo'));
  if (context.get(staffContext).kind === 'active') throw redirect(returnTo);
  const reason = url.searchParams.get('reason');
  return { returnTo, reason: reason && reasons.has(reason) ? reason : null };
}

/** Step one: the password. A right one opens a session that only reaches the second factor. */
export async function action({ request, context }: Route.ActionArgs) {
  const { db, secureCookies } = context.get(servicesContext);
  const form = await request.formData();
  const parsed = parseForm(loginSchema, form, loginFields);
  if (!parsed.ok) return data(parsed, { status: 400 });
  const result = await orUnavailable(() => logInStaff(db, parsed.data.email, parsed.data.password, context.get(requestInfoContext).clientAddress));
  if (!result.ok) {
    const tooMany = result.reason === 'too-many-attempts';
    return data(formFailure(form, loginFields, {}, { key: tooMany ? 'admin.login.tooManyAttempts' : 'admin.login.failed' }), { status: tooMany ? 429 : 400 });
  }
  const token = await orUnavailable(() => startStaffSession(db, result.staffId, readCookie(request, staffCookieName(secureCookies)), false));
  const returnTo = safeAdminReturnTo(String(form.get('returnTo') ?? ''));
  throw redirect(`${adminPath('login/two-factor')}?returnTo=${encodeURIComponent(returnTo)}`, {
    headers: { 'Set-Cookie': staffSessionCookie(token, secureCookies) },
  });
}

export default function AdminLogin({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const navigation = useNavigation();
  const failure = actionData && !actionData.ok ? actionData : undefined;
  return (
    <AdminAuthCard title={t('admin.login.title')}>
      {loaderData.reason && !failure && <AdminNotice>{t(`admin.login.reason.${loaderData.reason}`)}</AdminNotice>}
      <FormAlert error={failure?.formError} />
      <Form method="post" noValidate className="admin-form">
        <CsrfField />
        <input type="hidden" name="returnTo" value={loaderData.returnTo} />
        <TextField
          name="email"
          type="email"
          label={t('admin.login.email')}
          autoComplete="username"
          required
          defaultValue={failure?.values.email}
          error={failure?.fieldErrors.email}
        />
        <TextField
          name="password"
          type="password"
          label={t('admin.login.password')}
          autoComplete="current-password"
          required
          error={failure?.fieldErrors.password}
        />
        <button type="submit" className="button admin-button button--primary" disabled={navigation.state === 'submitting'}>
          {t('admin.login.submit')}
        </button>
      </Form>
    </AdminAuthCard>
  );
}
