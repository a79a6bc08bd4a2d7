import { data, Form, Link, redirect, useNavigation } from 'react-router';
import type { Route } from './+types/translation';
import { AdminActionForm } from '#app/components/admin/admin-action-form.tsx';
import { AdminPageHeader } from '#app/components/admin/admin-ui.tsx';
import { CsrfField, FormAlert, TextField } from '#app/components/forms/form-fields.tsx';
import { servicesContext } from '#app/context.ts';
import { orUnavailable } from '#app/db/with-database.server.ts';
import { intentOf } from '#app/modules/admin/admin-forms.server.ts';
import { adminPath } from '#app/modules/admin/admin-paths.ts';
import { requireStaff } from '#app/modules/admin/require-staff.server.ts';
import { formFailure, parseForm } from '#app/lib/forms/field-errors.ts';
import { useI18n } from '#app/modules/i18n/i18n.tsx';
import { messageLocaleOf } from '#app/modules/i18n/message-filters.ts';
import { messageOf, overrideFields, overrideSchema, removeMessageOverride, saveMessageOverride } from '#app/modules/i18n/message-overrides.server.ts';

function keyOf(params: { locale?: string; key?: string }) {
  const locale = messageLocaleOf(params.locale ?? null);
  if (!locale || !params.key) throw data(null, { status: 404 });
  return { locale, key: params.key };
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireStaff(request, context, 'content.write');
  const { db } = context.get(servicesContext);
  const { locale, key } = keyOf(params);
  const message = await orUnavailable(() => messageOf(db, locale, key));
  if (!message) throw data(null, { status: 404 });
  return { locale, message };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const me = await requireStaff(request, context, 'content.write');
  const { db } = context.get(servicesContext);
  const { locale, key } = keyOf(params);
  const form = await request.formData();
  const back = `${adminPath('translations')}?${new URLSearchParams({ locale, q: key, saved: '' })}`;
  if (intentOf(form, ['save', 'reset'] as const) === 'reset') {
    await orUnavailable(() => removeMessageOverride(db, me.id, locale, key));
    throw redirect(back);
  }
  const parsed = parseForm(overrideSchema, form, overrideFields);
  if (!parsed.ok) return data(parsed, { status: 400 });
  const result = await orUnavailable(() => saveMessageOverride(db, me.id, locale, key, parsed.data.value));
  if (result.ok) throw redirect(back);
  if (result.reason === 'unknown-key') throw data(null, { status: 404 });
  return data(formFailure(form, overrideFields, { value: { key: 'admin.translations.placeholders', values: { expected: result.expected ?? '' } } }), {
    status: 400,
  });
}

export default function TranslationPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const navigation = useNavigation();
  const { locale, message } = loaderData;
  const failure = actionData && !actionData.ok ? actionData : undefined;
  return (
    <>
      <AdminPageHeader title={t('admin.translations.editTitle', { key: message.key, locale })}>
        {message.override !== null && <AdminActionForm intent="reset" label={t('admin.translations.reset')} />}
      </AdminPageHeader>
      <p>
        <Link to={`${adminPath('translations')}?locale=${locale}`}>{t('admin.translations.back')}</Link>
      </p>
      <dl className="admin-panel admin-facts">
        <dt>{t('admin.translations.english')}</dt>
        <dd>{message.english}</dd>
        <dt>{t('admin.translations.fileText', { locale })}</dt>
        <dd>{message.fileValue ?? '—'}</dd>
      </dl>
      {failure && <FormAlert error={{ key: 'admin.translations.notSaved' }} />}
      <Form method="post" noValidate className="admin-panel admin-form">
        <CsrfField />
        <TextField
          idPrefix="translation"
          name="value"
          rows={4}
          label={t('admin.translations.override', { locale })}
          hint={t('admin.translations.overrideHint')}
          required
          defaultValue={failure?.values.value ?? message.override ?? message.fileValue ?? ''}
          error={failure?.fieldErrors.value}
        />
        <div>
          <button type="submit" name="intent" value="save" className="button admin-button button--primary" disabled={navigation.state === 'submitting'}>
            {t('admin.save')}
          </button>
        </div>
      </Form>
    </>
  );
}
