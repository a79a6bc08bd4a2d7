import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importJobRows, importJobs, products, productTranslations, productVariants, staffUsers } from '#app/db/schema.ts';
import { resolveCataloguePath } from '#app/modules/catalogue/resolve-path.server.ts';
import { catalogueCsvStream, catalogueXlsxStream } from '#app/modules/catalogue-transfer/catalogue-export.server.ts';
import { importJob, queueImport, stopImport } from '#app/modules/catalogue-transfer/import-jobs.server.ts';
import { importMaxBytes, previewImport } from '#app/modules/catalogue-transfer/import-preview.server.ts';
import { applyWrites, importBatchSize, resumeImportJobs, runImportJob } from '#app/modules/catalogue-transfer/import-runner.server.ts';
import { heldChangesNotifyEveryMs } from '#app/modules/catalogue/storefront-changes.server.ts';
import { importColumns, type ImportKind } from '#app/modules/catalogue-transfer/transfer-format.ts';
import { parseCsv } from '#app/lib/http/csv.ts';
import { readXlsx, type SheetCell, xlsxStream } from '#app/lib/http/xlsx.ts';
import { createLogger } from '#app/lib/observability/logger.server.ts';
import { createDemoDatabase, type TestDatabase, testDrivers } from '../support/database.ts';
import { countTurns } from '../support/event-loop-turns.ts';

const logger = createLogger('silent');

