import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, mailOutbox } from '#app/db/schema.ts';
import { createLogger } from '#app/lib/observability/logger.server.ts';
import { MailOutbox } from '#app/lib/mail/outbox.server.ts';
import { listOutbox } from '#app/modules/admin/mail-outbox.server.ts';
import type { OutgoingMail } from '#app/lib/mail/mailer.server.ts';
import * as outboxPage from '#app/routes/admin/mail-outbox.tsx';
import { createTestDatabase, type TestDatabase, testDrivers } from '../support/database.ts';
import { callRoute, createStaff, loggedIn } from './admin-support.ts';

describe.each(testDrivers)('the mail outbox in the admin on %s', (driver) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(driver);
  });
  afterAll(() => database?.destroy());

  const givenUpMail = async (subject: string) => {
    const [row] = await database.db
      .insert(mailOutbox)
      .values({ toAddress: 'anna@example.com', subject, html: '<p>Hi</p>', text: 'Hi', attempts: 10, nextAttemptAt: null, lastError: 'connect ECONNREFUSED' })
      .returning({ id: mailOutbox.id });
    return row!.id;
  };

  it('lists failed mails with their error; a retry delivers it and is audited', async () => {
    const { db } = database;
    const support = await loggedIn(db, await createStaff(db, 'support'));
    const mailId = await givenUpMail('Your invoice');
    const listed = await callRoute(outboxPage.loader, { db, staff: support, path: 'mail?view=failed' });
    expect((listed.data as { rows: { id: number; lastError: string }[] }).rows).toContainEqual(
      expect.objectContaining({ id: mailId, lastError: 'connect ECONNREFUSED' }),
    );

    const delivered: OutgoingMail[] = [];
    const outbox = new MailOutbox(db, { send: async (mail) => void delivered.push(mail) }, createLogger('silent'));
    const retried = await callRoute(outboxPage.action, { db, staff: support, path: 'mail', form: { intent: 'retry', mailId }, services: { mailer: outbox } });
    expect(retried.data).toEqual({ ok: true, message: 'admin.mail.retrying' });
    await outbox.deliverDue();
    expect(delivered.map((mail) => mail.subject)).toEqual(['Your invoice']);
    const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, mailId));
    expect(row?.sentAt).not.toBeNull();
    expect((await listOutbox(db, 'sent', 1)).rows.map((mail) => mail.id)).toContain(mailId);
    const [entry] = await db.select().from(auditLog).where(eq(auditLog.action, 'mail.retry'));
    expect(entry).toMatchObject({ staffId: support.id, entityId: String(mailId), before: { attempts: 10, nextAttemptAt: null }, after: { attempts: 0 } });
    // A sent mail can be neither retried nor discarded.
    expect((await callRoute(outboxPage.action, { db, staff: support, path: 'mail', form: { intent: 'discard', mailId } })).status).toBe(409);
  });

  it('discards a failed mail: no more tries', async () => {
    const { db } = database;
    const manager = await loggedIn(db, await createStaff(db, 'manager'));
    const mailId = await givenUpMail('Shipped');
    await db
      .update(mailOutbox)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(mailOutbox.id, mailId));
    await callRoute(outboxPage.action, { db, staff: manager, path: 'mail', form: { intent: 'discard', mailId } });
    const delivered: OutgoingMail[] = [];
    await new MailOutbox(db, { send: async (mail) => void delivered.push(mail) }, createLogger('silent')).deliverDue();
    expect(delivered).toEqual([]);
    expect((await listOutbox(db, 'discarded', 1)).rows.map((mail) => mail.id)).toEqual([mailId]);
    expect((await listOutbox(db, 'failed', 1)).rows.map((mail) => mail.id)).not.toContain(mailId);
  });
});
