/**
 * The product editor of the admin (issue 16): texts and URL keys per locale, specifications,
 * variants with their prices, tiers and stock, related products and flags, saved in one
 * transaction. A save names the version it was read at; an edit based on an older version is
 * refused (nothing overwritten). A URL key that changes leaves a 301 from the old key in that
 * locale, so old links and search engines follow.
 */
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Database, Queryable } from '#app/db/client.server.ts';
import { retryingTransaction } from '#app/db/transaction.server.ts';
import {
  attributeOptions,
  attributeOptionTranslations,
  attributes,
  attributeTranslations,
  categories,
  categoryTranslations,
  priceTiers,
  productAttributeValues,
  productCategories,
  productImages,
  products,
  productTranslations,
  productVariants,
  relatedProducts,
  variantOptionValues,
} from '#app/db/schema.ts';
import { recordAudit } from '#app/lib/observability/audit.server.ts';
import { sanitizeContentHtml } from '#app/modules/rich-text/sanitize-content.server.ts';
import { parseAmount } from '#app/modules/currency/money.ts';
import type { FieldError, FormFailure } from '#app/lib/forms/field-errors.ts';
import { type LocaleCode, localeCodes } from '#app/modules/i18n/locales.ts';
import { refreshProductSearchDocuments } from '#app/modules/search/search-index.server.ts';
import { keepOldPath } from '#app/modules/catalogue/url-redirects.server.ts';
import { fieldName, newVariantId, relatedKinds, type TranslationPart, translationParts } from './product-editor-fields.ts';

export interface ProductTexts {
  name: string;
  urlKey: string;
  description: string;
  metaDescription: string;
}

/** Which parts of each locale's texts are still empty (an empty list: complete). */
export function missingTexts(texts: Partial<Record<LocaleCode, ProductTexts>>): Record<LocaleCode, TranslationPart[]> {
  return Object.fromEntries(localeCodes.map((locale) => [locale, translationParts.filter((part) => !texts[locale]?.[part]?.trim())])) as Record<
    LocaleCode,
    TranslationPart[]
  >;
}

