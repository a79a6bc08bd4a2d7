/**
 * Information pages edited in the back office (issue 16): per page and store the title, URL slug,
 * body (HTML, shown through the spec §5 sanitiser), meta description and whether it is published.
 * A changed slug keeps the old address working with a 301 redirect.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '#app/db/client.server.ts';
import { isUniqueViolation } from '#app/db/errors.ts';
import { contentPages, contentPageTranslations } from '#app/db/schema.ts';
import { keepOldPath } from '#app/modules/catalogue/url-redirects.server.ts';
import { recordAudit } from '#app/lib/observability/audit.server.ts';
import type { LocaleCode } from '#app/modules/i18n/locales.ts';
import { refreshPageSearchDocuments } from '#app/modules/search/search-index.server.ts';
import { fillInlineTokens } from './content-page.server.ts';
import { sanitizeSiteHtml } from '#app/modules/rich-text/sanitize-content.server.ts';
import { optionalUtcDate } from '#app/lib/forms/utc-dates.server.ts';
import { type ScheduleState, scheduleStateOf } from '#app/modules/schedule/content-schedule.server.ts';

/** Every page with the stores it has a text in and whether each shows, is scheduled or is hidden. */
export async function listContentPages(db: Database) {
  const rows = await db
    .select({
      id: contentPages.id,
      code: contentPages.code,
      isActive: contentPages.isActive,
      locale: contentPageTranslations.locale,
      title: contentPageTranslations.title,
      published: contentPageTranslations.published,
      publishAt: contentPageTranslations.publishAt,
    })
    .from(contentPages)
    .leftJoin(contentPageTranslations, eq(contentPageTranslations.pageId, contentPages.id))
    .orderBy(asc(contentPages.code));
  const now = new Date();
  const pages = new Map<number, { id: number; code: string; isActive: boolean; title: string; locales: { locale: string; state: ScheduleState }[] }>();
  for (const row of rows) {
    const page = pages.get(row.id) ?? { id: row.id, code: row.code, isActive: row.isActive, title: '', locales: [] };
    if (row.locale) {
      page.locales.push({ locale: row.locale, state: scheduleStateOf({ published: row.published ?? false, from: row.publishAt }, now) });
      if (row.locale === 'en' || !page.title) page.title = row.title ?? '';
    }
    pages.set(row.id, page);
  }
  return [...pages.values()];
}

export async function contentPageText(db: Database, pageId: number, locale: LocaleCode) {
  const [page] = await db.select({ id: contentPages.id, code: contentPages.code }).from(contentPages).where(eq(contentPages.id, pageId));
  if (!page) return null;
  const [text] = await db
    .select()
    .from(contentPageTranslations)
    .where(and(eq(contentPageTranslations.pageId, pageId), eq(contentPageTranslations.locale, locale)));
  return { page, text: text ?? null };
}

/** The body as shoppers would see it: tokens filled, then sanitised. */
export const previewHtml = (html: string, locale: LocaleCode, { siteUrl, shopName }: { siteUrl: string; shopName: string }) =>
  sanitizeSiteHtml(fillInlineTokens(html, locale, shopName), siteUrl);

export const contentPageFields = ['title', 'slug', 'bodyHtml', 'metaDescription', 'published', 'publishAt'] as const;

/** A URL slug of a page, FAQ category or blog post: lowercase letters and digits of any script, single hyphens. */
export const contentSlug = z
  .string()
  .trim()
  .min(1, 'validation.required')
  .max(200, 'validation.invalid')
  .regex(/^[\p{Ll}\p{Lo}\p{N}]+(?:-[\p{Ll}\p{Lo}\p{N}]+)*$/u, 'admin.contentPages.slugInvalid');

export const contentPageSchema = z.object({
  title: z.string().trim().min(1, 'validation.required').max(200, 'validation.invalid'),
  slug: contentSlug,
  bodyHtml: z.string().max(200_000, 'validation.invalid'),
  metaDescription: z.string().trim().max(300, 'validation.invalid'),
  published: z.string().transform((value) => value === 'on'),
  /** a time to come schedules the published text (content-schedule.server.ts); empty: at once */
  publishAt: optionalUtcDate,
});
export type ContentPageInput = z.output<typeof contentPageSchema>;

/** Saves one store's text of a page; 'slug-taken' when another page of the store has the slug. */
export async function saveContentPageText(
  db: Database,
  staffId: number,
  pageId: number,
  locale: LocaleCode,
  input: ContentPageInput,
): Promise<{ ok: true } | { ok: false; reason: 'not-found' | 'slug-taken' }> {
  try {
    return await db.transaction(async (tx) => {
      const [page] = await tx.select({ id: contentPages.id }).from(contentPages).where(eq(contentPages.id, pageId));
      if (!page) return { ok: false, reason: 'not-found' } as const;
      const [before] = await tx
        .select()
        .from(contentPageTranslations)
        .where(and(eq(contentPageTranslations.pageId, pageId), eq(contentPageTranslations.locale, locale)))
        .for('update');
      const values = {
        title: input.title,
        slug: input.slug,
        bodyHtml: input.bodyHtml,
        metaDescription: input.metaDescription || null,
        published: input.published,
        publishAt: input.publishAt,
        updatedAt: new Date(),
      };
      await tx
        .insert(contentPageTranslations)
        .values({ pageId, locale, ...values })
        .onConflictDoUpdate({ target: [contentPageTranslations.pageId, contentPageTranslations.locale], set: values });
      // The old address keeps working (no chains; a redirect from the new slug would shadow the page).
      if (before) await keepOldPath(tx, locale, before.slug, input.slug);
      await tx
        .update(contentPages)
        .set({ updatedAt: sql`now()` })
        .where(eq(contentPages.id, pageId));
      await recordAudit(tx, {
        staffId,
        action: 'contentPage.update',
        entity: 'contentPage',
        entityId: `${pageId}:${locale}`,
        before: before ?? null,
        after: values,
      });
      // Search finds the page by its new title and text, under its new slug (or no more, unpublished).
      await refreshPageSearchDocuments(tx, [pageId]);
      return { ok: true } as const;
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: 'slug-taken' };
    throw error;
  }
}
