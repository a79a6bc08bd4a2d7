import { data, Link, redirect } from 'react-router';
import type { Route } from './+types/blog-posts';
import { AdminFilters, AdminPager, AdminTable } from '#app/components/admin/admin-list.tsx';
import { AdminNotice, AdminPageHeader } from '#app/components/admin/admin-ui.tsx';
import { ScheduleBadge } from '#app/components/admin/schedule-badge.tsx';
import { TextField } from '#app/components/forms/form-fields.tsx';
import { NewItemForm } from '#app/components/admin/new-item-form.tsx';
import { servicesContext } from '#app/context.ts';
import { orUnavailable } from '#app/db/with-database.server.ts';
import { formFailure, parseForm } from '#app/lib/forms/field-errors.ts';
import { requestedPage } from '#app/lib/paging/page-window.ts';
import { adminLocaleOf } from '#app/modules/admin/admin-locale.ts';
import { adminPath } from '#app/modules/admin/admin-paths.ts';
import { requireStaff } from '#app/modules/admin/require-staff.server.ts';
import { createBlogPost, listBlogPostsForAdmin, newBlogPostFields, newBlogPostSchema } from '#app/modules/blog/blog-admin.server.ts';
import { useI18n } from '#app/modules/i18n/i18n.tsx';

/** The blog's posts, newest first, with search and paging; each store's text is a link to its editor. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const me = await requireStaff(request, context, 'content.write');
  const { db } = context.get(servicesContext);
  const url = new URL(request.url);
  const query = url.searchParams.get('q') ?? '';
  const list = await orUnavailable(() => listBlogPostsForAdmin(db, { query, page: requestedPage(url) }));
  return {
    ...list,
    query,
    editLocale: adminLocaleOf(me.locale),
    notice: url.searchParams.has('deleted') ? 'deleted' : url.searchParams.has('saved') ? 'saved' : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const me = await requireStaff(request, context, 'content.write');
  const { db } = context.get(servicesContext);
  const form = await request.formData();
  const parsed = parseForm(newBlogPostSchema, form, newBlogPostFields);
  if (!parsed.ok) return data(parsed, { status: 400 });
  const result = await orUnavailable(() => createBlogPost(db, me.id, parsed.data));
  if (!result.ok) return data(formFailure(form, newBlogPostFields, { code: { key: 'admin.faq.codeTaken' } }), { status: 400 });
  throw redirect(adminPath(`blog/${result.id}/${adminLocaleOf(me.locale)}`));
}

export default function BlogPostsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const time = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
  const { posts, query, editLocale } = loaderData;
  return (
    <>
      <AdminPageHeader title={t('admin.blog.title')} />
      <p className="admin-muted">{t('admin.blog.intro')}</p>
      {loaderData.notice && <AdminNotice>{t(`admin.blog.${loaderData.notice}`)}</AdminNotice>}
      <AdminFilters label={t('admin.blog.search')} submitLabel={t('admin.blog.searchButton')}>
        <div className="form-field">
          <label htmlFor="blog-search">{t('admin.blog.search')}</label>
          <input id="blog-search" type="search" name="q" defaultValue={query} />
        </div>
      </AdminFilters>
      <AdminTable
        caption={t('admin.blog.title')}
        columns={[
          { label: t('admin.blog.post') },
          { label: t('admin.blog.publishedAt') },
          { label: t('admin.blog.state') },
          { label: t('admin.contentPages.stores') },
        ]}
        empty={posts.length === 0}
        emptyText={t('admin.blog.none')}
      >
        {posts.map((post) => (
          <tr key={post.id}>
            <th scope="row">
              <Link to={adminPath(`blog/${post.id}/${editLocale}`)}>{post.title || post.code}</Link>
              <br />
              <span className="admin-muted">{post.author}</span>
            </th>
            <td>{time.format(new Date(post.publishedAt))} UTC</td>
            <td>
              <ScheduleBadge state={post.state} />
            </td>
            <td>{post.locales.join(' · ') || '–'}</td>
          </tr>
        ))}
      </AdminTable>
      <AdminPager window={loaderData.window} path={adminPath('blog')} />
      <NewItemForm idPrefix="post" heading={t('admin.blog.new')} failed={actionData}>
        <TextField
          idPrefix="post"
          name="author"
          label={t('admin.blog.author')}
          required
          defaultValue={actionData?.values.author}
          error={actionData?.fieldErrors.author}
        />
      </NewItemForm>
    </>
  );
}
