/**
 * The catalogue's CSV format (issue 16), shared by the export and the import: one row per variant,
 * the product's own columns (active flag, texts per locale) filled on the product's first row.
 * Stock-only and price-only files are the same rows with fewer columns. Pure: no database.
 *
 * Prices are EUR excluding VAT, written "12.50". A comma is read as the decimal mark too ("12,50"),
 * since spreadsheets in most of the shop's languages write it; at most two decimals and no
 * thousands separator, so "1,250" or "1.250,00" are refused instead of guessed.
 */
import { minorUnitsToDecimal, parseAmount } from '#app/modules/currency/money.ts';
import { localeCodes, type LocaleCode } from '#app/modules/i18n/locales.ts';

export const importKinds = ['products', 'stock', 'prices'] as const;
export type ImportKind = (typeof importKinds)[number];

/** A dry run's verdict on a row. */
export const rowOutcomes = ['new', 'changed', 'unchanged', 'error'] as const;
export type RowOutcome = (typeof rowOutcomes)[number];

export const textFields = ['name', 'url_key', 'description'] as const;
export type TextField = (typeof textFields)[number];
export const textColumn = (field: TextField, locale: LocaleCode) => `${field}:${locale}`;

const productColumns = [
  'product_sku',
  'product_active',
  'variant_sku',
  'variant_active',
  'price_eur',
  'tier_prices',
  'stock',
  'weight_grams',
  ...localeCodes.flatMap((locale) => textFields.map((field) => textColumn(field, locale))),
];

/** Each kind's columns in export order, and the ones a file must have. */
export const importColumns: Record<ImportKind, { columns: readonly string[]; required: readonly string[] }> = {
  products: { columns: productColumns, required: ['product_sku', 'variant_sku'] },
  stock: { columns: ['sku', 'quantity'], required: ['sku', 'quantity'] },
  prices: { columns: ['sku', 'price_eur', 'tier_prices'], required: ['sku', 'price_eur'] },
};

export interface RowError {
  /** The CSV column, or 'row' for the row as a whole. */
  field: string;
  /** Message key under admin.imports.errors. */
  key: string;
  values?: Record<string, string | number>;
}

export interface Tier {
  minQuantity: number;
  unitPriceCents: number;
}

export interface LocaleTexts {
  name?: string;
  urlKey?: string;
  description?: string;
}

/** What one row asks for; an absent field (empty cell or missing column) keeps what is stored. */
export interface ImportRow {
  line: number;
  sku: string;
  productSku?: string;
  productActive?: boolean;
  variantActive?: boolean;
  priceCents?: number;
  tiers?: Tier[];
  stock?: number;
  weightGrams?: number;
  texts?: Partial<Record<LocaleCode, LocaleTexts>>;
}

export type HeaderCheck = { ok: true; columns: string[] } | { ok: false; error: RowError };

/** The header must name the kind's required columns and nothing the kind does not know. */
export function checkHeader(kind: ImportKind, header: string[]): HeaderCheck {
  const known = new Set(importColumns[kind].columns);
  const columns = header.map((column) => column.trim());
  const unknown = columns.find((column) => !known.has(column));
  if (unknown !== undefined) return { ok: false, error: { field: unknown || '?', key: 'unknownColumn', values: { column: unknown || '?' } } };
  const missing = importColumns[kind].required.find((column) => !columns.includes(column));
  if (missing) return { ok: false, error: { field: missing, key: 'missingColumn', values: { column: missing } } };
  const repeated = columns.find((column, index) => columns.indexOf(column) !== index);
  if (repeated) return { ok: false, error: { field: repeated, key: 'repeatedColumn', values: { column: repeated } } };
  return { ok: true, columns };
}

const wholeNumber = (field: string, text: string, errors: RowError[], negativeKey = 'negativeNumber'): number | undefined => {
  if (/^-\d+$/.test(text)) return void errors.push({ field, key: negativeKey });
  if (!/^\d{1,9}$/.test(text)) return void errors.push({ field, key: 'notAWholeNumber' });
  return Number(text);
};

/** "12.50" or "12,50" → 1250; refuses negatives, thousands separators and a third decimal. */
const price = (field: string, text: string, errors: RowError[]): number | undefined => {
  if (text.startsWith('-')) return void errors.push({ field, key: 'negativePrice' });
  const cents = parseAmount(text, 2);
  if (cents === null) return void errors.push({ field, key: 'notAPrice', values: { value: text } });
  return cents;
};