/** Everything the editor shows of one product. */
export async function productForEditing(db: Database, productId: number, adminLocale: LocaleCode) {
  const [product] = await db.select().from(products).where(eq(products.id, productId));
  if (!product) return null;
  const [translationRows, variantRows, optionRows, tierRows, attributeRows, optionChoices, valueRows, imageRows, relatedRows, categoryRows] = await Promise.all(
    [
      db.select().from(productTranslations).where(eq(productTranslations.productId, productId)),
      db.select().from(productVariants).where(eq(productVariants.productId, productId)).orderBy(asc(productVariants.position), asc(productVariants.id)),
      db
        .select({ variantId: variantOptionValues.variantId, attributeId: variantOptionValues.attributeId, optionId: variantOptionValues.optionId })
        .from(variantOptionValues)
        .innerJoin(productVariants, eq(productVariants.id, variantOptionValues.variantId))
        .where(eq(productVariants.productId, productId)),
      db
        .select({ variantId: priceTiers.variantId, minQuantity: priceTiers.minQuantity, unitPriceCents: priceTiers.unitPriceCents })
        .from(priceTiers)
        .innerJoin(productVariants, eq(productVariants.id, priceTiers.variantId))
        .where(eq(productVariants.productId, productId))
        .orderBy(asc(priceTiers.minQuantity)),
      db
        .select({
          id: attributes.id,
          code: attributes.code,
          valueType: attributes.valueType,
          unit: attributes.unit,
          isConfigurable: attributes.isConfigurable,
          label: sql<string>`coalesce(${attributeTranslations.label}, ${attributes.code})`,
        })
        .from(attributes)
        .leftJoin(attributeTranslations, and(eq(attributeTranslations.attributeId, attributes.id), eq(attributeTranslations.locale, adminLocale)))
        .orderBy(asc(attributes.position), asc(attributes.id)),
      db
        .select({
          id: attributeOptions.id,
          attributeId: attributeOptions.attributeId,
          label: sql<string>`coalesce(${attributeOptionTranslations.label}, ${attributeOptions.code})`,
        })
        .from(attributeOptions)
        .leftJoin(
          attributeOptionTranslations,
          and(eq(attributeOptionTranslations.optionId, attributeOptions.id), eq(attributeOptionTranslations.locale, adminLocale)),
        )
        .orderBy(asc(attributeOptions.position), asc(attributeOptions.id)),
      db.select().from(productAttributeValues).where(eq(productAttributeValues.productId, productId)).orderBy(asc(productAttributeValues.id)),
      db.select().from(productImages).where(eq(productImages.productId, productId)).orderBy(asc(productImages.position), asc(productImages.id)),
      db
        .select({ kind: relatedProducts.kind, sku: products.sku })
        .from(relatedProducts)
        .innerJoin(products, eq(products.id, relatedProducts.relatedProductId))
        .where(eq(relatedProducts.productId, productId))
        .orderBy(asc(relatedProducts.position)),
      db
        .select({ id: categories.id, name: sql<string>`coalesce(${categoryTranslations.name}, ${categories.code})` })
        .from(productCategories)
        .innerJoin(categories, eq(categories.id, productCategories.categoryId))
        .leftJoin(categoryTranslations, and(eq(categoryTranslations.categoryId, categories.id), eq(categoryTranslations.locale, adminLocale)))
        .where(eq(productCategories.productId, productId)),
    ],
  );
  const texts: Partial<Record<LocaleCode, ProductTexts>> = {};
  for (const row of translationRows)
    texts[row.locale as LocaleCode] = { name: row.name, urlKey: row.urlKey, description: row.description, metaDescription: row.metaDescription ?? '' };
  const usedConfigurable = new Set(optionRows.map((row) => row.attributeId));
  return {
    product,
    texts,
    missing: missingTexts(texts),
    variants: variantRows.map((variant) => ({
      ...variant,
      options: Object.fromEntries(optionRows.filter((row) => row.variantId === variant.id).map((row) => [row.attributeId, row.optionId])) as Record<
        number,
        number
      >,
      tiers: tierRows.filter((tier) => tier.variantId === variant.id).map(({ minQuantity, unitPriceCents }) => ({ minQuantity, unitPriceCents })),
    })),
    /** The option keys (length, pack size…) the variants are told apart by. */
    variantAttributes: attributeRows
      .filter((attribute) => usedConfigurable.has(attribute.id))
      .map((attribute) => ({ ...attribute, options: optionChoices.filter((option) => option.attributeId === attribute.id) })),
    specifications: attributeRows
      .filter((attribute) => !attribute.isConfigurable)
      .map((attribute) => {
        const values = valueRows.filter((row) => row.attributeId === attribute.id);
        return {
          ...attribute,
          options: attribute.valueType === 'select' ? optionChoices.filter((option) => option.attributeId === attribute.id) : [],
          selected: values.flatMap((row) => (row.optionId ? [row.optionId] : [])),
          value: values[0] ? (attribute.valueType === 'number' ? (values[0].valueNumber ?? '').replace(/\.?0+$/, '') : (values[0].valueText ?? '')) : '',
        };
      }),
    images: imageRows,
    related: Object.fromEntries(
      relatedKinds.map((kind) => [
        kind,
        relatedRows
          .filter((row) => row.kind === kind)
          .map((row) => row.sku)
          .join(', '),
      ]),
    ) as Record<(typeof relatedKinds)[number], string>,
    categories: categoryRows,
  };
}
export type ProductForEditing = NonNullable<Awaited<ReturnType<typeof productForEditing>>>;

// ---------------------------------------------------------------- reading the form

export interface VariantInput {
  id: number;
  sku: string;
  priceCents: number;
  stockQuantity: number;
  isActive: boolean;
  tiers: { minQuantity: number; unitPriceCents: number }[];
  /** attribute id → option id */
  options: Record<number, number>;
}

export interface SpecificationInput {
  attributeId: number;
  valueType: 'select' | 'number' | 'text';
  optionIds: number[];
  value: string;
}

