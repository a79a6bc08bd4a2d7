import { useSearchParams } from 'react-router';
import { z } from 'zod';
import type { Route } from './+types/audit';
import { AdminFilters, AdminPager, AdminTable } from '#app/components/admin/admin-list.tsx';
import { AdminPageHeader } from '#app/components/admin/admin-ui.tsx';
import { servicesContext } from '#app/context.ts';
import { orUnavailable } from '#app/db/with-database.server.ts';
import { adminPath } from '#app/modules/admin/admin-paths.ts';
import { auditEntities, auditSort, listAudit } from '#app/lib/observability/audit.server.ts';
import { parseListSort } from '#app/lib/paging/list-sort.ts';
import { requireStaff } from '#app/modules/admin/require-staff.server.ts';
import { listStaff } from '#app/modules/admin/staff-accounts.server.ts';
import { useI18n } from '#app/modules/i18n/i18n.tsx';

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .optional()
  .catch(undefined);
/** Filters from the query string; a malformed one is ignored rather than refused. */
const filterSchema = z.object({
  staff: z.coerce.number().int().positive().max(2_147_483_647).optional().catch(undefined),
  action: z.string().trim().max(60).optional().catch(undefined),
  entity: z.string().trim().max(40).optional().catch(undefined),
  entityId: z.string().trim().max(40).optional().catch(undefined),
  from: day,
  to: day,
  page: z.coerce.number().int().positive().max(100_000).catch(1),
});

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, 'audit.read');
  const { db } = context.get(servicesContext);
  const query = Object.fromEntries([...new URL(request.url).searchParams].filter(([, value]) => value !== ''));
  const filters = filterSchema.parse(query);
  const sort = parseListSort(auditSort, new URL(request.url).searchParams);
  const [entries, entities, staff] = await orUnavailable(() =>
    Promise.all([
      listAudit(
        db,
        { staffId: filters.staff, action: filters.action, entity: filters.entity, entityId: filters.entityId, from: filters.from, to: filters.to },
        filters.page,
        sort,
      ),
      auditEntities(db),
      listStaff(db),
    ]),
  );
  return { ...entries, sort, entities, staff: staff.map(({ id, name }) => ({ id, name })) };
}

const json = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value, null, 1));

export default function AuditPage({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const [params] = useSearchParams();
  const time = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'medium' });
  return (
    <>
      <AdminPageHeader title={t('admin.audit.title')} />
      <AdminFilters label={t('admin.audit.filters')} submitLabel={t('admin.filter')}>
        <div className="form-field">
          <label htmlFor="audit-staff">{t('admin.audit.staff')}</label>
          <select id="audit-staff" name="staff" defaultValue={params.get('staff') ?? ''}>
            <option value="">{t('admin.audit.anyone')}</option>
            {loaderData.staff.map((member) => (
              <option key={member.id} value={member.id}>
                {member.name}
              </option>
            ))}
          </select>
        </div>
        <div className="form-field">
          <label htmlFor="audit-entity">{t('admin.audit.entity')}</label>
          <select id="audit-entity" name="entity" defaultValue={params.get('entity') ?? ''}>
            <option value="">{t('admin.audit.anything')}</option>
            {loaderData.entities.map((entity) => (
              <option key={entity} value={entity}>
                {entity}
              </option>
            ))}
          </select>
        </div>
        <div className="form-field">
          <label htmlFor="audit-entity-id">{t('admin.audit.entityId')}</label>
          <input id="audit-entity-id" name="entityId" defaultValue={params.get('entityId') ?? ''} />
        </div>
        <div className="form-field">
          <label htmlFor="audit-action">{t('admin.audit.action')}</label>
          <input id="audit-action" name="action" defaultValue={params.get('action') ?? ''} />
        </div>
        <div className="form-field">
          <label htmlFor="audit-from">{t('admin.audit.from')}</label>
          <input id="audit-from" name="from" type="date" defaultValue={params.get('from') ?? ''} />
        </div>
        <div className="form-field">
          <label htmlFor="audit-to">{t('admin.audit.to')}</label>
          <input id="audit-to" name="to" type="date" defaultValue={params.get('to') ?? ''} />
        </div>
      </AdminFilters>
      <AdminTable
        caption={t('admin.audit.title')}
        className="admin-table--audit"
        sort={loaderData.sort}
        columns={[
          { label: t('admin.audit.when'), sortKey: 'when', sortFirst: 'desc' },
          { label: t('admin.audit.staff'), sortKey: 'staff' },
          { label: t('admin.audit.action'), sortKey: 'action' },
          { label: t('admin.audit.entity'), sortKey: 'entity' },
          { label: t('admin.audit.before') },
          { label: t('admin.audit.after') },
        ]}
        empty={loaderData.rows.length === 0}
        emptyText={t('admin.audit.empty')}
      >
        {loaderData.rows.map((entry) => (
          <tr key={entry.id}>
            {/* data-label: on a phone each entry is a block of labelled parts (admin.css) */}
            <td className="admin-nowrap" data-label={t('admin.audit.when')}>
              {time.format(new Date(entry.createdAt))}
            </td>
            <td data-label={t('admin.audit.staff')}>{entry.staffName ?? t('admin.audit.system')}</td>
            <td data-label={t('admin.audit.action')}>
              <code>{entry.action}</code>
            </td>
            <td className="admin-nowrap" data-label={t('admin.audit.entity')}>
              {entry.entity}
              {entry.entityId && ` #${entry.entityId}`}
            </td>
            <td data-label={t('admin.audit.before')}>
              <pre className="admin-json">{json(entry.before)}</pre>
            </td>
            <td data-label={t('admin.audit.after')}>
              <pre className="admin-json">{json(entry.after)}</pre>
            </td>
          </tr>
        ))}
      </AdminTable>
      <AdminPager window={loaderData.window} path={adminPath('audit')} />
    </>
  );
}
