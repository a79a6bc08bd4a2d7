import type { AppServices } from '../../context.ts';
import type { StorefrontLocale } from '../i18n/locales.ts';
import { serverTranslator } from '../i18n/translator.server.ts';
import { renderMail } from '../mail/mail-layout.server.ts';
import { accountPath } from './account-paths.ts';

/** The reset mail, in the language of the store the shopper asked in. */
export async function sendPasswordResetMail(
  { db, logger, mailer, siteUrl, shopName }: AppServices,
  storefront: StorefrontLocale,
  customer: { firstName: string; email: string },
  token: string,
): Promise<void> {
  const t = await serverTranslator(db, storefront.code, logger);
  const url = `${siteUrl}${accountPath(storefront.prefix, 'createPassword')}?token=${encodeURIComponent(token)}`;
  await mailer.send(
    renderMail({
      to: customer.email,
      subject: t('mail.passwordReset.subject', { shopName }),
      locale: storefront.code,
      shopName,
      greeting: t('mail.greeting', { name: customer.firstName }),
      paragraphs: [t('mail.passwordReset.intro'), t('mail.passwordReset.validity')],
      action: { label: t('mail.passwordReset.action'), url },
      footer: t('mail.passwordReset.notYou'),
    }),
  );
}
