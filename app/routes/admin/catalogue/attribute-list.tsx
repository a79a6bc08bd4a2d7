import { Link } from 'react-router';
import type { Route } from './+types/attribute-list';
import { AdminTable } from '#app/components/admin/admin-list.tsx';
import { AdminPageHeader } from '#app/components/admin/admin-ui.tsx';
import { servicesContext } from '#app/context.ts';
import { orUnavailable } from '#app/db/with-database.server.ts';
import { adminLocaleOf } from '#app/modules/admin/admin-locale.ts';
import { adminPath } from '#app/modules/admin/admin-paths.ts';
import { requireStaff } from '#app/modules/admin/require-staff.server.ts';
import { listAttributes } from '#app/modules/catalogue-admin/attribute-admin.server.ts';
import { useI18n } from '#app/modules/i18n/i18n.tsx';

export async function loader({ request, context }: Route.LoaderArgs) {
  const me = await requireStaff(request, context, 'catalogue.read');
  const { db } = context.get(servicesContext);
  return { attributes: await orUnavailable(() => listAttributes(db, adminLocaleOf(me.locale))) };
}

export default function AttributeListPage({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  return (
    <>
      <AdminPageHeader title={t('admin.catalogue.attributes.title')}>
        <Link to={adminPath('products')} className="button admin-button">
          {t('admin.catalogue.products')}
        </Link>
      </AdminPageHeader>
      <AdminTable
        caption={t('admin.catalogue.attributes.title')}
        columns={[
          { label: t('admin.catalogue.name') },
          { label: t('admin.catalogue.attributes.code'), className: 'admin-wide' },
          { label: t('admin.catalogue.attributes.use') },
          { label: t('admin.catalogue.attributes.options'), numeric: true },
          { label: t('admin.catalogue.categories.languages'), numeric: true, className: 'admin-wide' },
        ]}
      >
        {loaderData.attributes.map((attribute) => (
          <tr key={attribute.id}>
            <th scope="row">
              <Link to={adminPath(`attributes/${attribute.id}`)}>{attribute.label}</Link>
              {attribute.unit && ` (${attribute.unit})`}
            </th>
            <td className="admin-wide">
              <code>{attribute.code}</code>
            </td>
            <td>
              {[attribute.isFilterable && t('admin.catalogue.attributes.filter'), attribute.isConfigurable && t('admin.catalogue.attributes.variantOption')]
                .filter(Boolean)
                .join(', ') || t('admin.catalogue.specifications')}
            </td>
            <td className="admin-number">{attribute.options}</td>
            <td className="admin-number admin-wide">{attribute.locales} / 11</td>
          </tr>
        ))}
      </AdminTable>
    </>
  );
}
