import { and, eq } from 'drizzle-orm';
import type { Database } from '#app/db/client.server.ts';
import { categories, categoryTranslations, contentPages, contentPageTranslations, products, productTranslations } from '#app/db/schema.ts';
import type { StorefrontLocale } from '#app/modules/i18n/locales.ts';
import { blogSitemapPaths } from '#app/modules/blog/blog.server.ts';
import { faqSitemapPaths } from '#app/modules/faq/faq.server.ts';
import { giftCardPagePath } from '#app/modules/gift-cards/gift-card-paths.ts';
import { pageTextOnShow } from '#app/modules/content/content-schedule.server.ts';

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function sitemapIndexXml(siteUrl: string, storefronts: readonly StorefrontLocale[]): string {
  const entries = storefronts.map((s) => `  <sitemap><loc>${escapeXml(`${siteUrl}/sitemaps/${s.prefix}.xml`)}</loc></sitemap>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</sitemapindex>\n`;
}

/** Every category, product, content page, FAQ and blog URL of one storefront. */
export async function storefrontSitemapXml(db: Database, siteUrl: string, storefront: StorefrontLocale): Promise<string> {
  const locale = storefront.code;
  const [categoryPaths, productKeys, pageSlugs, faqPaths, blogPaths] = await Promise.all([
    db
      .select({ path: categoryTranslations.urlPath })
      .from(categoryTranslations)
      .innerJoin(categories, eq(categories.id, categoryTranslations.categoryId))
      .where(and(eq(categoryTranslations.locale, locale), eq(categories.isActive, true))),
    db
      .select({ path: productTranslations.urlKey })
      .from(productTranslations)
      .innerJoin(products, eq(products.id, productTranslations.productId))
      .where(and(eq(productTranslations.locale, locale), eq(products.isActive, true))),
    db
      .select({ path: contentPageTranslations.slug })
      .from(contentPageTranslations)
      .innerJoin(contentPages, eq(contentPages.id, contentPageTranslations.pageId))
      .where(and(eq(contentPageTranslations.locale, locale), pageTextOnShow(), eq(contentPages.isActive, true))),
    faqSitemapPaths(db, locale),
    blogSitemapPaths(db, locale),
  ]);
  const paths = [
    '',
    '/stores',
    `/${giftCardPagePath(locale)}`,
    ...[...categoryPaths, ...productKeys, ...pageSlugs].map((row) => `/${row.path}`),
    ...[...faqPaths, ...blogPaths].map((path) => `/${path}`),
  ];
  const urls = paths.map((path) => `  <url><loc>${escapeXml(`${siteUrl}/${storefront.prefix}${path}`)}</loc></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}
