import { data, Form, Link, redirect, useSearchParams } from 'react-router';
import type { Route } from './+types/attribute-editor';
import { AdminTabs } from '#app/components/admin/admin-list.tsx';
import { AdminNotice, AdminPageHeader } from '#app/components/admin/admin-ui.tsx';
import { CheckboxField, CsrfField, FormAlert, TextField } from '#app/components/forms/form-fields.tsx';
import { servicesContext } from '#app/context.ts';
import { orUnavailable } from '#app/db/with-database.server.ts';
import { idOf, intentOf } from '#app/modules/admin/admin-forms.server.ts';
import { adminPath } from '#app/modules/admin/admin-paths.ts';
import { can } from '#app/modules/admin/permissions.ts';
import { requireStaff } from '#app/modules/admin/require-staff.server.ts';
import { addAttributeOption, attributeForEditing, saveAttribute, saveOptionLabels } from '#app/modules/catalogue-admin/attribute-admin.server.ts';
import { useI18n } from '#app/modules/i18n/i18n.tsx';
import { type LocaleCode, localeCodes } from '#app/modules/i18n/locales.ts';

/** The locale whose option labels are shown (?locale=), English unless another is asked for. */
const optionLocaleOf = (url: URL): LocaleCode => localeCodes.find((code) => code === url.searchParams.get('locale')) ?? 'en';

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const me = await requireStaff(request, context, 'catalogue.read');
  const { db } = context.get(servicesContext);
  const url = new URL(request.url);
  const editing = await orUnavailable(() => attributeForEditing(db, idOf(params.attributeId), optionLocaleOf(url)));
  if (!editing) throw data(null, { status: 404 });
  return { ...editing, optionLocale: optionLocaleOf(url), canWrite: can(me.role, 'catalogue.write'), saved: url.searchParams.has('saved') };
}

const optionErrors = {
  'not-found': 'validation.invalid',
  'code-invalid': 'admin.catalogue.errors.code',
  'code-taken': 'admin.catalogue.errors.codeTaken',
  'label-missing': 'validation.required',
} as const;

export async function action({ request, params, context }: Route.ActionArgs) {
  const me = await requireStaff(request, context, 'catalogue.write');
  const { db } = context.get(servicesContext);
  const attributeId = idOf(params.attributeId);
  const url = new URL(request.url);
  const form = await request.formData();
  const intent = intentOf(form, ['save', 'option-labels', 'option-add'] as const);
  const text = (name: string) => String(form.get(name) ?? '');
  const back = () => redirect(`${url.pathname}?locale=${optionLocaleOf(url)}&saved`);
  if (intent === 'save') {
    const labels = Object.fromEntries(localeCodes.map((locale) => [locale, text(`label.${locale}`)]));
    if (!(await orUnavailable(() => saveAttribute(db, me.id, attributeId, { isFilterable: form.get('isFilterable') === 'on', labels }))))
      throw data(null, { status: 404 });
    throw back();
  }
  if (intent === 'option-labels') {
    const labels = Object.fromEntries([...form.keys()].flatMap((key) => (/^option\.\d+$/.test(key) ? [[Number(key.slice(7)), text(key)]] : [])));
    if (!(await orUnavailable(() => saveOptionLabels(db, me.id, attributeId, optionLocaleOf(url), labels)))) throw data(null, { status: 404 });
    throw back();
  }
  const added = await orUnavailable(() => addAttributeOption(db, me.id, attributeId, text('code').trim(), text('englishLabel')));
  if (added.ok) throw back();
  const field = added.reason === 'label-missing' ? 'englishLabel' : 'code';
  return data(
    { fieldErrors: { [field]: { key: optionErrors[added.reason] } }, values: { code: text('code'), englishLabel: text('englishLabel') } },
    { status: 400 },
  );
}

