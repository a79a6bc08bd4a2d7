/**
 * The products list of the admin (issue 16): the storefront's own search for words, filters by
 * category, product type, colour, stock state and active flag, sorting and paging on the server.
 */
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '#app/db/client.server.ts';
import {
  attributeOptions,
  attributeOptionTranslations,
  attributes,
  categories,
  categoryTranslations,
  productAttributeValues,
  productCategories,
  productImages,
  products,
} from '#app/db/schema.ts';
import { type ListSort, listSortSpec } from '#app/lib/paging/list-sort.ts';
import { orderByOf } from '#app/lib/paging/list-sort.server.ts';
import type { LocaleCode } from '#app/modules/i18n/locales.ts';
import { likeEscaped } from '#app/lib/paging/like-pattern.ts';
import { pageWindow } from '#app/lib/paging/page-window.ts';
import { searchCatalogue } from '#app/modules/search/search.server.ts';
import type { ProductListFilters } from './product-admin-filters.ts';

export const productListPageSize = 50;
export const productSort = listSortSpec(['name', 'sku', 'type', 'price', 'stock', 'active', 'updated'], { key: 'updated', direction: 'desc' });
export type ProductSortKey = (typeof productSort.keys)[number];

const stockTotal = sql<number>`coalesce((select sum(v.stock_quantity) from product_variants v where v.product_id = ${products.id} and v.is_active), 0)::int`;
const lowestPrice = sql<number | null>`(select min(v.price_cents) from product_variants v where v.product_id = ${products.id} and v.is_active)`;

/** Ids of products the storefront's search finds for these words in the admin's language, SKUs matched too. */
async function searchedProductIds(db: Database, locale: LocaleCode, query: string): Promise<number[]> {
  const [outcome, bySku] = await Promise.all([
    searchCatalogue(db, locale, query),
    db
      .select({ id: products.id })
      .from(products)
      .where(
        sql`${products.sku} ilike ${`${likeEscaped(query)}%`} or exists (select 1 from product_variants v where v.product_id = ${products.id} and v.sku ilike ${`${likeEscaped(query)}%`})`,
      )
      .limit(500),
  ]);
  return [...new Set([...bySku.map((row) => row.id), ...outcome.hits.filter((hit) => hit.kind === 'product').map((hit) => hit.refId)])];
}

export async function listAdminProducts(
  db: Database,
  locale: LocaleCode,
  filters: ProductListFilters,
  requestedPage: number,
  sort: ListSort<ProductSortKey> = productSort.fallback,
) {
  const conditions: SQL[] = [];
  if (filters.q) {
    const ids = await searchedProductIds(db, locale, filters.q);
    if (ids.length === 0) return { rows: [], window: pageWindow(1, productListPageSize, 0) };
    conditions.push(inArray(products.id, ids));
  }
  if (filters.categoryId)
    conditions.push(sql`exists (select 1 from ${productCategories} pc where pc.product_id = ${products.id} and pc.category_id = ${filters.categoryId})`);
  if (filters.productType) conditions.push(eq(products.productType, filters.productType));
  if (filters.colourOptionId)
    conditions.push(
      sql`exists (select 1 from ${productAttributeValues} pav where pav.product_id = ${products.id} and pav.option_id = ${filters.colourOptionId})`,
    );
  if (filters.stock) conditions.push(filters.stock === 'in' ? sql`${stockTotal} > 0` : sql`${stockTotal} = 0`);
  if (filters.active !== undefined) conditions.push(eq(products.isActive, filters.active));
  const where = conditions.length ? and(...conditions) : undefined;
  const [total] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(products)
    .where(where);
  const window = pageWindow(requestedPage, productListPageSize, total?.count ?? 0);
  const name = sql<string>`coalesce((select t.name from product_translations t where t.product_id = ${products.id} and t.locale = ${locale}), (select t.name from product_translations t where t.product_id = ${products.id} order by t.locale = 'en' desc, t.locale limit 1), ${products.sku})`;
  const rows = await db
    .select({
      id: products.id,
      sku: products.sku,
      name,
      productType: products.productType,
      isActive: products.isActive,
      priceCents: lowestPrice,
      stock: stockTotal,
      updatedAt: products.updatedAt,
      imagePath: sql<string | null>`(select i.path from ${productImages} i where i.product_id = ${products.id} order by i.position limit 1)`,
    })
    .from(products)
    .where(where)
    .orderBy(
      ...orderByOf(
        sort,
        {
          name: sql`lower(${name})`,
          sku: products.sku,
          type: products.productType,
          price: lowestPrice,
          stock: stockTotal,
          active: products.isActive,
          updated: products.updatedAt,
        },
        desc(products.id),
      ),
    )
    .limit(productListPageSize)
    .offset(window.offset);
  return { rows, window };
}

/** The choices of the list's filters (and of the bulk move): categories, product types, colours. */
export async function productListChoices(db: Database, locale: LocaleCode) {
  const [categoryRows, typeRows, colourRows] = await Promise.all([
    db
      .select({
        id: categories.id,
        name: sql<string>`coalesce(${categoryTranslations.name}, ${categories.code})`,
        level: categories.level,
        path: categoryTranslations.urlPath,
      })
      .from(categories)
      .leftJoin(categoryTranslations, and(eq(categoryTranslations.categoryId, categories.id), eq(categoryTranslations.locale, locale)))
      .orderBy(asc(sql`coalesce(${categoryTranslations.urlPath}, ${categories.code})`)),
    db.selectDistinct({ productType: products.productType }).from(products).orderBy(products.productType),
    db
      .select({ id: attributeOptions.id, label: sql<string>`coalesce(${attributeOptionTranslations.label}, ${attributeOptions.code})` })
      .from(attributeOptions)
      .innerJoin(attributes, and(eq(attributes.id, attributeOptions.attributeId), eq(attributes.code, 'color')))
      .leftJoin(attributeOptionTranslations, and(eq(attributeOptionTranslations.optionId, attributeOptions.id), eq(attributeOptionTranslations.locale, locale)))
      .orderBy(asc(attributeOptions.position), asc(attributeOptions.id)),
  ]);
  return { categories: categoryRows, productTypes: typeRows.map((row) => row.productType), colours: colourRows };
}
