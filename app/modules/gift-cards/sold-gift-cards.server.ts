import { and, asc, desc, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Queryable } from '#app/db/client.server.ts';
import { giftCards, orderItems, orders } from '#app/db/schema.ts';
import { formatMoney } from '#app/modules/currency/money.ts';
import type { JobServices } from '#app/modules/engagement/back-in-stock.server.ts';
import type { Translate } from '#app/modules/i18n/i18n.tsx';
import { mailStorefront, shopperMail, storeTranslators } from '#app/modules/mail/shopper-mail.server.ts';
import { queueMail } from '#app/lib/mail/outbox.server.ts';
import type { OutgoingMail } from '#app/lib/mail/mailer.server.ts';
import { giftCardBalancePath } from './gift-card-paths.ts';
import { renderGiftCardPdf } from './gift-card-pdf.server.ts';
import { type GiftCardPurchase, shopToday } from './gift-card-purchase.ts';

/**
 * Gift cards bought in the shop (issue 15): issued in the transaction that marks their order paid
 * (admin or card payment), mailed to the recipient on the chosen day by the background job
 * through the outbox, with a printable PDF, and a copy to the buyer.
 */

/** Orders whose cards are mailed: paid and not taken back. */
const deliverableStatuses = ['paid', 'processing', 'shipped', 'completed'] as const;
const batchSize = 20;

const dueCards = (today: string) =>
  and(
    isNull(giftCards.sentAt),
    isNotNull(giftCards.orderItemId),
    lte(giftCards.deliverOn, today),
    isNull(giftCards.disabledAt),
    inArray(orders.status, [...deliverableStatuses]),
  );

/**
 * The background job: mails every card whose day has come (shop time zone) to its recipient and
 * a copy to the buyer, in the language of the store it was bought in, and marks it sent. Cards are
 * claimed with SKIP LOCKED in the transaction that queues the mails, so two processes never
 * send one twice. Returns the number of cards sent.
 */
export async function deliverDueGiftCards(services: JobServices, now = new Date()): Promise<number> {
  const { db } = services;
  const today = shopToday(now);
  const dueQuery = (tx: Queryable) =>
    tx
      .select({ card: giftCards, purchase: orderItems.giftCard, locale: orders.locale, buyerEmail: orders.email, billingAddress: orders.billingAddress })
      .from(giftCards)
      .innerJoin(orderItems, eq(orderItems.id, giftCards.orderItemId))
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(dueCards(today));
  const [anyDue] = await dueQuery(db).limit(1);
  if (!anyDue) return 0;
  const translators = await storeTranslators(services);
  let total = 0;
  for (;;) {
    const sent = await db.transaction(async (tx) => {
      const due = await dueQuery(tx).orderBy(asc(giftCards.id)).limit(batchSize).for('update', { of: giftCards, skipLocked: true });
      for (const row of due) {
        const storefront = mailStorefront(row.locale);
        const t = translators.get(storefront.code)!;
        const card = {
          code: row.card.code,
          amountEurCents: row.card.initialCents,
          expiresAt: row.card.expiresAt,
          issuedAt: row.card.createdAt,
          purchase: row.purchase!,
        };
        const buyer = { email: row.buyerEmail, firstName: (row.billingAddress as { firstName?: string }).firstName ?? '' };
        for (const mail of await giftCardMails(services, t, { locale: storefront.code, prefix: storefront.prefix }, card, buyer)) await queueMail(tx, mail);
        await tx
          .update(giftCards)
          .set({ sentAt: sql`now()` })
          .where(eq(giftCards.id, row.card.id));
      }
      return due.length;
    });
    total += sent;
    if (sent < batchSize) break;
  }
  if (total > 0) {
    services.mailer.deliverSoon?.();
    services.logger.info({ giftCards: total }, 'gift cards mailed');
  }
  return total;
}

export interface SoldCard {
  code: string;
  amountEurCents: number;
  expiresAt: Date | null;
  issuedAt: Date;
  purchase: GiftCardPurchase;
}

const longDate = (locale: string, date: Date) => new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'Europe/Amsterdam' }).format(date);

