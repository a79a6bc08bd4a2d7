/**
 * Scheduled content shows on time without a cron (issue 16, decision 0028). The storefront's reads
 * already compare with the database clock (content-schedule.server.ts); what could serve an item
 * late are the caches filled before its moment: the one-minute page cache, the minute caches
 * (a content page's path) and the search documents, which hold only what is on show. So each
 * process keeps one timer for the next moment a start or an end comes (blog posts, banners,
 * information pages); when it fires, the search documents of pages and posts are rebuilt, which
 * (through the search_documents trigger) tells every process to empty its caches. The timer is
 * set again after every storefront change, so a newly scheduled item is watched at once.
 */
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '#app/db/client.server.ts';
import { refreshScheduledSearchDocuments } from '#app/modules/search/search-index.server.ts';

/** Checked at least this often, so a lost notification or a clock change cannot leave an item waiting long. */
const longestWaitMs = 10 * 60_000;

/** The next moment some content starts or stops showing, or null when nothing is scheduled. */
export async function nextScheduledChange(db: Database): Promise<Date | null> {
  const [row] = await queryRows<{ at: Date | string | null }>(
    db,
    sql`select min(at) as at from (
      select published_at as at from blog_posts where is_published and published_at > now()
      union all select unpublish_at from blog_posts where is_published and unpublish_at > now()
      union all select starts_at from banners where is_published and starts_at > now()
      union all select ends_at from banners where is_published and ends_at > now()
      union all select publish_at from content_page_translations where published and publish_at > now()
    ) moments`,
  );
  return row?.at ? new Date(row.at) : null;
}

export interface ScheduleWatch {
  /** Reads the next moment again and sets the timer for it. */
  check(): void;
  stop(): void;
}

/** Calls `onDue` (after refreshing the search documents) when the next scheduled moment has come. */
export function watchContentSchedule(db: Database, onDue: () => void): ScheduleWatch {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const arm = (waitMs: number, then: () => void) => {
    clearTimeout(timer);
    if (stopped) return;
    timer = setTimeout(then, Math.max(waitMs, 0));
    timer.unref();
  };
  const check = () => {
    nextScheduledChange(db).then(
      (next) => {
        // A little after the moment, so the database's now() has passed it too.
        const waitMs = next ? next.getTime() - Date.now() + 250 : Infinity;
        if (waitMs <= longestWaitMs) arm(waitMs, fire);
        else arm(longestWaitMs, check);
      },
      () => arm(60_000, check),
    );
  };
  async function fire() {
    try {
      await refreshScheduledSearchDocuments(db);
    } catch {
      // The caches are emptied all the same; the hourly search rebuild catches up.
    }
    onDue();
    check();
  }
  return {
    check,
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
