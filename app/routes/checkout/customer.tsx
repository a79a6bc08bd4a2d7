import { data, Form, Link, redirect } from 'react-router';
import type { Route } from './+types/customer';
import { useEcommerceEvent } from '#app/modules/analytics/use-ecommerce-event.ts';
import { CheckoutPage, ErrorSummary, useLiveFieldErrors } from '#app/components/checkout/checkout-page.tsx';
import { CheckboxField, CsrfField, TextField } from '#app/components/forms/form-fields.tsx';
import { orUnavailable } from '#app/db/with-database.server.ts';
import { checkoutRequest, guardStep } from '#app/modules/checkout/checkout-request.server.ts';
import { customerStepFieldErrors, customerStepFields, customerStepSchema } from '#app/modules/checkout/checkout-forms.ts';
import { saveCheckoutDetails } from '#app/modules/checkout/checkout-steps.server.ts';
import { checkoutSummaryView } from '#app/modules/checkout/checkout-summary.server.ts';
import { accountPath } from '#app/modules/customers/account-paths.ts';
import { parseForm } from '#app/lib/forms/field-errors.ts';
import { useI18n } from '#app/modules/i18n/i18n.tsx';

/** Step 1: log in, register, or continue as a guest with an e-mail address; business order details. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { selection, customer, summary } = await checkoutRequest(request, context);
  guardStep(summary, 'customer', selection.storefront.prefix);
  return { prefix: selection.storefront.prefix, customerEmail: customer?.email ?? null, details: summary.details, summary: checkoutSummaryView(summary) };
}

export const handle = { checkoutStep: true };

export async function action({ request, context }: Route.ActionArgs) {
  const { services, selection, customer, summary } = await checkoutRequest(request, context);
  guardStep(summary, 'customer', selection.storefront.prefix);
  const form = await request.formData();
  // A logged-in customer orders with the account's address.
  if (customer) form.set('email', customer.email);
  const parsed = parseForm(customerStepSchema, form, customerStepFields);
  if (!parsed.ok) return data(parsed, { status: 400 });
  await orUnavailable(() => saveCheckoutDetails(services.db, summary.cart.id, parsed.data));
  throw redirect(`/${selection.storefront.prefix}/checkout/shipping`);
}

export default function CustomerStep({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { prefix, customerEmail, details, summary } = loaderData;
  const failure = actionData && !actionData.ok ? actionData : undefined;
  useEcommerceEvent('begin_checkout', 'checkout', () => ({}));
  const { errors, onChange } = useLiveFieldErrors(failure?.fieldErrors, customerStepFieldErrors);
  const values = failure?.values ?? {
    email: details.email ?? '',
    companyName: details.companyName ?? '',
    vatNumber: details.vatNumber ?? '',
    isBusiness: details.isBusiness ? 'on' : '',
  };
  const returnTo = encodeURIComponent(`/${prefix}/checkout/customer`);
  return (
    <CheckoutPage step="customer" prefix={prefix} summary={summary} hasErrors={Boolean(failure)}>
      <ErrorSummary
        errors={errors}
        answer={actionData}
        fields={[
          { name: 'email', id: 'field-email', label: t('account.email') },
          { name: 'companyName', id: 'field-companyName', label: t('account.companyName') },
          { name: 'vatNumber', id: 'field-vatNumber', label: t('account.vatNumber') },
        ]}
      />
      <div className="auth-columns">
        <Form method="post" noValidate className="form-stack auth-card" onChange={onChange}>
          <CsrfField />
          {customerEmail ? (
            <p>{t('checkout.loggedInAs', { email: customerEmail })}</p>
          ) : (
            <>
              <h2>{t('checkout.guestHeading')}</h2>
              <TextField
                name="email"
                type="email"
                label={t('account.email')}
                autoComplete="email"
                required
                defaultValue={values.email}
                error={errors.email}
                hint={t('checkout.emailHint')}
              />
            </>
          )}
          {/* The company fields appear when the box is ticked: by CSS (:has), so also without JavaScript. */}
          <div className="business-toggle">
            <CheckboxField name="isBusiness" label={t('account.isBusiness')} defaultChecked={values.isBusiness === 'on'} />
            <fieldset className="form-fieldset business-fields">
              <legend>{t('account.businessHeading')}</legend>
              <TextField
                name="companyName"
                label={t('account.companyName')}
                autoComplete="organization"
                required
                defaultValue={values.companyName}
                error={errors.companyName}
              />
              <TextField
                name="vatNumber"
                label={t('account.vatNumber')}
                defaultValue={values.vatNumber}
                error={errors.vatNumber}
                hint={t('checkout.vatHint')}
              />
            </fieldset>
          </div>
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
    </CheckoutPage>
  );
}