export interface ProductInput {
  version: number;
  isActive: boolean;
  hasSample: boolean;
  soldByLength: boolean;
  texts: Partial<Record<LocaleCode, ProductTexts>>;
  variants: VariantInput[];
  specifications: SpecificationInput[];
  related: Record<(typeof relatedKinds)[number], string[]>;
}

const urlKeyPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const skuPattern = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

const wholeNumber = (text: string) => (/^\d{1,9}$/.test(text.trim()) ? Number(text.trim()) : null);

/** "10: 3,50; 50: 3.00" → tiers; null when a part is not "quantity: price" with a quantity above 1. */
export function parseTiers(text: string): { minQuantity: number; unitPriceCents: number }[] | null {
  const parts = text
    .split(/[;\n]/)
    .map((part) => part.trim())
    .filter(Boolean);
  const tiers: { minQuantity: number; unitPriceCents: number }[] = [];
  for (const part of parts) {
    const match = /^(\d{1,6})\s*[:=×x]\s*(.+)$/.exec(part);
    const minQuantity = match ? Number(match[1]) : NaN;
    const unitPriceCents = match ? parseAmount(match[2]!, 2) : null;
    if (!match || minQuantity < 2 || unitPriceCents === null || tiers.some((tier) => tier.minQuantity === minQuantity)) return null;
    tiers.push({ minQuantity, unitPriceCents });
  }
  return tiers.sort((a, b) => a.minQuantity - b.minQuantity);
}

/**
 * Reads the editor's form against the product as it is (its variants and the attributes there
 * are). Errors are message keys per field; what was typed comes back with them.
 */
