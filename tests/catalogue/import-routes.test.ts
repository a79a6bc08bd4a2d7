/** The import and export pages over their loaders and actions (issue 16): roles, upload, apply. */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, productVariants } from '#app/db/schema.ts';
import type { StaffRole } from '#app/modules/admin/permissions.ts';
import type { StaffMember } from '#app/modules/admin/staff-session.server.ts';
import { runImportJob } from '#app/modules/catalogue-transfer/import-runner.server.ts';
import { createLogger } from '#app/lib/observability/logger.server.ts';
import { readXlsx } from '#app/lib/http/xlsx.ts';
import * as exportRoute from '#app/routes/admin/imports/catalogue-export.ts';
import * as jobRoute from '#app/routes/admin/imports/import-job.tsx';
import * as importsRoute from '#app/routes/admin/imports/imports.tsx';
import { adminContext, adminUrl, callRoute, createProductWithReview, createStaff, loggedIn } from '../admin/admin-support.ts';
import { createTestDatabase, type TestDatabase, testDrivers } from '../support/database.ts';

describe.each(testDrivers)('import and export pages on %s (issue 16)', (driver) => {
  let database: TestDatabase;
  const staff = {} as Record<StaffRole, StaffMember>;
  let product: Awaited<ReturnType<typeof createProductWithReview>>;

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    for (const role of ['owner', 'manager', 'editor', 'support'] as const) staff[role] = await loggedIn(database.db, await createStaff(database.db, role));
    product = await createProductWithReview(database.db, 4);
  }, 60_000);
  afterAll(() => database?.destroy());

  /** Posts a file the way the upload form does (multipart). */
  const upload = async (member: StaffMember, kind: string, text: string | Uint8Array<ArrayBuffer>) => {
    const form = new FormData();
    form.set('kind', kind);
    form.set('file', new File([text], 'warehouse.csv', { type: 'text/csv' }));
    const request = new Request(adminUrl('imports'), { method: 'POST', body: form });
    try {
      const answer = (await importsRoute.action({ request, params: {}, context: adminContext(database.db, member) } as never)) as unknown as {
        data: { fieldErrors: Record<string, { key: string; values?: unknown }> };
        init: ResponseInit;
      };
      return { status: answer.init.status, errors: answer.data.fieldErrors, location: null };
    } catch (thrown) {
      if (thrown instanceof Response) return { status: thrown.status, errors: null, location: thrown.headers.get('location') };
      return { status: (thrown as { init?: ResponseInit }).init?.status ?? 500, errors: null, location: null };
    }
  };

  it('lets owners, managers and editors in, and refuses support with a 403 that is logged', async () => {
    for (const role of ['owner', 'manager', 'editor'] as const)
      expect((await callRoute(importsRoute.loader, { db: database.db, staff: staff[role], path: 'imports' })).status).toBe(200);
    expect((await callRoute(importsRoute.loader, { db: database.db, staff: staff.support, path: 'imports' })).status).toBe(403);
    expect((await callRoute(exportRoute.loader, { db: database.db, staff: staff.support, path: 'catalogue-export.csv' })).status).toBe(403);
    expect((await callRoute(exportRoute.loader, { db: database.db, staff: staff.support, path: 'catalogue-export.xlsx' })).status).toBe(403);
    expect((await upload(staff.support, 'stock', `sku,quantity\n${product.sku}-1,0\n`)).status).toBe(403);
    expect(
      (await callRoute(jobRoute.action, { db: database.db, staff: staff.support, path: 'imports/1', params: { jobId: '1' }, form: { intent: 'apply' } }))
        .status,
    ).toBe(403);
    const denied = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.staffId, staff.support.id), eq(auditLog.action, 'access.denied')));
    expect(denied.length).toBe(5);
  });

  it('streams the export as a CSV download', async () => {
    const request = new Request(`${adminUrl('catalogue-export.csv')}?kind=stock`);
    const response = (await exportRoute.loader({ request, params: {}, context: adminContext(database.db, staff.editor) } as never)) as Response;
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const text = await response.text();
    expect(text).toContain(`sku,quantity\r\n`);
    expect(text).toContain(`${product.sku}-1,4\r\n`);
  });

  it('streams the export as an Excel download, and takes the workbook back as an upload', async () => {
    const request = new Request(`${adminUrl('catalogue-export.xlsx')}?kind=stock`);
    const response = (await exportRoute.loader({ request, params: {}, context: adminContext(database.db, staff.editor) } as never)) as Response;
    expect(response.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="stock-\d{4}-\d{2}-\d{2}\.xlsx"$/);
    const workbook = new Uint8Array(await response.arrayBuffer());
    const sheet = await readXlsx(workbook);
    expect(sheet).toMatchObject({ ok: true, header: ['sku', 'quantity'] });
    expect(sheet.ok && sheet.records.find((record) => record.cells[0] === `${product.sku}-1`)?.cells).toEqual([`${product.sku}-1`, '4']);
    const checked = await upload(staff.editor, 'stock', workbook);
    expect(checked.status).toBe(302);
    const jobId = checked.location!.split('/').at(-1)!;
    const page = await callRoute(jobRoute.loader, { db: database.db, staff: staff.editor, path: `imports/${jobId}`, params: { jobId } });
    expect(page.data).toMatchObject({ job: { status: 'previewed', summary: { new: 0, changed: 0, error: 0 } } });
  });

  it('checks an upload, applies it on request and answers clear errors for a bad file', async () => {
    const checked = await upload(staff.editor, 'stock', `\uFEFFsku;quantity\r\n${product.sku}-1;0\r\n`);
    expect(checked.status).toBe(302);
    const jobId = checked.location!.split('/').at(-1)!;
    const page = await callRoute(jobRoute.loader, { db: database.db, staff: staff.editor, path: `imports/${jobId}`, params: { jobId } });
    expect(page.data).toMatchObject({
      job: { status: 'previewed', summary: { changed: 1, error: 0 } },
      rows: [{ line: 2, outcome: 'changed', details: ['quantity'] }],
    });
    expect(
      (await callRoute(jobRoute.action, { db: database.db, staff: staff.editor, path: `imports/${jobId}`, params: { jobId }, form: { intent: 'apply' } }))
        .status,
    ).toBe(302);
    expect(await runImportJob({ db: database.db, logger: createLogger('silent') }, Number(jobId))).toBe('done');
    const [variant] = await database.db.select({ stock: productVariants.stockQuantity }).from(productVariants).where(eq(productVariants.id, product.variantId));
    expect(variant?.stock).toBe(0);
    // Applying twice is refused: the job has moved on.
    expect(
      (await callRoute(jobRoute.action, { db: database.db, staff: staff.editor, path: `imports/${jobId}`, params: { jobId }, form: { intent: 'apply' } }))
        .status,
    ).toBe(409);

    const tooLarge = await upload(staff.editor, 'stock', new Uint8Array(21 * 1024 * 1024));
    expect(tooLarge).toMatchObject({ status: 400, errors: { file: { key: 'admin.imports.errors.tooLarge', values: { megabytes: 20 } } } });
    expect(await upload(staff.editor, 'stock', 'sku,quantity\n"A,5\n')).toMatchObject({
      status: 400,
      errors: { file: { key: 'admin.imports.errors.unclosedQuote', values: { line: 2 } } },
    });
    expect(await upload(staff.editor, 'everything', 'sku,quantity\nA,5\n')).toMatchObject({
      status: 400,
      errors: { kind: { key: 'admin.imports.errors.chooseKind' } },
    });
  });
});
