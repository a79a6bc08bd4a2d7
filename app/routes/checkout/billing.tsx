import { data, Form, Link, redirect } from 'react-router';
import type { Route } from './+types/billing';
import { AddressLines } from '#app/components/account/account-display.tsx';
import { CheckoutPage, ErrorSummary, useLiveFieldErrors } from '#app/components/checkout/checkout-page.tsx';
import { CsrfField, TextField } from '#app/components/forms/form-fields.tsx';
import { orUnavailable } from '#app/db/with-database.server.ts';
import { billingAddressOf } from '#app/modules/checkout/checkout-details.ts';
import { orderNotesFieldErrors, orderNotesFields, orderNotesSchema } from '#app/modules/checkout/checkout-forms.ts';
import { checkoutRequest, guardStep } from '#app/modules/checkout/checkout-request.server.ts';
import { saveCheckoutDetails } from '#app/modules/checkout/checkout-steps.server.ts';
import { checkoutSummaryView } from '#app/modules/checkout/checkout-summary.server.ts';
import { parseForm } from '#app/lib/forms/field-errors.ts';
import { useI18n } from '#app/modules/i18n/i18n.tsx';

/**
 * Step 3: where the invoice goes (chosen on the shipping step: the shipping address unless
 * unticked), the order's own reference printed on the invoice and the order remarks (spec §3).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { selection, summary } = await checkoutRequest(request, context);
  guardStep(summary, 'billing', selection.storefront.prefix);
  const { details } = summary;
  return {
    prefix: selection.storefront.prefix,
    billingAddress: billingAddressOf(details)!,
    notes: { ownReference: details.ownReference ?? '', remarks: summary.cart.remarks ?? '' },
    summary: checkoutSummaryView(summary),
  };
}

export const handle = { checkoutStep: true };

export async function action({ request, context }: Route.ActionArgs) {
  const { services, selection, summary } = await checkoutRequest(request, context);
  guardStep(summary, 'billing', selection.storefront.prefix);
  const parsed = parseForm(orderNotesSchema, await request.formData(), orderNotesFields);
  if (!parsed.ok) return data(parsed, { status: 400 });
  await orUnavailable(() => saveCheckoutDetails(services.db, summary.cart.id, { ownReference: parsed.data.ownReference }, parsed.data.remarks));
  throw redirect(`/${selection.storefront.prefix}/checkout/payment`);
}

export default function BillingStep({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { prefix, billingAddress, notes, summary } = loaderData;
  const failure = actionData && !actionData.ok ? actionData : undefined;
  const { errors, onChange } = useLiveFieldErrors(failure?.fieldErrors, orderNotesFieldErrors);
  const typed = failure?.values ?? notes;
  return (
    <CheckoutPage step="billing" prefix={prefix} summary={summary} hasErrors={Boolean(failure)}>
      <ErrorSummary
        errors={errors}
        answer={actionData}
        fields={[
          { name: 'ownReference', id: 'checkout-ownReference', label: t('checkout.ownReference') },
          { name: 'remarks', id: 'checkout-remarks', label: t('checkout.remarks') },
        ]}
      />
      <Form method="post" noValidate className="form-stack auth-card account-form" onChange={onChange}>
        <CsrfField />
        <section aria-labelledby="billing-address-heading">
          <h2 id="billing-address-heading">{t('checkout.billingAddress')}</h2>
          <AddressLines address={billingAddress} />
          <p>
            <Link to={`/${prefix}/checkout/shipping`}>{t('checkout.changeBillingAddress')}</Link>
          </p>
        </section>
        <fieldset className="form-fieldset">
          <legend>{t('checkout.orderNotes')}</legend>
          <TextField
            name="ownReference"
            label={t('checkout.ownReference')}
            hint={t('checkout.ownReferenceHint')}
            defaultValue={typed.ownReference}
            error={errors.ownReference}
            idPrefix="checkout"
          />
          <TextField name="remarks" label={t('checkout.remarks')} rows={4} defaultValue={typed.remarks} error={errors.remarks} idPrefix="checkout" />
        </fieldset>
        <button type="submit" className="button button--primary">
          {t('checkout.continue')}
        </button>
      </Form>
    </CheckoutPage>
  );
}
