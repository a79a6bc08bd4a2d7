import { data, Form, Link, redirect, useNavigation } from 'react-router';
import type { Route } from './+types/two-factor-setup';
import { AdminAuthCard } from '#app/components/admin/admin-ui.tsx';
import { RecoveryCodes } from '#app/components/admin/recovery-codes.tsx';
import { CsrfField, FormAlert, TextField } from '#app/components/forms/form-fields.tsx';
import { servicesContext, staffContext } from '#app/context.ts';
import { orUnavailable } from '#app/db/with-database.server.ts';
import { adminPath } from '#app/modules/admin/admin-paths.ts';
import { recordAudit } from '#app/lib/observability/audit.server.ts';
import { codeFields, codeSchema, requirePendingLogin } from '#app/modules/admin/pending-login.server.ts';
import { staffCookieName, staffSessionCookie, startStaffSession } from '#app/modules/admin/staff-session.server.ts';
import { beginEnrolment, confirmEnrolment } from '#app/modules/admin/two-factor.server.ts';
import { formFailure, parseForm } from '#app/lib/forms/field-errors.ts';
import { readCookie } from '#app/lib/http/cookies.server.ts';
import { useI18n } from '#app/modules/i18n/i18n.tsx';

/**
 * Two-factor enrolment, required before the first use of the admin: a QR code drawn on the
 * server and the secret as text, then a first code to confirm, then the recovery codes, once.
 */
export async function loader({ context }: Route.LoaderArgs) {
  // Right after confirming, the session is already complete: the page then only shows the codes.
  if (context.get(staffContext).kind === 'active') return { enrolment: null };
  const staff = requirePendingLogin(context);
  if (staff.hasTotp) throw redirect(adminPath('login/two-factor'));
  const { db } = context.get(servicesContext);
  const { secret, qrSvg } = await orUnavailable(() => beginEnrolment(db, staff.id, staff.email));
  return { enrolment: { secret: secret.replace(/(.{4})/g, '$1 ').trim(), qrSvg } };
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = requirePendingLogin(context);
  const { db, secureCookies } = context.get(servicesContext);
  const form = await request.formData();
  const parsed = parseForm(codeSchema, form, codeFields);
  if (!parsed.ok) return data({ ...parsed, codes: null }, { status: 400 });
  const codes = await orUnavailable(() => confirmEnrolment(db, staff.id, parsed.data.code));
  if (!codes) return data({ ...formFailure(form, codeFields, { code: { key: 'admin.twoFactor.wrongCode' } }), codes: null }, { status: 400 });
  const token = await orUnavailable(async () => {
    await recordAudit(db, { staffId: staff.id, action: 'staff.two-factor-enrolled', entity: 'staff', entityId: staff.id });
    return startStaffSession(db, staff.id, readCookie(request, staffCookieName(secureCookies)), true);
  });
  return data({ ok: true as const, codes }, { headers: { 'Set-Cookie': staffSessionCookie(token, secureCookies) } });
}

export default function TwoFactorSetup({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const navigation = useNavigation();
  if (actionData?.codes || !loaderData.enrolment) {
    return (
      <AdminAuthCard title={t('admin.twoFactor.doneTitle')}>
        {actionData?.codes && <RecoveryCodes codes={actionData.codes} />}
        <Link to={adminPath()} className="button admin-button button--primary">
          {t('admin.twoFactor.continue')}
        </Link>
      </AdminAuthCard>
    );
  }
  const failure = actionData && !actionData.ok ? actionData : undefined;
  return (
    <AdminAuthCard title={t('admin.twoFactor.setupTitle')}>
      <ol className="admin-steps">
        <li>{t('admin.twoFactor.setupScan')}</li>
        <li>{t('admin.twoFactor.setupConfirm')}</li>
      </ol>
      <figure className="admin-qr">
        {/* The SVG is drawn by the qrcode library from our own otpauth URI. */}
        <div role="img" aria-label={t('admin.twoFactor.qrLabel')} dangerouslySetInnerHTML={{ __html: loaderData.enrolment.qrSvg }} />
        <figcaption>
          {t('admin.twoFactor.manualKey')} <code className="admin-secret">{loaderData.enrolment.secret}</code>
        </figcaption>
      </figure>
      <FormAlert error={failure?.formError} />
      <Form method="post" noValidate className="admin-form">
        <CsrfField />
        <TextField name="code" label={t('admin.twoFactor.code')} autoComplete="one-time-code" required error={failure?.fieldErrors.code} />
        <button type="submit" className="button admin-button button--primary" disabled={navigation.state === 'submitting'}>
          {t('admin.twoFactor.confirm')}
        </button>
      </Form>
    </AdminAuthCard>
  );
}
