import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '#app/db/client.server.ts';
import { bannerTranslations, banners } from '#app/db/schema.ts';
import { type LocaleCode, storefrontByCode } from '#app/modules/i18n/locales.ts';
import { onShow } from '#app/modules/schedule/content-schedule.server.ts';

export interface HomeBanner {
  code: string;
  heading: string;
  text: string;
  /** the store's path (or an absolute URL) the banner leads to */
  href: string;
  linkLabel: string;
  imagePath: string;
  imageAlt: string;
  startsAt: string | null;
  endsAt: string | null;
}

/**
 * The banners of a store that are on show at `now` (the database's clock when not given):
 * published, started (or without a start) and not yet ended (or without an end), in their order.
 */
export async function activeBanners(db: Database, locale: LocaleCode, now?: Date): Promise<HomeBanner[]> {
  const prefix = storefrontByCode(locale)?.prefix ?? 'en';
  const rows = await db
    .select({
      code: banners.code,
      imagePath: banners.imagePath,
      startsAt: banners.startsAt,
      endsAt: banners.endsAt,
      heading: bannerTranslations.heading,
      text: bannerTranslations.text,
      linkPath: bannerTranslations.linkPath,
      linkLabel: bannerTranslations.linkLabel,
      imageAlt: bannerTranslations.imageAlt,
    })
    .from(bannerTranslations)
    .innerJoin(banners, eq(banners.id, bannerTranslations.bannerId))
    .where(and(eq(bannerTranslations.locale, locale), onShow({ published: banners.isPublished, from: banners.startsAt, until: banners.endsAt }, now)))
    .orderBy(asc(banners.sortOrder), asc(banners.id));
  return rows.map(({ linkPath, startsAt, endsAt, ...row }) => ({
    ...row,
    href: /^https?:\/\//.test(linkPath) ? linkPath : `/${prefix}/${linkPath.replace(/^\/+/, '')}`,
    startsAt: startsAt?.toISOString() ?? null,
    endsAt: endsAt?.toISOString() ?? null,
  }));
}
