/**
 * The catalogue as CSV or XLSX (issue 16), streamed: products are read in batches by id (keyset)
 * as the response is read, so neither the catalogue nor the file is ever whole in memory. Same
 * columns as the import, so an export imported again changes nothing.
 */
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '#app/db/client.server.ts';
import { minorUnitsToDecimal } from '#app/modules/currency/money.ts';
import { csvLine } from '#app/lib/http/csv.ts';
import { type SheetCell, xlsxStream } from '#app/lib/http/xlsx.ts';
import { localeCodes, type LocaleCode } from '#app/modules/i18n/locales.ts';
import { importColumns, type ImportKind, type Tier, tiersCell } from './transfer-format.ts';

const productsPerBatch = 200;

interface ExportVariant {
  productId: number;
  productSku: string;
  productActive: boolean;
  sku: string;
  variantActive: boolean;
  priceCents: number;
  stock: number;
  weightGrams: number;
  tiers: Tier[];
}

/** The next `productsPerBatch` product ids after `afterId`. */
async function productBatch(db: Database, afterId: number): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(db, sql`select id from products where id > ${afterId} order by id limit ${productsPerBatch}`);
  return rows.map((row) => row.id);
}

/** The variants of some products, in product and variant order. */
async function variantsOf(db: Database, productIds: number[]): Promise<ExportVariant[]> {
  return queryRows<ExportVariant>(
    db,
    sql`with batch as (select id, sku, is_active from products where id in (select (jsonb_array_elements_text(${JSON.stringify(productIds)}::jsonb))::int))
        select b.id as "productId", b.sku as "productSku", b.is_active as "productActive", v.sku, v.is_active as "variantActive",
          v.price_cents as "priceCents", v.stock_quantity as "stock", v.weight_grams as "weightGrams",
          coalesce((select json_agg(json_build_object('minQuantity', t.min_quantity, 'unitPriceCents', t.unit_price_cents) order by t.min_quantity)
                    from price_tiers t where t.variant_id = v.id), '[]'::json) as tiers
        from batch b join product_variants v on v.product_id = b.id
        order by b.id, v.position, v.id`,
  );
}

async function textsOf(db: Database, productIds: number[]) {
  const rows = await queryRows<{ productId: number; locale: LocaleCode; name: string; urlKey: string; description: string }>(
    db,
    sql`select product_id as "productId", locale, name, url_key as "urlKey", description from product_translations
        where product_id in (select (jsonb_array_elements_text(${JSON.stringify(productIds)}::jsonb))::int)`,
  );
  return new Map(rows.map((row) => [`${row.productId}:${row.locale}`, row]));
}

const flag = (value: boolean) => (value ? 'true' : 'false');
const euros = (cents: number) => minorUnitsToDecimal(cents);

/** The rows of one batch (texts and product flags on each product's first row). */
async function batchRows(db: Database, kind: ImportKind, variants: ExportVariant[]): Promise<SheetCell[][]> {
  if (kind === 'stock') return variants.map((variant) => [variant.sku, variant.stock]);
  if (kind === 'prices') return variants.map((variant) => [variant.sku, euros(variant.priceCents), tiersCell(variant.tiers)]);
  const texts = await textsOf(db, [...new Set(variants.map((variant) => variant.productId))]);
  let previousProduct = 0;
  return variants.map((variant) => {
    const first = variant.productId !== previousProduct;
    previousProduct = variant.productId;
    const textCells = localeCodes.flatMap((locale) => {
      const text = first ? texts.get(`${variant.productId}:${locale}`) : undefined;
      return text ? [text.name, text.urlKey, text.description] : ['', '', ''];
    });
    return [
      variant.productSku,
      first ? flag(variant.productActive) : '',
      variant.sku,
      flag(variant.variantActive),
      euros(variant.priceCents),
      tiersCell(variant.tiers),
      variant.stock,
      variant.weightGrams,
      ...textCells,
    ];
  });
}

/** The catalogue's rows in batches: each call reads the next one, null after the last. */
function catalogueRows(db: Database, kind: ImportKind): () => Promise<SheetCell[][] | null> {
  let afterId = 0;
  return async () => {
    // Products without variants make no row; a batch of only those reads on.
    for (;;) {
      const productIds = await productBatch(db, afterId);
      if (productIds.length === 0) return null;
      afterId = productIds.at(-1)!;
      const variants = await variantsOf(db, productIds);
      if (variants.length > 0) return batchRows(db, kind, variants);
    }
  };
}

/** The whole catalogue in the kind's columns as CSV, a byte stream that reads the next batch when asked. */
export function catalogueCsvStream(db: Database, kind: ImportKind): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const nextRows = catalogueRows(db, kind);
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        // The byte order mark makes spreadsheet programs read the file as UTF-8.
        controller.enqueue(encoder.encode(`\uFEFF${csvLine([...importColumns[kind].columns])}`));
      },
      async pull(controller) {
        const rows = await nextRows();
        if (rows === null) return controller.close();
        controller.enqueue(encoder.encode(rows.map(csvLine).join('')));
      },
    },
    { highWaterMark: 1 },
  );
}

/** The same as a workbook of one sheet named after the kind. */
export function catalogueXlsxStream(db: Database, kind: ImportKind): ReadableStream<Uint8Array> {
  return xlsxStream(kind, [...importColumns[kind].columns], catalogueRows(db, kind));
}
