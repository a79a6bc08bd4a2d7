import { useEffect, useRef } from 'react';
import { ReviewLines } from '#app/components/checkout/review-lines.tsx';
import { data, Form, redirect, useNavigation } from 'react-router';
import type { Route } from './+types/payment';
import { AddressLines } from '#app/components/account/account-display.tsx';
import { CheckoutPage } from '#app/components/checkout/checkout-page.tsx';
import { CodeForm } from '#app/components/checkout/code-form.tsx';
import { OrderTotals, useCartMoney } from '#app/components/checkout/order-totals.tsx';
import { CsrfField, FormAlert } from '#app/components/forms/form-fields.tsx';
import { orUnavailable } from '#app/db/with-database.server.ts';
import { billingAddressOf, deliveryAddressOf } from '#app/modules/checkout/checkout-details.ts';
import { checkoutRequest, guardStep } from '#app/modules/checkout/checkout-request.server.ts';
import { reopenAfterFailedPayment } from '#app/modules/checkout/online-payment.server.ts';
import { paymentStepSchema } from '#app/modules/checkout/payment-forms.ts';
import { submitPayment, submitPaymentMessage } from '#app/modules/checkout/submit-payment.server.ts';
import { parseIntent } from '#app/lib/forms/field-errors.ts';
import { isSuccessToken } from '#app/modules/checkout/order-confirmation.server.ts';
import { servicesContext, storefrontContext } from '#app/context.ts';
import {
  cartClearCookie,
  hasPlacedOrderMarker,
  placedOrderMarkerClearCookie,
  placedOrderMarkerCookie,
} from '#app/modules/checkout/placed-order-marker.server.ts';
import { useI18n } from '#app/modules/i18n/i18n.tsx';
import { paymentInfoParams, pricedLines } from '#app/modules/analytics/checkout-events.ts';
import { useEcommerceEventOnAccepted } from '#app/modules/analytics/use-ecommerce-event.ts';
import { contentPagePath } from '#app/modules/content/information-pages.ts';

