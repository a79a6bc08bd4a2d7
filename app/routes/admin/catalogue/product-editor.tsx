import { join } from 'node:path';
import { data, Link, redirect } from 'react-router';
import type { Route } from './+types/product-editor';
import { AdminActionForm, ConfirmBox } from '#app/components/admin/admin-action-form.tsx';
import { AdminNotice, AdminPageHeader } from '#app/components/admin/admin-ui.tsx';
import { ProductEditorForm } from '#app/components/admin/product-editor-form.tsx';
import { ProductImageGallery } from '#app/components/admin/product-image-gallery.tsx';
import { servicesContext } from '#app/context.ts';
import { orUnavailable } from '#app/db/with-database.server.ts';
import { idOf, intentOf } from '#app/modules/admin/admin-forms.server.ts';
import { adminLocaleOf } from '#app/modules/admin/admin-locale.ts';
import { adminPath } from '#app/modules/admin/admin-paths.ts';
import { can } from '#app/modules/admin/permissions.ts';
import { requireStaff } from '#app/modules/admin/require-staff.server.ts';
import { parseProductForm, productForEditing, saveProduct } from '#app/modules/catalogue-admin/product-editor.server.ts';
import { deleteProduct } from '#app/modules/catalogue-admin/product-lifecycle.server.ts';
import {
  addProductImage,
  type ImageRefusal,
  maxImageBytes,
  moveProductImage,
  removeProductImage,
  saveImageAlt,
} from '#app/modules/catalogue-admin/product-images.server.ts';
import type { FieldError } from '#app/lib/forms/field-errors.ts';
import { useI18n } from '#app/modules/i18n/i18n.tsx';
import { localeCodes } from '#app/modules/i18n/locales.ts';
import '#app/styles/admin-catalogue.css';

const notices = ['created', 'saved', 'imageAdded', 'imageSaved'] as const;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const me = await requireStaff(request, context, 'catalogue.read');
  const { db } = context.get(servicesContext);
  const editing = await orUnavailable(() => productForEditing(db, idOf(params.productId), adminLocaleOf(me.locale)));
  if (!editing) throw data(null, { status: 404 });
  const notice = new URL(request.url).searchParams.get('notice');
  return { ...editing, canWrite: can(me.role, 'catalogue.write'), notice: notices.find((known) => known === notice) ?? null };
}

const imageMessages: Record<ImageRefusal, FieldError> = {
  missing: { key: 'admin.catalogue.images.missing' },
  'too-large': { key: 'admin.catalogue.images.tooLarge', values: { megabytes: maxImageBytes / 1024 / 1024 } },
  'not-an-image': { key: 'admin.catalogue.images.notAnImage' },
  'too-many-pixels': { key: 'admin.catalogue.images.tooManyPixels', values: { megapixels: 40 } },
};

