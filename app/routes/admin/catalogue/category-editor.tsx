import { data, Form, Link, redirect } from 'react-router';
import type { Route } from './+types/category-editor';
import { AdminActionForm } from '#app/components/admin/admin-action-form.tsx';
import { AdminPager, AdminTable } from '#app/components/admin/admin-list.tsx';
import { AdminNotice, AdminPageHeader } from '#app/components/admin/admin-ui.tsx';
import { CsrfField, FormAlert, TextField } from '#app/components/forms/form-fields.tsx';
import { Field } from '#app/components/ui/field.tsx';
import { servicesContext } from '#app/context.ts';
import { orUnavailable } from '#app/db/with-database.server.ts';
import { idOf, intentOf } from '#app/modules/admin/admin-forms.server.ts';
import { adminLocaleOf } from '#app/modules/admin/admin-locale.ts';
import { adminPath } from '#app/modules/admin/admin-paths.ts';
import { can } from '#app/modules/admin/permissions.ts';
import { requireStaff } from '#app/modules/admin/require-staff.server.ts';
import {
  allowedParents,
  categoryForEditing,
  type CategoryText,
  categoryTreeForAdmin,
  moveCategoryToParent,
  moveProductInCategory,
  saveCategoryTexts,
} from '#app/modules/catalogue-admin/category-admin.server.ts';
import { recordId } from '#app/lib/forms/record-id.ts';
import { useI18n } from '#app/modules/i18n/i18n.tsx';
import { type LocaleCode, localeCodes, storefrontByCode } from '#app/modules/i18n/locales.ts';
import { pageWindow, requestedPage } from '#app/lib/paging/page-window.ts';
import '#app/styles/admin-catalogue.css';

const productsPerPage = 50;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const me = await requireStaff(request, context, 'catalogue.read');
  const { db } = context.get(servicesContext);
  const url = new URL(request.url);
  const page = requestedPage(url);
  const categoryId = idOf(params.categoryId);
  const [editing, tree] = await orUnavailable(() =>
    Promise.all([
      categoryForEditing(db, categoryId, adminLocaleOf(me.locale), { offset: (page - 1) * productsPerPage, limit: productsPerPage }),
      categoryTreeForAdmin(db, adminLocaleOf(me.locale)),
    ]),
  );
  if (!editing) throw data(null, { status: 404 });
  return {
    ...editing,
    parents: allowedParents(tree, categoryId).map(({ id, name, level }) => ({ id, name, level })),
    window: pageWindow(page, productsPerPage, editing.productCount),
    canWrite: can(me.role, 'catalogue.write'),
    saved: url.searchParams.has('saved') || url.searchParams.has('created'),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const me = await requireStaff(request, context, 'catalogue.write');
  const { db } = context.get(servicesContext);
  const categoryId = idOf(params.categoryId);
  const form = await request.formData();
  const intent = intentOf(form, ['save', 'move', 'product-up', 'product-down'] as const);
  if (intent === 'move') {
    const parentId = String(form.get('parentId') ?? '');
    const parent = parentId === '' ? null : recordId(parentId);
    const result =
      parent === null && parentId !== ''
        ? ({ ok: false, reason: 'not-found' } as const)
        : await orUnavailable(() => moveCategoryToParent(db, me.id, categoryId, parent));
    if (result.ok) throw redirect(`${adminPath(`categories/${categoryId}`)}?saved`);
    const fieldErrors = result.reason === 'not-found' ? { parentId: { key: 'validation.invalid' } } : result.fieldErrors;
    return data({ form: 'move' as const, fieldErrors, values: { parentId } }, { status: 400 });
  }
  if (intent !== 'save') {
    const productId = idOf(form.get('productId') as string | null);
    if (!(await orUnavailable(() => moveProductInCategory(db, me.id, categoryId, productId, intent === 'product-up' ? 'up' : 'down'))))
      throw data(null, { status: 404 });
    const url = new URL(request.url);
    throw redirect(`${url.pathname}${url.search}#product-${productId}`);
  }
  const text = (name: string) => String(form.get(name) ?? '').trim();
  const texts: Partial<Record<LocaleCode, CategoryText>> = {};
  for (const locale of localeCodes) {
    const entry = {
      name: text(`name.${locale}`),
      urlSegment: text(`urlSegment.${locale}`),
      description: text(`description.${locale}`),
      metaTitle: text(`metaTitle.${locale}`),
      metaDescription: text(`metaDescription.${locale}`),
    };
    if (Object.values(entry).some(Boolean)) texts[locale] = entry;
  }
  const result = await orUnavailable(() => saveCategoryTexts(db, me.id, categoryId, texts));
  if (result.ok) throw redirect(`${adminPath(`categories/${categoryId}`)}?saved`);
  if (result.reason === 'not-found') throw data(null, { status: 404 });
  const values = Object.fromEntries([...form.entries()].flatMap(([key, value]) => (typeof value === 'string' && key !== '_csrf' ? [[key, value]] : [])));
  return data({ form: 'texts' as const, fieldErrors: result.fieldErrors, values }, { status: 400 });
}

