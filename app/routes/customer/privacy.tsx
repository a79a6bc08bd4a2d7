import { data, Form, redirect, useNavigation } from 'react-router';
import type { Route } from './+types/privacy';
import { AccountPage } from '#app/components/account/account-page.tsx';
import { CsrfField, FormAlert, FormNotice, TextField } from '#app/components/forms/form-fields.tsx';
import { customerContext, requestInfoContext, servicesContext, storefrontContext } from '#app/context.ts';
import { orUnavailable } from '#app/db/with-database.server.ts';
import { accountPath, loginPath } from '#app/modules/customers/account-paths.ts';
import { getPersonalData } from '#app/modules/customers/personal-data.server.ts';
import { accountNewsletterStatus, requestSubscription, unsubscribeEmail } from '#app/modules/newsletter/newsletter.server.ts';
import { currentPasswordFailures } from '#app/modules/customers/current-password.server.ts';
import { deleteAccount } from '#app/modules/customers/privacy.server.ts';
import { sessionClearCookie } from '#app/modules/customers/session.server.ts';
import { useI18n } from '#app/modules/i18n/i18n.tsx';

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  const newsletter = await orUnavailable(async () => accountNewsletterStatus(db, await getPersonalData(db, context.get(customerContext)!.id)));
  return { prefix: context.get(storefrontContext).storefront.prefix, newsletter, notice: new URL(request.url).searchParams.get('notice') };
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const { db, secureCookies } = services;
  const { storefront } = context.get(storefrontContext);
  const { prefix } = storefront;
  const customerId = context.get(customerContext)!.id;
  const form = await request.formData();
  const intent = form.get('intent');
  // The newsletter of the account's address, through the same double opt-in as the footer's form.
  if (intent === 'subscribe') {
    const { email } = await orUnavailable(() => getPersonalData(db, customerId));
    const result = await orUnavailable(() =>
      requestSubscription(services, { email, storefront, source: 'account', customerId, clientAddress: context.get(requestInfoContext).clientAddress }),
    );
    if (!result.ok) return data({ fieldErrors: { password: undefined }, formError: { key: 'account.tooManyAttempts' } }, { status: 429 });
    throw redirect(`${accountPath(prefix, 'privacy')}?notice=${result.status === 'already-subscribed' ? 'subscribed' : 'confirmation-sent'}`);
  }
  if (intent === 'unsubscribe') {
    const { email } = await orUnavailable(() => getPersonalData(db, customerId));
    await orUnavailable(() => unsubscribeEmail(db, email));
    throw redirect(`${accountPath(prefix, 'privacy')}?notice=unsubscribed`);
  }
  if (intent === 'delete') {
    const password = String(form.get('password') ?? '');
    if (!password) return data({ fieldErrors: { password: { key: 'validation.required' } } }, { status: 400 });
    const deleted = await orUnavailable(() => deleteAccount(db, customerId, password));
    if (deleted !== 'ok')
      return data({ fieldErrors: { password: currentPasswordFailures[deleted].error } }, { status: currentPasswordFailures[deleted].status });
    throw redirect(loginPath(prefix, undefined, 'account-deleted'), { headers: { 'Set-Cookie': sessionClearCookie(secureCookies) } });
  }
  throw data(null, { status: 400 });
}

const notices: Record<string, string> = {
  subscribed: 'account.newsletterSubscribed',
  unsubscribed: 'account.newsletterUnsubscribed',
  'confirmation-sent': 'newsletter.accountConfirmationSent',
};
const statusTexts = { subscribed: 'account.newsletterOn', pending: 'newsletter.statusPending', 'not-subscribed': 'account.newsletterOff' } as const;

export default function PrivacyPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const navigation = useNavigation();
  const { prefix, newsletter, notice } = loaderData;
  // A pending subscription can be asked for again (a new mail) or cancelled.
  const subscribed = newsletter === 'subscribed';
  return (
    <AccountPage title={t('account.nav.privacy')} path="customer/account/privacy" inArea>
      <FormNotice message={notice && notices[notice] ? t(notices[notice]) : null} />
      <section className="account-section" aria-labelledby="privacy-newsletter">
        <h2 id="privacy-newsletter">{t('account.newsletterHeading')}</h2>
        <p>{t(statusTexts[newsletter])}</p>
        <FormAlert error={actionData && 'formError' in actionData ? actionData.formError : undefined} />
        <Form method="post" className="newsletter-actions">
          <CsrfField />
          <button type="submit" name="intent" value={subscribed ? 'unsubscribe' : 'subscribe'} className="button">
            {subscribed ? t('account.unsubscribe') : newsletter === 'pending' ? t('newsletter.sendAgain') : t('account.subscribe')}
          </button>
          {newsletter === 'pending' && (
            <button type="submit" name="intent" value="unsubscribe" className="button">
              {t('newsletter.cancelRequest')}
            </button>
          )}
        </Form>
      </section>
      <section className="account-section" aria-labelledby="privacy-export">
        <h2 id="privacy-export">{t('account.exportHeading')}</h2>
        <p>{t('account.exportText')}</p>
        <a href={accountPath(prefix, 'dataExport')} className="button" download>
          {t('account.exportButton')}
        </a>
      </section>
      <section className="account-section account-section--danger" aria-labelledby="privacy-delete">
        <h2 id="privacy-delete">{t('account.deleteHeading')}</h2>
        <p>{t('account.deleteText')}</p>
        <Form method="post" noValidate className="form-stack account-form">
          <CsrfField />
          <input type="hidden" name="intent" value="delete" />
          <TextField
            name="password"
            type="password"
            label={t('account.currentPassword')}
            autoComplete="current-password"
            required
            error={actionData?.fieldErrors.password}
            idPrefix="delete"
          />
          <button type="submit" className="button button--danger" disabled={navigation.state === 'submitting'}>
            {t('account.deleteButton')}
          </button>
        </Form>
      </section>
    </AccountPage>
  );
}