describe.each(testDrivers)('catalogue import and export on %s (issue 16)', (driver) => {
  let database: TestDatabase;
  let staffId: number;
  let variants: { id: number; sku: string; productId: number; stockQuantity: number; priceCents: number }[];

  /** The variants as they are now (earlier tests change some). */
  const currentVariants = () =>
    database.db
      .select({
        id: productVariants.id,
        sku: productVariants.sku,
        productId: productVariants.productId,
        stockQuantity: productVariants.stockQuantity,
        priceCents: productVariants.priceCents,
      })
      .from(productVariants)
      .orderBy(productVariants.id);

  beforeAll(async () => {
    database = await createDemoDatabase(driver, 0.05);
    const [staff] = await database.db.insert(staffUsers).values({ email: 'editor@example.com', name: 'Eddie', role: 'editor' }).returning();
    staffId = staff!.id;
    variants = await currentVariants();
  }, 120_000);
  afterAll(() => database?.destroy());

  const services = () => ({ db: database.db, logger });
  const bytes = (text: string) => new TextEncoder().encode(text);
  const preview = (kind: ImportKind, text: string) => previewImport(database.db, staffId, { kind, fileName: `${kind}.csv`, bytes: bytes(text) });
  const previewed = async (kind: ImportKind, text: string) => {
    const result = await preview(kind, text);
    if (!result.ok) throw new Error(`refused: ${JSON.stringify(result.error)}`);
    return result.jobId;
  };
  const rowsOf = (jobId: number) => database.db.select().from(importJobRows).where(eq(importJobRows.jobId, jobId)).orderBy(importJobRows.line);
  const stockOf = async (ids: number[]) =>
    Object.fromEntries(
      (
        await database.db.select({ id: productVariants.id, stock: productVariants.stockQuantity }).from(productVariants).where(inArray(productVariants.id, ids))
      ).map((row) => [row.id, row.stock]),
    );
  const exported = async (kind: ImportKind) =>
    new TextDecoder('utf-8', { ignoreBOM: true }).decode(await new Response(catalogueCsvStream(database.db, kind)).arrayBuffer());

  it('exports every variant in each format, and an export imported again changes nothing', async () => {
    for (const kind of ['stock', 'prices', 'products'] as const) {
      const text = await exported(kind);
      expect(text.startsWith('\uFEFF')).toBe(true);
      const parsed = parseCsv(text);
      expect(parsed.ok).toBe(true);
      if (!parsed.ok) return;
      expect(parsed.records).toHaveLength(variants.length);
      const jobId = await previewed(kind, text);
      const job = await importJob(database.db, jobId);
      expect(job?.summary).toEqual({ new: 0, changed: 0, unchanged: variants.length, error: 0 });
      expect(await queueImport(database.db, staffId, jobId)).toBe(false);
    }
  });

  const bytesOf = async (stream: ReadableStream<Uint8Array>) => new Uint8Array(await new Response(stream).arrayBuffer());

  it('exports the same rows as an Excel workbook, and the workbook imported again changes nothing', async () => {
    for (const kind of ['stock', 'prices', 'products'] as const) {
      const workbook = await bytesOf(catalogueXlsxStream(database.db, kind));
      const sheet = await readXlsx(workbook);
      const csv = parseCsv(await exported(kind));
      if (!sheet.ok || !csv.ok) throw new Error(`${kind}: not read`);
      expect(sheet.header).toEqual(importColumns[kind].columns);
      // Cell for cell what the CSV export holds (numbers as written, texts with their line breaks).
      expect(sheet.records).toEqual(csv.records.map((record, index) => ({ line: index + 2, cells: record.cells })));
      const result = await previewImport(database.db, staffId, { kind, fileName: `${kind}.xlsx`, bytes: workbook });
      if (!result.ok) throw new Error(`refused: ${JSON.stringify(result.error)}`);
      expect((await importJob(database.db, result.jobId))?.summary).toEqual({ new: 0, changed: 0, unchanged: variants.length, error: 0 });
    }
  });

  it('checks a workbook in the same dry run: each bad row with its sheet row and column, and will not apply it', async () => {
    variants = await currentVariants();
    const [a, b, c] = variants;
    const rows: SheetCell[][] = [[a!.sku, a!.stockQuantity + 3], [], ['NO-SUCH-SKU', 4], [b!.sku, -2], [c!.sku, '2.5']];
    let given = false;
    const workbook = await bytesOf(xlsxStream('stock', ['sku', 'quantity'], async () => (given ? null : ((given = true), rows))));
    const result = await previewImport(database.db, staffId, { kind: 'stock', fileName: 'stock.xlsx', bytes: workbook });
    if (!result.ok) throw new Error(`refused: ${JSON.stringify(result.error)}`);
    const jobId = result.jobId;
    // Row 3 of the sheet is empty: skipped, and the rows below keep their sheet row numbers.
    expect((await rowsOf(jobId)).map((row) => ({ line: row.line, outcome: row.outcome, details: row.details }))).toEqual([
      { line: 2, outcome: 'changed', details: ['quantity'] },
      { line: 4, outcome: 'error', details: [{ field: 'sku', key: 'unknownSku', values: { sku: 'NO-SUCH-SKU' } }] },
      { line: 5, outcome: 'error', details: [{ field: 'quantity', key: 'negativeStock' }] },
      { line: 6, outcome: 'error', details: [{ field: 'quantity', key: 'notAWholeNumber' }] },
    ]);
    expect(await queueImport(database.db, staffId, jobId)).toBe(false);
    // A zip that is no workbook, and a workbook with no header, are refused as files.
    const notWorkbook = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(await previewImport(database.db, staffId, { kind: 'stock', fileName: 'x.xlsx', bytes: notWorkbook })).toMatchObject({
      ok: false,
      error: { key: 'notXlsx' },
    });
    const headerOnly = await bytesOf(xlsxStream('stock', ['sku', 'quantity'], async () => null));
    expect(await previewImport(database.db, staffId, { kind: 'stock', fileName: 'x.xlsx', bytes: headerOnly })).toMatchObject({
      ok: false,
      error: { key: 'noRows' },
    });
  });

  it('streams the export in batches instead of building the file first', async () => {
    const reader = catalogueCsvStream(database.db, 'products').getReader();
    const header = await reader.read();
    const firstBatch = await reader.read();
    expect(new TextDecoder().decode(header.value)).toContain('product_sku');
    // The first batch holds the first 200 products' rows, not the catalogue.
    const lines = new TextDecoder().decode(firstBatch.value).split('\r\n').length - 1;
    expect(lines).toBeGreaterThan(0);
    expect(lines).toBeLessThan(variants.length);
    await reader.cancel();
  });

  it('shows what a stock file would change, then applies it in the background', async () => {
    const [a, b, c] = variants;
    const text = `sku,quantity\r\n${a!.sku},${a!.stockQuantity + 7}\r\n${b!.sku},0\r\n${c!.sku},${c!.stockQuantity}\r\n`;
    const jobId = await previewed('stock', text);
    const rows = await rowsOf(jobId);
    expect(rows.map((row) => [row.line, row.outcome])).toEqual([
      [2, 'changed'],
      [3, b!.stockQuantity === 0 ? 'unchanged' : 'changed'],
      [4, 'unchanged'],
    ]);
    expect(rows[0]!.details).toEqual(['quantity']);
    // The dry run changed nothing.
    expect((await stockOf([a!.id]))[a!.id]).toBe(a!.stockQuantity);
    expect(await queueImport(database.db, staffId, jobId)).toBe(true);
    expect(await runImportJob(services(), jobId)).toBe('done');
    expect(await stockOf([a!.id, b!.id])).toEqual({ [a!.id]: a!.stockQuantity + 7, [b!.id]: 0 });
    const job = await importJob(database.db, jobId);
    expect(job).toMatchObject({ status: 'done', appliedRows: job!.rowsToApply });
    // A second run finds nothing to claim.
    expect(await runImportJob(services(), jobId)).toBe('not-claimed');
  });

  it('refuses broken files with the reason and the line', async () => {
    expect(await preview('stock', `sku,quantity\r\n${variants[0]!.sku},"5\r\n`)).toMatchObject({ ok: false, error: { key: 'unclosedQuote', line: 2 } });
    expect(await preview('stock', `sku,quantity\r\nA"B,5\r\n`)).toMatchObject({ ok: false, error: { key: 'strayQuote', line: 2 } });
    expect(await preview('stock', `sku,amount\r\nX,5\r\n`)).toMatchObject({ ok: false, error: { key: 'unknownColumn', values: { column: 'amount' } } });
    expect(await preview('prices', `sku\r\nX\r\n`)).toMatchObject({ ok: false, error: { key: 'missingColumn', values: { column: 'price_eur' } } });
    expect(await preview('stock', 'sku,quantity\r\n')).toMatchObject({ ok: false, error: { key: 'noRows' } });
    expect(await previewImport(database.db, staffId, { kind: 'stock', fileName: 'x.csv', bytes: new Uint8Array([0x73, 0xff, 0xfe]) })).toMatchObject({
      ok: false,
      error: { key: 'notUtf8' },
    });
  });

  it('refuses a 50 MB file before reading it', async () => {
    const big = new Uint8Array(50 * 1024 * 1024);
    expect(big.byteLength).toBeGreaterThan(importMaxBytes);
    expect(await previewImport(database.db, staffId, { kind: 'stock', fileName: 'big.csv', bytes: big })).toMatchObject({
      ok: false,
      error: { key: 'tooLarge', values: { megabytes: 20 } },
    });
  });

  it('marks each bad row with its line, column and reason, and will not apply the file', async () => {
    const [a, b, c, d] = variants;
    const text = ['sku;price_eur', `${a!.sku};12,50`, 'NO-SUCH-SKU;3.00', `${b!.sku};-4.00`, `${c!.sku};1.250,00`, `${d!.sku};7.5`, `${a!.sku};13.00`].join(
      '\n',
    );
    const jobId = await previewed('prices', `\uFEFF${text}\n`);
    const rows = await rowsOf(jobId);
    expect(rows.map((row) => ({ line: row.line, outcome: row.outcome, details: row.details }))).toEqual([
      { line: 2, outcome: a!.priceCents === 1250 ? 'unchanged' : 'changed', details: a!.priceCents === 1250 ? [] : ['price_eur'] },
      { line: 3, outcome: 'error', details: [{ field: 'sku', key: 'unknownSku', values: { sku: 'NO-SUCH-SKU' } }] },
      { line: 4, outcome: 'error', details: [{ field: 'price_eur', key: 'negativePrice' }] },
      { line: 5, outcome: 'error', details: [{ field: 'price_eur', key: 'notAPrice', values: { value: '1.250,00' } }] },
      { line: 6, outcome: d!.priceCents === 750 ? 'unchanged' : 'changed', details: d!.priceCents === 750 ? [] : ['price_eur'] },
      { line: 7, outcome: 'error', details: [{ field: 'sku', key: 'repeatedSku', values: { line: 2 } }] },
    ]);
    expect(await queueImport(database.db, staffId, jobId)).toBe(false);
    const stock = ['sku,quantity', `${a!.sku},-3`, `${b!.sku},2.5`, `${c!.sku}`].join('\r\n');
    const stockRows = await rowsOf(await previewed('stock', stock));
    expect(stockRows.map((row) => row.details)).toEqual([
      [{ field: 'quantity', key: 'negativeStock' }],
      [{ field: 'quantity', key: 'notAWholeNumber' }],
      [{ field: 'row', key: 'cellCount', values: { cells: 1, columns: 2 } }],
    ]);
  });

  it('applies a failing batch not at all, and says which lines failed', async () => {
    variants = await currentVariants();
    const [first, second] = await database.db.select({ id: products.id, sku: products.sku }).from(products).orderBy(products.id).limit(2);
    const [firstVariant] = variants.filter((variant) => variant.productId === first!.id);
    const [secondVariant] = variants.filter((variant) => variant.productId === second!.id);
    const text = [
      'product_sku,variant_sku,stock,url_key:de-DE',
      `${first!.sku},${firstVariant!.sku},${firstVariant!.stockQuantity + 11},`,
      `${second!.sku},${secondVariant!.sku},,brand-new-key`,
    ].join('\r\n');
    const jobId = await previewed('products', text);
    expect((await importJob(database.db, jobId))?.summary).toEqual({ new: 0, changed: 2, unchanged: 0, error: 0 });
    // Between the dry run and the apply, another product takes the key: the batch fails whole.
    await database.db
      .update(productTranslations)
      .set({ urlKey: 'brand-new-key' })
      .where(sql`${productTranslations.productId} = ${first!.id} and ${productTranslations.locale} = 'de-DE'`);
    expect(await queueImport(database.db, staffId, jobId)).toBe(true);
    expect(await runImportJob(services(), jobId)).toBe('failed');
    expect((await stockOf([firstVariant!.id]))[firstVariant!.id]).toBe(firstVariant!.stockQuantity);
    const job = await importJob(database.db, jobId);
    expect(job).toMatchObject({ status: 'failed', appliedRows: 0, failure: { fromLine: 2, toLine: 3 } });
  });

  it('stops when asked, and a job left running by a stopped process resumes where it was', async () => {
    variants = await currentVariants();
    const many = variants.slice(0, importBatchSize + 20);
    const text = ['sku,quantity', ...many.map((variant) => `${variant.sku},${variant.stockQuantity + 100}`)].join('\n');
    const stopped = await previewed('stock', text);
    await queueImport(database.db, staffId, stopped);
    expect(await stopImport(database.db, staffId, stopped)).toBe(true);
    expect(await importJob(database.db, stopped)).toMatchObject({ status: 'stopped', appliedRows: 0 });
    expect(await runImportJob(services(), stopped)).toBe('not-claimed');

    // A process died after the first batch: the job says running, its lease has run out.
    const jobId = await previewed('stock', text);
    await queueImport(database.db, staffId, jobId);
    const firstBatch = many.slice(0, importBatchSize);
    await database.db.execute(
      sql`update product_variants set stock_quantity = stock_quantity + 100 where id in (${sql.join(
        firstBatch.map((variant) => sql`${variant.id}`),
        sql`, `,
      )})`,
    );
    await database.db
      .update(importJobs)
      .set({ status: 'running', cursorLine: importBatchSize + 1, appliedRows: importBatchSize, claimedUntil: sql`now() - interval '1 second'` })
      .where(eq(importJobs.id, jobId));
    let notifications = 0;
    const unlisten = await database.listen('storefront_change', () => (notifications += 1));
    expect(await resumeImportJobs(services())).toBe(1);
    const stock = await stockOf(many.map((variant) => variant.id));
    expect(many.every((variant) => stock[variant.id] === variant.stockQuantity + 100)).toBe(true);
    expect(await importJob(database.db, jobId)).toMatchObject({ status: 'done', appliedRows: many.length });
    await new Promise((resolve) => setTimeout(resolve, 200));
    await unlisten();
    // One batch, one transaction: at most one notification, however many variants changed.
    expect(notifications).toBeLessThanOrEqual(1);
  });

  it('empties the storefront caches once per batch, not once per row', async () => {
    const inStock = (await currentVariants()).filter((variant) => variant.stockQuantity > 0).slice(0, 30);
    const jobId = await previewed('stock', ['sku,quantity', ...inStock.map((variant) => `${variant.sku},0`)].join('\n'));
    await queueImport(database.db, staffId, jobId);
    const payloads: string[] = [];
    const unlisten = await database.listen('storefront_change', (payload) => payloads.push(payload));
    expect(await runImportJob(services(), jobId)).toBe('done');
    for (let attempt = 0; attempt < 40 && payloads.length === 0; attempt++) await new Promise((resolve) => setTimeout(resolve, 50));
    await new Promise((resolve) => setTimeout(resolve, 200));
    await unlisten();
    // 30 variants sold out in one batch: one notification, from the runner, naming the table and their products.
    expect(payloads).toHaveLength(1);
    const [table, ids] = payloads[0]!.split(';');
    expect(table).toBe('product_variants');
    expect(new Set(ids!.split(',').map(Number))).toEqual(new Set(inStock.map((variant) => variant.productId)));
  });

  it('tells the storefront of an import of several batches every few seconds, not once per batch (decision 0029)', async () => {
    // Every variant sells out or comes back: every batch changes what pages show.
    const all = await currentVariants();
    const batches = Math.ceil(all.length / importBatchSize);
    expect(batches).toBeGreaterThanOrEqual(2);
    const jobId = await previewed('stock', ['sku,quantity', ...all.map((variant) => `${variant.sku},${variant.stockQuantity > 0 ? 0 : 5}`)].join('\n'));
    await queueImport(database.db, staffId, jobId);
    let notifications = 0;
    const unlisten = await database.listen('storefront_change', () => notifications++);
    const started = performance.now();
    expect(await runImportJob(services(), jobId)).toBe('done');
    const tookMs = performance.now() - started;
    for (let attempt = 0; attempt < 40 && notifications === 0; attempt++) await new Promise((resolve) => setTimeout(resolve, 50));
    await new Promise((resolve) => setTimeout(resolve, 300));
    await unlisten();
    expect(notifications).toBeGreaterThanOrEqual(1);
    // One at the end, and one more for every interval the import ran past.
    expect(notifications).toBeLessThanOrEqual(1 + Math.floor(tookMs / heldChangesNotifyEveryMs));
    expect(notifications).toBeLessThan(batches);
  });

  it('lets waiting requests in between the statements of a batch, which stays one transaction', async () => {
    const batch = (await currentVariants()).slice(0, importBatchSize);
    let turns = 0;
    await database.db.transaction(async (tx) => {
      const stop = countTurns();
      await applyWrites(
        tx,
        batch.map((variant) => ({ variantId: variant.id, variant: { stock: variant.stockQuantity + 1 } })),
      );
      turns = stop();
    });
    expect(turns).toBeGreaterThanOrEqual(Math.ceil(batch.length / 100) - 1);
    expect(Object.values(await stockOf(batch.map((variant) => variant.id)))).toEqual(batch.map((variant) => variant.stockQuantity + 1));
  });

  it('tells nothing of an import that changes nothing pages show, and an admin edit still tells at once', async () => {
    const inStock = (await currentVariants()).filter((variant) => variant.stockQuantity > 0).slice(0, 30);
    const jobId = await previewed('stock', ['sku,quantity', ...inStock.map((variant) => `${variant.sku},${variant.stockQuantity + 1}`)].join('\n'));
    await queueImport(database.db, staffId, jobId);
    const payloads: string[] = [];
    const unlisten = await database.listen('storefront_change', (payload) => payloads.push(payload));
    expect(await runImportJob(services(), jobId)).toBe('done');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(payloads).toEqual([]);
    // The transaction-local setting did not outlive the import's transactions (one connection on PGlite).
    await database.db.update(productVariants).set({ stockQuantity: 0 }).where(eq(productVariants.id, inStock[0]!.id));
    for (let attempt = 0; attempt < 40 && payloads.length === 0; attempt++) await new Promise((resolve) => setTimeout(resolve, 50));
    await unlisten();
    expect(payloads).toEqual([`product_variants;${inStock[0]!.productId}`]);
  });

  it('changes a German name from a product file and finds it in German search', async () => {
    const [product] = await database.db.select({ id: products.id, sku: products.sku }).from(products).orderBy(products.id).limit(1);
    const [variant] = (await currentVariants()).filter((candidate) => candidate.productId === product!.id);
    const jobId = await previewed('products', `product_sku,variant_sku,name:de-DE\r\n${product!.sku},${variant!.sku},Importierte Kordel Zebra\r\n`);
    expect((await rowsOf(jobId))[0]).toMatchObject({ outcome: 'changed', details: ['name:de-DE'] });
    await queueImport(database.db, staffId, jobId);
    expect(await runImportJob(services(), jobId)).toBe('done');
    const found = await database.db.execute(sql`select title from search_documents where locale = 'de-DE' and kind = 'product' and ref_id = ${product!.id}`);
    expect((found as unknown as { rows: { title: string }[] }).rows[0]?.title).toBe('Importierte Kordel Zebra');
  });

  it('keeps the old address of a product whose URL key an import changes', async () => {
    const [product] = await database.db.select({ id: products.id, sku: products.sku }).from(products).orderBy(products.id).offset(2).limit(1);
    const [variant] = (await currentVariants()).filter((candidate) => candidate.productId === product!.id);
    const [before] = await database.db
      .select({ urlKey: productTranslations.urlKey })
      .from(productTranslations)
      .where(sql`${productTranslations.productId} = ${product!.id} and ${productTranslations.locale} = 'nl-NL'`);
    const jobId = await previewed('products', `product_sku,variant_sku,url_key:nl-NL\r\n${product!.sku},${variant!.sku},geimporteerd-koord\r\n`);
    await queueImport(database.db, staffId, jobId);
    expect(await runImportJob(services(), jobId)).toBe('done');
    expect(await resolveCataloguePath(database.db, 'nl-NL', before!.urlKey)).toEqual({
      type: 'REDIRECT',
      redirectCode: 301,
      relativeUrl: '/nl-nl/geimporteerd-koord',
    });
    expect(await resolveCataloguePath(database.db, 'nl-NL', 'geimporteerd-koord')).toMatchObject({ type: 'PRODUCT', id: product!.id });
  });
});
