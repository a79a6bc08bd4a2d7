/**
 * Writes the demo catalogue plan into the database (one transaction: all or nothing) and draws
 * its swatch images into the media directory.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { getTableColumns, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '#app/db/client.server.ts';
import * as schema from '#app/db/schema.ts';
import { localeCodes } from '#app/modules/i18n/locales.ts';
import { rebuildSearchIndex } from '#app/modules/search/search-index.server.ts';
import { drawAccessoryImage } from './drawing/accessory-image.ts';
import { drawCordSwatch } from './drawing/cord-swatch.ts';
import { loadDemoCustomer } from './demo-customer.ts';
import { loadDemoStaff } from './demo-staff.ts';
import { loadDemoGiftCard } from './demo-gift-card.ts';
import { loadDemoPickupPoints } from './pickup-points.ts';
import { type CataloguePlan, type PlanOptions, planCatalogue } from './catalogue-plan.ts';

/** Review dates count back from a fixed day, so the same seed gives the same data. */
const reviewReferenceTime = Date.UTC(2026, 10, 1);

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export async function catalogueIsEmpty(db: Database): Promise<boolean> {
  const rows = await db.select({ id: schema.products.id }).from(schema.products).limit(1);
  return rows.length === 0;
}

export interface LoadOptions extends PlanOptions {
  mediaDir: string;
}

export async function loadDemoCatalogue(db: Database, { mediaDir, ...planOptions }: LoadOptions) {
  const started = performance.now();
  const plan = planCatalogue(planOptions);
  writeImages(plan, mediaDir);
  await db.transaction((tx) => writePlan(tx, plan));
  await loadDemoCustomer(db);
  await loadDemoStaff(db);
  await loadDemoPickupPoints(db);
  await loadDemoGiftCard(db);
  await rebuildSearchIndex(db);
  // Fresh statistics, or the planner guesses row counts and scans whole tables.
  await db.execute(sql`analyze`);
  return {
    products: plan.products.length,
    cordAndRopeProducts: plan.products.filter((p) => p.isCordOrRope).length,
    variants: plan.products.reduce((sum, p) => sum + p.variants.length, 0),
    images: plan.images.size,
    seconds: Math.round(performance.now() - started) / 1000,
  };
}

function writeImages(plan: CataloguePlan, mediaDir: string) {
  const directories = new Set<string>();
  for (const [path, image] of plan.images) {
    const file = join(mediaDir, path);
    const directory = dirname(file);
    if (!directories.has(directory)) {
      mkdirSync(directory, { recursive: true });
      directories.add(directory);
    }
    writeFileSync(file, image.drawing === 'cord' ? drawCordSwatch(image.input) : drawAccessoryImage(image.input));
  }
}

/** Splits rows into statements that stay below PostgreSQL's 65,535 bind parameters. */
function batches<T extends PgTable>(table: T, rows: T['$inferInsert'][]): T['$inferInsert'][][] {
  const size = Math.max(1, Math.floor(60_000 / Object.keys(getTableColumns(table)).length));
  const result: T['$inferInsert'][][] = [];
  for (let i = 0; i < rows.length; i += size) result.push(rows.slice(i, i + size));
  return result;
}

async function insertRows<T extends PgTable>(tx: Transaction, table: T, rows: T['$inferInsert'][]): Promise<void> {
  for (const batch of batches(table, rows)) await tx.insert(table).values(batch);
}

/** Inserts rows and returns the generated id of each, in input order. */
async function insertWithIds<T extends PgTable>(tx: Transaction, table: T, rows: T['$inferInsert'][]): Promise<number[]> {
  const ids: number[] = [];
  for (const batch of batches(table, rows)) {
    const inserted = (await tx
      .insert(table)
      .values(batch)
      .returning({ id: sql<number>`id` })) as { id: number }[];
    ids.push(...inserted.map((row) => row.id));
  }
  return ids;
}

