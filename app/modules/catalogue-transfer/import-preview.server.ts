/**
 * The dry run of an import (issue 16): reads the uploaded CSV or XLSX, checks every row against the
 * catalogue and stores the verdict per row (new, changed, unchanged, error with the line and the
 * column) with what applying would write. Nothing in the catalogue changes here; a file with any
 * error cannot be applied, so a correction means a new upload, never a half-applied file.
 */
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '#app/db/client.server.ts';
import { importJobRows, importJobs } from '#app/db/schema.ts';
import { recordAudit } from '#app/lib/observability/audit.server.ts';
import { type CsvRecord, parseCsv } from '#app/lib/http/csv.ts';
import { looksLikeZip, readXlsx } from '#app/lib/http/xlsx.ts';
import { localeCodes, type LocaleCode } from '#app/modules/i18n/locales.ts';
import { checkHeader, type ImportKind, type ImportRow, readRow, type RowError, type RowOutcome, textColumn, type Tier } from './transfer-format.ts';

/** Larger files are refused before they are read: a full export of the demo shop is ~8 MB. */
export const importMaxBytes = 20 * 1024 * 1024;

const lookupChunk = 1000;
const insertChunk = 500;

/** What the runner writes for one row (see import-apply.server.ts). */
export interface RowWrites {
  variantId: number;
  variant?: { priceCents?: number; stock?: number; weightGrams?: number; isActive?: boolean };
  tiers?: Tier[];
  product?: { id: number; isActive: boolean };
  /** previousUrlKey: the key a changed URL key replaces, kept working with a 301. */
  texts?: { productId: number; locale: LocaleCode; name: string; urlKey: string; description: string; previousUrlKey?: string }[];
}

type PreviewError = RowError & { line?: number };
export type PreviewResult = { ok: true; jobId: number } | { ok: false; error: PreviewError };

interface StoredVariant {
  id: number;
  sku: string;
  productId: number;
  productSku: string;
  priceCents: number;
  stock: number;
  weightGrams: number;
  variantActive: boolean;
  productActive: boolean;
  tiers: Tier[];
}

interface StoredText {
  productId: number;
  locale: LocaleCode;
  name: string;
  urlKey: string;
  description: string;
}

const jsonParam = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;

function chunks<T>(list: T[], size: number): T[][] {
  const result: T[][] = [];
  for (let index = 0; index < list.length; index += size) result.push(list.slice(index, index + size));
  return result;
}

async function storedVariants(db: Database, skus: string[]): Promise<Map<string, StoredVariant>> {
  const found = new Map<string, StoredVariant>();
  for (const chunk of chunks(skus, lookupChunk)) {
    const rows = await queryRows<StoredVariant>(
      db,
      sql`select v.id, v.sku, v.product_id as "productId", p.sku as "productSku", v.price_cents as "priceCents", v.stock_quantity as "stock",
            v.weight_grams as "weightGrams", v.is_active as "variantActive", p.is_active as "productActive",
            coalesce((select json_agg(json_build_object('minQuantity', t.min_quantity, 'unitPriceCents', t.unit_price_cents) order by t.min_quantity)
                      from price_tiers t where t.variant_id = v.id), '[]'::json) as tiers
          from product_variants v join products p on p.id = v.product_id
          where v.sku in (select jsonb_array_elements_text(${jsonParam(chunk)}))`,
    );
    for (const row of rows) found.set(row.sku, row);
  }
  return found;
}

async function storedTexts(db: Database, productIds: number[]): Promise<Map<string, StoredText>> {
  const found = new Map<string, StoredText>();
  for (const chunk of chunks(productIds, lookupChunk)) {
    const rows = await queryRows<StoredText>(
      db,
      sql`select product_id as "productId", locale, name, url_key as "urlKey", description from product_translations
          where product_id in (select (jsonb_array_elements_text(${jsonParam(chunk)}))::int)`,
    );
    for (const row of rows) found.set(`${row.productId}:${row.locale}`, row);
  }
  return found;
}

/** URL keys the import would give a product that another product already has in that locale. */
async function takenUrlKeys(db: Database, wanted: { productId: number; locale: string; urlKey: string }[]): Promise<Set<string>> {
  const taken = new Set<string>();
  for (const chunk of chunks(wanted, lookupChunk)) {
    const rows = await queryRows<{ productId: number; locale: string }>(
      db,
      sql`select d.product_id as "productId", d.locale from product_translations pt
          join jsonb_to_recordset(${jsonParam(chunk.map((item) => ({ product_id: item.productId, locale: item.locale, url_key: item.urlKey })))}) as d(product_id int, locale text, url_key text)
            on pt.locale = d.locale and pt.url_key = d.url_key and pt.product_id <> d.product_id`,
    );
    for (const row of rows) taken.add(`${row.productId}:${row.locale}`);
  }
  return taken;
}

