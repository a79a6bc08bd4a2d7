import { data, Form, Link, redirect } from 'react-router';
import { SanitisedPreview, SaveAndPreviewButtons } from '#app/components/admin/rich-text-preview.tsx';
import type { Route } from './+types/blog-post';
import { AdminActionForm } from '#app/components/admin/admin-action-form.tsx';
import { AdminPageHeader } from '#app/components/admin/admin-ui.tsx';
import { ScheduleBadge } from '#app/components/admin/schedule-badge.tsx';
import { CheckboxField, CsrfField, FormAlert, TextField } from '#app/components/forms/form-fields.tsx';
import { servicesContext } from '#app/context.ts';
import { orUnavailable } from '#app/db/with-database.server.ts';
import { type FieldErrors, formFailure, parseForm } from '#app/lib/forms/field-errors.ts';
import { utcDateInput } from '#app/lib/forms/utc-dates.ts';
import { idOf, intentOf, storeOf } from '#app/modules/admin/admin-forms.server.ts';
import { adminPath } from '#app/modules/admin/admin-paths.ts';
import { requireStaff } from '#app/modules/admin/require-staff.server.ts';
import { blogPostFields, blogPostForEditing, blogPostSchema, deleteBlogPost, saveBlogPost } from '#app/modules/blog/blog-admin.server.ts';
import { blogPostPath } from '#app/modules/blog/blog-paths.ts';
import { scheduleStateOf } from '#app/modules/schedule/content-schedule.server.ts';
import { useI18n } from '#app/modules/i18n/i18n.tsx';
import { localeCodes, storefrontByCode } from '#app/modules/i18n/locales.ts';
import { sanitizeSiteHtml } from '#app/modules/rich-text/sanitize-content.server.ts';

type Field = (typeof blogPostFields)[number];

const postOf = (params: { postId?: string; locale?: string }) => ({ locale: storeOf(params.locale), postId: idOf(params.postId) });

/** A post's settings (shared by every store) and one store's text, with a preview and its schedule. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireStaff(request, context, 'content.write');
  const { db, siteUrl } = context.get(servicesContext);
  const { postId, locale } = postOf(params);
  const found = await orUnavailable(() => blogPostForEditing(db, postId, locale));
  if (!found) throw data(null, { status: 404 });
  const { post, text } = found;
  const state = scheduleStateOf({ published: post.isPublished, from: post.publishedAt, until: post.unpublishAt });
  return {
    post,
    text,
    locale,
    state,
    shopPath: text && state === 'live' ? `/${storefrontByCode(locale)?.prefix}/${blogPostPath(locale, text.slug)}` : null,
    preview: text ? sanitizeSiteHtml(text.bodyHtml, siteUrl) : null,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const me = await requireStaff(request, context, 'content.write');
  const { db, siteUrl } = context.get(servicesContext);
  const { postId, locale } = postOf(params);
  const form = await request.formData();
  const intent = intentOf(form, ['save', 'preview', 'delete'] as const);
  if (intent === 'delete') {
    if (!(await orUnavailable(() => deleteBlogPost(db, me.id, postId)))) throw data(null, { status: 404 });
    throw redirect(`${adminPath('blog')}?deleted`);
  }
  const parsed = parseForm(blogPostSchema, form, blogPostFields);
  if (!parsed.ok) return data({ ...parsed, preview: null }, { status: 400 });
  if (intent === 'preview')
    return {
      ok: false as const,
      fieldErrors: {} as FieldErrors<Field>,
      values: Object.fromEntries(blogPostFields.map((field) => [field, String(form.get(field) ?? '')])),
      preview: sanitizeSiteHtml(parsed.data.bodyHtml, siteUrl),
    };
  const result = await orUnavailable(() => saveBlogPost(db, me.id, postId, locale, parsed.data));
  if (!result.ok && result.reason === 'not-found') throw data(null, { status: 404 });
  if (!result.ok) return data({ ...formFailure(form, blogPostFields, { slug: { key: 'admin.blog.slugTaken' } }), preview: null }, { status: 400 });
  throw redirect(`${adminPath('blog')}?saved`);
}

export default function BlogPostEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { post, text, locale, state } = loaderData;
  const typed = actionData?.values;
  const failed = actionData && Object.keys(actionData.fieldErrors).length > 0 ? actionData : undefined;
  const preview = actionData?.preview ?? loaderData.preview;
  const field = (name: Field, label: string, stored: string, more: { rows?: number; hint?: string; required?: boolean; type?: 'datetime-local' } = {}) => (
    <TextField idPrefix="post" name={name} label={label} defaultValue={typed?.[name] ?? stored} error={failed?.fieldErrors[name]} {...more} />
  );
  return (
    <>
      <AdminPageHeader title={t('admin.blog.editTitle', { post: text?.title ?? post.code, locale })}>
        <ScheduleBadge state={state} />
      </AdminPageHeader>
      <p>
        <Link to={adminPath('blog')}>{t('admin.blog.back')}</Link>
        {loaderData.shopPath && (
          <>
            {' · '}
            <a href={loaderData.shopPath} target="_blank" rel="noreferrer">
              {t('admin.contentPages.open')}
            </a>
          </>
        )}
      </p>
      <nav aria-label={t('admin.blog.otherStores')}>
        <ul className="admin-chips">
          {localeCodes.map((code) => (
            <li key={code}>
              <Link to={adminPath(`blog/${post.id}/${code}`)} aria-current={code === locale ? 'page' : undefined} className="admin-badge">
                {code}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {failed && <FormAlert error={{ key: 'admin.contentPages.notSaved' }} />}
      <Form method="post" noValidate className="admin-panel admin-form">
        <CsrfField />
        <fieldset>
          <legend>{t('admin.blog.textIn', { locale })}</legend>
          {field('title', t('admin.contentPages.pageTitle'), text?.title ?? '', { required: true })}
          {field('slug', t('admin.contentPages.slug'), text?.slug ?? '', { required: true, hint: t('admin.blog.slugHint') })}
          {field('summary', t('admin.blog.summary'), text?.summary ?? '', { required: true, rows: 3, hint: t('admin.blog.summaryHint') })}
          {field('bodyHtml', t('admin.contentPages.body'), text?.bodyHtml ?? '', { required: true, rows: 14, hint: t('admin.contentPages.bodyHint') })}
          {field('heroAlt', t('admin.blog.imageAlt'), text?.heroAlt ?? '')}
          {field('tags', t('admin.blog.tags'), text?.tags.join(', ') ?? '', { hint: t('admin.blog.tagsHint') })}
        </fieldset>
        <fieldset>
          <legend>{t('admin.blog.settings')}</legend>
          {field('author', t('admin.blog.author'), post.author, { required: true })}
          {field('heroImage', t('admin.blog.image'), post.heroImage, { required: true, hint: t('admin.blog.imageHint') })}
          <CheckboxField
            idPrefix="post"
            name="isPublished"
            label={t('admin.content.published')}
            defaultChecked={typed ? typed.isPublished === 'on' : post.isPublished}
          />
          {field('publishedAt', t('admin.blog.publishedAt'), utcDateInput(post.publishedAt), { type: 'datetime-local', hint: t('admin.content.fromHint') })}
          {field('unpublishAt', t('admin.content.until'), utcDateInput(post.unpublishAt), { type: 'datetime-local', hint: t('admin.content.untilHint') })}
        </fieldset>
        <SaveAndPreviewButtons />
      </Form>
      <SanitisedPreview html={preview} typed={Boolean(actionData?.preview)} />
      <AdminActionForm intent="delete" tone="danger" className="admin-panel" label={t('admin.blog.delete')} />
    </>
  );
}
