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
import { cordTypes } from './product-types.ts';

/** Review dates count back from a fixed day, so the same seed gives the same data. */
const reviewReferenceTime = Date.UTC(2026, 10, 1);

const cordTypeCodes = cordTypes.map((type) => type.code);

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export async function catalogueIsEmpty(db: Database): Promise<boolean> {
  const rows = await db.select({ id: schema.products.id }).from(schema.products).limit(1);
  return rows.length === 0;
}

export interface LoadOptions extends PlanOptions {
  mediaDir: string;
}

export async function loadDemoCatalogue(db: Database, { mediaDir, scale = 1, seed }: LoadOptions) {
  const started = performance.now();
  // Above 1 the scale is a number of copies of the cords, made by the database (copyCords): planning
  // and sending every row from here took hours at 100×.
  if (scale > 1 && !Number.isInteger(scale)) throw new Error('a scale above 1 must be a whole number');
  const copies = Math.max(1, scale);
  const plan = planCatalogue({ seed, scale: Math.min(1, scale) });
  writeImages(plan, mediaDir);
  await db.transaction(async (tx) => {
    // Every product changes: the row triggers that name changed products (migration 0033) skip
    // their rows, and the statement triggers tell "all products" once per table.
    await tx.execute(sql`select set_config('cordial.storefront_changed_products', '*', true)`);
    await writePlan(tx, plan);
    if (copies > 1) await copyCords(tx, copies, plan.products.length);
  });
  await loadDemoCustomer(db);
  await loadDemoStaff(db);
  await loadDemoPickupPoints(db);
  await loadDemoGiftCard(db);
  // Nothing serves requests while the demo is seeded: slices without rests.
  await rebuildSearchIndex(db, { restMs: 0 });
  // Fresh statistics, or the planner guesses row counts and scans whole tables.
  await db.execute(sql`analyze`);
  const cordTypeProducts = plan.products.filter((p) => cordTypeCodes.includes(p.productType)).length;
  return {
    products: plan.products.length + (copies - 1) * cordTypeProducts,
    cordAndRopeProducts: plan.products.filter((p) => p.isCordOrRope).length * copies,
    variants: await db.$count(schema.productVariants),
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

/**
 * Adds copies 2…`copies` of every cord product (the types that scale; accessories, tools and kits
 * do not) with everything that hangs off it, in set-based statements: copy k's SKUs end in -Ck
 * (PC550-0001-C2, its variants PC550-0001-C2-10M), its names in " #k" and its URL keys in "-k".
 * A copy's related products are the same accessories and the other cords of its own copy; the
 * new arrivals stay the 48 of the first copy.
 */
export async function copyCords(tx: Transaction, copies: number, positions: number) {
  const types = sql.join(
    cordTypeCodes.map((code) => sql`${code}`),
    sql`, `,
  );
  // New ids in (copy, position) order, numbered on from the tables' highest; sequences set after.
  await tx.execute(sql`
    create temporary table product_copies on commit drop as
    select p.id as source_id, k as copy, (select max(id) from products) + row_number() over (order by k, p.position) as id
    from products p cross join generate_series(2, ${copies}::int) k
    where p.product_type in (${types})`);
  await tx.execute(sql`
    insert into products (id, sku, kind, product_type, is_active, has_sample, sold_by_length, position)
    select c.id, p.sku || '-C' || c.copy, p.kind, p.product_type, p.is_active, p.has_sample, p.sold_by_length, p.position + (c.copy - 1) * ${positions}::int
    from product_copies c join products p on p.id = c.source_id`);
  await tx.execute(sql`
    create temporary table variant_copies on commit drop as
    select v.id as source_id, c.copy, c.id as product_id, (select max(id) from product_variants) + row_number() over (order by c.id, v.position) as id
    from product_copies c join product_variants v on v.product_id = c.source_id`);
  await tx.execute(sql`
    insert into product_variants (id, product_id, sku, price_cents, stock_quantity, weight_grams, position, is_active)
    select vc.id, vc.product_id, p.sku || '-C' || vc.copy || substr(v.sku, length(p.sku) + 1), v.price_cents, v.stock_quantity, v.weight_grams, v.position, v.is_active
    from variant_copies vc join product_variants v on v.id = vc.source_id join products p on p.id = v.product_id`);
  for (const table of ['products', 'product_variants']) {
    await tx.execute(sql`select setval(pg_get_serial_sequence(${table}, 'id'), (select max(id) from ${sql.identifier(table)}))`);
  }
  await tx.execute(sql`
    insert into product_translations (product_id, locale, name, url_key, description, meta_description)
    select c.id, t.locale, t.name || ' #' || c.copy, t.url_key || '-' || c.copy, t.description, t.meta_description
    from product_copies c join product_translations t on t.product_id = c.source_id`);
  await tx.execute(sql`
    insert into product_categories (product_id, category_id, position)
    select c.id, pc.category_id, pc.position + (c.copy - 1) * ${positions}::int
    from product_copies c join product_categories pc on pc.product_id = c.source_id
    where pc.category_id <> (select id from categories where code = 'new-arrivals')`);
  await tx.execute(sql`
    insert into product_attribute_values (product_id, attribute_id, option_id, value_number, value_text)
    select c.id, a.attribute_id, a.option_id, a.value_number, a.value_text
    from product_copies c join product_attribute_values a on a.product_id = c.source_id order by c.id, a.id`);
  await tx.execute(sql`
    insert into product_images (product_id, path, width, height, position, alt)
    select c.id, i.path, i.width, i.height, i.position, i.alt
    from product_copies c join product_images i on i.product_id = c.source_id order by c.id, i.id`);
  await tx.execute(sql`
    insert into variant_option_values (variant_id, attribute_id, option_id)
    select vc.id, o.attribute_id, o.option_id from variant_copies vc join variant_option_values o on o.variant_id = vc.source_id`);
  await tx.execute(sql`
    insert into price_tiers (variant_id, min_quantity, unit_price_cents)
    select vc.id, t.min_quantity, t.unit_price_cents from variant_copies vc join price_tiers t on t.variant_id = vc.source_id order by vc.id, t.id`);
  await tx.execute(sql`
    insert into product_reviews (product_id, customer_id, locale, author_name, rating, title, body, status, created_at, rejection_reason, reply, replied_at)
    select c.id, r.customer_id, r.locale, r.author_name, r.rating, r.title, r.body, r.status, r.created_at, r.rejection_reason, r.reply, r.replied_at
    from product_copies c join product_reviews r on r.product_id = c.source_id order by c.id, r.id`);
  await tx.execute(sql`
    insert into related_products (product_id, related_product_id, kind, position)
    select c.id, coalesce(rc.id, r.related_product_id), r.kind, r.position
    from product_copies c join related_products r on r.product_id = c.source_id
    left join product_copies rc on rc.source_id = r.related_product_id and rc.copy = c.copy`);
}
