import { data, Form, redirect } from 'react-router';
import type { Route } from './+types/shipping';
import { AddressFields, useAddressLabels } from '#app/components/account/address-fields.tsx';
import { CheckoutPage, ErrorSummary, useLiveFieldErrors } from '#app/components/checkout/checkout-page.tsx';
import { useCartMoney } from '#app/components/checkout/order-totals.tsx';
import { CsrfField, FieldMessage } from '#app/components/forms/form-fields.tsx';
import { orUnavailable } from '#app/db/with-database.server.ts';
import { billingFieldPrefix, shippingStepFieldErrors, shippingStepFields } from '#app/modules/checkout/checkout-forms.ts';
import { checkoutRequest, guardStep } from '#app/modules/checkout/checkout-request.server.ts';
import { saveCheckoutDetails } from '#app/modules/checkout/checkout-steps.server.ts';
import { checkoutSummaryView } from '#app/modules/checkout/checkout-summary.server.ts';
import { findPickupPoints } from '#app/modules/checkout/pickup-points.server.ts';
import { offeredShippingMethods, shippingOptions } from '#app/modules/checkout/shipping-options.server.ts';
import { checkShippingStep } from '#app/modules/checkout/shipping-step.server.ts';
import { getCurrencyRates } from '#app/modules/currency/exchange-rates.server.ts';
import { listAddresses } from '#app/modules/customers/addresses.server.ts';
import { deliveryCountryByCode } from '#app/modules/customers/countries.ts';
import { type FieldErrors, formFields, typedValues } from '#app/lib/forms/field-errors.ts';
import { useI18n } from '#app/modules/i18n/i18n.tsx';
import { pricedLines, shippingInfoParams } from '#app/modules/analytics/checkout-events.ts';
import { useEcommerceEventOnAccepted } from '#app/modules/analytics/use-ecommerce-event.ts';

/**
 * Step 2: where it goes (spec §5 address rules, in the destination's format), how (home delivery,
 * a pickup point, or the warehouse where it is within reach), and where the invoice goes: the
 * shipping address unless "same as shipping" is unticked.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services, selection, customer, summary } = await checkoutRequest(request, context);
  guardStep(summary, 'shipping', selection.storefront.prefix);
  const savedAddresses = customer && !summary.details.shippingAddress ? await orUnavailable(() => listAddresses(services.db, customer.id)) : [];
  const address = summary.details.shippingAddress ??
    savedAddresses.find((a) => a.isDefaultShipping) ?? { countryCode: selection.storefront.countryCode ?? 'NL' };
  const billingAddress = summary.details.billingAddress ?? savedAddresses.find((a) => a.isDefaultBilling) ?? { countryCode: address.countryCode };
  const rates = await orUnavailable(() => getCurrencyRates(services.db));
  return {
    prefix: selection.storefront.prefix,
    address,
    billingAddress,
    billingSame: summary.details.billingSameAsShipping ?? true,
    method: summary.details.shippingMethod ?? 'home_delivery',
    pickupPoint: summary.details.pickupPoint ?? null,
    currency: { code: selection.currency, minorUnits: rates.get(selection.currency)?.minorUnits ?? 2 },
    // Prices and dates for the address known so far; they follow the country chosen below.
    options: shippingOptions(summary.shippingPrice, address.countryCode, services.shippingRules),
    summary: checkoutSummaryView(summary),
  };
}

export const handle = { checkoutStep: true };

export async function action({ request, context }: Route.ActionArgs) {
  const { services, selection, summary } = await checkoutRequest(request, context);
  guardStep(summary, 'shipping', selection.storefront.prefix);
  const form = await request.formData();
  const fields = formFields(form, shippingStepFields);
  const values = typedValues(form, shippingStepFields);
  // The options for the country typed, so a changed destination shows its own methods and prices.
  const typedCountry = deliveryCountryByCode(fields.countryCode) ? fields.countryCode : (selection.storefront.countryCode ?? 'NL');
  const options = shippingOptions(summary.shippingPrice, typedCountry, services.shippingRules);
  if (form.get('intent') === 'find-pickup') {
    // Search only: show the points near the postcode and keep everything typed so far.
    const zip = fields.pickupZip || fields.zipCode;
    const pickupPoints = await orUnavailable(() => findPickupPoints(services.db, typedCountry, zip));
    return data({
      ok: false as const,
      fieldErrors: {} as FieldErrors,
      values: { ...values, pickupZip: zip, shippingMethod: 'pickup_point' },
      pickupPoints,
      searched: true,
      options,
    });
  }
  const checked = await orUnavailable(() => checkShippingStep(services.db, fields, (country) => offeredShippingMethods(country, services.shippingRules)));
  if (!checked.ok) return data({ ok: false as const, fieldErrors: checked.fieldErrors, values, pickupPoints: [], searched: false, options }, { status: 400 });
  await orUnavailable(() => saveCheckoutDetails(services.db, summary.cart.id, checked.details));
  throw redirect(`/${selection.storefront.prefix}/checkout/billing`);
}

/** Values typed for the billing address, under the address's own field names. */
const billingValuesOf = (values: Record<string, string | undefined>) =>
  Object.fromEntries(
    Object.entries(values).flatMap(([name, value]) => (name.startsWith(billingFieldPrefix) ? [[name.slice(billingFieldPrefix.length), value ?? '']] : [])),
  );

