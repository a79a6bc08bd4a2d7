import type { AppServices } from '../../context.ts';
import { type LocaleCode, storefrontByCode, storefronts } from '../i18n/locales.ts';
import { serverTranslator } from '../i18n/translator.server.ts';
import { renderMail } from '../mail/mail-layout.server.ts';
import { accountPath } from './account-paths.ts';

/** Tells a customer, in their store's language, that someone tried wrong passwords on the account (decision 0018). */
export async function sendFailedLoginsMail(
  { db, logger, mailer, siteUrl, shopName }: Pick<AppServices, 'db' | 'logger' | 'mailer' | 'siteUrl' | 'shopName'>,
  customer: { email: string; firstName: string; locale: string },
): Promise<void> {
  const storefront = storefrontByCode(customer.locale) ?? storefronts[0]!;
  const t = await serverTranslator(db, storefront.code as LocaleCode, logger);
  await mailer.send(
    renderMail({
      to: customer.email,
      subject: t('businessRisks.failedLogins.subject', { shopName }),
      locale: storefront.code,
      shopName,
      greeting: t('mail.greeting', { name: customer.firstName }),
      paragraphs: [t('businessRisks.failedLogins.intro'), t('businessRisks.failedLogins.safe')],
      action: { label: t('businessRisks.failedLogins.action'), url: `${siteUrl}${accountPath(storefront.prefix, 'forgotPassword')}` },
      footer: t('businessRisks.failedLogins.notYou'),
    }),
  );
}
