/**
 * The home-page banners as editors keep them in the back office (issue 16): per banner its
 * picture, the window it shows in (from/until, open ends allowed), its place in the order and
 * whether it is published; per store its heading, text, link and picture text. The storefront
 * (banners.server.ts) shows it through the shared rule of content-schedule.server.ts.
 */
import { and, asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Database, Queryable } from '#app/db/client.server.ts';
import { isUniqueViolation } from '#app/db/errors.ts';
import { bannerTranslations, banners } from '#app/db/schema.ts';
import { optionalUtcDate } from '#app/lib/forms/utc-dates.server.ts';
import { recordAudit } from '#app/lib/observability/audit.server.ts';
import type { LocaleCode } from '#app/modules/i18n/locales.ts';
import { type ScheduleState, scheduleStateOf } from '#app/modules/schedule/content-schedule.server.ts';
import { movedOrder } from './item-order.ts';

export interface AdminBanner {
  id: number;
  code: string;
  heading: string;
  imagePath: string;
  startsAt: string | null;
  endsAt: string | null;
  isPublished: boolean;
  state: ScheduleState;
  locales: string[];
}

/** Every banner in its order, with what shows of it now. */
export async function listBannersForAdmin(db: Database, now = new Date()): Promise<AdminBanner[]> {
  const rows = await db
    .select({ banner: banners, locale: bannerTranslations.locale, heading: bannerTranslations.heading })
    .from(banners)
    .leftJoin(bannerTranslations, eq(bannerTranslations.bannerId, banners.id))
    .orderBy(asc(banners.sortOrder), asc(banners.id));
  const list = new Map<number, AdminBanner>();
  for (const { banner, locale, heading } of rows) {
    const item = list.get(banner.id) ?? {
      id: banner.id,
      code: banner.code,
      heading: '',
      imagePath: banner.imagePath,
      startsAt: banner.startsAt?.toISOString() ?? null,
      endsAt: banner.endsAt?.toISOString() ?? null,
      isPublished: banner.isPublished,
      state: scheduleStateOf({ published: banner.isPublished, from: banner.startsAt, until: banner.endsAt }, now),
      locales: [],
    };
    if (locale) {
      item.locales.push(locale);
      if (locale === 'en' || !item.heading) item.heading = heading ?? '';
    }
    list.set(banner.id, item);
  }
  return [...list.values()];
}

export async function bannerForEditing(db: Queryable, bannerId: number, locale: LocaleCode) {
  const [banner] = await db.select().from(banners).where(eq(banners.id, bannerId));
  if (!banner) return null;
  const [text] = await db
    .select()
    .from(bannerTranslations)
    .where(and(eq(bannerTranslations.bannerId, bannerId), eq(bannerTranslations.locale, locale)));
  return { banner, text: text ?? null };
}

export const bannerFields = ['imagePath', 'startsAt', 'endsAt', 'isPublished', 'heading', 'text', 'linkPath', 'linkLabel', 'imageAlt'] as const;

const required = (max: number) => z.string().trim().min(1, 'validation.required').max(max, 'validation.invalid');

/** The banner's settings (every store) and one store's text; times in UTC; the end after the start. */
export const bannerSchema = z
  .object({
    imagePath: required(300).regex(/^(?!\/)(?!.*\.\.)[\w./-]+$/, 'admin.blog.imageInvalid'),
    startsAt: optionalUtcDate,
    endsAt: optionalUtcDate,
    isPublished: z.string().transform((value) => value === 'on'),
    heading: required(120),
    text: required(400),
    // A path in the store (below its prefix) or an absolute http(s) address.
    linkPath: required(500).regex(/^(https?:\/\/[^\s]+|[^\s:]*)$/, 'admin.banners.linkInvalid'),
    linkLabel: required(60),
    imageAlt: z.string().trim().max(300, 'validation.invalid'),
  })
  .superRefine((form, context) => {
    if (form.startsAt && form.endsAt && form.endsAt.getTime() <= form.startsAt.getTime())
      context.addIssue({ code: 'custom', path: ['endsAt'], message: 'admin.content.untilBeforeFrom' });
  });

/** Saves a banner's settings and one store's text; false when the banner is gone. */
export async function saveBanner(db: Database, staffId: number, bannerId: number, locale: LocaleCode, input: z.output<typeof bannerSchema>) {
  return db.transaction(async (tx) => {
    const before = await bannerForEditing(tx, bannerId, locale);
    if (!before) return false;
    const { imagePath, startsAt, endsAt, isPublished, ...text } = input;
    await tx.update(banners).set({ imagePath, startsAt, endsAt, isPublished }).where(eq(banners.id, bannerId));
    await tx
      .insert(bannerTranslations)
      .values({ bannerId, locale, ...text })
      .onConflictDoUpdate({ target: [bannerTranslations.bannerId, bannerTranslations.locale], set: text });
    await recordAudit(tx, { staffId, action: 'banner.update', entity: 'banner', entityId: `${bannerId}:${locale}`, before, after: input });
    return true;
  });
}

export const newBannerFields = ['code'] as const;
export const newBannerSchema = z.object({ code: required(60).regex(/^[A-Za-z0-9-]+$/, 'admin.faq.codeInvalid') });

/** A new banner at the end of the order, hidden, with the home page's picture until one is chosen. */
export async function createBanner(db: Database, staffId: number, { code }: z.output<typeof newBannerSchema>) {
  try {
    return await db.transaction(async (tx) => {
      const count = (await tx.select({ id: banners.id }).from(banners)).length;
      const [row] = await tx
        .insert(banners)
        .values({ code, imagePath: 'banners/home.svg', sortOrder: count, isPublished: false })
        .returning({ id: banners.id });
      await recordAudit(tx, { staffId, action: 'banner.create', entity: 'banner', entityId: row!.id, after: { code } });
      return { ok: true, id: row!.id } as const;
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false } as const;
    throw error;
  }
}

/** Publish, hide, move up or down, or delete a banner; false when it is gone. */
export async function changeBanner(db: Database, staffId: number, bannerId: number, change: 'publish' | 'unpublish' | 'up' | 'down' | 'delete') {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(banners).where(eq(banners.id, bannerId));
    if (!before) return false;
    if (change === 'delete') await tx.delete(banners).where(eq(banners.id, bannerId));
    else if (change === 'publish' || change === 'unpublish')
      await tx
        .update(banners)
        .set({ isPublished: change === 'publish' })
        .where(eq(banners.id, bannerId));
    else {
      const all = await tx.select({ id: banners.id }).from(banners).orderBy(asc(banners.sortOrder), asc(banners.id));
      const order = movedOrder(
        all.map((row) => row.id),
        bannerId,
        change,
      );
      for (const [sortOrder, id] of (order ?? []).entries()) await tx.update(banners).set({ sortOrder }).where(eq(banners.id, id));
    }
    await recordAudit(tx, { staffId, action: `banner.${change}`, entity: 'banner', entityId: bannerId, before });
    return true;
  });
}
