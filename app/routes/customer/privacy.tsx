import { data, Form, redirect, useNavigation } from 'react-router';
import type { Route } from './+types/privacy';
import { AccountPage } from '../../components/account/account-page.tsx';
import { CsrfField, FormNotice, TextField } from '../../components/forms/form-fields.tsx';
import { customerContext, servicesContext, storefrontContext } from '../../context.ts';
import { orUnavailable } from '../../db/with-database.server.ts';
import { accountPath, loginPath } from '../../modules/customers/account-paths.ts';
import { getPersonalData, setNewsletterSubscription } from '../../modules/customers/personal-data.server.ts';
import { currentPasswordFailures } from '../../modules/customers/current-password.server.ts';
import { deleteAccount } from '../../modules/customers/privacy.server.ts';
import { sessionClearCookie } from '../../modules/customers/session.server.ts';
import { useI18n } from '../../modules/i18n/i18n.tsx';

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  const personal = await orUnavailable(() => getPersonalData(db, context.get(customerContext)!.id));
  return { prefix: context.get(storefrontContext).storefront.prefix, subscribed: personal.newsletterSubscribed, notice: new URL(request.url).searchParams.get('notice') };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, secureCookies } = context.get(servicesContext);
  const { prefix } = context.get(storefrontContext).storefront;
  const customerId = context.get(customerContext)!.id;
  const form = await request.formData();
  const intent = form.get('intent');
  if (intent === 'subscribe' || intent === 'unsubscribe') {
    await orUnavailable(() => setNewsletterSubscription(db, customerId, intent === 'subscribe'));
    throw redirect(`${accountPath(prefix, 'privacy')}?notice=${intent}d`);
  }
  if (intent === 'delete') {
    const password = String(form.get('password') ?? '');
    if (!password) return data({ fieldErrors: { password: { key: 'validation.required' } } }, { status: 400 });
    const deleted = await orUnavailable(() => deleteAccount(db, customerId, password));
    if (deleted !== 'ok') return data({ fieldErrors: { password: currentPasswordFailures[deleted].error } }, { status: currentPasswordFailures[deleted].status });
    throw redirect(loginPath(prefix, undefined, 'account-deleted'), { headers: { 'Set-Cookie': sessionClearCookie(secureCookies) } });
  }
  throw data(null, { status: 400 });
}

const notices: Record<string, string> = { subscribed: 'account.newsletterSubscribed', unsubscribed: 'account.newsletterUnsubscribed' };

export default function PrivacyPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const navigation = useNavigation();
  const { prefix, subscribed, notice } = loaderData;
  return (
    <AccountPage title={t('account.nav.privacy')} path="customer/account/privacy" inArea>
      <FormNotice message={notice && notices[notice] ? t(notices[notice]) : null} />
      <section className="account-section" aria-labelledby="privacy-newsletter">
        <h2 id="privacy-newsletter">{t('account.newsletterHeading')}</h2>
        <p>{subscribed ? t('account.newsletterOn') : t('account.newsletterOff')}</p>
        <Form method="post">
          <CsrfField />
          <button type="submit" name="intent" value={subscribed ? 'unsubscribe' : 'subscribe'} className="button">
            {subscribed ? t('account.unsubscribe') : t('account.subscribe')}
          </button>
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
          <TextField name="password" type="password" label={t('account.currentPassword')} autoComplete="current-password" required error={actionData?.fieldErrors.password} idPrefix="delete" />
          <button type="submit" className="button button--danger" disabled={navigation.state === 'submitting'}>
            {t('account.deleteButton')}
          </button>
        </Form>
      </section>
    </AccountPage>
  );
}
