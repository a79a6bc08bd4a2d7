import { data, Form, Link, redirect, useNavigation } from 'react-router';
import type { Route } from './+types/imports';
import { AdminTable } from '#app/components/admin/admin-list.tsx';
import { AdminPageHeader } from '#app/components/admin/admin-ui.tsx';
import { ImportStatusBadge } from '#app/components/admin/import-status.tsx';
import { CsrfField, FieldMessage, FormAlert } from '#app/components/forms/form-fields.tsx';
import { servicesContext } from '#app/context.ts';
import { orUnavailable } from '#app/db/with-database.server.ts';
import { adminPath } from '#app/modules/admin/admin-paths.ts';
import { requireStaff } from '#app/modules/admin/require-staff.server.ts';
import { recentImportJobs } from '#app/modules/catalogue-transfer/import-jobs.server.ts';
import { importMaxBytes, previewImport } from '#app/modules/catalogue-transfer/import-preview.server.ts';
import { importKinds, type ImportKind } from '#app/modules/catalogue-transfer/transfer-format.ts';
import type { FieldError } from '#app/lib/forms/field-errors.ts';
import { useI18n } from '#app/modules/i18n/i18n.tsx';

/** Imports and exports of the catalogue: downloads, the upload with its dry run, recent imports. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, 'catalogue.write');
  const { db } = context.get(servicesContext);
  return { jobs: await orUnavailable(() => recentImportJobs(db)), maxMegabytes: importMaxBytes / 1024 / 1024 };
}

type UploadFailure = { ok: false; kind: string; fieldErrors: { kind?: FieldError; file?: FieldError } };

const failure = (kind: string, fieldErrors: UploadFailure['fieldErrors']) => data<UploadFailure>({ ok: false, kind, fieldErrors }, { status: 400 });
const errorKey = (key: string) => `admin.imports.errors.${key}`;

/** The upload: checked in a dry run, then shown on the job's page, where it can be applied. */
export async function action({ request, context }: Route.ActionArgs) {
  const me = await requireStaff(request, context, 'catalogue.write');
  // A file over the limit is refused on its announced size, before it is read.
  const announced = Number(request.headers.get('content-length') ?? 0);
  if (announced > importMaxBytes + 64 * 1024) return failure('', { file: { key: errorKey('tooLarge'), values: { megabytes: importMaxBytes / 1024 / 1024 } } });
  const form = await request.formData();
  const kind = String(form.get('kind') ?? '');
  if (!(importKinds as readonly string[]).includes(kind)) return failure(kind, { kind: { key: errorKey('chooseKind') } });
  const file = form.get('file');
  if (!(file instanceof File) || (file.size === 0 && file.name === '')) return failure(kind, { file: { key: errorKey('chooseFile') } });
  const { db } = context.get(servicesContext);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const result = await orUnavailable(() => previewImport(db, me.id, { kind: kind as ImportKind, fileName: file.name || 'import.csv', bytes }));
  if (!result.ok) return failure(kind, { file: { key: errorKey(result.error.key), values: result.error.values } });
  throw redirect(adminPath(`imports/${result.jobId}`));
}

export default function ImportsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const navigation = useNavigation();
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const errors = actionData?.fieldErrors;
  const fileDescribedBy = `import-file-hint${errors?.file ? ' import-file-error' : ''}`;
  return (
    <>
      <AdminPageHeader title={t('admin.imports.title')} />
      <section className="admin-panel" aria-labelledby="export-heading">
        <h2 id="export-heading">{t('admin.imports.exportTitle')}</h2>
        <p className="admin-muted">{t('admin.imports.exportIntro')}</p>
        <ul className="admin-links">
          {importKinds.map((kind) => (
            <li key={kind}>
              <a href={`${adminPath('catalogue-export.csv')}?kind=${kind}`} download>
                {t(`admin.imports.exportKinds.${kind}`)}
              </a>{' '}
              (
              <a href={`${adminPath('catalogue-export.xlsx')}?kind=${kind}`} download>
                <span className="visually-hidden">{t(`admin.imports.kinds.${kind}`)}: </span>
                {t('admin.imports.xlsxLink')}
              </a>
              )
            </li>
          ))}
        </ul>
      </section>
      <section className="admin-panel" aria-labelledby="upload-heading">
        <h2 id="upload-heading">{t('admin.imports.uploadTitle')}</h2>
        <p className="admin-muted">{t('admin.imports.uploadIntro')}</p>
        {errors && <FormAlert error={{ key: 'admin.imports.notChecked' }} />}
        <Form method="post" encType="multipart/form-data" noValidate className="admin-form">
          <CsrfField />
          <fieldset className="admin-fieldset">
            <legend>{t('admin.imports.kind')}</legend>
            {importKinds.map((kind) => (
              <div key={kind} className="form-field form-field--checkbox">
                <input
                  id={`import-kind-${kind}`}
                  type="radio"
                  name="kind"
                  value={kind}
                  defaultChecked={(actionData?.kind || 'stock') === kind}
                  aria-describedby={`import-kind-${kind}-hint`}
                />
                <label htmlFor={`import-kind-${kind}`}>
                  {t(`admin.imports.kinds.${kind}`)}
                  <span id={`import-kind-${kind}-hint`} className="form-field__hint">
                    {' '}
                    {t(`admin.imports.kindHints.${kind}`)}
                  </span>
                </label>
              </div>
            ))}
            <FieldMessage id="import-kind-error" error={errors?.kind} />
          </fieldset>
          <div className="form-field">
            <label htmlFor="import-file">{t('admin.imports.file')}</label>
            <input
              id="import-file"
              name="file"
              type="file"
              accept=".csv,text/csv,.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              aria-invalid={errors?.file ? true : undefined}
              aria-describedby={fileDescribedBy}
            />
            <p id="import-file-hint" className="form-field__hint">
              {t('admin.imports.fileHint', { megabytes: loaderData.maxMegabytes })}
            </p>
            <FieldMessage id="import-file-error" error={errors?.file} />
          </div>
          <div>
            <button type="submit" className="button admin-button button--primary" disabled={navigation.state === 'submitting'}>
              {t('admin.imports.check')}
            </button>
          </div>
        </Form>
      </section>
      <h2>{t('admin.imports.recent')}</h2>
      <AdminTable
        caption={t('admin.imports.recent')}
        columns={[
          { label: t('admin.imports.fileColumn') },
          { label: t('admin.imports.kind'), className: 'admin-wide' },
          { label: t('admin.imports.status') },
          { label: t('admin.imports.rows'), className: 'admin-wide' },
          { label: t('admin.imports.created'), className: 'admin-wide' },
        ]}
        empty={loaderData.jobs.length === 0}
        emptyText={t('admin.imports.none')}
      >
        {loaderData.jobs.map((job) => (
          <tr key={job.id}>
            <th scope="row">
              <Link to={adminPath(`imports/${job.id}`)}>{t('admin.imports.jobName', { id: job.id, file: job.fileName })}</Link>
            </th>
            <td className="admin-wide">{t(`admin.imports.kinds.${job.kind}`)}</td>
            <td>
              <ImportStatusBadge status={job.status} />
            </td>
            <td className="admin-wide">{t('admin.imports.summaryShort', job.summary)}</td>
            <td className="admin-wide admin-nowrap">
              {date.format(new Date(job.createdAt))}
              {job.staffName && ` · ${job.staffName}`}
            </td>
          </tr>
        ))}
      </AdminTable>
    </>
  );
}
