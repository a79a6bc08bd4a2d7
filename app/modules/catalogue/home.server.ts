import { and, asc, eq, isNull, min, sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client.server.ts';
import {
  categories,
  categoryTranslations,
  productCategories,
  productImages,
  products,
  productTranslations,
  productVariants,
} from '../../db/schema.ts';
import type { LocaleCode } from '../i18n/locales.ts';

export interface HomeCategory {
  code: string;
  name: string;
  urlPath: string;
  productCount: number;
}

export interface HomeProduct {
  sku: string;
  name: string;
  urlKey: string;
  imagePath: string | null;
  /** lowest variant price, EUR cents excl. VAT */
  priceFromCents: number;
}

/** The categories whose products are cord or rope sold by colour or pattern. */
const cordAndRopeCategories = ['paracord', 'other-cord', 'dog-leash-rope', 'ppm'];

/**
 * The figures behind the marketing claims, counted from the catalogue: active cord and rope
 * products, and their distinct colour-and-pattern designs (colours taken as a set).
 */
export async function countCordsAndDesigns(db: Database): Promise<{ cordsAndRopes: number; designs: number }> {
  const codes = sql.join(cordAndRopeCategories.map((code) => sql`${code}`), sql`, `);
  const rows = await queryRows<{ cords: number; designs: number }>(db, sql`
    with recursive tree as (
      select id from categories where code in (${codes})
      union select c.id from categories c join tree on c.parent_id = tree.id
    ),
    cords as (
      select distinct pc.product_id from product_categories pc
      join tree on tree.id = pc.category_id
      join products p on p.id = pc.product_id and p.is_active
    ),
    designs as (
      select string_agg(pav.option_id::text, ',' order by pav.attribute_id, pav.option_id) as design
      from product_attribute_values pav
      join attributes a on a.id = pav.attribute_id and a.code in ('color', 'pattern_type')
      where pav.product_id in (select product_id from cords)
      group by pav.product_id
    )
    select (select count(*) from cords)::int as cords, (select count(distinct design) from designs)::int as designs`);
  return { cordsAndRopes: Number(rows[0]?.cords ?? 0), designs: Number(rows[0]?.designs ?? 0) };
}

/** The top-level categories with their product counts, the first products and the catalogue claims. */
export async function getHomeOverview(db: Database, locale: LocaleCode) {
  const [topCategories, featured, claims] = await Promise.all([
    db
      .select({
        code: categories.code,
        name: categoryTranslations.name,
        urlPath: categoryTranslations.urlPath,
        productCount: sql<number>`(select count(*)::int from ${productCategories} where ${productCategories.categoryId} = ${categories.id})`,
      })
      .from(categories)
      .innerJoin(categoryTranslations, and(eq(categoryTranslations.categoryId, categories.id), eq(categoryTranslations.locale, locale)))
      .where(and(isNull(categories.parentId), eq(categories.isActive, true)))
      .orderBy(asc(categories.position)),
    db
      .select({
        sku: products.sku,
        name: productTranslations.name,
        urlKey: productTranslations.urlKey,
        imagePath: sql<string | null>`(select ${productImages.path} from ${productImages} where ${productImages.productId} = ${products.id} order by ${productImages.position} limit 1)`,
        priceFromCents: min(productVariants.priceCents).mapWith(Number),
      })
      .from(products)
      .innerJoin(productTranslations, and(eq(productTranslations.productId, products.id), eq(productTranslations.locale, locale)))
      .innerJoin(productVariants, eq(productVariants.productId, products.id))
      .where(eq(products.isActive, true))
      .groupBy(products.id, productTranslations.name, productTranslations.urlKey)
      .orderBy(asc(products.position))
      .limit(8),
    countCordsAndDesigns(db),
  ]);
  return { categories: topCategories satisfies HomeCategory[], featured: featured satisfies HomeProduct[], claims };
}