export async function action({ request, params, context }: Route.ActionArgs) {
  const me = await requireStaff(request, context, 'catalogue.write');
  const { db, siteUrl, dataDir } = context.get(servicesContext);
  const productId = idOf(params.productId);
  const back = (notice: (typeof notices)[number], anchor = '') => redirect(`${adminPath(`products/${productId}`)}?notice=${notice}${anchor}`);
  // A file far over the limit is refused before it is read into memory.
  if (Number(request.headers.get('content-length') ?? 0) > maxImageBytes + 1024 * 1024) {
    return data({ ok: false as const, imageError: imageMessages['too-large'] }, { status: 400 });
  }
  const form = await request.formData();
  const intent = intentOf(form, ['save', 'delete', 'image-upload', 'image-alt', 'image-up', 'image-down', 'image-remove'] as const);
  if (intent === 'delete') {
    if (form.get('confirm') !== 'yes') return data({ ok: false as const, deleteError: { key: 'admin.catalogue.delete.confirmRequired' } }, { status: 400 });
    const deleted = await orUnavailable(() => deleteProduct(db, me.id, productId));
    if (deleted.ok) throw redirect(`${adminPath('products')}?deleted=${encodeURIComponent(deleted.sku)}`);
    if (deleted.reason === 'not-found') throw data(null, { status: 404 });
    return data({ ok: false as const, deleteError: { key: 'admin.catalogue.delete.ordered', values: { count: deleted.orders } } }, { status: 400 });
  }
  if (intent === 'save') {
    const editing = await orUnavailable(() => productForEditing(db, productId, adminLocaleOf(me.locale)));
    if (!editing) throw data(null, { status: 404 });
    const parsed = parseProductForm(form, editing, [new URL(siteUrl).host]);
    if (!parsed.ok) return data(parsed, { status: 400 });
    const result = await orUnavailable(() => saveProduct(db, me.id, productId, parsed.data));
    if (result.ok) throw back('saved');
    if (result.reason === 'not-found') throw data(null, { status: 404 });
    const values = Object.fromEntries([...form.entries()].flatMap(([key, value]) => (typeof value === 'string' && key !== '_csrf' ? [[key, value]] : [])));
    if (result.reason === 'invalid')
      return data({ ok: false as const, fieldErrors: result.fieldErrors, values, formError: { key: 'admin.catalogue.notSaved' } }, { status: 400 });
    // Someone saved in between: nothing is overwritten, what was typed stays in the form.
    return data({ ok: false as const, fieldErrors: {}, values, formError: { key: 'admin.catalogue.conflict' }, conflict: true }, { status: 409 });
  }
  if (intent === 'image-upload') {
    const file = form.get('image');
    const bytes = file instanceof File ? new Uint8Array(await file.arrayBuffer()) : new Uint8Array();
    const added = await orUnavailable(() => addProductImage(db, join(dataDir, 'media'), me.id, productId, bytes));
    if (added.ok) throw back('imageAdded', '#images');
    if (added.reason === 'not-found') throw data(null, { status: 404 });
    return data({ ok: false as const, imageError: imageMessages[added.reason] }, { status: 400 });
  }
  const imageId = idOf(form.get('imageId') as string | null);
  const done =
    intent === 'image-alt'
      ? await orUnavailable(() =>
          saveImageAlt(db, me.id, productId, imageId, Object.fromEntries(localeCodes.map((locale) => [locale, String(form.get(`alt.${locale}`) ?? '')]))),
        )
      : intent === 'image-remove'
        ? await orUnavailable(() => removeProductImage(db, me.id, productId, imageId))
        : await orUnavailable(() => moveProductImage(db, me.id, productId, imageId, intent === 'image-up' ? 'up' : 'down'));
  if (!done) throw data(null, { status: 404 });
  throw back('imageSaved', '#images');
}

export default function ProductEditorPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { product, texts } = loaderData;
  const name = texts.en?.name ?? Object.values(texts)[0]?.name ?? product.sku;
  const failure = actionData && 'fieldErrors' in actionData ? actionData : undefined;
  const imageError = actionData && 'imageError' in actionData ? actionData.imageError : undefined;
  const deleteError = actionData && 'deleteError' in actionData ? actionData.deleteError : undefined;
  return (
    <>
      <AdminPageHeader title={t('admin.catalogue.editTitle', { name })}>
        <span className={`admin-badge admin-badge--${product.isActive ? 'active' : 'disabled'}`}>
          {t(product.isActive ? 'admin.catalogue.active' : 'admin.catalogue.inactive')}
        </span>
      </AdminPageHeader>
      <p>
        <Link to={adminPath('products')}>{t('admin.catalogue.back')}</Link>
      </p>
      {loaderData.notice && !failure && !imageError && !deleteError && <AdminNotice>{t(`admin.catalogue.notices.${loaderData.notice}`)}</AdminNotice>}
      <ProductEditorForm editing={loaderData} canWrite={loaderData.canWrite} failure={failure} />
      <ProductImageGallery images={loaderData.images} productName={name} canWrite={loaderData.canWrite} error={imageError} />
      {loaderData.canWrite && (
        <section className="admin-panel" aria-labelledby="product-delete-heading">
          <h2 id="product-delete-heading">{t('admin.catalogue.delete.title')}</h2>
          <p>{t('admin.catalogue.delete.explain')}</p>
          <AdminActionForm intent="delete" label={t('admin.catalogue.delete.submit')} tone="danger" className="admin-danger-zone" noValidate>
            <ConfirmBox label={t('admin.catalogue.delete.confirm', { sku: product.sku })} error={deleteError} />
          </AdminActionForm>
        </section>
      )}
    </>
  );
}