/** Step 4: check everything, choose how to pay, accept the terms and place the order. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  if (url.searchParams.get('payment') === 'failed') {
    // Back from the payment page without paying: the order is withdrawn and the cart reopened.
    const services = context.get(servicesContext);
    const orderNumber = url.searchParams.get('order') ?? '';
    const token = url.searchParams.get('token') ?? '';
    if (isSuccessToken(services.sessionSecret, orderNumber, token)) {
      const outcome = await orUnavailable(() => reopenAfterFailedPayment(services, orderNumber, { pageLeftOpen: true }));
      // Paid in another tab after all: the order stands.
      if (outcome === 'paid') throw redirect(`/${context.get(storefrontContext).storefront.prefix}/checkout/success?order=${orderNumber}&token=${token}`);
    }
  }
  const { selection, summary } = await checkoutRequest(request, context);
  guardStep(summary, 'payment', selection.storefront.prefix);
  const { cart, totals, details, vat, paymentOptions, invoiceReview } = summary;

  return {
    prefix: selection.storefront.prefix,
    // A gift card in the cart is not paid with another one: the code field is then only there to remove a code.
    sellsGiftCards: cart.lines.some((line) => line.isVoucher),
    lines: cart.lines.map((line, index) => ({
      id: line.id,
      name: line.name,
      sku: line.sku,
      quantity: line.quantity,
      isSample: line.isSample,
      options: line.options,
      lengthCm: line.lengthCm,
      rowTotal: totals.lines[index]!.rowTotal,
    })),
    totals,
    vatKind: vat.kind,
    details,
    deliveryAddress: deliveryAddressOf(details)!,
    billingAddress: billingAddressOf(details)!,
    paymentOptions,
    invoiceReview,
    // The code and what it pays, or why it does not work; never the card's id.
    paymentFailed: url.searchParams.get('payment') === 'failed',
    giftCard: summary.giftCard && 'amount' in summary.giftCard ? { code: summary.giftCard.code, amount: summary.giftCard.amount } : summary.giftCard,
    amountDue: summary.amountDue,
  };
}

export const handle = { checkoutStep: true };

export async function action({ request, context }: Route.ActionArgs) {
  const { services, selection, customer, summary, cartId } = await checkoutRequest(request, context);
  const form = await request.formData();
  const prefix = selection.storefront.prefix;
  const paymentMethod = String(form.get('paymentMethod') ?? '');
  const giftCardCode = String(form.get('giftCardCode') ?? '').trim();
  const parsed = parseIntent(paymentStepSchema, form, 'place-order');
  if (!parsed.ok) {
    if (parsed.intent === 'apply-gift-card') return data({ giftCardError: parsed.error, giftCardCode, error: undefined, paymentMethod: '' }, { status: 400 });
    return data({ error: parsed.error, paymentMethod, giftCardError: undefined, giftCardCode: '' }, { status: 400 });
  }
  // A code is applied or removed only on a step that can be shown.
  if (parsed.data.intent !== 'place-order') guardStep(summary, 'payment', prefix);
  const placedHere = (orderNumber: string) => hasPlacedOrderMarker(services.sessionSecret, request, cartId ?? '', orderNumber);
  const result = await orUnavailable(() =>
    submitPayment(
      services,
      { storefront: selection.storefront, currency: selection.currency, cartId, customerId: customer?.id ?? null, summary, placedHere },
      parsed.data,
    ),
  );
  const secure = services.secureCookies;
  switch (result.kind) {
    case 'gift-card-saved':
      throw redirect(`/${prefix}/checkout/payment`);
    case 'gift-card-refused':
      return data({ giftCardError: { key: submitPaymentMessage(result) }, giftCardCode, error: undefined, paymentMethod: '' }, { status: 400 });
    case 'cart-gone':
      throw redirect(`/${prefix}/checkout`);
    case 'placed-elsewhere':
      throw redirect(`/${prefix}/checkout`, {
        headers: [
          ['Set-Cookie', cartClearCookie(secure)],
          ['Set-Cookie', placedOrderMarkerClearCookie(secure)],
        ],
      });
    case 'order-refused':
      return data({ error: { key: submitPaymentMessage(result) }, paymentMethod, giftCardError: undefined, giftCardCode: '' }, { status: 400 });
    case 'payment-unavailable':
      return data({ error: { key: submitPaymentMessage(result) }, paymentMethod, giftCardError: undefined, giftCardCode: '' }, { status: 502 });
    case 'placed': {
      const marker = result.created
        ? placedOrderMarkerCookie(services.sessionSecret, request, cartId ?? '', result.orderNumber, secure)
        : placedOrderMarkerClearCookie(secure);
      // The cart cookie stays while the provider's page is open: a cancelled payment gives this cart back.
      const headers: [string, string][] = result.keepCart
        ? [['Set-Cookie', marker]]
        : [
            ['Set-Cookie', cartClearCookie(secure)],
            ['Set-Cookie', marker],
          ];
      throw redirect(result.next, { headers });
    }
  }
}

export default function PaymentStep({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const navigation = useNavigation();
  const {
    prefix,
    lines,
    totals,
    vatKind,
    details,
    deliveryAddress,
    billingAddress,
    paymentOptions,
    invoiceReview,
    giftCard,
    amountDue,
    paymentFailed,
    sellsGiftCards,
  } = loaderData;
  const giftCardError = actionData?.giftCardError ?? (giftCard && 'error' in giftCard ? { key: giftCard.error } : undefined);
  const money = useCartMoney(totals);
  const chosen = actionData?.paymentMethod || paymentOptions[0];
  // The terms not accepted: the message sits at the checkbox, which takes the focus.
  const termsError = actionData?.error?.key === 'checkout.acceptTerms' ? actionData.error : undefined;
  const termsBox = useRef<HTMLInputElement>(null);
  useEcommerceEventOnAccepted('add_payment_info', (form) =>
    form.get('paymentMethod') ? paymentInfoParams(totals, pricedLines(lines, totals), String(form.get('paymentMethod'))) : null,
  );
  useEffect(() => {
    if (termsError) termsBox.current?.focus();
  }, [actionData, termsError]);
  return (
    <CheckoutPage step="payment" prefix={prefix} hasErrors={Boolean(actionData?.error)}>
      <div className="cart-layout">
        <div>
          <section className="auth-card" aria-labelledby="review-heading">
            <h2 id="review-heading">{t('checkout.review')}</h2>
            <ReviewLines lines={lines} money={money} />
            <div className="account-cards">
              <div>
                <h3>{t('checkout.shippingAddress')}</h3>
                <AddressLines address={deliveryAddress} />
                <p>{t(`shipping.method.${details.shippingMethod}`)}</p>
              </div>
              <div>
                <h3>{t('checkout.billingAddress')}</h3>
                <AddressLines address={billingAddress} />
                <p>{details.email}</p>
              </div>
            </div>
            {vatKind === 'export' && <p className="notice">{t('checkout.importDuties')}</p>}
            {vatKind === 'reverse-charge' && <p className="notice">{t('checkout.reverseChargeNote')}</p>}
          </section>
        </div>
        <aside className="cart-summary" aria-labelledby="pay-heading">
          <h2 id="pay-heading">{t('checkout.payHeading')}</h2>
          <OrderTotals totals={totals} vatKind={vatKind} />
          {giftCard && 'amount' in giftCard && (
            <dl className="order-totals">
              <dt>{t('checkout.giftCardPaid', { code: giftCard.code })}</dt>
              <dd>−{money(giftCard.amount)}</dd>
              <dt className="order-totals__total">{t('checkout.amountDue')}</dt>
              <dd className="order-totals__total">{money(amountDue)}</dd>
            </dl>
          )}
          {(!sellsGiftCards || details.giftCardCode) && (
            <CodeForm
              name="giftCardCode"
              label={t('checkout.giftCardCode')}
              applyIntent="apply-gift-card"
              applyLabel={t('checkout.applyGiftCard')}
              removeIntent="remove-gift-card"
              removeLabel={t('checkout.removeGiftCard')}
              inUse={giftCard && !('error' in giftCard) ? '' : sellsGiftCards ? t('giftCards.notPayableWithGiftCard') : null}
              defaultValue={actionData?.giftCardCode ?? details.giftCardCode ?? ''}
              error={giftCardError}
            />
          )}
          <FormAlert error={termsError ? undefined : (actionData?.error ?? (paymentFailed ? { key: 'errors.payment' } : undefined))} />
          <Form method="post" noValidate className="form-stack">
            <CsrfField />
            <fieldset className="form-fieldset">
              <legend>{t('checkout.paymentMethod')}</legend>
              {paymentOptions.map((method) => (
                <div key={method} className="form-field form-field--checkbox">
                  <input id={`payment-${method}`} type="radio" name="paymentMethod" value={method} defaultChecked={chosen === method} />
                  <label htmlFor={`payment-${method}`}>
                    <strong>{t(`payment.method.${method}`)}</strong>
                    <span className="form-field__hint">
                      {' '}
                      — {t(method === 'invoice' && invoiceReview ? 'businessRisks.invoiceReviewHint' : `checkout.paymentHint.${method}`)}
                    </span>
                  </label>
                </div>
              ))}
            </fieldset>
            <div className="form-field form-field--checkbox">
              <input
                ref={termsBox}
                id="terms"
                type="checkbox"
                name="terms"
                required
                aria-invalid={termsError ? true : undefined}
                aria-describedby={termsError ? 'terms-error' : undefined}
              />
              {/* content-pages: the terms and the privacy notice in the shopper's language, in a new tab so the step stays */}
              <label htmlFor="terms">
                <TermsLabel prefix={prefix} />
              </label>
              {termsError && (
                <p id="terms-error" className="field-error" role="alert">
                  {t(termsError.key)}
                </p>
              )}
            </div>
            <button type="submit" className="button button--primary button--block" disabled={navigation.state === 'submitting'}>
              {t('checkout.placeOrder', { total: money(amountDue) })}
            </button>
          </Form>
        </aside>
      </div>
    </CheckoutPage>
  );
}

/**
 * "I accept the general terms and conditions and the privacy notice" with both named documents
 * as links (a new tab, so the step stays), in each language's own word order.
 */
function TermsLabel({ prefix }: { prefix: string }) {
  const { t, locale } = useI18n();
  const links = {
    '\uE000': { href: contentPagePath(prefix, 'terms', locale), text: t('checkout.termsLink') },
    '\uE001': { href: contentPagePath(prefix, 'privacy', locale), text: t('checkout.privacyLink') },
  };
  return t('checkout.termsLabel', { terms: '\uE000', privacy: '\uE001' })
    .split(/([\uE000\uE001])/)
    .map((part, index) => {
      const link = links[part as keyof typeof links];
      return link ? (
        <a key={index} href={link.href} target="_blank" rel="noopener">
          {link.text}
        </a>
      ) : (
        part
      );
    });
}