export default function AttributeEditorPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const [params] = useSearchParams();
  const { attribute, labels, options, optionLocale, canWrite } = loaderData;
  const errors = actionData?.fieldErrors as Record<string, { key: string } | undefined> | undefined;
  return (
    <>
      <AdminPageHeader title={t('admin.catalogue.attributes.editTitle', { name: labels.en ?? attribute.code })} />
      <p>
        <Link to={adminPath('attributes')}>{t('admin.catalogue.attributes.back')}</Link>
      </p>
      {loaderData.saved && !errors && <AdminNotice>{t('admin.catalogue.notices.saved')}</AdminNotice>}
      <Form method="post" noValidate className="admin-panel admin-form admin-form--grid" aria-labelledby="attribute-labels-heading">
        <h2 id="attribute-labels-heading">{t('admin.catalogue.attributes.labels')}</h2>
        <CsrfField />
        <fieldset disabled={!canWrite} className="admin-fieldset">
          <legend className="visually-hidden">{t('admin.catalogue.attributes.labels')}</legend>
          <p>
            <code>{attribute.code}</code>
            {attribute.unit && ` · ${attribute.unit}`}
          </p>
          <CheckboxField
            idPrefix="attribute"
            name="isFilterable"
            label={t('admin.catalogue.attributes.isFilterable')}
            defaultChecked={attribute.isFilterable}
          />
          {localeCodes.map((locale) => (
            <TextField
              key={locale}
              idPrefix="attribute"
              name={`label.${locale}`}
              label={t('admin.catalogue.attributes.labelIn', { locale })}
              defaultValue={labels[locale] ?? ''}
            />
          ))}
        </fieldset>
        {canWrite && (
          <div>
            <button type="submit" name="intent" value="save" className="button admin-button button--primary">
              {t('admin.save')}
            </button>
          </div>
        )}
      </Form>
      {attribute.valueType === 'select' && (
        <section className="admin-panel" aria-labelledby="attribute-options-heading">
          <h2 id="attribute-options-heading">{t('admin.catalogue.attributes.options')}</h2>
          <AdminTabs
            label={t('admin.catalogue.attributes.optionLanguage')}
            tabs={localeCodes.map((locale) => {
              const next = new URLSearchParams(params);
              next.set('locale', locale);
              next.delete('saved');
              return { to: `?${next}`, label: locale, current: locale === optionLocale };
            })}
          />
          <Form method="post" noValidate className="admin-form">
            <CsrfField />
            <fieldset disabled={!canWrite} className="admin-fieldset admin-spec-grid">
              <legend className="visually-hidden">{t('admin.catalogue.attributes.options')}</legend>
              {options.map((option) => (
                <div key={option.id} className="form-field">
                  <label htmlFor={`option-${option.id}`}>
                    <code>{option.code}</code> · {option.english}
                  </label>
                  <input id={`option-${option.id}`} name={`option.${option.id}`} defaultValue={option.label} lang={optionLocale} />
                </div>
              ))}
            </fieldset>
            {canWrite && options.length > 0 && (
              <button type="submit" name="intent" value="option-labels" className="button admin-button button--primary">
                {t('admin.catalogue.attributes.saveOptions', { locale: optionLocale })}
              </button>
            )}
          </Form>
          {canWrite && (
            <Form method="post" noValidate className="admin-form admin-form--row" aria-labelledby="new-option-heading">
              <h3 id="new-option-heading">{t('admin.catalogue.attributes.newOption')}</h3>
              <CsrfField />
              {errors && <FormAlert error={{ key: 'admin.catalogue.notSaved' }} />}
              <TextField
                idPrefix="option"
                name="code"
                label={t('admin.catalogue.categories.code')}
                required
                defaultValue={actionData?.values.code}
                error={errors?.code}
              />
              <TextField
                idPrefix="option"
                name="englishLabel"
                label={t('admin.catalogue.attributes.labelIn', { locale: 'en' })}
                required
                defaultValue={actionData?.values.englishLabel}
                error={errors?.englishLabel}
              />
              <div>
                <button type="submit" name="intent" value="option-add" className="button admin-button">
                  {t('admin.catalogue.attributes.addOption')}
                </button>
              </div>
            </Form>
          )}
        </section>
      )}
    </>
  );
}
