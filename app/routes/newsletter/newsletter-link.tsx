import { data, Form, Link } from 'react-router';
import type { Route } from './+types/newsletter-link';
import { CsrfField, FormNotice } from '#app/components/forms/form-fields.tsx';
import { PageHead } from '#app/components/page-head.tsx';
import { servicesContext, storefrontContext } from '#app/context.ts';
import { orUnavailable } from '#app/db/with-database.server.ts';
import { useI18n } from '#app/modules/i18n/i18n.tsx';
import { newsletterConfirmPath, newsletterPath } from '#app/modules/newsletter/newsletter-paths.ts';
import { confirmSubscription, type LinkOutcome, unsubscribeWithToken } from '#app/modules/newsletter/newsletter.server.ts';
import { verifyNewsletterToken } from '#app/modules/newsletter/newsletter-tokens.server.ts';

/**
 * The links of newsletter mails: /{prefix}/newsletter/confirm?token= and
 * /{prefix}/newsletter/unsubscribe?token=. Opening a link only shows a button; pressing it (a POST)
 * confirms or unsubscribes, so mail scanners that open links change nothing. A forged or expired
 * token shows what is wrong and changes nothing.
 */
const noStore = { 'Cache-Control': 'no-store' };

/** From the normalized URL: a client-side submission posts to `…/confirm.data`. */
const purposeOf = (url: URL) => (url.pathname.endsWith(`/${newsletterConfirmPath}`) ? 'confirm' : 'unsubscribe');

export function loader({ url, context }: Route.LoaderArgs) {
  const { sessionSecret } = context.get(servicesContext);
  const { prefix } = context.get(storefrontContext).storefront;
  const purpose = purposeOf(url);
  const token = url.searchParams.get('token') ?? '';
  const check = verifyNewsletterToken(sessionSecret, token, purpose);
  const outcome: LinkOutcome | null = check.ok ? null : check.reason;
  return data({ prefix, purpose, token, outcome }, { status: check.ok ? 200 : 400, headers: noStore });
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const { prefix } = context.get(storefrontContext).storefront;
  const purpose = purposeOf(url);
  const token = String((await request.formData()).get('token') ?? '');
  const outcome = await orUnavailable(() =>
    purpose === 'confirm' ? confirmSubscription(services, token) : unsubscribeWithToken(services.db, services.sessionSecret, token),
  );
  const failed = outcome === 'invalid' || outcome === 'expired';
  return data({ prefix, purpose, token, outcome }, { status: failed ? 400 : 200, headers: noStore });
}

export function headers() {
  return noStore;
}

const outcomeMessages: Record<LinkOutcome, string> = {
  confirmed: 'newsletter.confirmed',
  'already-confirmed': 'newsletter.alreadyConfirmed',
  unsubscribed: 'newsletter.unsubscribed',
  invalid: 'newsletter.invalidLink',
  expired: 'newsletter.expiredLink',
};

export default function NewsletterLink({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { prefix, purpose, token, outcome } = actionData ?? loaderData;
  const title = purpose === 'confirm' ? t('newsletter.confirmTitle') : t('newsletter.unsubscribeTitle');
  const failed = outcome === 'invalid' || outcome === 'expired';
  return (
    <div className="container newsletter-page">
      <PageHead title={title} alternates={{}} noindex />
      <div className="auth-card newsletter-card">
        <h1>{title}</h1>
        {outcome === null ? (
          <Form method="post" className="form-stack">
            <CsrfField />
            <input type="hidden" name="token" value={token} />
            <p>{purpose === 'confirm' ? t('newsletter.confirmText') : t('newsletter.unsubscribeText')}</p>
            <button type="submit" className="button button--primary">
              {purpose === 'confirm' ? t('newsletter.confirmButton') : t('newsletter.unsubscribeButton')}
            </button>
          </Form>
        ) : failed ? (
          <>
            <p className="form-alert" role="alert">
              {t(outcomeMessages[outcome])}
            </p>
            <p>
              <Link to={`/${prefix}/${newsletterPath}`}>{t('newsletter.subscribeAgain')}</Link>
            </p>
          </>
        ) : (
          <>
            <FormNotice message={t(outcomeMessages[outcome])} />
            <p>
              <Link to={`/${prefix}`}>{t('newsletter.continueShopping')}</Link>
            </p>
          </>
        )}
      </div>
    </div>
  );
}
