import type { AppServices } from '#app/context.ts';
import type { StorefrontLocale } from '#app/modules/i18n/locales.ts';
import { sendShopperMail } from '#app/modules/mail/shopper-mail.server.ts';
import { accountPath } from './account-paths.ts';

/** The reset mail, in the language of the store the shopper asked in. */
export async function sendPasswordResetMail(
  services: AppServices,
  storefront: StorefrontLocale,
  customer: { firstName: string; email: string },
  token: string,
): Promise<void> {
  const { siteUrl, shopName } = services;
  const url = `${siteUrl}${accountPath(storefront.prefix, 'createPassword')}?token=${encodeURIComponent(token)}`;
  await sendShopperMail(services, { email: customer.email, locale: storefront.code, name: customer.firstName }, (t) => ({
    subject: t('mail.passwordReset.subject', { shopName }),
    paragraphs: [t('mail.passwordReset.intro'), t('mail.passwordReset.validity')],
    action: { label: t('mail.passwordReset.action'), url },
    footer: t('mail.passwordReset.notYou'),
  }));
}
