/**
 * The admin's audit log: every change made in the admin, with the staff member, the time and
 * the record before and after; refused attempts are recorded too ('access.denied').
 */
import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { Database, Queryable } from '#app/db/client.server.ts';
import { auditLog, staffUsers } from '#app/db/schema.ts';
import { type ListSort, listSortSpec } from '#app/lib/paging/list-sort.ts';
import { orderByOf } from '#app/lib/paging/list-sort.server.ts';
import { likeEscaped } from '#app/lib/paging/like-pattern.ts';
import { pageWindow } from '#app/lib/paging/page-window.ts';

export interface AuditEntry {
  staffId: number | null;
  /** What was done, as 'entity.verb': 'coupon.update', 'review.approve', 'staff.invite'. */
  action: string;
  /** The kind of record: 'coupon', 'review', 'staff', 'order'. */
  entity: string;
  entityId?: string | number | null;
  before?: unknown;
  after?: unknown;
}

/** Pass the transaction that made the change, so the entry and the change commit together. */
export async function recordAudit(db: Queryable, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    staffId: entry.staffId,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

export interface AuditFilters {
  staffId?: number;
  action?: string;
  entity?: string;
  entityId?: string;
  /** yyyy-mm-dd, inclusive */
  from?: string;
  /** yyyy-mm-dd, inclusive */
  to?: string;
}

export const auditPageSize = 50;
/** The columns the audit log sorts by; newest first unless asked. */
export const auditSort = listSortSpec(['when', 'staff', 'action', 'entity'], { key: 'when', direction: 'desc' });

export async function listAudit(
  db: Database,
  filters: AuditFilters,
  requestedPage: number,
  sort: ListSort<(typeof auditSort.keys)[number]> = auditSort.fallback,
) {
  const conditions: SQL[] = [];
  if (filters.staffId) conditions.push(eq(auditLog.staffId, filters.staffId));
  if (filters.action) conditions.push(sql`${auditLog.action} ilike ${`${likeEscaped(filters.action)}%`}`);
  if (filters.entity) conditions.push(eq(auditLog.entity, filters.entity));
  if (filters.entityId) conditions.push(eq(auditLog.entityId, filters.entityId));
  if (filters.from) conditions.push(gte(auditLog.createdAt, sql`${filters.from}::date`));
  if (filters.to) conditions.push(lt(auditLog.createdAt, sql`${filters.to}::date + 1`));
  const where = conditions.length ? and(...conditions) : undefined;
  const [total] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(auditLog)
    .where(where);
  const window = pageWindow(requestedPage, auditPageSize, total?.count ?? 0);
  const rows = await db
    .select({
      id: auditLog.id,
      createdAt: auditLog.createdAt,
      staffName: staffUsers.name,
      staffEmail: staffUsers.email,
      action: auditLog.action,
      entity: auditLog.entity,
      entityId: auditLog.entityId,
      before: auditLog.before,
      after: auditLog.after,
    })
    .from(auditLog)
    .leftJoin(staffUsers, eq(staffUsers.id, auditLog.staffId))
    .where(where)
    .orderBy(
      ...orderByOf(
        sort,
        {
          when: auditLog.id,
          staff: sql`lower(coalesce(${staffUsers.name}, ''))`,
          action: auditLog.action,
          entity: sql`(${auditLog.entity}, ${auditLog.entityId})`,
        },
        desc(auditLog.id),
      ),
    )
    .limit(auditPageSize)
    .offset(window.offset);
  return { rows, window };
}

/** The entity kinds present in the log, for the filter's options. */
export async function auditEntities(db: Database): Promise<string[]> {
  const rows = await db.selectDistinct({ entity: auditLog.entity }).from(auditLog).orderBy(auditLog.entity);
  return rows.map((row) => row.entity);
}
