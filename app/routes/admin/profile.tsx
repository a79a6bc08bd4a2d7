import { data, Form } from 'react-router';
import type { Route } from './+types/profile';
import { AdminNotice, AdminPageHeader } from '#app/components/admin/admin-ui.tsx';
import { RecoveryCodes } from '#app/components/admin/recovery-codes.tsx';
import { CsrfField } from '#app/components/forms/form-fields.tsx';
import { servicesContext } from '#app/context.ts';
import { orUnavailable } from '#app/db/with-database.server.ts';
import { intentOf } from '#app/modules/admin/admin-forms.server.ts';
import { recordAudit } from '#app/lib/observability/audit.server.ts';
import { requireStaff } from '#app/modules/admin/require-staff.server.ts';
import { setStaffLocale, staffLocaleSchema } from '#app/modules/admin/staff-accounts.server.ts';
import { replaceRecoveryCodes, unusedRecoveryCodeCount } from '#app/modules/admin/two-factor.server.ts';
import { useI18n } from '#app/modules/i18n/i18n.tsx';
import { storefronts } from '#app/modules/i18n/locales.ts';

/** Every staff member's own settings: the admin's language and the recovery codes. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const me = await requireStaff(request, context, 'dashboard.read');
  const { db } = context.get(servicesContext);
  return { email: me.email, locale: me.locale, unusedCodes: await orUnavailable(() => unusedRecoveryCodeCount(db, me.id)) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const me = await requireStaff(request, context, 'dashboard.read');
  const { db } = context.get(servicesContext);
  const form = await request.formData();
  const intent = intentOf(form, ['language', 'recovery-codes'] as const);
  if (intent === 'language') {
    const locale = staffLocaleSchema.safeParse(form.get('locale'));
    if (!locale.success) return data({ ok: false as const, codes: null }, { status: 400 });
    await orUnavailable(() => setStaffLocale(db, me.id, locale.data));
    return { ok: true as const, message: 'admin.profile.languageSaved', codes: null };
  }
  const codes = await orUnavailable(async () => {
    await recordAudit(db, { staffId: me.id, action: 'staff.recovery-codes-replaced', entity: 'staff', entityId: me.id });
    return replaceRecoveryCodes(db, me.id);
  });
  return { ok: true as const, message: 'admin.profile.codesReplaced', codes };
}

export default function ProfilePage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  return (
    <>
      <AdminPageHeader title={t('admin.profile.title')} />
      {actionData?.ok && <AdminNotice>{t(actionData.message)}</AdminNotice>}
      {actionData && !actionData.ok && <AdminNotice tone="error">{t('admin.profile.languageInvalid')}</AdminNotice>}
      <p className="admin-muted">{loaderData.email}</p>
      <section className="admin-panel" aria-labelledby="language-heading">
        <h2 id="language-heading">{t('admin.profile.language')}</h2>
        <Form method="post" className="admin-form admin-form--row">
          <CsrfField />
          <div className="form-field">
            <label htmlFor="profile-locale">{t('admin.profile.languageLabel')}</label>
            <select id="profile-locale" name="locale" defaultValue={loaderData.locale}>
              {storefronts.map((storefront) => (
                <option key={storefront.code} value={storefront.code} lang={storefront.code}>
                  {storefront.name} ({storefront.code})
                </option>
              ))}
            </select>
          </div>
          <button type="submit" name="intent" value="language" className="button admin-button button--primary">
            {t('admin.save')}
          </button>
        </Form>
      </section>
      <section className="admin-panel" aria-labelledby="codes-heading">
        <h2 id="codes-heading">{t('admin.profile.recoveryCodes')}</h2>
        <p>{t('admin.profile.unusedCodes', { count: loaderData.unusedCodes })}</p>
        {actionData?.codes && <RecoveryCodes codes={actionData.codes} />}
        <Form method="post">
          <CsrfField />
          <button type="submit" name="intent" value="recovery-codes" className="button admin-button">
            {t('admin.profile.newCodes')}
          </button>
        </Form>
      </section>
    </>
  );
}