async function writePlan(tx: Transaction, plan: CataloguePlan) {
  // Categories, parents before children.
  const categoryIds = new Map<string, number>();
  const byLevel = [...plan.categories].sort((a, b) => a.level - b.level);
  for (const category of byLevel) {
    const [id] = await insertWithIds(tx, schema.categories, [
      {
        code: category.code,
        parentId: category.parentCode ? categoryIds.get(category.parentCode) : null,
        level: category.level,
        position: category.position,
        showOnHome: category.showOnHome,
      },
    ]);
    categoryIds.set(category.code, id as number);
  }
  await insertRows(
    tx,
    schema.categoryTranslations,
    plan.categories.flatMap((category) =>
      localeCodes.map((locale) => ({ categoryId: categoryIds.get(category.code) as number, locale, ...category.texts[locale] })),
    ),
  );

  // Attributes and their options.
  const attributeIds = new Map<string, number>();
  const optionIds = new Map<string, number>();
  const attributeIdList = await insertWithIds(
    tx,
    schema.attributes,
    plan.attributes.map(({ code, valueType, unit, isFilterable, isConfigurable, position }) => ({
      code,
      valueType,
      unit,
      isFilterable,
      isConfigurable,
      position,
    })),
  );
  plan.attributes.forEach((attribute, index) => attributeIds.set(attribute.code, attributeIdList[index] as number));
  await insertRows(
    tx,
    schema.attributeTranslations,
    plan.attributes.flatMap((attribute) =>
      localeCodes.map((locale) => ({ attributeId: attributeIds.get(attribute.code) as number, locale, label: attribute.labels[locale] })),
    ),
  );
  const options = plan.attributes.flatMap((attribute) => attribute.options.map((option, position) => ({ attribute, option, position })));
  const optionIdList = await insertWithIds(
    tx,
    schema.attributeOptions,
    options.map(({ attribute, option, position }) => ({
      attributeId: attributeIds.get(attribute.code) as number,
      code: option.code,
      swatchHex: option.swatchHex ?? null,
      sortValue: option.sortValue === undefined ? null : String(option.sortValue),
      position,
    })),
  );
  options.forEach(({ attribute, option }, index) => optionIds.set(`${attribute.code}:${option.code}`, optionIdList[index] as number));
  await insertRows(
    tx,
    schema.attributeOptionTranslations,
    options.flatMap(({ attribute, option }) =>
      localeCodes.map((locale) => ({ optionId: optionIds.get(`${attribute.code}:${option.code}`) as number, locale, label: option.labels[locale] })),
    ),
  );
  const attributeId = (code: string) => {
    const id = attributeIds.get(code);
    if (id === undefined) throw new Error(`unknown attribute ${code}`);
    return id;
  };
  const optionId = (attribute: string, option: string) => {
    const id = optionIds.get(`${attribute}:${option}`);
    if (id === undefined) throw new Error(`unknown option ${attribute}:${option}`);
    return id;
  };

  // Products and everything that hangs off them.
  const productIdList = await insertWithIds(
    tx,
    schema.products,
    plan.products.map(({ sku, kind, productType, hasSample, soldByLength, position }) => ({ sku, kind, productType, hasSample, soldByLength, position })),
  );
  const productIds = new Map(plan.products.map((product, index) => [product.sku, productIdList[index] as number]));
  const productId = (sku: string) => productIds.get(sku) as number;

  await insertRows(
    tx,
    schema.productTranslations,
    plan.products.flatMap((product) => localeCodes.map((locale) => ({ productId: productId(product.sku), locale, ...product.texts[locale] }))),
  );
  await insertRows(
    tx,
    schema.productCategories,
    plan.products.flatMap((product) =>
      product.categoryCodes.map((code) => ({ productId: productId(product.sku), categoryId: categoryIds.get(code) as number, position: product.position })),
    ),
  );
  await insertRows(
    tx,
    schema.productAttributeValues,
    plan.products.flatMap((product) =>
      product.specs.map((spec) => ({
        productId: productId(product.sku),
        attributeId: attributeId(spec.attribute),
        optionId: 'option' in spec ? optionId(spec.attribute, spec.option) : null,
        valueNumber: 'number' in spec ? String(spec.number) : null,
        valueText: 'text' in spec ? spec.text : null,
      })),
    ),
  );
  await insertRows(
    tx,
    schema.productImages,
    plan.products.flatMap((product) =>
      product.imagePaths.map((path, position) => ({ productId: productId(product.sku), path, width: 800, height: 800, position })),
    ),
  );

  const variants = plan.products.flatMap((product) => product.variants.map((variant, position) => ({ product, variant, position })));
  const variantIdList = await insertWithIds(
    tx,
    schema.productVariants,
    variants.map(({ product, variant, position }) => ({
      productId: productId(product.sku),
      sku: variant.sku,
      priceCents: variant.priceCents,
      stockQuantity: variant.stock,
      weightGrams: variant.weightGrams,
      position,
    })),
  );
  await insertRows(
    tx,
    schema.variantOptionValues,
    variants.flatMap(({ variant }, index) =>
      Object.entries(variant.options).map(([attribute, option]) => ({
        variantId: variantIdList[index] as number,
        attributeId: attributeId(attribute),
        optionId: optionId(attribute, option),
      })),
    ),
  );
  await insertRows(
    tx,
    schema.priceTiers,
    variants.flatMap(({ variant }, index) => variant.tiers.map((tier) => ({ variantId: variantIdList[index] as number, ...tier }))),
  );

  await insertRows(
    tx,
    schema.productReviews,
    plan.products.flatMap((product) =>
      product.reviews.map((review) => ({
        productId: productId(product.sku),
        locale: review.locale,
        authorName: review.author,
        rating: review.rating,
        title: review.title,
        body: review.body,
        status: 'approved' as const,
        createdAt: new Date(reviewReferenceTime - review.daysAgo * 86_400_000),
      })),
    ),
  );
  await insertRows(
    tx,
    schema.relatedProducts,
    plan.related.map((r) => ({ productId: productId(r.sku), relatedProductId: productId(r.relatedSku), kind: r.kind, position: r.position })),
  );
}
