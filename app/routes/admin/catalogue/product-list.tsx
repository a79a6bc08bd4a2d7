import { data, Form, Link, redirect, useSearchParams } from 'react-router';
import type { Route } from './+types/product-list';
import { AdminFilters, AdminPager, AdminTable } from '#app/components/admin/admin-list.tsx';
import { AdminNotice, AdminPageHeader } from '#app/components/admin/admin-ui.tsx';
import { ProductBulkActions } from '#app/components/admin/product-bulk-actions.tsx';
import { CsrfField, FormAlert } from '#app/components/forms/form-fields.tsx';
import { servicesContext } from '#app/context.ts';
import { orUnavailable } from '#app/db/with-database.server.ts';
import { adminLocaleOf } from '#app/modules/admin/admin-locale.ts';
import { adminPath } from '#app/modules/admin/admin-paths.ts';
import { parseListSort } from '#app/lib/paging/list-sort.ts';
import { can } from '#app/modules/admin/permissions.ts';
import { requireStaff } from '#app/modules/admin/require-staff.server.ts';
import { productListFilters, stockStates } from '#app/modules/catalogue-admin/product-admin-filters.ts';
import { listAdminProducts, productListChoices, productSort } from '#app/modules/catalogue-admin/product-admin-list.server.ts';
import { applyBulkAction, bulkRefusal, parseBulkForm } from '#app/modules/catalogue-admin/product-bulk-edit.server.ts';
import { formatMoney } from '#app/modules/currency/money.ts';
import { getCurrencyRates } from '#app/modules/currency/exchange-rates.server.ts';
import { useI18n } from '#app/modules/i18n/i18n.tsx';
import { imageSources } from '#app/components/catalogue/product-card.tsx';
import { requestedPage } from '#app/lib/paging/page-window.ts';
import '#app/styles/admin-catalogue.css';

