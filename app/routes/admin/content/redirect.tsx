import { data, Form, Link, redirect, useNavigation } from 'react-router';
import type { Route } from './+types/redirect';
import { StoreSelect } from '#app/components/admin/store-select.tsx';
import { AdminActionForm } from '#app/components/admin/admin-action-form.tsx';
import { AdminPageHeader } from '#app/components/admin/admin-ui.tsx';
import { CsrfField, FieldMessage, FormAlert, TextField } from '#app/components/forms/form-fields.tsx';
import { servicesContext } from '#app/context.ts';
import { orUnavailable } from '#app/db/with-database.server.ts';
import { idOf, intentOf } from '#app/modules/admin/admin-forms.server.ts';
import { adminPath } from '#app/modules/admin/admin-paths.ts';
import { requireStaff } from '#app/modules/admin/require-staff.server.ts';
import { formFailure, parseForm } from '#app/lib/forms/field-errors.ts';
import { useI18n } from '#app/modules/i18n/i18n.tsx';
import { deleteRedirect, getRedirect, redirectFields, redirectSchema, saveRedirect } from '#app/modules/seo/url-redirects.server.ts';

/** 'new' or a redirect's id. */
const redirectIdOf = (param: string | undefined) => (param === 'new' ? null : idOf(param));

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireStaff(request, context, 'content.write');
  const { db } = context.get(servicesContext);
  const id = redirectIdOf(params.redirectId);
  if (id === null) return { redirect: null };
  const found = await orUnavailable(() => getRedirect(db, id));
  if (!found) throw data(null, { status: 404 });
  return { redirect: found };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const me = await requireStaff(request, context, 'content.write');
  const { db } = context.get(servicesContext);
  const id = redirectIdOf(params.redirectId);
  const form = await request.formData();
  if (intentOf(form, ['save', 'delete'] as const) === 'delete') {
    if (id === null || !(await orUnavailable(() => deleteRedirect(db, me.id, id)))) throw data(null, { status: 404 });
    throw redirect(`${adminPath('redirects')}?deleted`);
  }
  const parsed = parseForm(redirectSchema, form, redirectFields);
  if (!parsed.ok) return data(parsed, { status: 400 });
  const result = await orUnavailable(() => saveRedirect(db, me.id, id, parsed.data));
  if (result.ok) throw redirect(`${adminPath('redirects')}?saved`);
  if (result.reason === 'not-found') throw data(null, { status: 404 });
  const error =
    result.reason === 'from-taken'
      ? { fromPath: { key: 'admin.redirects.errors.fromTaken' } }
      : {
          toPath: {
            key: `admin.redirects.errors.${result.reason === 'same-path' ? 'samePath' : result.reason === 'loop' ? 'loop' : 'tooLong'}`,
            values: { via: (result.via ?? []).map((path) => `/${path}`).join(' → ') },
          },
        };
  return data(formFailure(form, redirectFields, error), { status: 400 });
}

export default function RedirectPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const navigation = useNavigation();
  const stored = loaderData.redirect;
  const failure = actionData && !actionData.ok ? actionData : undefined;
  const value = (field: (typeof redirectFields)[number], fallback: string) => failure?.values[field] ?? fallback;
  return (
    <>
      <AdminPageHeader title={stored ? t('admin.redirects.editTitle') : t('admin.redirects.new')}>
        {stored && <AdminActionForm intent="delete" tone="danger" label={t('admin.redirects.delete')} />}
      </AdminPageHeader>
      <p>
        <Link to={adminPath('redirects')}>{t('admin.redirects.back')}</Link>
      </p>
      {failure && <FormAlert error={{ key: 'admin.redirects.notSaved' }} />}
      <Form method="post" noValidate className="admin-panel admin-form admin-form--grid">
        <CsrfField />
        <StoreSelect
          id="redirect-locale"
          label={t('admin.redirects.store')}
          defaultValue={value('locale', stored?.locale ?? 'en')}
          error={failure?.fieldErrors.locale}
        />
        <TextField
          idPrefix="redirect"
          name="fromPath"
          label={t('admin.redirects.fromPath')}
          hint={t('admin.redirects.fromHint')}
          required
          defaultValue={value('fromPath', stored?.fromPath ?? '')}
          error={failure?.fieldErrors.fromPath}
        />
        <TextField
          idPrefix="redirect"
          name="toPath"
          label={t('admin.redirects.toPath')}
          hint={t('admin.redirects.toHint')}
          required
          defaultValue={value('toPath', stored?.toPath ?? '')}
          error={failure?.fieldErrors.toPath}
        />
        <fieldset className="admin-fieldset">
          <legend>{t('admin.redirects.statusCode')}</legend>
          {(['301', '302'] as const).map((code) => (
            <div key={code} className="form-field form-field--checkbox">
              <input
                id={`redirect-status-${code}`}
                type="radio"
                name="statusCode"
                value={code}
                defaultChecked={value('statusCode', String(stored?.statusCode ?? 301)) === code}
              />
              <label htmlFor={`redirect-status-${code}`}>{t(`admin.redirects.codes.${code}`)}</label>
            </div>
          ))}
          <FieldMessage id="redirect-status-error" error={failure?.fieldErrors.statusCode} />
        </fieldset>
        <div>
          <button type="submit" name="intent" value="save" className="button admin-button button--primary" disabled={navigation.state === 'submitting'}>
            {t('admin.save')}
          </button>
        </div>
      </Form>
    </>
  );
}
