import { data, Form, redirect } from 'react-router';
import type { Route } from './+types/shipping';
import { AccountPage } from '../../components/account/account-page.tsx';
import { AddressFields } from '../../components/account/address-fields.tsx';
import { CheckoutStepsNav } from '../../components/checkout/checkout-steps.tsx';
import { useCartMoney } from '../../components/checkout/order-totals.tsx';
import { CsrfField, FieldMessage } from '../../components/forms/form-fields.tsx';
import { orUnavailable } from '../../db/with-database.server.ts';
import { checkoutRequest, guardStep } from '../../modules/checkout/checkout-request.server.ts';
import { addressSchema, orderAddressFrom, saveCheckoutDetails, shippingStepFields, shippingStepSchema } from '../../modules/checkout/checkout-steps.server.ts';
import { findPickupPoints, getPickupPoint } from '../../modules/checkout/pickup-points.server.ts';
import { shippingOptions } from '../../modules/checkout/shipping-options.server.ts';
import { getCurrencyRates } from '../../modules/currency/exchange-rates.server.ts';
import { listAddresses } from '../../modules/customers/addresses.server.ts';
import { type FieldErrors, fieldErrorsOf, formFields, typedValues } from '../../modules/forms/field-errors.ts';
import { useI18n } from '../../modules/i18n/i18n.tsx';
import { recordId } from '../../modules/forms/record-id.ts';