/** The printable card (PDF) in the store's language. */
export async function giftCardPdf(shopName: string, t: Translate, locale: string, card: SoldCard): Promise<Buffer> {
  return renderGiftCardPdf({
    locale,
    shopName,
    title: t('giftCards.pdf.title'),
    amount: formatMoney(card.amountEurCents, 'EUR', locale),
    toLine: t('giftCards.pdf.to', { name: card.purchase.recipientName }),
    fromLine: t('giftCards.pdf.from', { name: card.purchase.senderName }),
    message: card.purchase.message,
    codeLabel: t('giftCards.pdf.code'),
    code: card.code,
    validity: card.expiresAt ? t('giftCards.validUntil', { date: longDate(locale, card.expiresAt) }) : '',
    howTo: t('giftCards.mail.howTo'),
    issuedAt: card.issuedAt,
  });
}

/**
 * The card's mail to its recipient and the copy to the buyer, both with the PDF attached (also
 * rendered by the mail test in every language).
 */
export async function giftCardMails(
  services: Pick<JobServices, 'siteUrl' | 'shopName'>,
  t: Translate,
  store: { locale: string; prefix: string },
  card: SoldCard,
  buyer: { email: string; firstName: string },
): Promise<OutgoingMail[]> {
  const { siteUrl, shopName } = services;
  const { purchase } = card;
  const amount = formatMoney(card.amountEurCents, 'EUR', store.locale);
  const pdf = await giftCardPdf(shopName, t, store.locale, card);
  const attachments = [{ filename: `${t('giftCards.pdf.fileName')}-${card.code}.pdf`, contentType: 'application/pdf', contentBase64: pdf.toString('base64') }];
  const validity = card.expiresAt ? t('giftCards.validUntil', { date: longDate(store.locale, card.expiresAt) }) : '';
  const balanceLink = { label: t('giftCards.mail.balance'), url: `${siteUrl}/${store.prefix}/${giftCardBalancePath(store.locale as never)}` };
  const recipient = shopperMail(
    t,
    shopName,
    { email: purchase.recipientEmail, locale: store.locale, name: purchase.recipientName },
    {
      subject: t('giftCards.mail.subject', { sender: purchase.senderName, shopName }),
      paragraphs: [
        t('giftCards.mail.intro', { sender: purchase.senderName, amount, shopName }),
        ...(purchase.message ? [t('giftCards.mail.message', { message: purchase.message, sender: purchase.senderName })] : []),
        t('giftCards.mail.code', { code: card.code }),
        validity,
        t('giftCards.mail.howTo'),
        t('giftCards.mail.pdf'),
      ].filter(Boolean),
      action: { label: t('giftCards.mail.action', { shopName }), url: `${siteUrl}/${store.prefix}` },
      links: [balanceLink],
      footer: t('giftCards.mail.footer', { shopName }),
    },
  );
  const copy = shopperMail(
    t,
    shopName,
    { email: buyer.email, locale: store.locale, name: buyer.firstName },
    {
      subject: t('giftCards.copy.subject', { recipient: purchase.recipientName }),
      paragraphs: [
        t('giftCards.copy.intro', { recipient: purchase.recipientName, email: purchase.recipientEmail, amount }),
        t('giftCards.mail.code', { code: card.code }),
        validity,
        t('giftCards.mail.pdf'),
      ].filter(Boolean),
      links: [balanceLink],
      footer: t('giftCards.copy.footer'),
    },
  );
  return [
    { ...recipient, attachments },
    { ...copy, attachments },
  ];
}

// ---------------------------------------------------------------- the account's list

export type BoughtCardState = 'awaiting-payment' | 'scheduled' | 'sent' | 'cancelled';

/** The gift cards a customer bought, newest first, with their state (never their codes: the recipient's). */
export async function boughtGiftCards(db: Queryable, customerId: number) {
  const rows = await db
    .select({
      orderNumber: orders.orderNumber,
      status: orders.status,
      purchase: orderItems.giftCard,
      createdAt: orders.createdAt,
      sentAt: giftCards.sentAt,
      cardId: giftCards.id,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .leftJoin(giftCards, eq(giftCards.orderItemId, orderItems.id))
    .where(and(eq(orders.customerId, customerId), isNotNull(orderItems.giftCard)))
    .orderBy(desc(orders.createdAt), desc(orderItems.id));
  return rows.map((row) => {
    const state: BoughtCardState =
      row.status === 'cancelled' || row.status === 'refunded' ? 'cancelled' : row.cardId === null ? 'awaiting-payment' : row.sentAt ? 'sent' : 'scheduled';
    return { orderNumber: row.orderNumber, purchase: row.purchase!, state, sentAt: row.sentAt };
  });
}
