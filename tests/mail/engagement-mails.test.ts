import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { emailChangedMail, verificationMail } from '#app/modules/customers/email-verification.server.ts';
import { backInStockMail } from '#app/modules/engagement/back-in-stock.server.ts';
import { reviewInvitationMail } from '#app/modules/engagement/review-invitations.server.ts';
import { createTranslator } from '#app/modules/i18n/i18n.tsx';
import { storefronts } from '#app/modules/i18n/locales.ts';
import type { MessageTree } from '#app/modules/i18n/messages.ts';
import type { OutgoingMail } from '#app/lib/mail/mailer.server.ts';
import { giftCardMails } from '#app/modules/gift-cards/sold-gift-cards.server.ts';

/**
 * Every mail of issue 15 (back in stock, e-mail verification and change notice, review invitation)
 * rendered in every store's language: no message key left unresolved, HTML and text both carry
 * the words, and a non-English mail has no English sentence of the English mail left in it
 * (names, addresses and links aside).
 */
const services = { siteUrl: 'https://cordial.example', shopName: 'Cordial', sessionSecret: 'a-test-secret-of-at-least-thirty-two-characters' };
const messages = (locale: string) => JSON.parse(readFileSync(new URL(`../../locales/${locale}.json`, import.meta.url), 'utf8')) as MessageTree;

function mailsIn(locale: (typeof storefronts)[number]): Record<string, OutgoingMail> {
  const t = createTranslator(locale.code, messages(locale.code));
  const to = { email: 'anna@example.com', locale: locale.code, prefix: locale.prefix };
  return {
    backInStock: backInStockMail(services, t, to, { name: 'Paracord 550 Black', urlKey: 'paracord-550-black', sku: 'PC550-BLK-30' }),
    verification: verificationMail(services, t, locale, { customerId: 7, firstName: 'Anna', email: to.email, kind: 'registration', issuedAt: Date.now() }),
    verificationOfChange: verificationMail(services, t, locale, { customerId: 7, firstName: 'Anna', email: to.email, kind: 'change', issuedAt: Date.now() }),
    emailChanged: emailChangedMail(services, t, locale, { firstName: 'Anna', oldEmail: 'old@example.com', newEmail: to.email }),
    reviewInvitation: reviewInvitationMail(
      services,
      t,
      { orderNumber: 'NL100007', email: to.email, firstName: 'Anna', prefix: locale.prefix, locale: locale.code },
      [
        { productId: 3, name: 'Paracord 550 Black' },
        { productId: 4, name: 'Cobra Buckle' },
      ],
    ),
  };
}

/** The sentences of a text mail without what is not language: names, links, addresses, the shop's name. */
const sentences = (text: string) =>
  text
    .split('\n')
    .map((line) =>
      line
        .replace(/https?:\/\/\S+/g, '')
        .replace(/[\w.+-]+@[\w.-]+/g, '')
        .replace(/Paracord 550 Black|Cobra Buckle|Anna|Cordial|NL100007|PC550-BLK-30|K7QM-4XTR-9CHW-PZ3E|Lotte|Ben|Happy knotting!/g, '')
        .trim(),
    )
    .filter((line) => /[a-z]{3,}/i.test(line) && line !== '--');

const english = mailsIn(storefronts.find((store) => store.code === 'en')!);

describe.each(storefronts.map((store) => [store.code, store] as const))('the engagement mails in %s', (code, store) => {
  const mails = mailsIn(store);
  it.each(Object.keys(mails))('%s has every message and is written in the store language', (name) => {
    const mail = mails[name]!;
    for (const part of [mail.subject, mail.text, mail.html]) expect(part).not.toMatch(/\b(stockAlerts|emailVerification|reviewInvite|mail)\.[\w.]+/);
    expect(mail.html).toContain(`lang="${code}"`);
    expect(mail.text.length).toBeGreaterThan(100);
    if (!code.startsWith('en')) {
      const englishSentences = new Set(sentences(english[name]!.text));
      const leftovers = sentences(mail.text).filter((sentence) => englishSentences.has(sentence));
      expect(leftovers).toEqual([]);
      expect(mail.subject).not.toBe(english[name]!.subject);
    }
  });
});

/** The gift card's mail to its recipient and the buyer's copy (issue 15), with the printable card, in every language. */
const giftCard = {
  code: 'K7QM-4XTR-9CHW-PZ3E',
  amountEurCents: 4_000,
  expiresAt: new Date('2029-11-25T10:00:00Z'),
  issuedAt: new Date('2026-11-25T10:00:00Z'),
  purchase: {
    amountEurCents: 4_000,
    senderName: 'Ben',
    recipientName: 'Lotte',
    recipientEmail: 'lotte@example.com',
    message: 'Happy knotting!',
    deliverOn: '2026-12-05',
  },
};
const giftCardMailsIn = async (locale: (typeof storefronts)[number]) => {
  const [recipient, copy] = await giftCardMails(
    services,
    createTranslator(locale.code, messages(locale.code)),
    { locale: locale.code, prefix: locale.prefix },
    giftCard,
    { email: 'ben@example.com', firstName: 'Ben' },
  );
  return { recipient: recipient!, copy: copy! };
};

describe.each(storefronts.map((store) => [store.code, store] as const))('the gift-card mails in %s', (code, store) => {
  it('are complete, in the store language, with the code and a real PDF card', async () => {
    const mails = await giftCardMailsIn(store);
    const englishMails = await giftCardMailsIn(storefronts.find((candidate) => candidate.code === 'en')!);
    expect(mails.recipient.to).toBe('lotte@example.com');
    expect(mails.copy.to).toBe('ben@example.com');
    for (const name of ['recipient', 'copy'] as const) {
      const mail = mails[name];
      for (const part of [mail.subject, mail.text, mail.html]) expect(part).not.toMatch(/\b(giftCards|mail)\.[\w.]+/);
      expect(mail.html).toContain(`lang="${code}"`);
      expect(mail.text).toContain(giftCard.code);
      const [attachment] = mail.attachments!;
      expect(attachment!.contentType).toBe('application/pdf');
      expect(Buffer.from(attachment!.contentBase64, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
      if (!code.startsWith('en')) {
        const englishSentences = new Set(sentences(englishMails[name].text));
        expect(sentences(mail.text).filter((sentence) => englishSentences.has(sentence))).toEqual([]);
        expect(mail.subject).not.toBe(englishMails[name].subject);
      }
    }
    expect(mails.recipient.text).toContain('Happy knotting!');
  });
});
