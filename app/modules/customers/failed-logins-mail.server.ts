import type { AppServices } from '#app/context.ts';
import { sendShopperMail } from '#app/modules/mail/shopper-mail.server.ts';
import { accountPath } from './account-paths.ts';

/** Tells a customer, in their store's language, that someone tried wrong passwords on the account (decision 0018). */
export async function sendFailedLoginsMail(
  services: Pick<AppServices, 'db' | 'logger' | 'mailer' | 'siteUrl' | 'shopName'>,
  customer: { email: string; firstName: string; locale: string },
): Promise<void> {
  const { siteUrl, shopName } = services;
  await sendShopperMail(services, { email: customer.email, locale: customer.locale, name: customer.firstName }, (t, storefront) => ({
    subject: t('businessRisks.failedLogins.subject', { shopName }),
    paragraphs: [t('businessRisks.failedLogins.intro'), t('businessRisks.failedLogins.safe')],
    action: { label: t('businessRisks.failedLogins.action'), url: `${siteUrl}${accountPath(storefront.prefix, 'forgotPassword')}` },
    footer: t('businessRisks.failedLogins.notYou'),
  }));
}