export function parseProductForm(form: FormData, editing: ProductForEditing, ownHosts: readonly string[]): { ok: true; data: ProductInput } | FormFailure {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value : '';
  };
  const errors: Record<string, FieldError> = {};
  const texts: ProductInput['texts'] = {};
  for (const locale of localeCodes) {
    const entry = Object.fromEntries(translationParts.map((part) => [part, text(fieldName.text(locale, part)).trim()])) as unknown as ProductTexts;
    const anything = translationParts.some((part) => entry[part]);
    if (!anything) continue;
    if (!entry.name) errors[fieldName.text(locale, 'name')] = { key: 'admin.catalogue.errors.nameRequired' };
    if (!urlKeyPattern.test(entry.urlKey)) errors[fieldName.text(locale, 'urlKey')] = { key: 'admin.catalogue.errors.urlKey' };
    if (entry.name.length > 200) errors[fieldName.text(locale, 'name')] = { key: 'validation.tooLong', values: { max: 200 } };
    // Rich text goes through the shop's sanitiser (spec §5) before it is stored.
    texts[locale] = { ...entry, description: entry.description ? sanitizeContentHtml(entry.description, { ownHosts }) : '' };
  }
  if (Object.keys(texts).length === 0) errors[fieldName.text('en', 'name')] = { key: 'admin.catalogue.errors.nameRequired' };

  // The row of a new variant (id 0) counts once its article number is filled in.
  const rows = text(fieldName.variant(newVariantId, 'sku')).trim() ? [...editing.variants, { id: newVariantId }] : editing.variants;
  const variants: VariantInput[] = rows.map((variant) => {
    const sku = text(fieldName.variant(variant.id, 'sku')).trim();
    const priceCents = parseAmount(text(fieldName.variant(variant.id, 'price')), 2);
    const stockQuantity = wholeNumber(text(fieldName.variant(variant.id, 'stock')));
    const tiers = parseTiers(text(fieldName.variant(variant.id, 'tiers')));
    if (!skuPattern.test(sku)) errors[fieldName.variant(variant.id, 'sku')] = { key: 'admin.catalogue.errors.sku' };
    if (priceCents === null) errors[fieldName.variant(variant.id, 'price')] = { key: 'admin.validation.amount' };
    if (stockQuantity === null) errors[fieldName.variant(variant.id, 'stock')] = { key: 'admin.catalogue.errors.stock' };
    if (tiers === null) errors[fieldName.variant(variant.id, 'tiers')] = { key: 'admin.catalogue.errors.tiers' };
    else if (priceCents !== null && tiers.some((tier) => tier.unitPriceCents >= priceCents))
      errors[fieldName.variant(variant.id, 'tiers')] = { key: 'admin.catalogue.errors.tierAbovePrice' };
    const options: Record<number, number> = {};
    for (const attribute of editing.variantAttributes) {
      const optionId = Number(text(fieldName.variantOption(variant.id, attribute.id)));
      if (attribute.options.some((option) => option.id === optionId)) options[attribute.id] = optionId;
      else errors[fieldName.variantOption(variant.id, attribute.id)] = { key: 'validation.required' };
    }
    return {
      id: variant.id,
      sku,
      priceCents: priceCents ?? 0,
      stockQuantity: stockQuantity ?? 0,
      isActive: form.get(fieldName.variant(variant.id, 'active')) === 'on',
      tiers: tiers ?? [],
      options,
    };
  });
  const skus = variants.map((variant) => variant.sku.toLowerCase());
  variants.forEach((variant, index) => {
    if (skus.indexOf(variant.sku.toLowerCase()) !== index) errors[fieldName.variant(variant.id, 'sku')] = { key: 'admin.catalogue.errors.skuTaken' };
  });
  const combinations = variants.map((variant) => JSON.stringify(variant.options));
  if (editing.variantAttributes.length > 0)
    variants.forEach((variant, index) => {
      if (combinations.indexOf(combinations[index]!) !== index)
        errors[fieldName.variantOption(variant.id, editing.variantAttributes[0]!.id)] = { key: 'admin.catalogue.errors.sameOptions' };
    });

  const specifications: SpecificationInput[] = editing.specifications.map((attribute) => {
    const name = fieldName.specification(attribute.id);
    const value = text(name).trim();
    const optionIds = form
      .getAll(name)
      .map(Number)
      .filter((id) => attribute.options.some((option) => option.id === id));
    if (attribute.valueType === 'number' && value && !/^\d{1,9}(?:[.,]\d{1,3})?$/.test(value)) errors[name] = { key: 'admin.catalogue.errors.number' };
    return { attributeId: attribute.id, valueType: attribute.valueType, optionIds, value: value.replace(',', '.') };
  });

  const related = Object.fromEntries(
    relatedKinds.map((kind) => [
      kind,
      text(fieldName.related(kind))
        .split(/[\s,;]+/)
        .map((sku) => sku.trim())
        .filter(Boolean),
    ]),
  ) as ProductInput['related'];

  const version = wholeNumber(text('version'));
  if (version === null) errors.version = { key: 'validation.invalid' };
  if (Object.keys(errors).length > 0) {
    const values: Record<string, string> = {};
    for (const [key, value] of form.entries())
      if (typeof value === 'string' && key !== '_csrf') values[key] = key in values ? `${values[key]},${value}` : value;
    return { ok: false, fieldErrors: errors, values, formError: { key: 'admin.catalogue.notSaved' } };
  }
  return {
    ok: true,
    data: {
      version: version!,
      isActive: form.get('isActive') === 'on',
      hasSample: form.get('hasSample') === 'on',
      soldByLength: form.get('soldByLength') === 'on',
      texts,
      variants,
      specifications,
      related,
    },
  };
}

// ---------------------------------------------------------------- saving

export type SaveProductResult =
  | { ok: true; version: number; redirects: { locale: LocaleCode; from: string; to: string }[] }
  | { ok: false; reason: 'not-found' | 'version-conflict' }
  | { ok: false; reason: 'invalid'; fieldErrors: Record<string, FieldError> };

/** Thrown inside the transaction so nothing is half-saved; answered as field errors. */
class Refusal extends Error {
  readonly fieldErrors: Record<string, FieldError>;
  constructor(fieldErrors: Record<string, FieldError>) {
    super('refused');
    this.fieldErrors = fieldErrors;
  }
}

