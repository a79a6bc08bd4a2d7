import { and, eq } from 'drizzle-orm';
import type { Database } from '#app/db/client.server.ts';
import { categories, categoryTranslations, contentPages, contentPageTranslations, products, productTranslations, urlRedirects } from '#app/db/schema.ts';
import { type LocaleCode, storefrontByCode } from '#app/modules/i18n/locales.ts';
import { minuteCache } from '#app/lib/cache/minute-cache.server.ts';
import { categoryUid } from './listing-index.server.ts';
import { pageTextOnShow } from '#app/modules/schedule/content-schedule.server.ts';

/** What a storefront path is (spec §2 route query): the answer of /api/route and of the catch-all. */
export type ResolvedPath =
  | { type: 'CATEGORY'; id: number; uid: string; relativeUrl: string }
  | { type: 'PRODUCT'; id: number; sku: string; relativeUrl: string }
  | { type: 'CMS_PAGE'; id: number; identifier: string; relativeUrl: string }
  | { type: 'REDIRECT'; redirectCode: 301 | 302; relativeUrl: string };

const resolved = minuteCache<ResolvedPath | null>(10_000);

/**
 * Resolves a path below a locale prefix ('anderes-seil/kletterseile-pro-meter') to a category,
 * a product, a content page or a stored redirect, in that order of precedence. Answers are
 * remembered for a minute (unknown paths too, so a flood of 404s does not reach the database).
 */
export function resolveCataloguePath(db: Database, locale: LocaleCode, path: string): Promise<ResolvedPath | null> {
  return resolved(db, `${locale}:${path}`, () => lookUpPath(db, locale, path));
}

async function lookUpPath(db: Database, locale: LocaleCode, path: string): Promise<ResolvedPath | null> {
  const clean = path.replace(/^\/+|\/+$/g, '');
  if (!clean) return null;
  const prefix = `/${storefrontByCode(locale)?.prefix}`;
  const isSingleSegment = !clean.includes('/');
  const [category, product, page, redirect] = await Promise.all([
    db
      .select({ id: categories.id })
      .from(categoryTranslations)
      .innerJoin(categories, eq(categories.id, categoryTranslations.categoryId))
      .where(and(eq(categoryTranslations.locale, locale), eq(categoryTranslations.urlPath, clean), eq(categories.isActive, true)))
      .limit(1),
    isSingleSegment
      ? db
          .select({ id: products.id, sku: products.sku })
          .from(productTranslations)
          .innerJoin(products, eq(products.id, productTranslations.productId))
          .where(and(eq(productTranslations.locale, locale), eq(productTranslations.urlKey, clean), eq(products.isActive, true)))
          .limit(1)
      : [],
    isSingleSegment
      ? db
          .select({ id: contentPages.id, identifier: contentPages.code })
          .from(contentPageTranslations)
          .innerJoin(contentPages, eq(contentPages.id, contentPageTranslations.pageId))
          .where(and(eq(contentPageTranslations.locale, locale), eq(contentPageTranslations.slug, clean), pageTextOnShow(), eq(contentPages.isActive, true)))
          .limit(1)
      : [],
    db
      .select({ toPath: urlRedirects.toPath, statusCode: urlRedirects.statusCode })
      .from(urlRedirects)
      .where(and(eq(urlRedirects.locale, locale), eq(urlRedirects.fromPath, clean)))
      .limit(1),
  ]);
  const relativeUrl = `${prefix}/${clean}`;
  if (category[0]) return { type: 'CATEGORY', id: category[0].id, uid: categoryUid(category[0].id), relativeUrl };
  if (product[0]) return { type: 'PRODUCT', id: product[0].id, sku: product[0].sku, relativeUrl };
  if (page[0]) return { type: 'CMS_PAGE', id: page[0].id, identifier: page[0].identifier, relativeUrl };
  if (redirect[0]) {
    const target = redirect[0].toPath;
    const location = /^https?:\/\//.test(target) ? target : `${prefix}/${target.replace(/^\/+/, '')}`;
    return { type: 'REDIRECT', redirectCode: redirect[0].statusCode === 302 ? 302 : 301, relativeUrl: location };
  }
  return null;
}
