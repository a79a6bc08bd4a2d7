import { and, asc, count, eq } from 'drizzle-orm';
import type { Database } from '#app/db/client.server.ts';
import { categories, categoryTranslations, contentPages, contentPageTranslations, products, productTranslations } from '#app/db/schema.ts';
import type { LocaleCode, StorefrontLocale } from '#app/modules/i18n/locales.ts';
import { blogSitemapPaths } from '#app/modules/blog/blog.server.ts';
import { faqSitemapPaths } from '#app/modules/faq/faq.server.ts';
import { giftCardPagePath } from '#app/modules/gift-cards/gift-card-paths.ts';
import { pageTextOnShow } from '#app/modules/schedule/content-schedule.server.ts';

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The sitemap protocol's limit of URLs per file: a storefront with more is split into several files (issue 18: 100× the catalogue). */
export const urlsPerSitemap = 50_000;

/** `/sitemaps/{prefix}.xml` for a storefront's first file, `{prefix}-{n}.xml` for the next ones. */
export const sitemapFileName = (prefix: string, part: number) => (part === 1 ? `${prefix}.xml` : `${prefix}-${part}.xml`);

export function parseSitemapFileName(file: string): { prefix: string; part: number } | null {
  const match = /^(.+?)(?:-(\d{1,6}))?\.xml$/.exec(file);
  if (!match) return null;
  const part = match[2] === undefined ? 1 : Number(match[2]);
  return part >= 2 || match[2] === undefined ? { prefix: match[1] as string, part } : null;
}

const urlSet = (urls: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.map((url) => `  <url><loc>${escapeXml(url)}</loc></url>`).join('\n')}\n</urlset>\n`;

/** Every path of a storefront but its products (a few hundred at most): home, stores, gift cards, categories, content pages, FAQ and blog. */
async function pathsBesideProducts(db: Database, locale: LocaleCode): Promise<string[]> {
  const [categoryPaths, pageSlugs, faqPaths, blogPaths] = await Promise.all([
    db
      .select({ path: categoryTranslations.urlPath })
      .from(categoryTranslations)
      .innerJoin(categories, eq(categories.id, categoryTranslations.categoryId))
      .where(and(eq(categoryTranslations.locale, locale), eq(categories.isActive, true))),
    db
      .select({ path: contentPageTranslations.slug })
      .from(contentPageTranslations)
      .innerJoin(contentPages, eq(contentPages.id, contentPageTranslations.pageId))
      .where(and(eq(contentPageTranslations.locale, locale), pageTextOnShow(), eq(contentPages.isActive, true))),
    faqSitemapPaths(db, locale),
    blogSitemapPaths(db, locale),
  ]);
  return [
    '',
    '/stores',
    `/${giftCardPagePath(locale)}`,
    ...[...categoryPaths, ...pageSlugs].map((row) => `/${row.path}`),
    ...[...faqPaths, ...blogPaths].map((path) => `/${path}`),
  ];
}

const activeProductsIn = (locale: LocaleCode) => and(eq(productTranslations.locale, locale), eq(products.isActive, true));

async function productCount(db: Database, locale: LocaleCode): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(productTranslations)
    .innerJoin(products, eq(products.id, productTranslations.productId))
    .where(activeProductsIn(locale));
  return Number(row?.count ?? 0);
}

/** The storefront's sitemap files: its URLs besides products, then its products by id, `perFile` to a file. */
async function sitemapFileCount(db: Database, locale: LocaleCode, perFile: number): Promise<number> {
  const [besideProducts, productUrls] = await Promise.all([pathsBesideProducts(db, locale), productCount(db, locale)]);
  return Math.max(1, Math.ceil((besideProducts.length + productUrls) / perFile));
}

/** The sitemap index: every file of every storefront. */
export async function sitemapIndexXml(db: Database, siteUrl: string, storefronts: readonly StorefrontLocale[], perFile = urlsPerSitemap): Promise<string> {
  const fileCounts = await Promise.all(storefronts.map((storefront) => sitemapFileCount(db, storefront.code, perFile)));
  const entries = storefronts.flatMap((storefront, index) =>
    Array.from(
      { length: fileCounts[index] as number },
      (_, part) => `  <sitemap><loc>${escapeXml(`${siteUrl}/sitemaps/${sitemapFileName(storefront.prefix, part + 1)}`)}</loc></sitemap>`,
    ),
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</sitemapindex>\n`;
}

/**
 * One sitemap file of a storefront (`part` from 1): its category, content page, FAQ and blog URLs,
 * then its products by id, at most `perFile` URLs; null for a part the storefront does not have.
 */
export async function storefrontSitemapXml(
  db: Database,
  siteUrl: string,
  storefront: StorefrontLocale,
  part = 1,
  perFile = urlsPerSitemap,
): Promise<string | null> {
  const locale = storefront.code;
  const besideProducts = await pathsBesideProducts(db, locale);
  const first = (part - 1) * perFile;
  const fromProducts = Math.max(0, first - besideProducts.length);
  const productKeys = await db
    .select({ path: productTranslations.urlKey })
    .from(productTranslations)
    .innerJoin(products, eq(products.id, productTranslations.productId))
    .where(activeProductsIn(locale))
    .orderBy(asc(productTranslations.productId))
    .offset(fromProducts)
    .limit(Math.max(0, perFile - Math.max(0, besideProducts.length - first)));
  const paths = [...besideProducts.slice(first, first + perFile), ...productKeys.map((row) => `/${row.path}`)];
  if (part > 1 && paths.length === 0) return null;
  return urlSet(paths.map((path) => `${siteUrl}/${storefront.prefix}${path}`));
}