/** Saves the editor's form; `input.version` must be the product's current version. */
export async function saveProduct(db: Database, staffId: number, productId: number, input: ProductInput): Promise<SaveProductResult> {
  let result: SaveProductResult;
  try {
    result = await retryingTransaction(db, async (tx): Promise<SaveProductResult> => {
      // The version check and the lock in one statement: a concurrent save waits here, then finds
      // the version moved on and is refused.
      const [current] = await tx.select().from(products).where(eq(products.id, productId)).for('update');
      if (!current) return { ok: false, reason: 'not-found' };
      if (current.version !== input.version) return { ok: false, reason: 'version-conflict' };
      const before = await snapshot(tx, productId);
      const [updated] = await tx
        .update(products)
        .set({ isActive: input.isActive, hasSample: input.hasSample, soldByLength: input.soldByLength, version: current.version + 1, updatedAt: new Date() })
        .where(eq(products.id, productId))
        .returning({ version: products.version });

      const redirects = await saveTexts(tx, productId, input.texts);
      await saveVariants(tx, productId, input.variants);
      await saveSpecifications(tx, productId, input.specifications);
      await saveRelated(tx, productId, input.related);

      await recordAudit(tx, { staffId, action: 'product.update', entity: 'product', entityId: productId, before, after: await snapshot(tx, productId) });
      return { ok: true, version: updated!.version, redirects };
    });
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, reason: 'invalid', fieldErrors: error.fieldErrors };
    throw error;
  }
  if (result.ok) await refreshProductSearchDocuments(db, [productId]);
  return result;
}

/** What the audit log keeps of a product before and after a save. */
async function snapshot(tx: Queryable, productId: number) {
  const [product] = await tx
    .select({ isActive: products.isActive, hasSample: products.hasSample, soldByLength: products.soldByLength, version: products.version })
    .from(products)
    .where(eq(products.id, productId));
  const texts = await tx
    .select({ locale: productTranslations.locale, name: productTranslations.name, urlKey: productTranslations.urlKey })
    .from(productTranslations)
    .where(eq(productTranslations.productId, productId))
    .orderBy(asc(productTranslations.locale));
  const variants = await tx
    .select({ sku: productVariants.sku, priceCents: productVariants.priceCents, stock: productVariants.stockQuantity, isActive: productVariants.isActive })
    .from(productVariants)
    .where(eq(productVariants.productId, productId))
    .orderBy(asc(productVariants.id));
  return { ...product, texts, variants };
}

async function saveTexts(tx: Queryable, productId: number, texts: ProductInput['texts']) {
  const existing = await tx.select().from(productTranslations).where(eq(productTranslations.productId, productId));
  const redirects: { locale: LocaleCode; from: string; to: string }[] = [];
  const taken: Record<string, FieldError> = {};
  for (const locale of localeCodes) {
    const wanted = texts[locale];
    const old = existing.find((row) => row.locale === locale);
    if (!wanted) {
      if (old) await tx.delete(productTranslations).where(and(eq(productTranslations.productId, productId), eq(productTranslations.locale, locale)));
      continue;
    }
    const [clash] = await tx
      .select({ productId: productTranslations.productId })
      .from(productTranslations)
      .where(and(eq(productTranslations.locale, locale), eq(productTranslations.urlKey, wanted.urlKey), ne(productTranslations.productId, productId)));
    if (clash) {
      taken[fieldName.text(locale, 'urlKey')] = { key: 'admin.catalogue.errors.urlKeyTaken' };
      continue;
    }
    const values = { name: wanted.name, urlKey: wanted.urlKey, description: wanted.description, metaDescription: wanted.metaDescription || null };
    await tx
      .insert(productTranslations)
      .values({ productId, locale, ...values })
      .onConflictDoUpdate({ target: [productTranslations.productId, productTranslations.locale], set: values });
    if (old && old.urlKey !== wanted.urlKey) {
      redirects.push({ locale, from: old.urlKey, to: wanted.urlKey });
      await keepOldPath(tx, locale, old.urlKey, wanted.urlKey);
    }
  }
  if (Object.keys(taken).length > 0) throw new Refusal(taken);
  return redirects;
}

