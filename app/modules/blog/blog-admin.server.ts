/**
 * Blog posts as editors keep them in the back office (issue 16): a list with search and paging,
 * a post's settings (author, hero image, published, when it goes live and when it is withdrawn)
 * and its text per store (title, slug unique in the store, excerpt, body, image text). A post
 * whose `publishedAt` is still to come is scheduled: the storefront's reads (listing, post, feed,
 * sitemap) show it from then on through the shared rule in content-schedule.server.ts.
 */
import { and, asc, count, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database, Queryable } from '#app/db/client.server.ts';
import { isUniqueViolation } from '#app/db/errors.ts';
import { blogPosts, blogPostTranslations } from '#app/db/schema.ts';
import { optionalUtcDate } from '#app/lib/forms/utc-dates.server.ts';
import { containsPattern } from '#app/lib/paging/like-pattern.ts';
import { pageOfRows } from '#app/lib/paging/page-window.ts';
import { recordAudit } from '#app/lib/observability/audit.server.ts';
import { keepOldPath } from '#app/modules/catalogue/url-redirects.server.ts';
import { contentSlug } from '#app/modules/content/content-pages-admin.server.ts';
import { type ScheduleState, scheduleStateOf } from '#app/modules/schedule/content-schedule.server.ts';
import type { LocaleCode } from '#app/modules/i18n/locales.ts';
import { blogPostPath } from './blog-paths.ts';
import { refreshPostSearchDocuments } from '#app/modules/search/search-index.server.ts';

const pageSize = 20;

export interface AdminBlogRow {
  id: number;
  code: string;
  title: string;
  author: string;
  publishedAt: string;
  state: ScheduleState;
  locales: string[];
}

/** One page of posts, newest first; `query` finds posts by title (any store), code or author. */
export async function listBlogPostsForAdmin(db: Database, { query, page }: { query: string; page: number }, now = new Date()) {
  const term = query.trim();
  const matching = term
    ? or(
        ilike(blogPosts.code, containsPattern(term)),
        ilike(blogPosts.author, containsPattern(term)),
        inArray(
          blogPosts.id,
          db
            .select({ id: blogPostTranslations.postId })
            .from(blogPostTranslations)
            .where(ilike(blogPostTranslations.title, containsPattern(term))),
        ),
      )
    : undefined;
  const { rows, window } = await pageOfRows(page, pageSize, db.select({ count: count() }).from(blogPosts).where(matching), (window) =>
    db.select().from(blogPosts).where(matching).orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id)).limit(pageSize).offset(window.offset),
  );
  const texts =
    rows.length === 0
      ? []
      : await db
          .select({ postId: blogPostTranslations.postId, locale: blogPostTranslations.locale, title: blogPostTranslations.title })
          .from(blogPostTranslations)
          .where(
            inArray(
              blogPostTranslations.postId,
              rows.map((row) => row.id),
            ),
          )
          .orderBy(asc(blogPostTranslations.locale));
  const posts: AdminBlogRow[] = rows.map((row) => {
    const own = texts.filter((text) => text.postId === row.id);
    return {
      id: row.id,
      code: row.code,
      title: (own.find((text) => text.locale === 'en') ?? own[0])?.title ?? '',
      author: row.author,
      publishedAt: row.publishedAt.toISOString(),
      state: scheduleStateOf({ published: row.isPublished, from: row.publishedAt, until: row.unpublishAt }, now),
      locales: own.map((text) => text.locale),
    };
  });
  return { posts, window };
}

export async function blogPostForEditing(db: Queryable, postId: number, locale: LocaleCode) {
  const [post] = await db.select().from(blogPosts).where(eq(blogPosts.id, postId));
  if (!post) return null;
  const [text] = await db
    .select()
    .from(blogPostTranslations)
    .where(and(eq(blogPostTranslations.postId, postId), eq(blogPostTranslations.locale, locale)));
  return { post, text: text ?? null };
}

export const blogPostFields = [
  'author',
  'heroImage',
  'isPublished',
  'publishedAt',
  'unpublishAt',
  'title',
  'slug',
  'summary',
  'bodyHtml',
  'heroAlt',
  'tags',
] as const;

const maxTags = 10;
const maxTagLength = 40;

/** Tags typed as a comma-separated list: trimmed, without empty ones or repeats (in any case). */
const blogTags = z.string().transform((typed, context) => {
  const byKey = new Map<string, string>();
  for (const tag of typed.split(',').map((part) => part.trim())) if (tag && !byKey.has(tag.toLocaleLowerCase())) byKey.set(tag.toLocaleLowerCase(), tag);
  const tags = [...byKey.values()];
  if (tags.length > maxTags || tags.some((tag) => tag.length > maxTagLength)) {
    context.addIssue({ code: 'custom', message: 'admin.blog.tagsInvalid' });
    return z.NEVER;
  }
  return tags;
});

