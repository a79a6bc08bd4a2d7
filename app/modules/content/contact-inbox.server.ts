/**
 * The admin's inbox of contact messages and quote requests (issue 12): staff search and read them,
 * answer the sender by mail (through the outbox, in the language the sender wrote in) and mark
 * them handled. Every change is in the audit log.
 */
import { and, asc, count, desc, eq, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { AppServices } from '#app/context.ts';
import type { Database } from '#app/db/client.server.ts';
import { contactMessages, contactReplies, staffUsers } from '#app/db/schema.ts';
import { recordAudit } from '#app/lib/observability/audit.server.ts';
import { type ListSort, listSortSpec } from '#app/lib/paging/list-sort.ts';
import { orderByOf } from '#app/lib/paging/list-sort.server.ts';
import type { LocaleCode } from '#app/modules/i18n/locales.ts';
import { serverTranslator } from '#app/modules/i18n/translator.server.ts';
import { renderMail } from '#app/modules/mail/mail-layout.server.ts';
import type { ContactInboxView } from './contact-inbox-views.ts';
import { containsPattern } from '#app/lib/paging/like-pattern.ts';
import { pageOfRows } from '#app/lib/paging/page-window.ts';

export const contactInboxPageSize = 25;

/** The columns the inbox sorts by; newest first unless asked. */
export const contactInboxSort = listSortSpec(['received', 'subject', 'from', 'kind', 'state'], { key: 'received', direction: 'desc' });
type ContactSortKey = (typeof contactInboxSort.keys)[number];

const viewCondition: Record<ContactInboxView, SQL | undefined> = {
  open: isNull(contactMessages.handledAt),
  handled: isNotNull(contactMessages.handledAt),
  all: undefined,
};

/** One page of messages in `sort`'s order (newest first by default); words of `query` must each match the name, address, company, subject, order number or text. */
export async function listContactMessages(
  db: Database,
  view: ContactInboxView,
  query: string,
  requestedPage: number,
  sort: ListSort<ContactSortKey> = contactInboxSort.fallback,
) {
  const words = query.trim().split(/\s+/).filter(Boolean).slice(0, 5);
  const matches = words.map((word) => {
    const pattern = containsPattern(word);
    return or(
      sql`${contactMessages.name} ilike ${pattern}`,
      sql`${contactMessages.email} ilike ${pattern}`,
      sql`coalesce(${contactMessages.company}, '') ilike ${pattern}`,
      sql`coalesce(${contactMessages.orderNumber}, '') ilike ${pattern}`,
      sql`${contactMessages.subject} ilike ${pattern}`,
      sql`${contactMessages.message} ilike ${pattern}`,
    );
  });
  const where = and(viewCondition[view], ...matches);
  return pageOfRows(requestedPage, contactInboxPageSize, db.select({ count: count() }).from(contactMessages).where(where), (window) =>
    db
      .select({
        id: contactMessages.id,
        kind: contactMessages.kind,
        name: contactMessages.name,
        email: contactMessages.email,
        subject: contactMessages.subject,
        locale: contactMessages.locale,
        createdAt: contactMessages.createdAt,
        handledAt: contactMessages.handledAt,
      })
      .from(contactMessages)
      .where(where)
      .orderBy(
        ...orderByOf(
          sort,
          {
            received: contactMessages.createdAt,
            subject: sql`lower(${contactMessages.subject})`,
            from: sql`lower(${contactMessages.name})`,
            kind: contactMessages.kind,
            // open ones first when ascending
            state: sql`${contactMessages.handledAt} is not null`,
          },
          desc(contactMessages.createdAt),
          desc(contactMessages.id),
        ),
      )
      .limit(contactInboxPageSize)
      .offset(window.offset),
  );
}

/** One message with who handled it and the answers sent, oldest first; null when there is none. */
export async function getContactMessage(db: Database, id: number) {
  const [message] = await db
    .select({
      id: contactMessages.id,
      kind: contactMessages.kind,
      locale: contactMessages.locale,
      name: contactMessages.name,
      email: contactMessages.email,
      company: contactMessages.company,
      orderNumber: contactMessages.orderNumber,
      subject: contactMessages.subject,
      message: contactMessages.message,
      createdAt: contactMessages.createdAt,
      handledAt: contactMessages.handledAt,
      handledBy: staffUsers.name,
    })
    .from(contactMessages)
    .leftJoin(staffUsers, eq(staffUsers.id, contactMessages.handledBy))
    .where(eq(contactMessages.id, id));
  if (!message) return null;
  const replies = await db
    .select({
      id: contactReplies.id,
      subject: contactReplies.subject,
      body: contactReplies.body,
      createdAt: contactReplies.createdAt,
      staffName: staffUsers.name,
    })
    .from(contactReplies)
    .leftJoin(staffUsers, eq(staffUsers.id, contactReplies.staffId))
    .where(eq(contactReplies.messageId, id))
    .orderBy(asc(contactReplies.createdAt), asc(contactReplies.id));
  return { ...message, replies };
}

/** Marks a message handled (or open again). False when there is no such message or nothing changes. */
export async function setContactHandled(db: Database, staffId: number, id: number, handled: boolean): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(contactMessages)
      .set(handled ? { handledAt: new Date(), handledBy: staffId } : { handledAt: null, handledBy: null })
      .where(and(eq(contactMessages.id, id), handled ? isNull(contactMessages.handledAt) : isNotNull(contactMessages.handledAt)))
      .returning({ handledAt: contactMessages.handledAt });
    if (!row) return false;
    await recordAudit(tx, {
      staffId,
      action: handled ? 'contact.handle' : 'contact.reopen',
      entity: 'contact',
      entityId: id,
      before: { handled: !handled },
      after: { handled },
    });
    return true;
  });
}

