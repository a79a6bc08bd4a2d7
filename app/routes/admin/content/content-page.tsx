import { data, Form, Link, redirect } from 'react-router';
import { SanitisedPreview, SaveAndPreviewButtons } from '#app/components/admin/rich-text-preview.tsx';
import type { Route } from './+types/content-page';
import { AdminPageHeader } from '#app/components/admin/admin-ui.tsx';
import { CheckboxField, CsrfField, FormAlert, TextField } from '#app/components/forms/form-fields.tsx';
import { servicesContext } from '#app/context.ts';
import { orUnavailable } from '#app/db/with-database.server.ts';
import { idOf, intentOf, storeOf } from '#app/modules/admin/admin-forms.server.ts';
import { adminPath } from '#app/modules/admin/admin-paths.ts';
import { requireStaff } from '#app/modules/admin/require-staff.server.ts';
import { contentPageFields, contentPageSchema, contentPageText, previewHtml, saveContentPageText } from '#app/modules/content/content-pages-admin.server.ts';
import { type FieldErrors, formFailure, parseForm } from '#app/lib/forms/field-errors.ts';
import { utcDateInput } from '#app/lib/forms/utc-dates.ts';
import { useI18n } from '#app/modules/i18n/i18n.tsx';
import { storefrontByCode } from '#app/modules/i18n/locales.ts';

const pageOf = (params: { pageId?: string; locale?: string }) => ({ locale: storeOf(params.locale), pageId: idOf(params.pageId) });

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireStaff(request, context, 'content.write');
  const { db, siteUrl, shopName } = context.get(servicesContext);
  const { pageId, locale } = pageOf(params);
  const found = await orUnavailable(() => contentPageText(db, pageId, locale));
  if (!found) throw data(null, { status: 404 });
  return {
    ...found,
    locale,
    prefix: storefrontByCode(locale)?.prefix ?? '',
    preview: found.text ? previewHtml(found.text.bodyHtml, locale, { siteUrl, shopName }) : null,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const me = await requireStaff(request, context, 'content.write');
  const { db, siteUrl, shopName } = context.get(servicesContext);
  const { pageId, locale } = pageOf(params);
  const form = await request.formData();
  const intent = intentOf(form, ['save', 'preview'] as const);
  const parsed = parseForm(contentPageSchema, form, contentPageFields);
  if (!parsed.ok) return data({ ...parsed, preview: null }, { status: 400 });
  // A preview of what was typed, without saving it.
  if (intent === 'preview')
    return {
      ok: false as const,
      fieldErrors: {} as FieldErrors<(typeof contentPageFields)[number]>,
      values: Object.fromEntries(contentPageFields.map((field) => [field, String(form.get(field) ?? '')])),
      preview: previewHtml(parsed.data.bodyHtml, locale, { siteUrl, shopName }),
    };
  const result = await orUnavailable(() => saveContentPageText(db, me.id, pageId, locale, parsed.data));
  if (!result.ok && result.reason === 'not-found') throw data(null, { status: 404 });
  if (!result.ok) return data({ ...formFailure(form, contentPageFields, { slug: { key: 'admin.contentPages.slugTaken' } }), preview: null }, { status: 400 });
  throw redirect(`${adminPath('content-pages')}?saved`);
}

export default function ContentPageEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { page, text, locale, prefix } = loaderData;
  const typed = actionData?.values;
  const failed = actionData && Object.keys(actionData.fieldErrors).length > 0 ? actionData : undefined;
  const value = (field: (typeof contentPageFields)[number], stored: string) => typed?.[field] ?? stored;
  const preview = actionData?.preview ?? loaderData.preview;
  return (
    <>
      <AdminPageHeader title={t('admin.contentPages.editTitle', { page: text?.title ?? page.code, locale })} />
      <p>
        <Link to={adminPath('content-pages')}>{t('admin.contentPages.back')}</Link>
        {text?.published && (
          <>
            {' · '}
            <a href={`/${prefix}/${text.slug}`} target="_blank" rel="noreferrer">
              {t('admin.contentPages.open')}
            </a>
          </>
        )}
      </p>
      {failed && <FormAlert error={{ key: 'admin.contentPages.notSaved' }} />}
      <Form method="post" noValidate className="admin-panel admin-form">
        <CsrfField />
        <TextField
          idPrefix="page"
          name="title"
          label={t('admin.contentPages.pageTitle')}
          required
          defaultValue={value('title', text?.title ?? '')}
          error={failed?.fieldErrors.title}
        />
        <TextField
          idPrefix="page"
          name="slug"
          label={t('admin.contentPages.slug')}
          hint={t('admin.contentPages.slugHint', { prefix })}
          required
          defaultValue={value('slug', text?.slug ?? '')}
          error={failed?.fieldErrors.slug}
        />
        <TextField
          idPrefix="page"
          name="metaDescription"
          label={t('admin.contentPages.metaDescription')}
          defaultValue={value('metaDescription', text?.metaDescription ?? '')}
          error={failed?.fieldErrors.metaDescription}
        />
        <TextField
          idPrefix="page"
          name="bodyHtml"
          rows={16}
          label={t('admin.contentPages.body')}
          hint={t('admin.contentPages.bodyHint')}
          defaultValue={value('bodyHtml', text?.bodyHtml ?? '')}
          error={failed?.fieldErrors.bodyHtml}
        />
        <CheckboxField
          idPrefix="page"
          name="published"
          label={t('admin.contentPages.published')}
          defaultChecked={typed ? typed.published === 'on' : (text?.published ?? false)}
        />
        <TextField
          idPrefix="page"
          name="publishAt"
          type="datetime-local"
          label={t('admin.content.from')}
          hint={t('admin.content.fromHint')}
          defaultValue={value('publishAt', utcDateInput(text?.publishAt ?? null))}
          error={failed?.fieldErrors.publishAt}
        />
        <SaveAndPreviewButtons />
      </Form>
      <SanitisedPreview html={preview} typed={Boolean(actionData?.preview)} />
    </>
  );
}