export default function CategoryEditorPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { category, texts, canWrite } = loaderData;
  const title = texts.en?.name ?? Object.values(texts)[0]?.name ?? category.code;
  const errors = actionData?.form === 'texts' ? (actionData.fieldErrors as Record<string, { key: string } | undefined>) : undefined;
  const moveError = actionData?.form === 'move' ? actionData.fieldErrors.parentId : undefined;
  const value = (name: string, stored: string) => (actionData?.form === 'texts' ? (actionData.values as Record<string, string>)[name] : undefined) ?? stored;
  return (
    <>
      <AdminPageHeader title={t('admin.catalogue.categories.editTitle', { name: title })} />
      <p>
        <Link to={adminPath('categories')}>{t('admin.catalogue.categories.back')}</Link>
      </p>
      {loaderData.saved && !errors && <AdminNotice>{t('admin.catalogue.notices.saved')}</AdminNotice>}
      <Form method="post" noValidate className="admin-panel admin-form" aria-labelledby="category-texts-heading">
        <h2 id="category-texts-heading">{t('admin.catalogue.texts')}</h2>
        <CsrfField />
        {errors && <FormAlert error={{ key: 'admin.catalogue.notSaved' }} />}
        <fieldset disabled={!canWrite} className="admin-fieldset">
          <legend className="visually-hidden">{t('admin.catalogue.texts')}</legend>
          {localeCodes.map((locale) => {
            const stored = texts[locale];
            const hasError = ['name', 'urlSegment'].some((part) => errors?.[`${part}.${locale}`]);
            return (
              <details key={locale} className="admin-locale" open={hasError || undefined}>
                <summary>
                  <span className="admin-locale__code">{locale}</span> {storefrontByCode(locale)?.name}{' '}
                  <span className={`admin-badge admin-badge--${stored ? 'active' : 'disabled'}`}>
                    {stored ? `/${stored.urlPath}` : t('admin.catalogue.categories.untranslated')}
                  </span>
                </summary>
                <div className="admin-locale__fields">
                  <TextField
                    idPrefix="category"
                    name={`name.${locale}`}
                    label={t('admin.catalogue.parts.name')}
                    defaultValue={value(`name.${locale}`, stored?.name ?? '')}
                    error={errors?.[`name.${locale}`]}
                  />
                  <TextField
                    idPrefix="category"
                    name={`urlSegment.${locale}`}
                    label={t('admin.catalogue.categories.urlSegment')}
                    hint={t('admin.catalogue.urlKeyHint')}
                    defaultValue={value(`urlSegment.${locale}`, stored?.urlSegment ?? '')}
                    error={errors?.[`urlSegment.${locale}`]}
                  />
                  <TextField
                    idPrefix="category"
                    name={`description.${locale}`}
                    rows={4}
                    label={t('admin.catalogue.parts.description')}
                    defaultValue={value(`description.${locale}`, stored?.description ?? '')}
                  />
                  <TextField
                    idPrefix="category"
                    name={`metaTitle.${locale}`}
                    label={t('admin.catalogue.parts.metaTitle')}
                    hint={t('admin.catalogue.categories.metaTitleHint')}
                    defaultValue={value(`metaTitle.${locale}`, stored?.metaTitle ?? '')}
                  />
                  <TextField
                    idPrefix="category"
                    name={`metaDescription.${locale}`}
                    rows={2}
                    label={t('admin.catalogue.parts.metaDescription')}
                    hint={t('admin.catalogue.categories.metaDescriptionHint')}
                    defaultValue={value(`metaDescription.${locale}`, stored?.metaDescription ?? '')}
                  />
                </div>
              </details>
            );
          })}
        </fieldset>
        {canWrite && (
          <div>
            <button type="submit" name="intent" value="save" className="button admin-button button--primary">
              {t('admin.save')}
            </button>
          </div>
        )}
      </Form>
      {canWrite && (
        <Form method="post" noValidate className="admin-panel admin-form" aria-labelledby="category-move-heading">
          <h2 id="category-move-heading">{t('admin.catalogue.categories.place')}</h2>
          <CsrfField />
          {moveError && <FormAlert error={{ key: 'admin.catalogue.notSaved' }} />}
          <Field id="category-parentId" label={t('admin.catalogue.categories.parent')} hint={t('admin.catalogue.categories.moveHint')} error={moveError}>
            {(control) => (
              <select {...control} name="parentId" defaultValue={actionData?.form === 'move' ? actionData.values.parentId : String(category.parentId ?? '')}>
                <option value="">{t('admin.catalogue.categories.topLevel')}</option>
                {loaderData.parents.map((parent) => (
                  <option key={parent.id} value={parent.id}>
                    {`${'– '.repeat(parent.level - 1)}${parent.name}`}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <div>
            <button type="submit" name="intent" value="move" className="button admin-button">
              {t('admin.catalogue.categories.moveTo')}
            </button>
          </div>
        </Form>
      )}
      <section className="admin-panel" aria-labelledby="category-products-heading">
        <h2 id="category-products-heading">{t('admin.catalogue.categories.productOrder')}</h2>
        <AdminTable
          caption={t('admin.catalogue.categories.productOrder')}
          columns={[{ label: '#', numeric: true }, { label: t('admin.catalogue.name') }, { label: t('admin.catalogue.categories.order') }]}
          empty={loaderData.products.length === 0}
          emptyText={t('admin.catalogue.none')}
        >
          {loaderData.products.map((product, index) => {
            const place = loaderData.window.offset + index;
            return (
              <tr key={product.id} id={`product-${product.id}`}>
                <td className="admin-number">{place + 1}</td>
                <th scope="row">
                  <Link to={adminPath(`products/${product.id}`)}>{product.name}</Link> <code>{product.sku}</code>
                </th>
                <td>
                  {canWrite && (
                    <div className="admin-inline-form">
                      <AdminActionForm
                        intent="product-up"
                        label={
                          <>
                            <span aria-hidden="true">↑</span>
                            <span className="visually-hidden">{t('admin.catalogue.categories.moveUp', { name: product.name })}</span>
                          </>
                        }
                        fields={{ productId: product.id }}
                        disabled={place === 0}
                        preventScrollReset
                      />
                      <AdminActionForm
                        intent="product-down"
                        label={
                          <>
                            <span aria-hidden="true">↓</span>
                            <span className="visually-hidden">{t('admin.catalogue.categories.moveDown', { name: product.name })}</span>
                          </>
                        }
                        fields={{ productId: product.id }}
                        disabled={place === loaderData.productCount - 1}
                        preventScrollReset
                      />
                    </div>
                  )}
                </td>
              </tr>
            );
          })}
        </AdminTable>
        <AdminPager window={loaderData.window} path={adminPath(`categories/${category.id}`)} />
      </section>
    </>
  );
}
