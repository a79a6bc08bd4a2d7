import type { AppServices } from '#app/context.ts';
import type { Translate } from '#app/modules/i18n/i18n.tsx';
import { type StorefrontLocale, storefrontByCode, storefronts } from '#app/modules/i18n/locales.ts';
import { serverTranslator } from '#app/modules/i18n/translator.server.ts';
import { type MailContent, renderMail } from './mail-layout.server.ts';
import type { OutgoingMail } from '#app/lib/mail/mailer.server.ts';

/** Who a shopper mail goes to: the address, the store whose language it speaks, and the name it greets. */
export interface ShopperRecipient {
  email: string;
  locale: string;
  /** Greets "Hello {name}," when given; otherwise the content must bring its own greeting. */
  name?: string | null;
}

export type ShopperMailContent = Omit<MailContent, 'to' | 'locale' | 'shopName' | 'greeting'> & { greeting?: string };

/**
 * A mail to a shopper in the layout of every shop mail: addressed, in the recipient's store
 * language, greeted by name. The one place the customer mails (account, engagement, gift cards)
 * build their frame, so none repeats the greeting or the language attribute.
 */
export function shopperMail(t: Translate, shopName: string, to: ShopperRecipient, content: ShopperMailContent): OutgoingMail {
  const greeting = content.greeting ?? (to.name ? t('mail.greeting', { name: to.name }) : t('mail.greetingWithoutName'));
  return renderMail({ ...content, to: to.email, locale: to.locale, shopName, greeting });
}

/** The store of a locale code kept on a customer, order or subscription (the first store for an unknown one). */
export const mailStorefront = (locale: string): StorefrontLocale => storefrontByCode(locale) ?? storefronts[0]!;

/** The translator of the recipient's store, for a mail sent right away. */
export async function storeTranslator(
  { db, logger }: Pick<AppServices, 'db' | 'logger'>,
  locale: string,
): Promise<{ t: Translate; storefront: StorefrontLocale }> {
  const storefront = mailStorefront(locale);
  return { t: await serverTranslator(db, storefront.code, logger), storefront };
}

/** Translates, builds and sends a shopper mail in the recipient's store language (through the outbox). */
export async function sendShopperMail(
  services: Pick<AppServices, 'db' | 'logger' | 'mailer' | 'shopName'>,
  to: ShopperRecipient,
  build: (t: Translate, storefront: StorefrontLocale) => ShopperMailContent,
): Promise<void> {
  const { t, storefront } = await storeTranslator(services, to.locale);
  await services.mailer.send(shopperMail(t, services.shopName, { ...to, locale: storefront.code }, build(t, storefront)));
}

/**
 * The translators of every store, loaded before a job opens its transaction (the embedded database
 * has one connection: a query outside the transaction would wait for it to end).
 */
export async function storeTranslators(services: Pick<AppServices, 'db' | 'logger'>): Promise<Map<string, Translate>> {
  const loaded = await Promise.all(
    storefronts.map(async (storefront) => [storefront.code, await serverTranslator(services.db, storefront.code, services.logger)] as const),
  );
  return new Map(loaded);
}
