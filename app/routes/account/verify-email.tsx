import { data, Form, Link } from 'react-router';
import type { Route } from './+types/verify-email';
import { AccountPage } from '#app/components/account/account-page.tsx';
import { CsrfField, FormNotice } from '#app/components/forms/form-fields.tsx';
import { servicesContext, storefrontContext } from '#app/context.ts';
import { orUnavailable } from '#app/db/with-database.server.ts';
import { accountPath, accountPaths } from '#app/modules/customers/account-paths.ts';
import { readVerificationToken, type VerifyOutcome, verifyEmail } from '#app/modules/customers/email-verification.server.ts';
import { useI18n } from '#app/modules/i18n/i18n.tsx';

/**
 * The link of verification mails (issue 15): /{prefix}/customer/account/verify-email?token=.
 * Opening it shows the address and a button; pressing it (a POST) verifies, so a mail scanner
 * that opens links changes nothing. Forged, expired and used links say so; nothing changes.
 */
const noStore = { 'Cache-Control': 'no-store' };

export function loader({ url, context }: Route.LoaderArgs) {
  const { sessionSecret } = context.get(servicesContext);
  const token = url.searchParams.get('token') ?? '';
  const check = readVerificationToken(sessionSecret, token);
  const result: VerifyOutcome | null = check.ok ? null : { outcome: check.reason };
  return data(
    { prefix: context.get(storefrontContext).storefront.prefix, token, email: check.ok ? check.payload.email : null, result },
    { status: check.ok ? 200 : 400, headers: noStore },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const token = String((await request.formData()).get('token') ?? '');
  const result = await orUnavailable(() => verifyEmail(services, token));
  const ok = result.outcome === 'verified' || result.outcome === 'changed';
  return data({ prefix: context.get(storefrontContext).storefront.prefix, token, email: null, result }, { status: ok ? 200 : 400, headers: noStore });
}

export function headers() {
  return noStore;
}

const failureMessages = {
  used: 'emailVerification.page.used',
  expired: 'emailVerification.page.expired',
  invalid: 'emailVerification.page.invalid',
  taken: 'emailVerification.page.taken',
} as const;

export default function VerifyEmailPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { prefix, token, email, result } = actionData ?? loaderData;
  return (
    <AccountPage title={t('emailVerification.page.title')} path={accountPaths.verifyEmail} narrow>
      {result === null ? (
        <Form method="post" className="form-stack">
          <CsrfField />
          <input type="hidden" name="token" value={token} />
          <p>{t('emailVerification.page.text', { email: email ?? '' })}</p>
          <button type="submit" className="button button--primary">
            {t('emailVerification.page.button')}
          </button>
        </Form>
      ) : result.outcome === 'verified' || result.outcome === 'changed' ? (
        <FormNotice
          message={result.outcome === 'verified' ? t('emailVerification.page.verified') : t('emailVerification.page.changed', { email: result.email })}
        />
      ) : (
        <p className="form-alert" role="alert">
          {t(failureMessages[result.outcome])}
        </p>
      )}
      {result !== null && (
        <p>
          <Link to={accountPath(prefix, 'overview')}>{t('emailVerification.page.toAccount')}</Link>
        </p>
      )}
    </AccountPage>
  );
}
