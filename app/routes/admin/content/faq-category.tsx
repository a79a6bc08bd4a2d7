import { data, Form, Link, redirect } from 'react-router';
import type { Route } from './+types/faq-category';
import { AdminPageHeader } from '#app/components/admin/admin-ui.tsx';
import { CsrfField, FormAlert, TextField } from '#app/components/forms/form-fields.tsx';
import { servicesContext } from '#app/context.ts';
import { orUnavailable } from '#app/db/with-database.server.ts';
import { formFailure, parseForm } from '#app/lib/forms/field-errors.ts';
import { idOf, storeOf } from '#app/modules/admin/admin-forms.server.ts';
import { adminPath } from '#app/modules/admin/admin-paths.ts';
import { requireStaff } from '#app/modules/admin/require-staff.server.ts';
import { faqCategoryFields, faqCategorySchema, faqCategoryText, saveFaqCategoryText } from '#app/modules/faq/faq-admin.server.ts';
import { useI18n } from '#app/modules/i18n/i18n.tsx';

const categoryOf = (params: { categoryId?: string; locale?: string }) => ({ locale: storeOf(params.locale), categoryId: idOf(params.categoryId) });

/** One store's title, URL slug and description of an FAQ category. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireStaff(request, context, 'content.write');
  const { db } = context.get(servicesContext);
  const { categoryId, locale } = categoryOf(params);
  const found = await orUnavailable(() => faqCategoryText(db, categoryId, locale));
  if (!found) throw data(null, { status: 404 });
  return { ...found, locale };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const me = await requireStaff(request, context, 'content.write');
  const { db } = context.get(servicesContext);
  const { categoryId, locale } = categoryOf(params);
  const form = await request.formData();
  const parsed = parseForm(faqCategorySchema, form, faqCategoryFields);
  if (!parsed.ok) return data(parsed, { status: 400 });
  const result = await orUnavailable(() => saveFaqCategoryText(db, me.id, categoryId, locale, parsed.data));
  if (!result.ok && result.reason === 'not-found') throw data(null, { status: 404 });
  if (!result.ok) return data(formFailure(form, faqCategoryFields, { slug: { key: 'admin.faq.slugTaken' } }), { status: 400 });
  throw redirect(`${adminPath('faq')}?saved#faq-category-${categoryId}`);
}

export default function FaqCategoryEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { category, text, locale } = loaderData;
  const typed = actionData?.values;
  return (
    <>
      <AdminPageHeader title={t('admin.faq.editCategory', { category: text?.title ?? category.code, locale })} />
      <p>
        <Link to={adminPath('faq')}>{t('admin.faq.back')}</Link>
      </p>
      {actionData && <FormAlert error={{ key: 'admin.contentPages.notSaved' }} />}
      <Form method="post" noValidate className="admin-panel admin-form">
        <CsrfField />
        <TextField
          idPrefix="faq"
          name="title"
          label={t('admin.contentPages.pageTitle')}
          required
          defaultValue={typed?.title ?? text?.title ?? ''}
          error={actionData?.fieldErrors.title}
        />
        <TextField
          idPrefix="faq"
          name="slug"
          label={t('admin.contentPages.slug')}
          hint={t('admin.faq.slugHint')}
          required
          defaultValue={typed?.slug ?? text?.slug ?? ''}
          error={actionData?.fieldErrors.slug}
        />
        <TextField
          idPrefix="faq"
          name="description"
          rows={3}
          label={t('admin.faq.description')}
          defaultValue={typed?.description ?? text?.description ?? ''}
          error={actionData?.fieldErrors.description}
        />
        <div className="admin-actions">
          <button type="submit" className="button admin-button button--primary">
            {t('admin.save')}
          </button>
        </div>
      </Form>
    </>
  );
}
