import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '#app/db/schema.ts';
import { createMailTransport } from '#app/lib/mail/mailer.server.ts';
import { MailOutbox, maxMailAttempts, retryDelayMinutes } from '#app/lib/mail/outbox.server.ts';
import { createLogger } from '#app/lib/observability/logger.server.ts';
import { createTestDatabase, type TestDatabase, testDrivers } from '../support/database.ts';
import { freePort } from '../support/free-port.ts';
import { startMailCatcher, waitForMail } from '../support/mail-catcher.ts';

const logger = createLogger('silent');
const mail = (to: string) => ({ to, subject: `Order for ${to}`, html: '<p>Thank you</p>', text: 'Thank you' });

describe('retry pauses', () => {
  it('double up to six hours', () => {
    expect([1, 2, 3, 4, 9, 10].map(retryDelayMinutes)).toEqual([1, 2, 4, 8, 256, 360]);
  });
});

describe.each(testDrivers)('the mail outbox on %s', (driver) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(driver);
  });
  afterAll(() => database?.destroy());

  const outboxFor = (smtpUrl: string) =>
    new MailOutbox(database.db, createMailTransport({ smtpUrl, from: 'Cordial <shop@cordial.example>', folder: tmpdir(), logger }), logger);
  const row = async (to: string) => (await database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to)))[0]!;

  it('delivers a queued mail through SMTP right after the request queued it', async () => {
    const received = mkdtempSync(join(tmpdir(), 'cordial-outbox-'));
    const smtp = await startMailCatcher(received);
    try {
      const outbox = outboxFor(smtp.smtpUrl);
      await outbox.send(mail('anna@example.com'));
      await waitForMail(received, 'anna@example.com', /Thank you/);
      await expect.poll(async () => (await row('anna@example.com')).sentAt).not.toBeNull();
      expect(await row('anna@example.com')).toMatchObject({ attempts: 1, nextAttemptAt: null, lastError: null });
    } finally {
      await smtp.stop();
    }
  });

  it('keeps a mail while the mail server is down and delivers it once the server is back', async () => {
    const port = await freePort();
    const outbox = outboxFor(`smtp://127.0.0.1:${port}`);
    await database.db.insert(mailOutbox).values({ toAddress: 'bert@example.com', subject: 'Your order', html: '<p>Hi</p>', text: 'Hi' });
    expect(await outbox.deliverDue()).toEqual({ sent: 0, failed: 1 });
    const failed = await row('bert@example.com');
    expect(failed).toMatchObject({ attempts: 1, sentAt: null, lastError: expect.stringMatching(/ECONNREFUSED/) });
    expect(failed.nextAttemptAt!.getTime()).toBeGreaterThan(Date.now() + 30_000);
    // Not due yet: a round leaves it alone.
    expect(await outbox.deliverDue()).toEqual({ sent: 0, failed: 0 });

    const received = mkdtempSync(join(tmpdir(), 'cordial-outbox-'));
    const smtp = await startMailCatcher(received, port);
    try {
      await database.db
        .update(mailOutbox)
        .set({ nextAttemptAt: sql`now()` })
        .where(eq(mailOutbox.id, failed.id)); // the pause has passed
      expect(await outbox.deliverDue()).toEqual({ sent: 1, failed: 0 });
      await waitForMail(received, 'bert@example.com', /Hi/);
      expect(await row('bert@example.com')).toMatchObject({ attempts: 2, nextAttemptAt: null, lastError: null });
    } finally {
      await smtp.stop();
    }
  });

  it('gives a mail up after the last try', async () => {
    const outbox = outboxFor(`smtp://127.0.0.1:${await freePort()}`);
    await database.db.insert(mailOutbox).values({ toAddress: 'cora@example.com', subject: 'x', html: 'x', text: 'x', attempts: maxMailAttempts - 1 });
    expect(await outbox.deliverDue()).toEqual({ sent: 0, failed: 1 });
    expect(await row('cora@example.com')).toMatchObject({ attempts: maxMailAttempts, nextAttemptAt: null, sentAt: null });
  });

  it('sends each mail once when two processes deliver at the same time', async () => {
    const received = mkdtempSync(join(tmpdir(), 'cordial-outbox-'));
    const smtp = await startMailCatcher(received);
    try {
      const recipients = Array.from({ length: 12 }, (_, index) => `guest-${index}@example.com`);
      await database.db.insert(mailOutbox).values(recipients.map((to) => ({ toAddress: to, subject: 'Order', html: 'x', text: 'x' })));
      const rounds = await Promise.all([outboxFor(smtp.smtpUrl).deliverDue(), outboxFor(smtp.smtpUrl).deliverDue()]);
      expect(rounds.reduce((sum, round) => sum + round.sent, 0)).toBe(12);
      expect(readdirSync(received)).toHaveLength(12);
    } finally {
      await smtp.stop();
    }
  });
});