const sameTiers = (a: Tier[], b: Tier[]) =>
  a.length === b.length && a.every((tier, index) => tier.minQuantity === b[index]!.minQuantity && tier.unitPriceCents === b[index]!.unitPriceCents);

interface Verdict {
  line: number;
  sku: string;
  outcome: RowOutcome;
  details: string[] | RowError[];
  writes: RowWrites | null;
}

/** Compares one row with what is stored: the changed columns and the writes, or errors. */
function judgeRow(
  kind: ImportKind,
  row: ImportRow,
  stored: StoredVariant,
  texts: Map<string, StoredText>,
  productOwner: Map<number, ImportRow>,
): { errors: RowError[]; changed: string[]; isNew: boolean; writes: RowWrites } {
  const errors: RowError[] = [];
  const changed: string[] = [];
  const writes: RowWrites = { variantId: stored.id };
  const variant: NonNullable<RowWrites['variant']> = {};
  const differs = <Value>(given: Value | undefined, stored: Value, column: string) => {
    const different = given !== undefined && given !== stored;
    if (different) changed.push(column);
    return different;
  };
  if (differs(row.priceCents, stored.priceCents, 'price_eur')) variant.priceCents = row.priceCents;
  if (differs(row.stock, stored.stock, kind === 'stock' ? 'quantity' : 'stock')) variant.stock = row.stock;
  if (differs(row.weightGrams, stored.weightGrams, 'weight_grams')) variant.weightGrams = row.weightGrams;
  if (differs(row.variantActive, stored.variantActive, 'variant_active')) variant.isActive = row.variantActive;
  if (Object.keys(variant).length > 0) writes.variant = variant;
  if (row.tiers !== undefined && !sameTiers(row.tiers, stored.tiers)) {
    writes.tiers = row.tiers;
    changed.push('tier_prices');
  }
  let isNew = false;
  if (kind !== 'products') return { errors, changed, isNew, writes };

  if (row.productSku !== stored.productSku) errors.push({ field: 'product_sku', key: 'otherProduct', values: { product: stored.productSku } });
  // The product's own columns count once per product: on its first row in the file.
  const owner = productOwner.get(stored.productId);
  const hasProductColumns = row.productActive !== undefined || row.texts !== undefined;
  if (owner && owner !== row) {
    if (hasProductColumns) errors.push({ field: 'product_sku', key: 'productColumnsTwice', values: { line: owner.line } });
    return { errors, changed, isNew, writes };
  }
  productOwner.set(stored.productId, row);
  if (differs(row.productActive, stored.productActive, 'product_active')) writes.product = { id: stored.productId, isActive: row.productActive! };
  const textWrites: NonNullable<RowWrites['texts']> = [];
  for (const locale of localeCodes) {
    const given = row.texts?.[locale];
    if (!given) continue;
    const current = texts.get(`${stored.productId}:${locale}`);
    if (!current && (!given.name || !given.urlKey)) {
      errors.push({ field: textColumn(given.name ? 'url_key' : 'name', locale), key: 'newTextNeedsNameAndKey' });
      continue;
    }
    const next = {
      productId: stored.productId,
      locale,
      name: given.name ?? current!.name,
      urlKey: given.urlKey ?? current!.urlKey,
      description: given.description ?? current?.description ?? '',
    };
    const fieldsChanged = (['name', 'urlKey', 'description'] as const).filter((field) => !current || next[field] !== current[field]);
    if (fieldsChanged.length === 0) continue;
    if (!current) isNew = true;
    for (const field of fieldsChanged) changed.push(textColumn(field === 'urlKey' ? 'url_key' : field, locale));
    textWrites.push(current && current.urlKey !== next.urlKey ? { ...next, previousUrlKey: current.urlKey } : next);
  }
  if (textWrites.length > 0) writes.texts = textWrites;
  return { errors, changed, isNew, writes };
}

/**
 * The upload's header and records, whatever it is: a workbook (its first sheet, lines being the
 * sheet's row numbers) or CSV text. Both go through the same checks from here on.
 */
async function readUpload(bytes: Uint8Array): Promise<{ ok: true; header: string[]; records: CsvRecord[] } | { ok: false; error: PreviewError }> {
  if (looksLikeZip(bytes)) {
    const sheet = await readXlsx(bytes);
    return sheet.ok ? sheet : { ok: false, error: { field: 'file', key: sheet.reason === 'empty' ? 'emptyFile' : 'notXlsx' } };
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return { ok: false, error: { field: 'file', key: 'notUtf8' } };
  }
  const parsed = parseCsv(text);
  if (parsed.ok) return parsed;
  return {
    ok: false,
    error: {
      field: 'file',
      key: parsed.reason === 'empty' ? 'emptyFile' : parsed.reason === 'unclosed-quote' ? 'unclosedQuote' : 'strayQuote',
      values: { line: parsed.line },
      line: parsed.line,
    },
  };
}

