import { data, Form, Link, redirect } from 'react-router';
import type { Route } from './+types/category-tree';
import { AdminActionForm } from '#app/components/admin/admin-action-form.tsx';
import { AdminTable } from '#app/components/admin/admin-list.tsx';
import { AdminNotice, AdminPageHeader } from '#app/components/admin/admin-ui.tsx';
import { CsrfField, FormAlert, TextField } from '#app/components/forms/form-fields.tsx';
import { servicesContext } from '#app/context.ts';
import { orUnavailable } from '#app/db/with-database.server.ts';
import { idOf, intentOf } from '#app/modules/admin/admin-forms.server.ts';
import { adminLocaleOf } from '#app/modules/admin/admin-locale.ts';
import { adminPath } from '#app/modules/admin/admin-paths.ts';
import { can } from '#app/modules/admin/permissions.ts';
import { requireStaff } from '#app/modules/admin/require-staff.server.ts';
import { categoryTreeForAdmin, createCategory, moveCategory } from '#app/modules/catalogue-admin/category-admin.server.ts';
import { recordId } from '#app/lib/forms/record-id.ts';
import { useI18n } from '#app/modules/i18n/i18n.tsx';
import '#app/styles/admin-catalogue.css';

const createFields = ['parentId', 'code', 'name', 'urlSegment'] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const me = await requireStaff(request, context, 'catalogue.read');
  const { db } = context.get(servicesContext);
  const tree = await orUnavailable(() => categoryTreeForAdmin(db, adminLocaleOf(me.locale)));
  return { tree, canWrite: can(me.role, 'catalogue.write'), created: new URL(request.url).searchParams.has('created') };
}

export async function action({ request, context }: Route.ActionArgs) {
  const me = await requireStaff(request, context, 'catalogue.write');
  const { db } = context.get(servicesContext);
  const form = await request.formData();
  const intent = intentOf(form, ['create', 'up', 'down'] as const);
  if (intent !== 'create') {
    if (!(await orUnavailable(() => moveCategory(db, me.id, idOf(form.get('categoryId') as string | null), intent)))) throw data(null, { status: 404 });
    throw redirect(`${adminPath('categories')}#category-${String(form.get('categoryId'))}`);
  }
  const text = (name: string) => String(form.get(name) ?? '').trim();
  const result = await orUnavailable(() =>
    createCategory(db, me.id, {
      parentId: recordId(text('parentId')),
      code: text('code'),
      locale: adminLocaleOf(me.locale),
      name: text('name'),
      urlSegment: text('urlSegment'),
    }),
  );
  if (result.ok) throw redirect(`${adminPath(`categories/${result.categoryId}`)}?created`);
  const values = Object.fromEntries(createFields.map((field) => [field, text(field)]));
  if (result.reason === 'not-found') return data({ fieldErrors: { parentId: { key: 'validation.invalid' } }, values }, { status: 400 });
  return data({ fieldErrors: result.fieldErrors, values }, { status: 400 });
}

export default function CategoryTreePage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { tree, canWrite } = loaderData;
  const siblingsOf = (parentId: number | null) => tree.filter((category) => category.parentId === parentId);
  const errors = actionData?.fieldErrors as Record<string, { key: string } | undefined> | undefined;
  return (
    <>
      <AdminPageHeader title={t('admin.catalogue.categories.title')}>
        <Link to={adminPath('products')} className="button admin-button">
          {t('admin.catalogue.products')}
        </Link>
      </AdminPageHeader>
      {loaderData.created && <AdminNotice>{t('admin.catalogue.notices.saved')}</AdminNotice>}
      <AdminTable
        caption={t('admin.catalogue.categories.title')}
        columns={[
          { label: t('admin.catalogue.name') },
          { label: t('admin.catalogue.categories.productCount'), numeric: true },
          { label: t('admin.catalogue.categories.languages'), numeric: true, className: 'admin-wide' },
          { label: t('admin.catalogue.categories.order') },
        ]}
        empty={tree.length === 0}
        emptyText={t('admin.catalogue.categories.none')}
      >
        {tree.map((category) => {
          const siblings = siblingsOf(category.parentId);
          const index = siblings.findIndex((sibling) => sibling.id === category.id);
          return (
            <tr key={category.id} id={`category-${category.id}`}>
              <th scope="row" style={{ paddingInlineStart: `${category.level - 0.25}rem` }}>
                <Link to={adminPath(`categories/${category.id}`)}>{category.name}</Link>
                {!category.isActive && <span className="admin-badge admin-badge--disabled">{t('admin.catalogue.inactive')}</span>}
              </th>
              <td className="admin-number">{category.products}</td>
              <td className="admin-number admin-wide">{category.locales} / 11</td>
              <td>
                {canWrite && (
                  <div className="admin-inline-form">
                    <AdminActionForm
                      intent="up"
                      label={
                        <>
                          <span aria-hidden="true">↑</span>
                          <span className="visually-hidden">{t('admin.catalogue.categories.moveUp', { name: category.name })}</span>
                        </>
                      }
                      fields={{ categoryId: category.id }}
                      disabled={index === 0}
                      preventScrollReset
                    />
                    <AdminActionForm
                      intent="down"
                      label={
                        <>
                          <span aria-hidden="true">↓</span>
                          <span className="visually-hidden">{t('admin.catalogue.categories.moveDown', { name: category.name })}</span>
                        </>
                      }
                      fields={{ categoryId: category.id }}
                      disabled={index === siblings.length - 1}
                      preventScrollReset
                    />
                  </div>
                )}
              </td>
            </tr>
          );
        })}
      </AdminTable>
      {canWrite && (
        <Form method="post" noValidate className="admin-panel admin-form admin-form--grid" aria-labelledby="new-category-heading">
          <h2 id="new-category-heading">{t('admin.catalogue.categories.new')}</h2>
          <CsrfField />
          {errors && <FormAlert error={{ key: 'admin.catalogue.notSaved' }} />}
          <div className="form-field">
            <label htmlFor="category-parentId">{t('admin.catalogue.categories.parent')}</label>
            <select id="category-parentId" name="parentId" defaultValue={actionData?.values.parentId ?? ''}>
              <option value="">{t('admin.catalogue.categories.topLevel')}</option>
              {tree.map((category) => (
                <option key={category.id} value={category.id}>
                  {`${'– '.repeat(category.level - 1)}${category.name}`}
                </option>
              ))}
            </select>
          </div>
          <TextField
            idPrefix="category"
            name="code"
            label={t('admin.catalogue.categories.code')}
            required
            defaultValue={actionData?.values.code}
            error={errors?.code}
          />
          <TextField
            idPrefix="category"
            name="name"
            label={t('admin.catalogue.parts.name')}
            required
            defaultValue={actionData?.values.name}
            error={errors?.name}
          />
          <TextField
            idPrefix="category"
            name="urlSegment"
            label={t('admin.catalogue.categories.urlSegment')}
            required
            defaultValue={actionData?.values.urlSegment}
            error={errors?.urlSegment ?? errors?.parentId}
            hint={t('admin.catalogue.urlKeyHint')}
          />
          <div>
            <button type="submit" name="intent" value="create" className="button admin-button button--primary">
              {t('admin.catalogue.categories.create')}
            </button>
          </div>
        </Form>
      )}
    </>
  );
}
