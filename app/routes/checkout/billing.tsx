import { data, Form, redirect } from 'react-router';
import type { Route } from './+types/billing';
import { AccountPage } from '../../components/account/account-page.tsx';
import { AddressFields } from '../../components/account/address-fields.tsx';
import { CheckoutStepsNav } from '../../components/checkout/checkout-steps.tsx';
import { CsrfField, TextField } from '../../components/forms/form-fields.tsx';
import { orUnavailable } from '../../db/with-database.server.ts';
import { checkoutRequest, guardStep } from '../../modules/checkout/checkout-request.server.ts';
import { addressSchema, billingStepFields, orderAddressFrom, orderNotesFields, orderNotesSchema, saveCheckoutDetails } from '../../modules/checkout/checkout-steps.server.ts';
import { fieldErrorsOf, formFields, typedValues } from '../../modules/forms/field-errors.ts';
import { useI18n } from '../../modules/i18n/i18n.tsx';

/**
 * Step 3: the invoice goes to the shipping address or to a separate billing address; the order's
 * own reference (printed on the invoice) and the order remarks are entered here too (spec §3).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { selection, summary } = await checkoutRequest(request, context);
  guardStep(summary, 'billing', selection.storefront.prefix);
  const { details } = summary;
  return {
    prefix: selection.storefront.prefix,
    same: details.billingSameAsShipping ?? true,
    address: details.billingAddress ?? details.shippingAddress!,
    notes: { ownReference: details.ownReference ?? '', remarks: summary.cart!.remarks ?? '' },
  };
}

const typedFields = [...billingStepFields, ...orderNotesFields] as const;

export async function action({ request, context }: Route.ActionArgs) {
  const { services, selection, summary } = await checkoutRequest(request, context);
  guardStep(summary, 'billing', selection.storefront.prefix);
  const form = await request.formData();
  const separate = form.get('billingSame') === 'separate';
  const notes = orderNotesSchema.safeParse(formFields(form, orderNotesFields));
  const address = separate ? addressSchema.safeParse(formFields(form, billingStepFields)) : null;
  if (!notes.success || (address && !address.success)) {
    const fieldErrors = { ...(address && !address.success ? fieldErrorsOf(address.error) : {}), ...(notes.success ? {} : fieldErrorsOf(notes.error)) };
    return data({ ok: false as const, separate, fieldErrors, values: typedValues(form, typedFields) }, { status: 400 });
  }
  const billing = address?.success ? { billingSameAsShipping: false, billingAddress: orderAddressFrom(address.data) } : { billingSameAsShipping: true };
  await orUnavailable(() => saveCheckoutDetails(services.db, summary.cart!.id, { ...billing, ownReference: notes.data.ownReference }, notes.data.remarks));
  throw redirect(`/${selection.storefront.prefix}/checkout/payment`);
}

export default function BillingStep({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { prefix, same, address, notes } = loaderData;
  const failure = actionData && !actionData.ok ? actionData : undefined;
  const separate = failure ? failure.separate : !same;
  const typed = failure?.values ?? notes;
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
        <fieldset className="form-fieldset">
          <legend>{t('checkout.orderNotes')}</legend>
          <TextField name="ownReference" label={t('checkout.ownReference')} hint={t('checkout.ownReferenceHint')} defaultValue={typed.ownReference} error={failure?.fieldErrors.ownReference} idPrefix="checkout" />
          <TextField name="remarks" label={t('checkout.remarks')} rows={4} defaultValue={typed.remarks} error={failure?.fieldErrors.remarks} idPrefix="checkout" />
        </fieldset>
        <button type="submit" className="button button--primary">
          {t('checkout.continue')}
        </button>
      </Form>
    </AccountPage>
  );
}
