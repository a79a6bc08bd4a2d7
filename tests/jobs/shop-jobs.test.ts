import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

  it('run once however many workers start, and each runs without error', async () => {
    const services = testServices(database.db);
    const mailer = new MailOutbox(
      database.db,
      createMailTransport({ smtpUrl: undefined, from: 'Cordial <shop@cordial.example>', folder: mailDir, logger: services.logger }),
      services.logger,
    );
    const settings = { intervalSeconds: 60, reviewInvitationDays: 7, searchRefreshSeconds: 3600 };
    const done: string[] = [];
    const options = { pollSeconds: 0.5, onJobDone: (name: string, outcome: string) => done.push(`${name}:${outcome}`) };
    const first = await startShopJobs({ ...services, mailer }, database.jobQueueConnection, settings, options);
    const second = await startShopJobs({ ...services, mailer }, database.jobQueueConnection, settings, options);
    // The search documents' first rebuild waits half an interval (they are built at start).
    const firstRound = ['back-in-stock', 'catalogue-imports', 'gift-card-delivery', 'mail-delivery', 'review-invitations', 'unpaid-orders'];
    // Distinct: the imports' job (every 2 s) may run twice meanwhile.
    await expect.poll(() => [...new Set(done)].toSorted(), { timeout: 10_000 }).toEqual(firstRound.map((name) => `${name}:succeeded`));
    expect(await second.sendRun('search-refresh')).not.toBeNull();
    await expect.poll(() => done, { timeout: 10_000 }).toContain('search-refresh:succeeded');
    await Promise.all([first.stop(), second.stop()]);
    expect(done.filter((entry) => !entry.endsWith(':succeeded'))).toEqual([]);
  }, 30_000);

  it('rebuild the search documents every hour on PostgreSQL only: on the embedded database every request would wait for it', () => {
    expect(searchRefreshSecondsFor('postgres')).toBe(3600);
    expect(searchRefreshSecondsFor('pglite')).toBeNull();
  });
});
