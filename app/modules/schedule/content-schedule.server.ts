/**
 * The one scheduling rule of the shop's content (issue 16, decision 0028): an item is on show when
 * it is published, its start has come (or it has none) and its end has not (or it has none).
 * Information pages, blog posts, banners and FAQ entries use it in their storefront queries, which
 * compare with the database's clock (`now()`), so nothing has to run at the moment an item goes
 * live; tests and previews may pass a moment of their own.
 */
import { and, eq, gt, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { contentPageTranslations } from '#app/db/schema.ts';

export interface ScheduleColumns {
  /** the published flag; without it the item is published */
  published?: AnyPgColumn;
  /** shown from this moment; null: at once */
  from?: AnyPgColumn;
  /** withdrawn from this moment; null: never */
  until?: AnyPgColumn;
}

export function onShow(columns: ScheduleColumns, now?: Date): SQL {
  const moment = now ?? sql`now()`;
  return and(
    columns.published ? eq(columns.published, true) : undefined,
    columns.from ? or(isNull(columns.from), lte(columns.from, moment)) : undefined,
    columns.until ? or(isNull(columns.until), gt(columns.until, moment)) : undefined,
  )!;
}

export type ScheduleState = 'hidden' | 'scheduled' | 'live' | 'ended';

/** The same rule for one item read into memory, as the admin lists say it: hidden, scheduled, live or ended. */
export function scheduleStateOf(item: { published?: boolean; from?: Date | null; until?: Date | null }, now: Date = new Date()): ScheduleState {
  if (item.published === false) return 'hidden';
  if (item.from && item.from.getTime() > now.getTime()) return 'scheduled';
  if (item.until && item.until.getTime() <= now.getTime()) return 'ended';
  return 'live';
}

/** An information page's text in a store: published, and its publication time (if any) has come. */
export const pageTextOnShow = (now?: Date) => onShow({ published: contentPageTranslations.published, from: contentPageTranslations.publishAt }, now);
