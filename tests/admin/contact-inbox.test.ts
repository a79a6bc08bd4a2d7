import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, contactMessages, contactReplies } from '#app/db/schema.ts';
import type { OutgoingMail } from '#app/lib/mail/mailer.server.ts';
import type { Mailer } from '#app/lib/mail/mailer.server.ts';
import * as inboxPage from '#app/routes/admin/contact/contact-inbox.tsx';
import * as messagePage from '#app/routes/admin/contact/contact-message.tsx';
import { createTestDatabase, type TestDatabase, testDrivers } from '../support/database.ts';
import { callRoute, createStaff, loggedIn } from './admin-support.ts';

type InboxData = { rows: { id: number; subject: string; handledAt: Date | null }[]; window: { total: number; page: number; pageCount: number } };

describe.each(testDrivers)('the contact inbox in the admin on %s', (driver) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(driver);
  });
  afterAll(() => database?.destroy());

  const storeMessage = async (values: Partial<typeof contactMessages.$inferInsert> = {}) => {
    const [row] = await database.db
      .insert(contactMessages)
      .values({
        kind: 'contact',
        locale: 'de-DE',
        name: 'Jonas Weber',
        email: 'jonas@example.com',
        subject: 'Knoten-Frage',
        message: 'Welche Schnur hält 200 kg?\nDanke!',
        ...values,
      })
      .returning({ id: contactMessages.id });
    return row!.id;
  };
  const recordingMailer = () => {
    const sent: OutgoingMail[] = [];
    return { sent, mailer: { send: async (mail: OutgoingMail) => void sent.push(mail) } as unknown as Mailer };
  };

  it('lists open messages newest first, searches by words, pages, and shows one message', async () => {
    const { db } = database;
    const support = await loggedIn(db, await createStaff(db, 'support'));
    const marker = `zz${Date.now()}`;
    const ids: number[] = [];
    for (let index = 0; index < 27; index++)
      ids.push(await storeMessage({ subject: `${marker} question ${index}`, createdAt: new Date(Date.UTC(2026, 0, 1, 0, index)) }));
    const quote = await storeMessage({ kind: 'quote', company: 'Knotwerk GmbH', subject: 'Angebot', message: `Bitte 500 m ${marker}` });

    const first = (await callRoute(inboxPage.loader, { db, staff: support, path: `contact?q=${marker}` })).data as InboxData;
    expect(first.window).toMatchObject({ total: 28, page: 1, pageCount: 2 });
    expect(first.rows[0]!.id).toBe(quote);
    expect(first.rows[1]!.subject).toBe(`${marker} question 26`);
    const second = (await callRoute(inboxPage.loader, { db, staff: support, path: `contact?q=${marker}&page=2` })).data as InboxData;
    expect(second.rows.map((row) => row.id)).toEqual([ids[2], ids[1], ids[0]]);
    // Every word must match somewhere: the company of the quote request, the text of the message.
    const company = (await callRoute(inboxPage.loader, { db, staff: support, path: `contact?q=knotwerk+${marker}` })).data as InboxData;
    expect(company.rows.map((row) => row.id)).toEqual([quote]);
    // LIKE wildcards are taken literally.
    expect(((await callRoute(inboxPage.loader, { db, staff: support, path: 'contact?q=%25%25%25_' })).data as InboxData).window.total).toBe(0);

    const detail = await callRoute(messagePage.loader, { db, staff: support, path: `contact/${quote}`, params: { messageId: String(quote) } });
    expect(detail.data).toMatchObject({ message: { id: quote, company: 'Knotwerk GmbH', handledAt: null, replies: [] } });
    expect((await callRoute(messagePage.loader, { db, staff: support, path: 'contact/x', params: { messageId: 'x' } })).status).toBe(400);
    expect((await callRoute(messagePage.loader, { db, staff: support, path: 'contact/2000000000', params: { messageId: '2000000000' } })).status).toBe(404);
  });

  it('replies by mail in the sender’s language through the mailer, marks the message handled and audits it', async () => {
    const { db } = database;
    const manager = await loggedIn(db, await createStaff(db, 'manager'));
    const id = await storeMessage();
    const { sent, mailer } = recordingMailer();
    const result = await callRoute(messagePage.action, {
      db,
      staff: manager,
      path: `contact/${id}`,
      params: { messageId: String(id) },
      services: { mailer },
      form: { intent: 'reply', subject: 'AW: Knoten-Frage', body: 'Unsere 550er Paracord hält 250 kg.' },
    });
    expect(result).toMatchObject({ status: 200, data: { ok: true, message: 'admin.contactInbox.replied' } });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to: 'jonas@example.com', subject: 'AW: Knoten-Frage' });
    expect(sent[0]!.text).toContain('Unsere 550er Paracord hält 250 kg.');
    expect(sent[0]!.text).toContain('Ihre Nachricht „Knoten-Frage“:');
    expect(sent[0]!.text).toContain('Welche Schnur hält 200 kg?');

    const [message] = await db.select().from(contactMessages).where(eq(contactMessages.id, id));
    expect(message).toMatchObject({ handledBy: manager.id });
    expect(message!.handledAt).toBeInstanceOf(Date);
    expect(
      await db.select({ subject: contactReplies.subject, staffId: contactReplies.staffId }).from(contactReplies).where(eq(contactReplies.messageId, id)),
    ).toEqual([{ subject: 'AW: Knoten-Frage', staffId: manager.id }]);
    const [entry] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'contact'), eq(auditLog.entityId, String(id))));
    expect(entry).toMatchObject({
      staffId: manager.id,
      action: 'contact.reply',
      entity: 'contact',
      before: { handled: false },
      after: { handled: true, subject: 'AW: Knoten-Frage' },
    });
    const detail = (await callRoute(messagePage.loader, { db, staff: manager, path: `contact/${id}`, params: { messageId: String(id) } })).data as {
      message: { replies: { body: string }[] };
    };
    expect(detail.message.replies.map((reply) => reply.body)).toEqual(['Unsere 550er Paracord hält 250 kg.']);
  });

  it('refuses an empty or too short reply with 400 and field messages; nothing is stored or sent', async () => {
    const { db } = database;
    const support = await loggedIn(db, await createStaff(db, 'support'));
    const id = await storeMessage();
    const { sent, mailer } = recordingMailer();
    const result = await callRoute(messagePage.action, {
      db,
      staff: support,
      path: `contact/${id}`,
      params: { messageId: String(id) },
      services: { mailer },
      form: { intent: 'reply', subject: '', body: 'Short' },
    });
    expect(result.status).toBe(400);
    expect(result.data).toMatchObject({
      ok: false,
      fieldErrors: { subject: { key: 'validation.required' }, body: { key: 'validation.tooShort' } },
      values: { body: 'Short' },
    });
    expect(sent).toEqual([]);
    expect(await db.select().from(contactReplies).where(eq(contactReplies.messageId, id))).toEqual([]);
    const [message] = await db.select().from(contactMessages).where(eq(contactMessages.id, id));
    expect(message!.handledAt).toBeNull();
    expect(
      await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'contact'), eq(auditLog.entityId, String(id)))),
    ).toEqual([]);
    // A forged intent or a message that does not exist: 400 and 404.
    expect(
      (await callRoute(messagePage.action, { db, staff: support, path: `contact/${id}`, params: { messageId: String(id) }, form: { intent: 'delete' } }))
        .status,
    ).toBe(400);
    expect(
      (
        await callRoute(messagePage.action, {
          db,
          staff: support,
          path: 'contact/2000000000',
          params: { messageId: '2000000000' },
          services: { mailer },
          form: { intent: 'reply', subject: 'Hello there', body: 'A long enough answer.' },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await callRoute(messagePage.action, {
          db,
          staff: support,
          path: 'contact/2000000000',
          params: { messageId: '2000000000' },
          form: { intent: 'handled' },
        })
      ).status,
    ).toBe(404);
    expect(sent).toEqual([]);
  });

  it('marks a message handled and open again, once each, audited; it moves between the views', async () => {
    const { db } = database;
    const support = await loggedIn(db, await createStaff(db, 'support'));
    const subject = `Handled ${Date.now()}`;
    const id = await storeMessage({ subject });
    const call = (intent: string) =>
      callRoute(messagePage.action, { db, staff: support, path: `contact/${id}`, params: { messageId: String(id) }, form: { intent } });
    const inView = async (view: string) =>
      ((await callRoute(inboxPage.loader, { db, staff: support, path: `contact?view=${view}&q=${encodeURIComponent(subject)}` })).data as InboxData).rows.map(
        (row) => row.id,
      );
    expect(await inView('open')).toEqual([id]);
    expect((await call('handled')).data).toEqual({ ok: true, message: 'admin.contactInbox.markedHandled' });
    expect(await inView('open')).toEqual([]);
    expect(await inView('handled')).toEqual([id]);
    expect((await call('handled')).status).toBe(409);
    expect((await call('reopen')).data).toEqual({ ok: true, message: 'admin.contactInbox.reopened' });
    expect(await inView('open')).toEqual([id]);
    expect(await inView('all')).toEqual([id]);
    const entries = await db
      .select({ action: auditLog.action, staffId: auditLog.staffId })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'contact'), eq(auditLog.entityId, String(id))));
    expect(entries).toEqual([
      { action: 'contact.handle', staffId: support.id },
      { action: 'contact.reopen', staffId: support.id },
    ]);
  });
});