export async function loader({ request, context }: Route.LoaderArgs) {
  const me = await requireStaff(request, context, 'catalogue.read');
  const { db } = context.get(servicesContext);
  const url = new URL(request.url);
  const locale = adminLocaleOf(me.locale);
  const sort = parseListSort(productSort, url.searchParams);
  const filters = productListFilters(url.searchParams);
  const [list, choices, rates] = await orUnavailable(() =>
    Promise.all([listAdminProducts(db, locale, filters, requestedPage(url), sort), productListChoices(db, locale), getCurrencyRates(db)]),
  );
  const changed = Number(url.searchParams.get('changed'));
  return {
    ...list,
    ...choices,
    currencies: [...rates.keys()].sort(),
    sort,
    canWrite: can(me.role, 'catalogue.write'),
    changed: Number.isSafeInteger(changed) && changed > 0 ? changed : null,
    deleted: url.searchParams.get('deleted')?.slice(0, 64) ?? null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const me = await requireStaff(request, context, 'catalogue.write');
  const { db } = context.get(servicesContext);
  const form = await request.formData();
  const parsed = parseBulkForm(form, await orUnavailable(() => getCurrencyRates(db)));
  if (!parsed.ok) return data(parsed, { status: 400 });
  const result = await orUnavailable(() => applyBulkAction(db, me.id, parsed.productIds, parsed.action));
  if (!result.ok) return data(bulkRefusal(form, 'categoryId', 'validation.invalid'), { status: 400 });
  // Back to the same list (filters, sort and page kept), saying how many products changed.
  const url = new URL(request.url);
  url.searchParams.set('changed', String(result.changed));
  throw redirect(`${url.pathname}?${url.searchParams}`);
}

export default function ProductListPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const [params] = useSearchParams();
  const failure = actionData && !actionData.ok ? actionData : undefined;
  const { rows, canWrite } = loaderData;
  const filterSelect = (name: string, label: string, options: { value: string; label: string }[]) => (
    <div className="form-field">
      <label htmlFor={`product-filter-${name}`}>{label}</label>
      <select id={`product-filter-${name}`} name={name} defaultValue={params.get(name) ?? ''}>
        <option value="">{t('admin.catalogue.filters.any')}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
  return (
    <>
      <AdminPageHeader title={t('admin.catalogue.products')}>
        {canWrite && (
          <Link to={adminPath('products/new')} className="button admin-button button--primary">
            {t('admin.catalogue.create.link')}
          </Link>
        )}
        <Link to={adminPath('categories')} className="button admin-button">
          {t('admin.catalogue.categories.title')}
        </Link>
        <Link to={adminPath('attributes')} className="button admin-button">
          {t('admin.catalogue.attributes.title')}
        </Link>
      </AdminPageHeader>
      {loaderData.changed !== null && !failure && <AdminNotice>{t('admin.catalogue.bulk.done', { count: loaderData.changed })}</AdminNotice>}
      {loaderData.deleted !== null && !failure && <AdminNotice>{t('admin.catalogue.delete.done', { sku: loaderData.deleted })}</AdminNotice>}
      <AdminFilters
        label={t('admin.catalogue.filters.label')}
        submitLabel={t('admin.filter')}
        reset={params.size > 0 ? { to: adminPath('products'), label: t('admin.catalogue.filters.reset') } : undefined}
      >
        <div className="form-field">
          <label htmlFor="product-filter-q">{t('admin.catalogue.filters.search')}</label>
          <input id="product-filter-q" type="search" name="q" defaultValue={params.get('q') ?? ''} />
        </div>
        {filterSelect(
          'category',
          t('admin.catalogue.filters.category'),
          loaderData.categories.map((category) => ({ value: String(category.id), label: `${'– '.repeat(Math.max(0, category.level - 1))}${category.name}` })),
        )}
        {filterSelect(
          'type',
          t('admin.catalogue.filters.type'),
          loaderData.productTypes.map((type) => ({ value: type, label: type })),
        )}
        {filterSelect(
          'colour',
          t('admin.catalogue.filters.colour'),
          loaderData.colours.map((colour) => ({ value: String(colour.id), label: colour.label })),
        )}
        {filterSelect(
          'stock',
          t('admin.catalogue.filters.stock'),
          stockStates.map((state) => ({ value: state, label: t(`admin.catalogue.stock.${state}`) })),
        )}
        {filterSelect('active', t('admin.catalogue.filters.active'), [
          { value: 'yes', label: t('admin.catalogue.active') },
          { value: 'no', label: t('admin.catalogue.inactive') },
        ])}
      </AdminFilters>
      <Form method="post" className="admin-products" aria-label={t('admin.catalogue.bulk.label')}>
        <CsrfField />
        {failure && <FormAlert error={failure.fieldErrors.productId ?? failure.formError} />}
        <AdminTable
          caption={t('admin.catalogue.products')}
          sort={loaderData.sort}
          columns={[
            <th key="select" scope="col">
              <span className="visually-hidden">{t('admin.catalogue.bulk.select')}</span>
            </th>,
            { label: t('admin.catalogue.name'), sortKey: 'name' },
            { label: t('admin.catalogue.sku'), sortKey: 'sku', className: 'admin-wide' },
            { label: t('admin.catalogue.filters.type'), sortKey: 'type', className: 'admin-wide' },
            { label: t('admin.catalogue.price'), numeric: true, sortKey: 'price' },
            { label: t('admin.catalogue.stockColumn'), numeric: true, sortKey: 'stock' },
            { label: t('admin.catalogue.state'), sortKey: 'active' },
          ]}
          empty={rows.length === 0}
          emptyText={t('admin.catalogue.none')}
        >
          {rows.map((product) => (
            <tr key={product.id}>
              <td>
                <input
                  type="checkbox"
                  name="productId"
                  value={product.id}
                  id={`select-${product.id}`}
                  aria-label={t('admin.catalogue.bulk.selectOne', { name: product.name })}
                  disabled={!canWrite}
                />
              </td>
              <th scope="row">
                <span className="admin-product-name">
                  {product.imagePath ? (
                    <img {...imageSources(product.imagePath, 96)} width={40} height={40} alt="" loading="lazy" />
                  ) : (
                    <span className="admin-product-name__blank" aria-hidden="true" />
                  )}
                  <Link to={adminPath(`products/${product.id}`)}>{product.name}</Link>
                </span>
              </th>
              <td className="admin-wide">
                <code>{product.sku}</code>
              </td>
              <td className="admin-wide">{product.productType}</td>
              <td className="admin-number">{product.priceCents === null ? '–' : formatMoney(product.priceCents, 'EUR', locale)}</td>
              <td className="admin-number">{product.stock}</td>
              <td>
                <span className={`admin-badge admin-badge--${product.isActive ? 'active' : 'disabled'}`}>
                  {t(product.isActive ? 'admin.catalogue.active' : 'admin.catalogue.inactive')}
                </span>
              </td>
            </tr>
          ))}
        </AdminTable>
        {canWrite && rows.length > 0 && <ProductBulkActions categories={loaderData.categories} currencies={loaderData.currencies} failure={failure} />}
      </Form>
      <AdminPager window={loaderData.window} path={adminPath('products')} />
    </>
  );
}