async function saveVariants(tx: Queryable, productId: number, variants: VariantInput[]) {
  for (const variant of variants) {
    const [clash] = await tx
      .select({ id: productVariants.id })
      .from(productVariants)
      .where(and(sql`lower(${productVariants.sku}) = ${variant.sku.toLowerCase()}`, ne(productVariants.id, variant.id)));
    if (clash) throw new Refusal({ [fieldName.variant(variant.id, 'sku')]: { key: 'admin.catalogue.errors.skuTaken' } });
    const values = { sku: variant.sku, priceCents: variant.priceCents, stockQuantity: variant.stockQuantity, isActive: variant.isActive };
    let variantId = variant.id;
    if (variant.id === newVariantId) {
      // A new variant goes after the others.
      const [last] = await tx
        .select({ position: sql<number>`coalesce(max(${productVariants.position}), -1)::int` })
        .from(productVariants)
        .where(eq(productVariants.productId, productId));
      const [created] = await tx
        .insert(productVariants)
        .values({ productId, ...values, position: (last?.position ?? -1) + 1 })
        .returning({ id: productVariants.id });
      variantId = created!.id;
    } else {
      await tx
        .update(productVariants)
        .set(values)
        .where(and(eq(productVariants.id, variant.id), eq(productVariants.productId, productId)));
    }
    await tx.delete(priceTiers).where(eq(priceTiers.variantId, variantId));
    if (variant.tiers.length > 0) await tx.insert(priceTiers).values(variant.tiers.map((tier) => ({ variantId, ...tier })));
    for (const [attributeId, optionId] of Object.entries(variant.options)) {
      await tx
        .insert(variantOptionValues)
        .values({ variantId, attributeId: Number(attributeId), optionId })
        .onConflictDoUpdate({ target: [variantOptionValues.variantId, variantOptionValues.attributeId], set: { optionId } });
    }
  }
}

async function saveSpecifications(tx: Queryable, productId: number, specifications: SpecificationInput[]) {
  const attributeIds = specifications.map((specification) => specification.attributeId);
  if (attributeIds.length > 0)
    await tx
      .delete(productAttributeValues)
      .where(and(eq(productAttributeValues.productId, productId), inArray(productAttributeValues.attributeId, attributeIds)));
  const rows = specifications.flatMap((specification): (typeof productAttributeValues.$inferInsert)[] => {
    if (specification.valueType === 'select')
      return specification.optionIds.map((optionId) => ({ productId, attributeId: specification.attributeId, optionId }));
    if (!specification.value) return [];
    return [
      specification.valueType === 'number'
        ? { productId, attributeId: specification.attributeId, valueNumber: specification.value }
        : { productId, attributeId: specification.attributeId, valueText: specification.value },
    ];
  });
  if (rows.length > 0) await tx.insert(productAttributeValues).values(rows);
}

async function saveRelated(tx: Queryable, productId: number, related: ProductInput['related']) {
  await tx.delete(relatedProducts).where(eq(relatedProducts.productId, productId));
  const unknown: Record<string, FieldError> = {};
  for (const kind of relatedKinds) {
    const skus = related[kind];
    if (skus.length === 0) continue;
    const found = await tx
      .select({ id: products.id, sku: products.sku })
      .from(products)
      .where(
        inArray(
          sql`lower(${products.sku})`,
          skus.map((sku) => sku.toLowerCase()),
        ),
      );
    const missing = skus.filter((sku) => !found.some((row) => row.sku.toLowerCase() === sku.toLowerCase()));
    if (missing.length > 0) {
      unknown[fieldName.related(kind)] = { key: 'admin.catalogue.errors.unknownSkus', values: { skus: missing.join(', ') } };
      continue;
    }
    const ordered = skus.flatMap((sku) => found.filter((row) => row.sku.toLowerCase() === sku.toLowerCase() && row.id !== productId));
    const unique = ordered.filter((row, index) => ordered.findIndex((other) => other.id === row.id) === index);
    if (unique.length > 0) await tx.insert(relatedProducts).values(unique.map((row, position) => ({ productId, relatedProductId: row.id, kind, position })));
  }
  if (Object.keys(unknown).length > 0) throw new Refusal(unknown);
}
