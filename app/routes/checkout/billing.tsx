import { data, Form, redirect } from 'react-router';
import type { Route } from './+types/billing';
import { AccountPage } from '../../components/account/account-page.tsx';
import { AddressFields } from '../../components/account/address-fields.tsx';
import { CheckoutStepsNav } from '../../components/checkout/checkout-steps.tsx';
import { CsrfField } from '../../components/forms/form-fields.tsx';
import { orUnavailable } from '../../db/with-database.server.ts';
import { checkoutRequest, guardStep } from '../../modules/checkout/checkout-request.server.ts';
import { addressSchema, billingStepFields, orderAddressFrom, saveCheckoutDetails } from '../../modules/checkout/checkout-steps.server.ts';
import { fieldErrorsOf, formFields, typedValues } from '../../modules/forms/field-errors.ts';
import { useI18n } from '../../modules/i18n/i18n.tsx';

/** Step 3: the invoice goes to the shipping address or to a separate billing address. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { selection, summary } = await checkoutRequest(request, context);
  guardStep(summary, 'billing', selection.storefront.prefix);
  const { details } = summary;
  return { prefix: selection.storefront.prefix, same: details.billingSameAsShipping ?? true, address: details.billingAddress ?? details.shippingAddress! };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { services, selection, summary } = await checkoutRequest(request, context);
  guardStep(summary, 'billing', selection.storefront.prefix);
  const form = await request.formData();
  if (form.get('billingSame') !== 'separate') {
    await orUnavailable(() => saveCheckoutDetails(services.db, summary.cart!.id, { billingSameAsShipping: true }));
    throw redirect(`/${selection.storefront.prefix}/checkout/payment`);
  }
  const address = addressSchema.safeParse(formFields(form, billingStepFields));
  if (!address.success) return data({ ok: false as const, fieldErrors: fieldErrorsOf(address.error), values: typedValues(form, billingStepFields) }, { status: 400 });
  await orUnavailable(() => saveCheckoutDetails(services.db, summary.cart!.id, { billingSameAsShipping: false, billingAddress: orderAddressFrom(address.data) }));
  throw redirect(`/${selection.storefront.prefix}/checkout/payment`);
}

export default function BillingStep({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { prefix, same, address } = loaderData;
  const failure = actionData && !actionData.ok ? actionData : undefined;
  const separate = failure ? true : !same;
  return (
    <AccountPage title={t('checkout.step.billing')} path="checkout/billing">
      <CheckoutStepsNav prefix={prefix} current="billing" />
      <Form method="post" noValidate className="form-stack auth-card account-form">
        <CsrfField />
        <fieldset className="form-fieldset">
          <legend>{t('checkout.billingAddress')}</legend>
          <div className="form-field form-field--checkbox">
            <input id="billing-same" type="radio" name="billingSame" value="same" defaultChecked={!separate} />
            <label htmlFor="billing-same">{t('checkout.billingSame')}</label>
          </div>
          <div className="form-field form-field--checkbox">
            <input id="billing-separate" type="radio" name="billingSame" value="separate" defaultChecked={separate} />
            <label htmlFor="billing-separate">{t('checkout.billingSeparate')}</label>
          </div>
        </fieldset>
        <fieldset className="form-fieldset billing-address">
          <legend>{t('checkout.separateAddress')}</legend>
          <AddressFields values={failure?.values ?? address} errors={failure?.fieldErrors ?? {}} idPrefix="billing" />
        </fieldset>
        <button type="submit" className="button button--primary">
          {t('checkout.continue')}
        </button>
      </Form>
    </AccountPage>
  );
}