/**
 * The editor's form: the post's settings, shared by every store, and this store's text. Times are
 * typed in UTC; an empty publication time means now. A withdrawal must come after publication.
 */
export const blogPostSchema = z
  .object({
    author: z.string().trim().min(1, 'validation.required').max(120, 'validation.invalid'),
    heroImage: z
      .string()
      .trim()
      .min(1, 'validation.required')
      .max(300, 'validation.invalid')
      .regex(/^(?!\/)(?!.*\.\.)[\w./-]+$/, 'admin.blog.imageInvalid'),
    isPublished: z.string().transform((value) => value === 'on'),
    publishedAt: optionalUtcDate,
    unpublishAt: optionalUtcDate,
    title: z.string().trim().min(1, 'validation.required').max(200, 'validation.invalid'),
    slug: contentSlug,
    summary: z.string().trim().min(1, 'validation.required').max(500, 'validation.invalid'),
    bodyHtml: z.string().trim().min(1, 'validation.required').max(200_000, 'validation.invalid'),
    heroAlt: z.string().trim().max(300, 'validation.invalid'),
    tags: blogTags,
  })
  .superRefine((form, context) => {
    if (form.unpublishAt && form.unpublishAt.getTime() <= (form.publishedAt ?? new Date()).getTime())
      context.addIssue({ code: 'custom', path: ['unpublishAt'], message: 'admin.content.untilBeforeFrom' });
  });
export type BlogPostInput = z.output<typeof blogPostSchema>;

/**
 * Saves a post's settings and one store's text; 'slug-taken' when another post of the store has the
 * slug. A changed slug leaves a 301 from the post's old address in that store to the new one.
 */
export async function saveBlogPost(
  db: Database,
  staffId: number,
  postId: number,
  locale: LocaleCode,
  input: BlogPostInput,
): Promise<{ ok: true } | { ok: false; reason: 'not-found' | 'slug-taken' }> {
  try {
    return await db.transaction(async (tx) => {
      const before = await blogPostForEditing(tx, postId, locale);
      if (!before) return { ok: false, reason: 'not-found' } as const;
      const settings = {
        author: input.author,
        heroImage: input.heroImage,
        isPublished: input.isPublished,
        publishedAt: input.publishedAt ?? before.post.publishedAt,
        unpublishAt: input.unpublishAt,
      };
      await tx
        .update(blogPosts)
        .set({ ...settings, updatedAt: sql`now()` })
        .where(eq(blogPosts.id, postId));
      const text = { title: input.title, slug: input.slug, summary: input.summary, bodyHtml: input.bodyHtml, heroAlt: input.heroAlt, tags: input.tags };
      await tx
        .insert(blogPostTranslations)
        .values({ postId, locale, ...text })
        .onConflictDoUpdate({ target: [blogPostTranslations.postId, blogPostTranslations.locale], set: text });
      if (before.text) await keepOldPath(tx, locale, blogPostPath(locale, before.text.slug), blogPostPath(locale, input.slug));
      await recordAudit(tx, {
        staffId,
        action: 'blogPost.update',
        entity: 'blogPost',
        entityId: `${postId}:${locale}`,
        before,
        after: { ...settings, ...text },
      });
      // Search finds the post by its new text, or no more (hidden, withdrawn, not yet due).
      await refreshPostSearchDocuments(tx, [postId]);
      return { ok: true } as const;
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: 'slug-taken' };
    throw error;
  }
}

export const newBlogPostFields = ['code', 'author'] as const;
export const newBlogPostSchema = z.object({
  code: z
    .string()
    .trim()
    .min(1, 'validation.required')
    .max(80, 'validation.invalid')
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'admin.faq.codeInvalid'),
  author: z.string().trim().min(1, 'validation.required').max(120, 'validation.invalid'),
});

/** A new post, unpublished, with the shop's default picture until one is chosen; 'code-taken' when the code is in use. */
export async function createBlogPost(db: Database, staffId: number, input: z.output<typeof newBlogPostSchema>) {
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(blogPosts)
        .values({ ...input, heroImage: 'banners/home.svg', publishedAt: new Date(), isPublished: false })
        .returning({ id: blogPosts.id });
      await recordAudit(tx, { staffId, action: 'blogPost.create', entity: 'blogPost', entityId: row!.id, after: input });
      return { ok: true, id: row!.id } as const;
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: 'code-taken' } as const;
    throw error;
  }
}

/** Deletes a post with its texts; false when it is gone. */
export async function deleteBlogPost(db: Database, staffId: number, postId: number) {
  return db.transaction(async (tx) => {
    const [before] = await tx.delete(blogPosts).where(eq(blogPosts.id, postId)).returning();
    if (!before) return false;
    await recordAudit(tx, { staffId, action: 'blogPost.delete', entity: 'blogPost', entityId: postId, before });
    await refreshPostSearchDocuments(tx, [postId]);
    return true;
  });
}