const flag = (field: string, text: string, errors: RowError[]): boolean | undefined => {
  const lower = text.toLowerCase();
  if (['true', 'yes', '1'].includes(lower)) return true;
  if (['false', 'no', '0'].includes(lower)) return false;
  return void errors.push({ field, key: 'notAFlag' });
};

/** "10=11.50|50=10.00": from 10 pieces 11.50 each, from 50 pieces 10.00; empty cell keeps, "none" removes them all. */
const tiers = (field: string, text: string, errors: RowError[]): Tier[] | undefined => {
  if (text === 'none') return [];
  const parsed: Tier[] = [];
  for (const part of text.split('|')) {
    const match = /^\s*(\d{1,6})\s*=\s*(\S+)\s*$/.exec(part);
    const minQuantity = match ? Number(match[1]) : 0;
    const cents = match ? parseAmount(match[2]!, 2) : null;
    if (!match || minQuantity < 2 || cents === null || parsed.some((tier) => tier.minQuantity === minQuantity))
      return void errors.push({ field, key: 'notTiers' });
    parsed.push({ minQuantity, unitPriceCents: cents });
  }
  return parsed.sort((a, b) => a.minQuantity - b.minQuantity);
};

/** Spreadsheet-safe text for tiers, the inverse of `tiers`. */
export const tiersCell = (list: Tier[]) =>
  list.length === 0 ? 'none' : list.map((tier) => `${tier.minQuantity}=${minorUnitsToDecimal(tier.unitPriceCents)}`).join('|');

const urlKeyPattern = /^[\p{Ll}\p{Lo}\p{N}]+(?:-[\p{Ll}\p{Lo}\p{N}]+)*$/u;
const maxNameLength = 200;
const maxDescriptionLength = 100_000;

/** One record's cells under the checked header → the row it asks for, or its errors. */
export function readRow(kind: ImportKind, columns: string[], line: number, cells: string[]): { row: ImportRow; errors: RowError[] } {
  const errors: RowError[] = [];
  const row: ImportRow = { line, sku: '' };
  if (cells.length !== columns.length) {
    return { row, errors: [{ field: 'row', key: 'cellCount', values: { cells: cells.length, columns: columns.length } }] };
  }
  columns.forEach((column, index) => {
    const raw = cells[index]!;
    const text = column.startsWith('description:') ? raw : raw.trim();
    if (text === '') return;
    switch (column) {
      case 'sku':
      case 'variant_sku':
        row.sku = text;
        return;
      case 'product_sku':
        row.productSku = text;
        return;
      case 'product_active':
        row.productActive = flag(column, text, errors);
        return;
      case 'variant_active':
        row.variantActive = flag(column, text, errors);
        return;
      case 'price_eur':
        row.priceCents = price(column, text, errors);
        return;
      case 'tier_prices':
        row.tiers = tiers(column, text, errors);
        return;
      case 'stock':
      case 'quantity':
        row.stock = wholeNumber(column, text, errors, 'negativeStock');
        return;
      case 'weight_grams':
        row.weightGrams = wholeNumber(column, text, errors);
        return;
    }
    const [field, locale] = column.split(':') as [TextField, LocaleCode];
    const texts = (row.texts ??= {});
    const localeTexts = (texts[locale] ??= {});
    if (field === 'name') {
      if (text.length > maxNameLength) errors.push({ field: column, key: 'tooLong', values: { max: maxNameLength } });
      else localeTexts.name = text;
    } else if (field === 'url_key') {
      if (!urlKeyPattern.test(text)) errors.push({ field: column, key: 'notAUrlKey' });
      else localeTexts.urlKey = text;
    } else if (text.length > maxDescriptionLength) errors.push({ field: column, key: 'tooLong', values: { max: maxDescriptionLength } });
    else localeTexts.description = text;
  });
  if (row.sku === '') errors.push({ field: kind === 'products' ? 'variant_sku' : 'sku', key: 'missingSku' });
  if (kind === 'products' && !row.productSku) errors.push({ field: 'product_sku', key: 'missingSku' });
  return { row, errors };
}
