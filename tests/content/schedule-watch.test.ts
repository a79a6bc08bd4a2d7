/** Scheduled content empties the caches when its moment comes, without a cron (issue 16, decision 0028). */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { blogPosts, searchDocuments } from '#app/db/schema.ts';
import { seedBlog } from '#app/modules/blog/blog-seed.server.ts';
import { nextScheduledChange, watchContentSchedule } from '#app/modules/content/schedule-watch.server.ts';
import { drawBlogHero } from '../../scripts/demo-catalogue/blog-heroes.ts';
import { createTestDatabase, type TestDatabase, testDrivers } from '../support/database.ts';

const mediaDir = mkdtempSync(join(tmpdir(), 'schedule-watch-'));

describe.each(testDrivers)('the content schedule watch on %s', (driver) => {
  let database: TestDatabase;
  let postId: number;

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    await seedBlog(database.db, mediaDir, drawBlogHero);
    [{ id: postId }] = (await database.db.select({ id: blogPosts.id }).from(blogPosts).limit(1)) as [{ id: number }];
  });
  afterAll(async () => {
    await database?.destroy();
    rmSync(mediaDir, { recursive: true, force: true });
  });

  it('knows the next start or end to come, and nothing once all have passed', async () => {
    expect(await nextScheduledChange(database.db)).toBeNull();
    await database.db
      .update(blogPosts)
      .set({ publishedAt: sql`now() + interval '2 hours'`, unpublishAt: sql`now() + interval '3 hours'` })
      .where(eq(blogPosts.id, postId));
    const next = await nextScheduledChange(database.db);
    expect(Math.abs(next!.getTime() - (Date.now() + 2 * 3_600_000))).toBeLessThan(60_000);
  });

  it('at the moment a post goes live: its search documents appear and the caches are emptied', async () => {
    await database.db
      .update(blogPosts)
      .set({ publishedAt: sql`now() + interval '300 milliseconds'`, unpublishAt: null })
      .where(eq(blogPosts.id, postId));
    const postDocuments = () => database.db.select({ id: searchDocuments.id }).from(searchDocuments).where(eq(searchDocuments.refId, postId));
    expect(await postDocuments()).toEqual([]);
    const onDue = vi.fn();
    const watch = watchContentSchedule(database.db, onDue);
    watch.check();
    try {
      await vi.waitFor(() => expect(onDue).toHaveBeenCalledTimes(1), { timeout: 5_000, interval: 50 });
      expect((await postDocuments()).length).toBeGreaterThan(0);
    } finally {
      watch.stop();
    }
  });
});
