import { useEffect } from 'react';
import { data, Link, redirect, useRevalidator } from 'react-router';
import type { Route } from './+types/import-job';
import { AdminActionForm } from '#app/components/admin/admin-action-form.tsx';
import { AdminPager, AdminTable, AdminTabs } from '#app/components/admin/admin-list.tsx';
import { AdminNotice, AdminPageHeader } from '#app/components/admin/admin-ui.tsx';
import { ImportStatusBadge } from '#app/components/admin/import-status.tsx';
import { servicesContext } from '#app/context.ts';
import { orUnavailable } from '#app/db/with-database.server.ts';
import { idOf, intentOf } from '#app/modules/admin/admin-forms.server.ts';
import { adminPath } from '#app/modules/admin/admin-paths.ts';
import { requireStaff } from '#app/modules/admin/require-staff.server.ts';
import { importJob, importJobRowsPage, queueImport, stopImport } from '#app/modules/catalogue-transfer/import-jobs.server.ts';
import { type RowError, rowOutcomes } from '#app/modules/catalogue-transfer/transfer-format.ts';
import { useI18n } from '#app/modules/i18n/i18n.tsx';
import { requestedPage } from '#app/lib/paging/page-window.ts';

/** How often the page asks for progress while the import runs. */
const progressPollMs = 1500;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireStaff(request, context, 'catalogue.write');
  const { db } = context.get(servicesContext);
  const id = idOf(params.jobId);
  const url = new URL(request.url);
  const requested = url.searchParams.get('outcome');
  const job = await orUnavailable(() => importJob(db, id));
  if (!job) throw data(null, { status: 404 });
  // Errors first: a file with errors shows them, a file without shows what would change.
  const outcome = rowOutcomes.find((candidate) => candidate === requested) ?? (requested === 'all' ? null : job.summary.error > 0 ? 'error' : null);
  const rows = await orUnavailable(() => importJobRowsPage(db, id, outcome, requestedPage(url)));
  return { job, outcome, ...rows };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const me = await requireStaff(request, context, 'catalogue.write');
  const { db } = context.get(servicesContext);
  const id = idOf(params.jobId);
  const intent = intentOf(await request.formData(), ['apply', 'stop'] as const);
  const done = await orUnavailable(() => (intent === 'apply' ? queueImport(db, me.id, id) : stopImport(db, me.id, id)));
  // The job moved on meanwhile (finished, already stopped): the page shows where it is.
  if (!done) return data({ ok: false as const }, { status: 409 });
  throw redirect(adminPath(`imports/${id}`));
}

export default function ImportJobPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { job, rows, window, outcome } = loaderData;
  const working = job.status === 'queued' || job.status === 'running';
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!working) return;
    const timer = setInterval(() => {
      if (revalidator.state === 'idle') void revalidator.revalidate();
    }, progressPollMs);
    return () => clearInterval(timer);
  }, [working, revalidator]);
  const path = adminPath(`imports/${job.id}`);
  const canApply = job.summary.error === 0 && job.rowsToApply > 0 && ['previewed', 'stopped', 'failed'].includes(job.status);
  return (
    <>
      <AdminPageHeader title={t('admin.imports.jobName', { id: job.id, file: job.fileName })}>
        <ImportStatusBadge status={job.status} />
      </AdminPageHeader>
      <p>
        <Link to={adminPath('imports')}>{t('admin.imports.back')}</Link>
      </p>
      {actionData && !actionData.ok && <AdminNotice tone="error">{t('admin.imports.moved')}</AdminNotice>}
      <section className="admin-panel" aria-labelledby="summary-heading">
        <h2 id="summary-heading">{t(job.status === 'previewed' ? 'admin.imports.dryRun' : 'admin.imports.result')}</h2>
        <dl className="admin-facts">
          <dt>{t('admin.imports.kind')}</dt>
          <dd>{t(`admin.imports.kinds.${job.kind}`)}</dd>
          {rowOutcomes.map((candidate) => (
            <div key={candidate} className="admin-facts__pair">
              <dt>{t(`admin.imports.outcomes.${candidate}`)}</dt>
              <dd>{job.summary[candidate]}</dd>
            </div>
          ))}
        </dl>
        {job.summary.error > 0 && <AdminNotice tone="error">{t('admin.imports.hasErrors', { count: job.summary.error })}</AdminNotice>}
        {job.summary.error === 0 && job.rowsToApply === 0 && <p>{t('admin.imports.nothingToApply')}</p>}
        {job.status !== 'previewed' && job.rowsToApply > 0 && (
          <div className="admin-progress" role="status" aria-live="polite">
            <label htmlFor="import-progress">{t('admin.imports.progress', { applied: job.appliedRows, total: job.rowsToApply })}</label>
            <progress id="import-progress" max={job.rowsToApply} value={job.appliedRows} />
          </div>
        )}
        {job.status === 'done' && <AdminNotice>{t('admin.imports.done', { count: job.appliedRows })}</AdminNotice>}
        {job.status === 'stopped' && <AdminNotice tone="error">{t('admin.imports.stopped', { applied: job.appliedRows, total: job.rowsToApply })}</AdminNotice>}
        {job.failure && job.status === 'failed' && (
          <AdminNotice tone="error">
            {t('admin.imports.failed', { from: job.failure.fromLine, to: job.failure.toLine, message: job.failure.message })}
          </AdminNotice>
        )}
        {working && job.stopRequested && <p>{t('admin.imports.stopping')}</p>}
        <div className="admin-actions">
          {canApply && (
            <AdminActionForm
              intent="apply"
              tone="primary"
              label={t(job.status === 'previewed' ? 'admin.imports.apply' : 'admin.imports.continue', { count: job.rowsToApply - job.appliedRows })}
            />
          )}
          {working && !job.stopRequested && <AdminActionForm intent="stop" tone="danger" label={t('admin.imports.stop')} />}
        </div>
      </section>
      <h2>{t('admin.imports.rowsTitle')}</h2>
      <AdminTabs
        label={t('admin.imports.rowsFilter')}
        tabs={[
          { to: `${path}?outcome=all`, label: t('admin.imports.allRows'), current: outcome === null },
          ...rowOutcomes.map((candidate) => ({
            to: `${path}?outcome=${candidate}`,
            label: `${t(`admin.imports.outcomes.${candidate}`)} (${job.summary[candidate]})`,
            current: outcome === candidate,
          })),
        ]}
      />
      <AdminTable
        caption={t('admin.imports.rowsTitle')}
        columns={[
          { label: t('admin.imports.line'), numeric: true },
          { label: t('admin.imports.sku') },
          { label: t('admin.imports.outcome') },
          { label: t('admin.imports.details') },
        ]}
        empty={rows.length === 0}
        emptyText={t('admin.imports.noRows')}
      >
        {rows.map((row) => (
          <tr key={row.line}>
            <td className="admin-number">{row.line}</td>
            <th scope="row">
              <code>{row.sku || '—'}</code>
            </th>
            <td>{t(`admin.imports.rowOutcomes.${row.outcome}`)}</td>
            <td>
              {row.outcome === 'error' ? (
                <ul className="admin-plain-list">
                  {(row.details as RowError[]).map((error, index) => (
                    <li key={index}>
                      <code>{error.field === 'row' ? t('admin.imports.wholeRow') : error.field}</code>: {t(`admin.imports.errors.${error.key}`, error.values)}
                    </li>
                  ))}
                </ul>
              ) : (
                (row.details as string[]).map((column) => <code key={column}>{column} </code>)
              )}
            </td>
          </tr>
        ))}
      </AdminTable>
      <AdminPager window={window} path={path} />
    </>
  );
}
