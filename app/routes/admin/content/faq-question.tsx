import { data, Form, Link, redirect } from 'react-router';
import { SanitisedPreview, SaveAndPreviewButtons } from '#app/components/admin/rich-text-preview.tsx';
import type { Route } from './+types/faq-question';
import { AdminPageHeader } from '#app/components/admin/admin-ui.tsx';
import { CsrfField, FormAlert, TextField } from '#app/components/forms/form-fields.tsx';
import { servicesContext } from '#app/context.ts';
import { orUnavailable } from '#app/db/with-database.server.ts';
import { type FieldErrors, parseForm } from '#app/lib/forms/field-errors.ts';
import { idOf, intentOf, storeOf } from '#app/modules/admin/admin-forms.server.ts';
import { adminPath } from '#app/modules/admin/admin-paths.ts';
import { requireStaff } from '#app/modules/admin/require-staff.server.ts';
import { faqQuestionFields, faqQuestionSchema, faqQuestionText, saveFaqQuestionText } from '#app/modules/faq/faq-admin.server.ts';
import { useI18n } from '#app/modules/i18n/i18n.tsx';
import { sanitizeSiteHtml } from '#app/modules/rich-text/sanitize-content.server.ts';

const questionOf = (params: { questionId?: string; locale?: string }) => ({ locale: storeOf(params.locale), questionId: idOf(params.questionId) });

/** One store's question and answer (rich text, sanitised when shown), with a preview. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireStaff(request, context, 'content.write');
  const { db, siteUrl } = context.get(servicesContext);
  const { questionId, locale } = questionOf(params);
  const found = await orUnavailable(() => faqQuestionText(db, questionId, locale));
  if (!found) throw data(null, { status: 404 });
  return { ...found, locale, preview: found.text ? sanitizeSiteHtml(found.text.answerHtml, siteUrl) : null };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const me = await requireStaff(request, context, 'content.write');
  const { db, siteUrl } = context.get(servicesContext);
  const { questionId, locale } = questionOf(params);
  const form = await request.formData();
  const intent = intentOf(form, ['save', 'preview'] as const);
  const parsed = parseForm(faqQuestionSchema, form, faqQuestionFields);
  if (!parsed.ok) return data({ ...parsed, preview: null }, { status: 400 });
  if (intent === 'preview')
    return {
      ok: false as const,
      fieldErrors: {} as FieldErrors<(typeof faqQuestionFields)[number]>,
      values: Object.fromEntries(faqQuestionFields.map((field) => [field, String(form.get(field) ?? '')])),
      preview: sanitizeSiteHtml(parsed.data.answerHtml, siteUrl),
    };
  if (!(await orUnavailable(() => saveFaqQuestionText(db, me.id, questionId, locale, parsed.data)))) throw data(null, { status: 404 });
  throw redirect(`${adminPath('faq')}?saved#faq-question-${questionId}`);
}

export default function FaqQuestionEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { question, text, locale } = loaderData;
  const typed = actionData?.values;
  const failed = actionData && Object.keys(actionData.fieldErrors).length > 0 ? actionData : undefined;
  const preview = actionData?.preview ?? loaderData.preview;
  return (
    <>
      <AdminPageHeader title={t('admin.faq.editQuestion', { question: text?.question ?? question.code, locale })} />
      <p>
        <Link to={adminPath('faq')}>{t('admin.faq.back')}</Link>
      </p>
      {failed && <FormAlert error={{ key: 'admin.contentPages.notSaved' }} />}
      <Form method="post" noValidate className="admin-panel admin-form">
        <CsrfField />
        <TextField
          idPrefix="faq"
          name="question"
          label={t('admin.faq.question')}
          required
          defaultValue={typed?.question ?? text?.question ?? ''}
          error={failed?.fieldErrors.question}
        />
        <TextField
          idPrefix="faq"
          name="answerHtml"
          rows={10}
          label={t('admin.faq.answer')}
          hint={t('admin.contentPages.bodyHint')}
          required
          defaultValue={typed?.answerHtml ?? text?.answerHtml ?? ''}
          error={failed?.fieldErrors.answerHtml}
        />
        <SaveAndPreviewButtons />
      </Form>
      <SanitisedPreview html={preview} typed={Boolean(actionData?.preview)} />
    </>
  );
}
