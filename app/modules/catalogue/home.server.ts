import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { type Database, queryRows } from '#app/db/client.server.ts';
import { categories, categoryTranslations, productCategories, productReviews, productTranslations } from '#app/db/schema.ts';
import type { LocaleCode } from '#app/modules/i18n/locales.ts';
import type { ListingIndex } from './listing-index.server.ts';
import { categoryPictures, variedPicks } from './home-picks.ts';
import { toProductCard } from './product-detail.server.ts';

/** The categories whose products are cord or rope sold by colour or pattern. */
const cordAndRopeCategories = ['paracord', 'other-cord', 'dog-leash-rope', 'ppm'];

/**
 * The figures behind the marketing claims, counted from the catalogue: active cord and rope
 * products, and their distinct colour-and-pattern designs (colours taken as a set).
 */
export async function countCordsAndDesigns(db: Database): Promise<{ cordsAndRopes: number; designs: number }> {
  const codes = sql.join(
    cordAndRopeCategories.map((code) => sql`${code}`),
    sql`, `,
  );
  const rows = await queryRows<{ cords: number; designs: number }>(
    db,
    sql`
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
    select (select count(*) from cords)::int as cords, (select count(distinct design) from designs)::int as designs`,
  );
  return { cordsAndRopes: Number(rows[0]?.cords ?? 0), designs: Number(rows[0]?.designs ?? 0) };
}

/** Home page: category tiles with a picture, varied recommended products, customer quotes and the claims. */
export async function getHomeOverview(db: Database, index: ListingIndex, locale: LocaleCode) {
  const [topCategories, quotes, claims] = await Promise.all([
    db
      .select({
        id: categories.id,
        code: categories.code,
        name: categoryTranslations.name,
        urlPath: categoryTranslations.urlPath,
        productCount: sql<number>`(select count(*)::int from ${productCategories} where ${productCategories.categoryId} = ${categories.id})`,
      })
      .from(categories)
      .innerJoin(categoryTranslations, and(eq(categoryTranslations.categoryId, categories.id), eq(categoryTranslations.locale, locale)))
      .where(and(eq(categories.isActive, true), eq(categories.showOnHome, true)))
      .orderBy(asc(categories.position)),
    // Quotes: the newest five-star reviews written in this store.
    db
      .select({
        id: productReviews.id,
        author: productReviews.authorName,
        title: productReviews.title,
        body: productReviews.body,
        product: productTranslations.name,
        urlKey: productTranslations.urlKey,
      })
      .from(productReviews)
      .innerJoin(productTranslations, and(eq(productTranslations.productId, productReviews.productId), eq(productTranslations.locale, locale)))
      .where(and(eq(productReviews.locale, locale), eq(productReviews.status, 'approved'), eq(productReviews.rating, 5)))
      .orderBy(desc(productReviews.createdAt))
      .limit(30),
    countCordsAndDesigns(db),
  ]);
  const ids = topCategories.map((c) => c.id);
  const pictures = categoryPictures(index.products, ids);
  return {
    categories: topCategories.map(({ id, ...category }) => ({ ...category, imagePath: pictures.get(id) ?? null })),
    quotes: distinctQuotes(quotes, 3),
    claims,
    recommended: variedPicks(index.products, ids, 8).map((p) => toProductCard(p, locale)),
  };
}

/** The newest quotes, each saying something the ones before did not (the demo reviews repeat their texts). */
function distinctQuotes<Quote extends { title: string; body: string }>(quotes: Quote[], count: number): Quote[] {
  const seen = new Set<string>();
  const normal = (text: string) => text.trim().toLowerCase();
  return quotes
    .filter((quote) => !seen.has(normal(quote.title)) && !seen.has(normal(quote.body)) && seen.add(normal(quote.title)).add(normal(quote.body)))
    .slice(0, count);
}