export default function ShippingStep({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const { prefix, address, billingAddress, billingSame, method, currency, pickupPoint, summary } = loaderData;
  const options = actionData?.options ?? loaderData.options;
  const pickupPoints = actionData?.pickupPoints?.length ? actionData.pickupPoints : pickupPoint ? [pickupPoint] : [];
  const chosenPoint = Number(actionData?.values.pickupPointId ?? pickupPoint?.id ?? pickupPoints[0]?.id);
  const money = useCartMoney({ currency: currency.code, minorUnits: currency.minorUnits });
  const day = new Intl.DateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });
  const failure = actionData && !actionData.ok ? actionData : undefined;
  const { errors, onChange } = useLiveFieldErrors(failure?.fieldErrors, shippingStepFieldErrors);
  const chosen = failure?.values.shippingMethod ?? method;
  const sameAsShipping = failure ? failure.values.billingSame === 'on' : billingSame;
  const shippingValues = failure?.values ?? address;
  const billingValues = failure ? billingValuesOf(failure.values) : billingAddress;
  const shippingLabels = useAddressLabels(String(shippingValues.countryCode ?? ''), 'shipping');
  const billingLabels = useAddressLabels(String(billingValues.countryCode ?? ''), 'billing', billingFieldPrefix);
  useEcommerceEventOnAccepted('add_shipping_info', (form) =>
    summary ? shippingInfoParams(summary.totals, pricedLines(summary.lines, summary.totals), String(form.get('shippingMethod') ?? '')) : null,
  );
  return (
    <CheckoutPage step="shipping" prefix={prefix} summary={summary} hasErrors={Boolean(failure && Object.keys(failure.fieldErrors).length > 0)}>
      <ErrorSummary
        errors={errors}
        answer={actionData}
        fields={[
          ...shippingLabels,
          { name: 'shippingMethod', id: `shipping-method-${options[0]?.method}`, label: t('checkout.shippingMethod') },
          { name: 'pickupPointId', id: 'pickup-zip', label: t('checkout.pickupPoints') },
          ...billingLabels,
        ]}
      />
      <Form method="post" noValidate className="form-stack auth-card account-form" onChange={onChange}>
        <CsrfField />
        {/* Enter in any field continues; the pickup search button further down must not be the default. */}
        <button type="submit" className="visually-hidden" tabIndex={-1} aria-hidden="true" />
        <h2>{t('checkout.shippingAddress')}</h2>
        <AddressFields values={shippingValues} errors={errors} idPrefix="shipping" withVatNumber={false} />
        <fieldset className="form-fieldset" aria-describedby={errors.shippingMethod ? 'shipping-method-error' : undefined}>
          <legend>{t('checkout.shippingMethod')}</legend>
          {options.map((option) => (
            <div key={option.method} className="form-field form-field--checkbox">
              <input
                id={`shipping-method-${option.method}`}
                type="radio"
                name="shippingMethod"
                value={option.method}
                defaultChecked={chosen === option.method}
              />
              <label htmlFor={`shipping-method-${option.method}`}>
                <strong>{t(`shipping.method.${option.method}`)}</strong> · {option.price === 0 ? t('cart.free') : money(option.price)}
                <span className="form-field__hint">
                  {' '}
                  — {t(`checkout.shippingHint.${option.method}`)}.{' '}
                  {option.expectedDate
                    ? t('checkout.expectedDelivery', { date: day.format(new Date(`${option.expectedDate}T12:00:00Z`)) })
                    : t('checkout.deliveryDateUnknown')}
                </span>
              </label>
            </div>
          ))}
          <FieldMessage id="shipping-method-error" error={errors.shippingMethod} />
        </fieldset>
        {options.some((option) => option.method === 'pickup_point') && (
          <fieldset className="form-fieldset" aria-describedby={errors.pickupPointId ? 'pickup-point-error' : undefined}>
            <legend>{t('checkout.pickupPoints')}</legend>
            <div className="form-inline">
              <div className="form-field">
                <label htmlFor="pickup-zip">{t('checkout.pickupZip')}</label>
                <input
                  id="pickup-zip"
                  name="pickupZip"
                  type="text"
                  autoComplete="postal-code"
                  defaultValue={failure?.values.pickupZip ?? pickupPoint?.zipCode ?? ''}
                />
              </div>
              <button type="submit" name="intent" value="find-pickup" className="button" formNoValidate>
                {t('checkout.findPickupPoints')}
              </button>
            </div>
            {actionData?.searched && pickupPoints.length === 0 && (
              <p className="notice" role="status">
                {t('checkout.noPickupPoints')}
              </p>
            )}
            {pickupPoints.map((point) => (
              <div key={point.id} className="form-field form-field--checkbox">
                <input id={`pickup-point-${point.id}`} type="radio" name="pickupPointId" value={point.id} defaultChecked={chosenPoint === point.id} />
                <label htmlFor={`pickup-point-${point.id}`}>
                  <strong>{point.name}</strong>, {point.street} {point.houseNumber}, {point.zipCode} {point.city}
                  <span className="form-field__hint"> — {point.openingHours}</span>
                </label>
              </div>
            ))}
            <FieldMessage id="pickup-point-error" error={errors.pickupPointId} />
          </fieldset>
        )}
        {/* The billing form appears when the box is unticked: by CSS (:has), so also without JavaScript. */}
        <div className="billing-toggle">
          <div className="form-field form-field--checkbox">
            <input id="billing-same" type="checkbox" name="billingSame" defaultChecked={sameAsShipping} />
            <label htmlFor="billing-same">{t('checkout.billingSameAsShipping')}</label>
          </div>
          <fieldset className="form-fieldset billing-fields">
            <legend>{t('checkout.billingAddress')}</legend>
            <AddressFields values={billingValues} errors={billingErrorsOf(errors)} idPrefix="billing" namePrefix={billingFieldPrefix} withVatNumber={false} />
          </fieldset>
        </div>
        <button type="submit" className="button button--primary">
          {t('checkout.continue')}
        </button>
      </Form>
    </CheckoutPage>
  );
}

/** The billing address's errors under the address's own field names. */
function billingErrorsOf(errors: FieldErrors): FieldErrors {
  return Object.fromEntries(
    Object.entries(errors).flatMap(([name, error]) => (name.startsWith(billingFieldPrefix) ? [[name.slice(billingFieldPrefix.length), error]] : [])),
  );
}