const text = (min: number, max: number) => z.string().trim().min(1, 'validation.required').min(min, 'validation.tooShort').max(max, 'validation.tooLong');
export const contactReplyFields = ['subject', 'body'] as const;
export const contactReplySchema = z.object({ subject: text(3, 150), body: text(10, 5_000) });

/**
 * Answers the sender: the reply is stored and audited, the message marked handled, and the mail
 * queued in the outbox in the sender's language with their message quoted. False when there is no
 * such message.
 */
export async function replyToContact(
  { db, mailer, shopName, logger }: Pick<AppServices, 'db' | 'mailer' | 'shopName' | 'logger'>,
  staffId: number,
  id: number,
  reply: z.output<typeof contactReplySchema>,
): Promise<boolean> {
  const message = await db.transaction(async (tx) => {
    const [original] = await tx.select().from(contactMessages).where(eq(contactMessages.id, id)).for('update');
    if (!original) return null;
    const [stored] = await tx
      .insert(contactReplies)
      .values({ messageId: id, staffId, ...reply })
      .returning({ id: contactReplies.id });
    if (!original.handledAt) await tx.update(contactMessages).set({ handledAt: new Date(), handledBy: staffId }).where(eq(contactMessages.id, id));
    await recordAudit(tx, {
      staffId,
      action: 'contact.reply',
      entity: 'contact',
      entityId: id,
      before: { handled: original.handledAt !== null },
      after: { handled: true, replyId: stored!.id, subject: reply.subject },
    });
    return original;
  });
  if (!message) return false;
  const t = await serverTranslator(db, message.locale as LocaleCode, logger);
  await mailer.send(
    renderMail({
      to: message.email,
      subject: reply.subject,
      locale: message.locale,
      shopName,
      greeting: t('mail.greeting', { name: message.name }),
      paragraphs: [reply.body, t('contactInbox.mailQuote', { subject: message.subject }), message.message],
      footer: t('content.contact.ackFooter'),
    }),
  );
  return true;
}
