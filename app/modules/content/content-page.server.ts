import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.server.ts';
import { contentPageTranslations } from '../../db/schema.ts';
import { type LocaleCode, storefrontByCode } from '../i18n/locales.ts';
import { sanitizeContentHtml } from './sanitize-content.server.ts';

/** A content page in one locale, its HTML sanitised (spec §5), with its path in every locale. */
export async function getContentPage(db: Database, pageId: number, locale: LocaleCode, siteUrl: string) {
  const rows = await db
    .select({ locale: contentPageTranslations.locale, title: contentPageTranslations.title, slug: contentPageTranslations.slug, bodyHtml: contentPageTranslations.bodyHtml, metaDescription: contentPageTranslations.metaDescription })
    .from(contentPageTranslations)
    .where(eq(contentPageTranslations.pageId, pageId));
  const own = rows.find((row) => row.locale === locale);
  if (!own) return null;
  return {
    title: own.title,
    metaDescription: own.metaDescription,
    html: sanitizeContentHtml(own.bodyHtml, { ownHosts: [new URL(siteUrl).host] }),
    alternates: Object.fromEntries(rows.map((row) => [row.locale, `/${storefrontByCode(row.locale)?.prefix}/${row.slug}`])),
  };
}

export type ContentPageData = NonNullable<Awaited<ReturnType<typeof getContentPage>>>;
