/** Reading and steering import jobs from the admin (issue 16): list, one job's rows, apply, stop. */
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '#app/db/client.server.ts';
import { importJobRows, importJobs, staffUsers } from '#app/db/schema.ts';
import { recordAudit } from '#app/lib/observability/audit.server.ts';
import { pageOfRows } from '#app/lib/paging/page-window.ts';
import type { RowOutcome } from './transfer-format.ts';

const rowsPerPage = 50;

export async function recentImportJobs(db: Database, limit = 20) {
  return db
    .select({
      id: importJobs.id,
      kind: importJobs.kind,
      status: importJobs.status,
      fileName: importJobs.fileName,
      summary: importJobs.summary,
      createdAt: importJobs.createdAt,
      staffName: staffUsers.name,
    })
    .from(importJobs)
    .leftJoin(staffUsers, eq(staffUsers.id, importJobs.staffId))
    .orderBy(desc(importJobs.id))
    .limit(limit);
}

export async function importJob(db: Database, id: number) {
  const [job] = await db
    .select({
      id: importJobs.id,
      kind: importJobs.kind,
      status: importJobs.status,
      fileName: importJobs.fileName,
      summary: importJobs.summary,
      rowsToApply: importJobs.rowsToApply,
      appliedRows: importJobs.appliedRows,
      stopRequested: importJobs.stopRequested,
      error: importJobs.error,
      createdAt: importJobs.createdAt,
      finishedAt: importJobs.finishedAt,
    })
    .from(importJobs)
    .where(eq(importJobs.id, id));
  if (!job) return null;
  const failure = job.error ? (JSON.parse(job.error) as { fromLine: number; toLine: number; message: string }) : null;
  return { ...job, failure };
}

/** One page of a job's rows, errors first when the job has any, else in file order. */
export async function importJobRowsPage(db: Database, id: number, outcome: RowOutcome | null, page: number) {
  const where = and(eq(importJobRows.jobId, id), outcome ? eq(importJobRows.outcome, outcome) : undefined);
  return pageOfRows(page, rowsPerPage, db.select({ count: count() }).from(importJobRows).where(where), (window) =>
    db
      .select({ line: importJobRows.line, sku: importJobRows.sku, outcome: importJobRows.outcome, details: importJobRows.details })
      .from(importJobRows)
      .where(where)
      .orderBy(importJobRows.line)
      .limit(rowsPerPage)
      .offset(window.offset),
  );
}

/**
 * "Apply": queues a previewed job without errors (or a stopped or failed one, which continues
 * after its last applied batch). False when the job is not in such a state.
 */
export async function queueImport(db: Database, staffId: number, id: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [queued] = await tx
      .update(importJobs)
      .set({ status: 'queued', stopRequested: false, error: null, finishedAt: null, claimedUntil: null })
      .where(
        and(
          eq(importJobs.id, id),
          inArray(importJobs.status, ['previewed', 'stopped', 'failed']),
          sql`(${importJobs.summary}->>'error')::int = 0`,
          sql`${importJobs.rowsToApply} > 0`,
        ),
      )
      .returning({ id: importJobs.id });
    if (!queued) return false;
    await recordAudit(tx, { staffId, action: 'import.apply', entity: 'import', entityId: id });
    return true;
  });
}

/** "Stop": a waiting job stops at once, a running one after its current batch. */
export async function stopImport(db: Database, staffId: number, id: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [stopped] = await tx
      .update(importJobs)
      .set({ stopRequested: true, status: sql`case when ${importJobs.status} = 'queued' then 'stopped' else ${importJobs.status} end` })
      .where(and(eq(importJobs.id, id), inArray(importJobs.status, ['queued', 'running'])))
      .returning({ id: importJobs.id });
    if (!stopped) return false;
    await recordAudit(tx, { staffId, action: 'import.stop', entity: 'import', entityId: id });
    return true;
  });
}
