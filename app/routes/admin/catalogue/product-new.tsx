import { data, Form, Link, redirect } from 'react-router';
import type { Route } from './+types/product-new';
import { AdminPageHeader } from '#app/components/admin/admin-ui.tsx';
import { CsrfField, FormAlert, TextField } from '#app/components/forms/form-fields.tsx';
import { Field } from '#app/components/ui/field.tsx';
import { servicesContext } from '#app/context.ts';
import { orUnavailable } from '#app/db/with-database.server.ts';
import { adminLocaleOf } from '#app/modules/admin/admin-locale.ts';
import { adminPath } from '#app/modules/admin/admin-paths.ts';
import { requireStaff } from '#app/modules/admin/require-staff.server.ts';
import { productListChoices } from '#app/modules/catalogue-admin/product-admin-list.server.ts';
import { createProduct, parseNewProductForm } from '#app/modules/catalogue-admin/product-lifecycle.server.ts';
import { useI18n } from '#app/modules/i18n/i18n.tsx';
import { storefrontByCode } from '#app/modules/i18n/locales.ts';
import '#app/styles/admin-catalogue.css';

export async function loader({ request, context }: Route.LoaderArgs) {
  const me = await requireStaff(request, context, 'catalogue.write');
  const { db } = context.get(servicesContext);
  const locale = adminLocaleOf(me.locale);
  const choices = await orUnavailable(() => productListChoices(db, locale));
  return { categories: choices.categories, productTypes: choices.productTypes, locale };
}

export async function action({ request, context }: Route.ActionArgs) {
  const me = await requireStaff(request, context, 'catalogue.write');
  const { db } = context.get(servicesContext);
  const parsed = parseNewProductForm(await request.formData());
  if (!parsed.ok) return data(parsed, { status: 400 });
  const result = await orUnavailable(() => createProduct(db, me.id, adminLocaleOf(me.locale), parsed.data));
  if (result.ok) throw redirect(`${adminPath(`products/${result.productId}`)}?notice=created`);
  return data({ ok: false as const, fieldErrors: result.fieldErrors, values: parsed.values }, { status: 400 });
}

export default function NewProductPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const errors = actionData && !actionData.ok ? (actionData.fieldErrors as Record<string, { key: string } | undefined>) : undefined;
  const values = actionData?.values;
  return (
    <>
      <AdminPageHeader title={t('admin.catalogue.create.title')} />
      <p>
        <Link to={adminPath('products')}>{t('admin.catalogue.back')}</Link>
      </p>
      <Form method="post" noValidate className="admin-panel admin-form admin-form--grid" aria-labelledby="new-product-heading">
        <h2 id="new-product-heading" className="visually-hidden">
          {t('admin.catalogue.create.title')}
        </h2>
        <CsrfField />
        {errors && <FormAlert error={{ key: 'admin.catalogue.notSaved' }} />}
        <TextField
          idPrefix="product"
          name="name"
          label={t('admin.catalogue.create.nameIn', { language: storefrontByCode(loaderData.locale)?.name ?? loaderData.locale })}
          required
          defaultValue={values?.name}
          error={errors?.name}
          hint={t('admin.catalogue.create.nameHint')}
        />
        <TextField idPrefix="product" name="sku" label={t('admin.catalogue.sku')} required defaultValue={values?.sku} error={errors?.sku} />
        <Field id="product-productType" label={t('admin.catalogue.filters.type')} hint={t('admin.catalogue.create.typeHint')} error={errors?.productType}>
          {(control) => (
            <>
              <input {...control} type="text" name="productType" list="product-types" required defaultValue={values?.productType} autoComplete="off" />
              <datalist id="product-types">
                {loaderData.productTypes.map((type) => (
                  <option key={type} value={type} />
                ))}
              </datalist>
            </>
          )}
        </Field>
        <Field id="product-categoryId" label={t('admin.catalogue.filters.category')} error={errors?.categoryId}>
          {(control) => (
            <select {...control} name="categoryId" defaultValue={values?.categoryId ?? ''}>
              <option value="">{t('admin.catalogue.create.noCategory')}</option>
              {loaderData.categories.map((category) => (
                <option key={category.id} value={category.id}>
                  {`${'– '.repeat(Math.max(0, category.level - 1))}${category.name}`}
                </option>
              ))}
            </select>
          )}
        </Field>
        <TextField idPrefix="product" name="price" label={t('admin.catalogue.priceEur')} required defaultValue={values?.price} error={errors?.price} />
        <div>
          <button type="submit" className="button admin-button button--primary">
            {t('admin.catalogue.create.submit')}
          </button>
        </div>
      </Form>
    </>
  );
}
