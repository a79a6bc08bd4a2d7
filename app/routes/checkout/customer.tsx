import { data, Form, Link, redirect } from 'react-router';
import type { Route } from './+types/customer';
import { AccountPage } from '../../components/account/account-page.tsx';
import { useEcommerceEvent } from '../../modules/analytics/use-ecommerce-event.ts';
import { CheckoutStepsNav } from '../../components/checkout/checkout-steps.tsx';
import { CheckboxField, CsrfField, TextField } from '../../components/forms/form-fields.tsx';
import { orUnavailable } from '../../db/with-database.server.ts';
import { checkoutRequest, guardStep } from '../../modules/checkout/checkout-request.server.ts';
import { customerStepFields, customerStepSchema, saveCheckoutDetails } from '../../modules/checkout/checkout-steps.server.ts';
import { accountPath } from '../../modules/customers/account-paths.ts';
import { parseForm } from '../../modules/forms/field-errors.ts';
import { useI18n } from '../../modules/i18n/i18n.tsx';

/** Step 1: log in, register, or continue as a guest with an e-mail address; business order details. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { selection, customer, summary } = await checkoutRequest(request, context);
  guardStep(summary, 'customer', selection.storefront.prefix);
  return { prefix: selection.storefront.prefix, customerEmail: customer?.email ?? null, details: summary.details };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { services, selection, customer, summary } = await checkoutRequest(request, context);
  guardStep(summary, 'customer', selection.storefront.prefix);
  const form = await request.formData();
  // A logged-in customer orders with the account's address.
  if (customer) form.set('email', customer.email);
  const parsed = parseForm(customerStepSchema, form, customerStepFields);
  if (!parsed.ok) return data(parsed, { status: 400 });
  await orUnavailable(() => saveCheckoutDetails(services.db, summary.cart!.id, parsed.data));
  throw redirect(`/${selection.storefront.prefix}/checkout/shipping`);
}

export default function CustomerStep({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { prefix, customerEmail, details } = loaderData;
  const failure = actionData && !actionData.ok ? actionData : undefined;
  useEcommerceEvent('begin_checkout', 'checkout', () => ({}));
  const values = failure?.values ?? { email: details.email ?? '', companyName: details.companyName ?? '', vatNumber: details.vatNumber ?? '', isBusiness: details.isBusiness ? 'on' : '' };
  const returnTo = encodeURIComponent(`/${prefix}/checkout/customer`);
  return (
    <AccountPage title={t('checkout.step.customer')} path="checkout/customer">
      <CheckoutStepsNav prefix={prefix} current="customer" />
      <div className="auth-columns">
        <Form method="post" noValidate className="form-stack auth-card">
          <CsrfField />
          {customerEmail ? (
            <p>{t('checkout.loggedInAs', { email: customerEmail })}</p>
          ) : (
            <>
              <h2>{t('checkout.guestHeading')}</h2>
              <TextField name="email" type="email" label={t('account.email')} autoComplete="email" required defaultValue={values.email} error={failure?.fieldErrors.email} hint={t('checkout.emailHint')} />
            </>
          )}
          <fieldset className="form-fieldset">
            <legend>{t('account.businessHeading')}</legend>
            <CheckboxField name="isBusiness" label={t('account.isBusiness')} defaultChecked={values.isBusiness === 'on'} />
            <TextField name="companyName" label={t('account.companyName')} autoComplete="organization" defaultValue={values.companyName} error={failure?.fieldErrors.companyName} />
            <TextField name="vatNumber" label={t('account.vatNumber')} defaultValue={values.vatNumber} error={failure?.fieldErrors.vatNumber} hint={t('checkout.vatHint')} />
          </fieldset>
          <button type="submit" className="button button--primary">
            {t('checkout.continue')}
          </button>
        </Form>
        {!customerEmail && (
          <section className="auth-card auth-card--secondary" aria-labelledby="checkout-login">
            <h2 id="checkout-login">{t('checkout.haveAccount')}</h2>
            <p>{t('checkout.haveAccountText')}</p>
            <p>
              <Link to={`${accountPath(prefix, 'login')}?returnTo=${returnTo}`} className="button">
                {t('account.logIn')}
              </Link>{' '}
              <Link to={`${accountPath(prefix, 'register')}?returnTo=${returnTo}`}>{t('account.createAccount')}</Link>
            </p>
          </section>
        )}
      </div>
    </AccountPage>
  );
}

