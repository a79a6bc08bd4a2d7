import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backgroundJobs } from '#app/db/schema.ts';
import { runPeriodicJobSoon } from '#app/modules/jobs/job-queue.server.ts';
import { searchRefreshSecondsFor, startShopJobs } from '#app/modules/jobs/shop-jobs.server.ts';
import { createMailTransport } from '#app/lib/mail/mailer.server.ts';
import { MailOutbox } from '#app/lib/mail/outbox.server.ts';
import { createTestDatabase, type TestDatabase, testDrivers } from '../support/database.ts';
import { testServices } from '../support/services.ts';

describe.each(testDrivers)("the shop's background jobs on %s", (driver) => {
  let database: TestDatabase;
  let mailDir: string;
  beforeAll(async () => {
    database = await createTestDatabase(driver);
    mailDir = mkdtempSync(join(tmpdir(), 'cordial-jobs-'));
  });
  afterAll(async () => {
    await database?.destroy();
    rmSync(mailDir, { recursive: true, force: true });
  });

  it('are scheduled once however many workers start, and each runs without error', async () => {
    const services = testServices(database.db);
    const mailer = new MailOutbox(
      database.db,
      createMailTransport({ smtpUrl: undefined, from: 'Cordial <shop@cordial.example>', folder: mailDir, logger: services.logger }),
      services.logger,
    );
    const settings = { intervalSeconds: 60, reviewInvitationDays: 7, searchRefreshSeconds: 3600 };
    const done: string[] = [];
    const first = await startShopJobs({ ...services, mailer }, settings, { pollMs: 60_000, onJobDone: (name, outcome) => done.push(`${name}:${outcome}`) });
    const second = await startShopJobs({ ...services, mailer }, settings, { pollMs: 60_000, onJobDone: (name, outcome) => done.push(`${name}:${outcome}`) });
    await Promise.all([first.runDue(), second.runDue()]);
    // The search documents' first rebuild waits an interval (they are built at start).
    expect(done.toSorted()).toEqual(
      ['back-in-stock', 'gift-card-delivery', 'mail-delivery', 'review-invitations', 'unpaid-orders'].map((name) => `${name}:succeeded`),
    );
    await runPeriodicJobSoon(database.db, 'search-refresh');
    expect(await first.runDue()).toBe(1);
    expect(done).toContain('search-refresh:succeeded');
    await Promise.all([first.stop(), second.stop()]);
    const rows = await database.db
      .select({ name: backgroundJobs.name, repeatSeconds: backgroundJobs.repeatSeconds, lastError: backgroundJobs.lastError })
      .from(backgroundJobs)
      .orderBy(backgroundJobs.name);
    expect(rows).toHaveLength(6);
    expect(rows.filter((row) => row.lastError !== null)).toEqual([]);
    expect(rows.find((row) => row.name === 'search-refresh')?.repeatSeconds).toBe(3600);
  });

  it('rebuild the search documents every hour on PostgreSQL only: on the embedded database every request would wait for it', () => {
    expect(searchRefreshSecondsFor('postgres')).toBe(3600);
    expect(searchRefreshSecondsFor('pglite')).toBeNull();
  });
});