/** Reads, checks and stores the dry run of one upload; the job waits for "apply" as 'previewed'. */
export async function previewImport(db: Database, staffId: number, upload: { kind: ImportKind; fileName: string; bytes: Uint8Array }): Promise<PreviewResult> {
  if (upload.bytes.byteLength > importMaxBytes)
    return { ok: false, error: { field: 'file', key: 'tooLarge', values: { megabytes: importMaxBytes / 1024 / 1024 } } };
  if (upload.bytes.byteLength === 0) return { ok: false, error: { field: 'file', key: 'emptyFile' } };
  const parsed = await readUpload(upload.bytes);
  if (!parsed.ok) return parsed;
  const header = checkHeader(upload.kind, parsed.header);
  if (!header.ok) return { ok: false, error: { ...header.error, line: 1 } };
  if (parsed.records.length === 0) return { ok: false, error: { field: 'file', key: 'noRows' } };

  const read = parsed.records.map((record) => readRow(upload.kind, header.columns, record.line, record.cells));
  const variants = await storedVariants(db, [...new Set(read.map(({ row }) => row.sku).filter(Boolean))]);
  const productIds = upload.kind === 'products' ? [...new Set([...variants.values()].map((variant) => variant.productId))] : [];
  const texts = await storedTexts(db, productIds);

  const firstLineOfSku = new Map<string, number>();
  const productOwner = new Map<number, ImportRow>();
  const verdicts: Verdict[] = read.map(({ row, errors }) => {
    const verdict = (outcome: RowOutcome, details: Verdict['details'], writes: RowWrites | null = null): Verdict => ({
      line: row.line,
      sku: row.sku,
      outcome,
      details,
      writes,
    });
    const skuField = upload.kind === 'products' ? 'variant_sku' : 'sku';
    if (row.sku) {
      const earlier = firstLineOfSku.get(row.sku);
      if (earlier !== undefined) errors.push({ field: skuField, key: 'repeatedSku', values: { line: earlier } });
      else firstLineOfSku.set(row.sku, row.line);
    }
    const stored = row.sku ? variants.get(row.sku) : undefined;
    if (row.sku && !stored) errors.push({ field: skuField, key: 'unknownSku', values: { sku: row.sku } });
    if (errors.length > 0 || !stored) return verdict('error', errors);
    const judged = judgeRow(upload.kind, row, stored, texts, productOwner);
    if (judged.errors.length > 0) return verdict('error', judged.errors);
    if (judged.changed.length === 0) return verdict('unchanged', []);
    return verdict(judged.isNew ? 'new' : 'changed', judged.changed, judged.writes);
  });

  // Two rows (or a row and another product) may not end with the same URL key in one locale.
  const wantedKeys = verdicts.flatMap(
    (verdict) =>
      verdict.writes?.texts
        ?.filter((text) => text.urlKey !== texts.get(`${text.productId}:${text.locale}`)?.urlKey)
        .map((text) => ({ ...text, line: verdict.line })) ?? [],
  );
  const taken = await takenUrlKeys(db, wantedKeys);
  const keyLines = new Map<string, number>();
  const verdictOfLine = new Map(verdicts.map((verdict) => [verdict.line, verdict]));
  for (const wanted of wantedKeys) {
    const verdict = verdictOfLine.get(wanted.line)!;
    const sameInFile = keyLines.get(`${wanted.locale}:${wanted.urlKey}`);
    if (taken.has(`${wanted.productId}:${wanted.locale}`) || sameInFile !== undefined) {
      const error: RowError = { field: textColumn('url_key', wanted.locale), key: 'urlKeyTaken', values: { key: wanted.urlKey } };
      if (verdict.outcome === 'error') (verdict.details as RowError[]).push(error);
      else Object.assign(verdict, { outcome: 'error', details: [error], writes: null });
    }
    keyLines.set(`${wanted.locale}:${wanted.urlKey}`, wanted.line);
  }

  const summary = { new: 0, changed: 0, unchanged: 0, error: 0 };
  for (const verdict of verdicts) summary[verdict.outcome] += 1;
  return db.transaction(async (tx) => {
    const [job] = await tx
      .insert(importJobs)
      .values({ kind: upload.kind, status: 'previewed', fileName: upload.fileName.slice(0, 200), staffId, summary, rowsToApply: summary.new + summary.changed })
      .returning({ id: importJobs.id });
    for (const chunk of chunks(verdicts, insertChunk)) {
      await tx.insert(importJobRows).values(
        chunk.map((verdict) => ({
          jobId: job!.id,
          line: verdict.line,
          sku: verdict.sku.slice(0, 200),
          outcome: verdict.outcome,
          details: verdict.details,
          writes: verdict.writes,
        })),
      );
    }
    await recordAudit(tx, {
      staffId,
      action: 'import.preview',
      entity: 'import',
      entityId: job!.id,
      after: { kind: upload.kind, fileName: upload.fileName, summary },
    });
    return { ok: true as const, jobId: job!.id };
  });
}
