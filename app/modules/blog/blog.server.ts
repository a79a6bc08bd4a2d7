import { and, count, desc, eq } from 'drizzle-orm';
import type { Database } from '#app/db/client.server.ts';
import { blogPosts, blogPostTranslations } from '#app/db/schema.ts';
import { type LocaleCode, storefrontByCode } from '#app/modules/i18n/locales.ts';
import { sanitizeSiteHtml } from '#app/modules/rich-text/sanitize-content.server.ts';
import { pageWindow } from '#app/lib/paging/page-window.ts';
import { onShow } from '#app/modules/schedule/content-schedule.server.ts';
import { blogFeedPath, blogListingPath, blogPageSize, blogPostPath } from './blog-paths.ts';

/** A post shows in a store that has its text, once published and its time has come, until it is withdrawn (issue 16). */
const published = (locale: LocaleCode, now?: Date) =>
  and(eq(blogPostTranslations.locale, locale), onShow({ published: blogPosts.isPublished, from: blogPosts.publishedAt, until: blogPosts.unpublishAt }, now));

const cardColumns = {
  id: blogPosts.id,
  author: blogPosts.author,
  heroImage: blogPosts.heroImage,
  publishedAt: blogPosts.publishedAt,
  slug: blogPostTranslations.slug,
  title: blogPostTranslations.title,
  summary: blogPostTranslations.summary,
  heroAlt: blogPostTranslations.heroAlt,
  tags: blogPostTranslations.tags,
};

type CardRow = {
  id: number;
  author: string;
  heroImage: string;
  publishedAt: Date;
  slug: string;
  title: string;
  summary: string;
  heroAlt: string;
  tags: string[];
};

const toCard = (locale: LocaleCode) => (row: CardRow) => ({
  id: row.id,
  title: row.title,
  summary: row.summary,
  author: row.author,
  publishedAt: row.publishedAt.toISOString(),
  heroImage: `/images/${row.heroImage}`,
  heroAlt: row.heroAlt,
  tags: row.tags,
  path: blogPostPath(locale, row.slug),
});

export type BlogCard = ReturnType<ReturnType<typeof toCard>>;

/** One page of the storefront's posts, newest first. */
export async function getBlogListing(db: Database, locale: LocaleCode, requestedPage: number) {
  const base = () =>
    db.select(cardColumns).from(blogPosts).innerJoin(blogPostTranslations, eq(blogPostTranslations.postId, blogPosts.id)).where(published(locale));
  const [total] = await db
    .select({ value: count() })
    .from(blogPosts)
    .innerJoin(blogPostTranslations, eq(blogPostTranslations.postId, blogPosts.id))
    .where(published(locale));
  const window = pageWindow(requestedPage, blogPageSize, total?.value ?? 0);
  const rows = await base().orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id)).limit(blogPageSize).offset(window.offset);
  return { window, requestedPage, posts: rows.map(toCard(locale)), path: blogListingPath(locale), feedPath: blogFeedPath(locale) };
}

/** A post by its slug in this storefront, body sanitised (spec §5), with its path in every storefront; null when unknown. */
export async function getBlogPost(db: Database, locale: LocaleCode, slug: string, siteUrl: string) {
  const [row] = await db
    .select({ ...cardColumns, bodyHtml: blogPostTranslations.bodyHtml, updatedAt: blogPosts.updatedAt })
    .from(blogPosts)
    .innerJoin(blogPostTranslations, eq(blogPostTranslations.postId, blogPosts.id))
    .where(and(published(locale), eq(blogPostTranslations.slug, slug)));
  if (!row) return null;
  const translations = await db
    .select({ locale: blogPostTranslations.locale, slug: blogPostTranslations.slug })
    .from(blogPostTranslations)
    .where(eq(blogPostTranslations.postId, row.id));
  return {
    ...toCard(locale)(row),
    updatedAt: row.updatedAt.toISOString(),
    html: sanitizeSiteHtml(row.bodyHtml, siteUrl),
    alternates: Object.fromEntries(
      translations.map((t) => [t.locale, `/${storefrontByCode(t.locale)?.prefix}/${blogPostPath(t.locale as LocaleCode, t.slug)}`]),
    ),
  };
}

export type BlogPostPage = NonNullable<Awaited<ReturnType<typeof getBlogPost>>>;

/** The newest posts of a storefront for its feed. */
export async function latestBlogPosts(db: Database, locale: LocaleCode, limit = 20) {
  const rows = await db
    .select({ ...cardColumns, bodyHtml: blogPostTranslations.bodyHtml })
    .from(blogPosts)
    .innerJoin(blogPostTranslations, eq(blogPostTranslations.postId, blogPosts.id))
    .where(published(locale))
    .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id))
    .limit(limit);
  return rows.map((row) => ({ ...toCard(locale)(row), bodyHtml: row.bodyHtml }));
}

/** Blog paths of a storefront (listing and posts), for its sitemap. */
export async function blogSitemapPaths(db: Database, locale: LocaleCode): Promise<string[]> {
  const rows = await db
    .select({ slug: blogPostTranslations.slug })
    .from(blogPosts)
    .innerJoin(blogPostTranslations, eq(blogPostTranslations.postId, blogPosts.id))
    .where(published(locale));
  return [blogListingPath(locale), ...rows.map((row) => blogPostPath(locale, row.slug))];
}