/** Step 2: where it goes (spec §5 address rules) and how: home delivery or pickup at the warehouse. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services, selection, customer, summary } = await checkoutRequest(request, context);
  guardStep(summary, 'shipping', selection.storefront.prefix);
  const saved = customer && !summary.details.shippingAddress ? (await orUnavailable(() => listAddresses(services.db, customer.id))).find((a) => a.isDefaultShipping) : undefined;
  const address = summary.details.shippingAddress ?? saved ?? { countryCode: selection.storefront.countryCode ?? 'NL' };
  const rates = await orUnavailable(() => getCurrencyRates(services.db));
  return {
    prefix: selection.storefront.prefix,
    address,
    method: summary.details.shippingMethod ?? 'home_delivery',
    pickupPoint: summary.details.pickupPoint ?? null,
    currency: { code: selection.currency, minorUnits: rates.get(selection.currency)?.minorUnits ?? 2 },
    // Prices and dates for the address known so far; they follow the country chosen below.
    options: shippingOptions(summary.shippingPrice!, address.countryCode),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { services, selection, summary } = await checkoutRequest(request, context);
  guardStep(summary, 'shipping', selection.storefront.prefix);
  const form = await request.formData();
  const fields = formFields(form, shippingStepFields);
  const values = typedValues(form, [...shippingStepFields, 'pickupZip', 'pickupPointId']);
  if (form.get('intent') === 'find-pickup') {
    // Search only: show the points near the postcode and keep everything typed so far.
    const zip = String(form.get('pickupZip') ?? '') || fields.zipCode;
    const country = fields.countryCode || (selection.storefront.countryCode ?? 'NL');
    const pickupPoints = await orUnavailable(() => findPickupPoints(services.db, country, zip));
    return data({ ok: false as const, fieldErrors: {} as FieldErrors, values: { ...values, pickupZip: zip, shippingMethod: 'pickup_point' }, pickupPoints, searched: true });
  }
  const address = addressSchema.safeParse(fields);
  const method = shippingStepSchema.safeParse(fields);
  const pointId = recordId(form.get('pickupPointId'));
  const point = method.success && method.data.shippingMethod === 'pickup_point' && pointId !== null ? await orUnavailable(() => getPickupPoint(services.db, pointId)) : null;
  const pickupMissing = method.success && method.data.shippingMethod === 'pickup_point' && !point;
  if (!address.success || !method.success || pickupMissing) {
    const fieldErrors: FieldErrors = {
      ...(address.success ? {} : fieldErrorsOf(address.error)),
      ...(method.success ? {} : fieldErrorsOf(method.error)),
      ...(pickupMissing ? { pickupPointId: { key: 'checkout.choosePickupPoint' } } : {}),
    };
    return data({ ok: false as const, fieldErrors, values, pickupPoints: [], searched: false }, { status: 400 });
  }
  const pickupPoint = point
    ? { id: point.id, name: point.name, street: point.street, houseNumber: point.houseNumber, zipCode: point.zipCode, city: point.city, countryCode: point.countryCode, openingHours: point.openingHours }
    : undefined;
  await orUnavailable(() => saveCheckoutDetails(services.db, summary.cart!.id, { shippingAddress: orderAddressFrom(address.data), shippingMethod: method.data.shippingMethod, pickupPoint }));
  throw redirect(`/${selection.storefront.prefix}/checkout/billing`);
}

export default function ShippingStep({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const { prefix, address, method, options, currency, pickupPoint } = loaderData;
  const pickupPoints = actionData?.pickupPoints?.length ? actionData.pickupPoints : pickupPoint ? [pickupPoint] : [];
  const chosenPoint = Number(actionData?.values.pickupPointId ?? pickupPoint?.id ?? pickupPoints[0]?.id);
  const money = useCartMoney({ currency: currency.code, minorUnits: currency.minorUnits });
  const day = new Intl.DateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });
  const failure = actionData && !actionData.ok ? actionData : undefined;
  const chosen = failure?.values.shippingMethod ?? method;
  return (
    <AccountPage title={t('checkout.step.shipping')} path="checkout/shipping">
      <CheckoutStepsNav prefix={prefix} current="shipping" />
      <Form method="post" noValidate className="form-stack auth-card account-form">
        <CsrfField />
        {/* Enter in any field continues; the pickup search button further down must not be the default. */}
        <button type="submit" className="visually-hidden" tabIndex={-1} aria-hidden="true" />
        <h2>{t('checkout.shippingAddress')}</h2>
        <AddressFields values={failure?.values ?? address} errors={failure?.fieldErrors ?? {}} idPrefix="shipping" />
        <fieldset className="form-fieldset" aria-describedby={failure?.fieldErrors.shippingMethod ? 'shipping-method-error' : undefined}>
          <legend>{t('checkout.shippingMethod')}</legend>
          {options.map((option) => (
            <div key={option.method} className="form-field form-field--checkbox">
              <input id={`shipping-method-${option.method}`} type="radio" name="shippingMethod" value={option.method} defaultChecked={chosen === option.method} />
              <label htmlFor={`shipping-method-${option.method}`}>
                <strong>{t(`shipping.method.${option.method}`)}</strong> · {option.price === 0 ? t('cart.free') : money(option.price)}
                <span className="form-field__hint">
                  {' '}
                  — {t(`checkout.shippingHint.${option.method}`)}.{' '}
                  {option.expectedDate ? t('checkout.expectedDelivery', { date: day.format(new Date(`${option.expectedDate}T12:00:00Z`)) }) : t('checkout.deliveryDateUnknown')}
                </span>
              </label>
            </div>
          ))}
          <FieldMessage id="shipping-method-error" error={failure?.fieldErrors.shippingMethod} />
        </fieldset>
        {options.some((option) => option.method === 'pickup_point') && (
          <fieldset className="form-fieldset" aria-describedby={failure?.fieldErrors.pickupPointId ? 'pickup-point-error' : undefined}>
            <legend>{t('checkout.pickupPoints')}</legend>
            <div className="form-inline">
              <div className="form-field">
                <label htmlFor="pickup-zip">{t('checkout.pickupZip')}</label>
                <input id="pickup-zip" name="pickupZip" type="text" autoComplete="postal-code" defaultValue={failure?.values.pickupZip ?? pickupPoint?.zipCode ?? ''} />
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
            <FieldMessage id="pickup-point-error" error={failure?.fieldErrors.pickupPointId} />
          </fieldset>
        )}
        <button type="submit" className="button button--primary">
          {t('checkout.continue')}
        </button>
      </Form>
    </AccountPage>
  );
}
