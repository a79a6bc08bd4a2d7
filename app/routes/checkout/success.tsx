import { data, Form, Link } from 'react-router';
import { ReviewLines } from '#app/components/checkout/review-lines.tsx';
import type { Route } from './+types/success';
import { AccountPage } from '#app/components/account/account-page.tsx';
import { CsrfField, FormAlert, NewPasswordFields } from '#app/components/forms/form-fields.tsx';
import { OrderNotes } from '#app/components/orders/order-notes.tsx';
import { requestInfoContext, servicesContext, storefrontContext } from '#app/context.ts';
import { orUnavailable } from '#app/db/with-database.server.ts';
import { cartCookie } from '#app/modules/cart/cart-count.server.ts';
import { canCreateAccountFromOrder, createAccountFromOrder } from '#app/modules/checkout/account-from-order.server.ts';
import { isSuccessToken } from '#app/modules/checkout/order-confirmation.server.ts';
import { deliveryLine } from '#app/modules/orders/delivery-line.ts';
import { orderConfirmation } from '#app/modules/orders/order-confirmation-mail.server.ts';
import { cartClearCookie } from '#app/modules/checkout/placed-order-marker.server.ts';
import { accountPath } from '#app/modules/customers/account-paths.ts';
import { newPasswordFields, newPasswordSchema } from '#app/modules/customers/customer-forms.ts';
import { sendVerificationMail } from '#app/modules/customers/email-verification.server.ts';
import { redirectAsLoggedIn } from '#app/modules/customers/log-in-response.server.ts';
import { formFailure, parseForm } from '#app/lib/forms/field-errors.ts';
import { readCookie } from '#app/lib/http/cookies.server.ts';
import { formatCurrencyAmount } from '#app/modules/currency/money.ts';
import { currencyFractionDigits, ga4Amount, ga4Currency } from '#app/modules/analytics/ga4.ts';
import { useEcommerceEvent } from '#app/modules/analytics/use-ecommerce-event.ts';
import { useI18n } from '#app/modules/i18n/i18n.tsx';

/** The order of a success link (order number and signed token in the URL), or 404. */
async function linkedOrder(request: Request, context: Route.LoaderArgs['context']) {
  const services = context.get(servicesContext);
  const url = new URL(request.url);
  const orderNumber = url.searchParams.get('order') ?? '';
  if (!isSuccessToken(services.sessionSecret, orderNumber, url.searchParams.get('token') ?? '')) throw data(null, { status: 404 });
  const order = await orUnavailable(() => orderConfirmation(services.db, orderNumber, services.bankAccount));
  if (!order) throw data(null, { status: 404 });
  return { services, order, orderNumber };
}

/**
 * Spec §2 success (server-rendered): the order number, what was ordered, when it should arrive, the
 * complete bank details for a transfer, and for a guest order the offer to keep it in a new account.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services, order, orderNumber } = await linkedOrder(request, context);
  // Back from an online payment with the cart that became this order: that cart's life ends here.
  const cartId = readCookie(request, cartCookie);
  const headers = cartId && order.idempotencyKey === `cart:${cartId}` ? { 'Set-Cookie': cartClearCookie(services.secureCookies) } : undefined;
  return data(
    {
      prefix: context.get(storefrontContext).storefront.prefix,
      orderNumber,
      email: order.email,
      paymentMethod: order.paymentMethod,
      paid: order.status === 'paid',
      onHold: order.status === 'on_hold',
      amountDue: order.amountDueCents,
      currency: order.currencyCode,
      bankAccount: order.bankAccount,
      items: order.items.map((item) => ({
        id: item.id,
        name: item.name,
        options: item.options,
        lengthCm: item.lengthCm,
        isSample: item.isSample,
        quantity: item.quantity,
        rowTotal: item.rowTotalCents,
      })),
      expectedDelivery: order.expectedDelivery,
      importDuties: order.importDuties,
      ownReference: order.ownReference,
      remarks: order.remarks,
      offerAccount: await orUnavailable(() => canCreateAccountFromOrder(services.db, order)),
    },
    { headers },
  );
}

export function headers() {
  return { 'Cache-Control': 'private, no-store' };
}

/** "Create an account" from a guest order: the password; the e-mail address and name come from the order. */
export async function action({ request, context }: Route.ActionArgs) {
  const { services, orderNumber } = await linkedOrder(request, context);
  const { storefront } = context.get(storefrontContext);
  const form = await request.formData();
  const parsed = parseForm(newPasswordSchema, form, newPasswordFields);
  if (!parsed.ok) return data(parsed, { status: 400 });
  const result = await orUnavailable(() =>
    createAccountFromOrder(services.db, orderNumber, parsed.data.password, storefront.code, context.get(requestInfoContext).clientAddress),
  );
  if (!result.ok) {
    const refusal = { 'too-many-attempts': 'account.tooManyAttempts', 'email-taken': 'checkout.accountExists', 'not-a-guest-order': 'checkout.accountExists' }[
      result.reason
    ];
    return data(formFailure(form, newPasswordFields, {}, { key: refusal }), { status: result.reason === 'too-many-attempts' ? 429 : 409 });
  }
  // The address received the order confirmation, but owning it is confirmed through the mailed link, as at registration.
  await orUnavailable(() => sendVerificationMail(services, storefront, result.customerId));
  return orUnavailable(() =>
    redirectAsLoggedIn(services.db, request, result.customerId, `${accountPath(storefront.prefix, 'orders')}/${orderNumber}`, services.secureCookies),
  );
}

export default function SuccessPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const {
    prefix,
    orderNumber,
    email,
    paid,
    onHold,
    amountDue,
    currency,
    bankAccount,
    items,
    expectedDelivery,
    importDuties,
    ownReference,
    remarks,
    offerAccount,
  } = loaderData;
  const money = (amount: number) => formatCurrencyAmount(amount, currency, locale);
  const failure = actionData && !actionData.ok ? actionData : undefined;
  // No order number in the payload: the shop keeps nothing that leads to a person.
  useEcommerceEvent('purchase', orderNumber, () => ({ currency: ga4Currency(currency), value: ga4Amount(amountDue, currencyFractionDigits(currency)) }));
  return (
    <AccountPage title={t('checkout.successTitle')} path="checkout/success" narrow>
      <div className="auth-card">
        <p className="order-number">
          {t('checkout.orderNumber')} <strong>{orderNumber}</strong>
        </p>
        <OrderNotes ownReference={ownReference} remarks={remarks} />
        <p>{t('checkout.confirmationSent', { email })}</p>
        {paid && <p className="notice notice--success">{t('checkout.paymentReceived')}</p>}
        {onHold && <p className="notice">{t('businessRisks.onHold')}</p>}
        {bankAccount && (
          <section className="notice" aria-labelledby="bank-heading">
            <h2 id="bank-heading">{t('checkout.bankTransferIntro')}</h2>
            <dl className="bank-details">
              <dt>{t('checkout.bank.amount')}</dt>
              <dd>
                <strong>{money(amountDue)}</strong> ({currency})
              </dd>
              <dt>{t('checkout.bank.accountName')}</dt>
              <dd>{bankAccount.accountName}</dd>
              <dt>{t('checkout.bank.iban')}</dt>
              <dd>{bankAccount.iban}</dd>
              <dt>{t('checkout.bank.bic')}</dt>
              <dd>{bankAccount.bic}</dd>
              {bankAccount.bankName && (
                <>
                  <dt>{t('checkout.bank.bankName')}</dt>
                  <dd>{bankAccount.bankName}</dd>
                </>
              )}
              <dt>{t('checkout.bank.reference')}</dt>
              <dd>
                <strong>{orderNumber}</strong>
              </dd>
            </dl>
            <p>{t('checkout.bankTransferShipping')}</p>
          </section>
        )}
        {expectedDelivery && <p>{deliveryLine(t, expectedDelivery, locale)}</p>}
        <section aria-labelledby="ordered-heading">
          <h2 id="ordered-heading">{t('checkout.orderedItems')}</h2>
          <ReviewLines lines={items} money={money} />
        </section>
        {importDuties && <p className="notice">{t('checkout.importDuties')}</p>}
        {offerAccount && (
          <section className="form-stack" aria-labelledby="account-heading">
            <h2 id="account-heading">{t('checkout.accountFromOrder')}</h2>
            <p>{t('checkout.accountFromOrderText')}</p>
            <Form method="post" noValidate className="form-stack">
              <CsrfField />
              <FormAlert error={failure?.formError} />
              <div className="form-field">
                <label htmlFor="account-email">{t('account.email')}</label>
                <input id="account-email" type="email" name="username" autoComplete="username" value={email} readOnly />
              </div>
              <NewPasswordFields label={t('account.password')} errors={failure?.fieldErrors} />
              <button type="submit" className="button">
                {t('account.createAccount')}
              </button>
            </Form>
          </section>
        )}
        {failure?.formError && !offerAccount && (
          <p>
            <Link to={accountPath(prefix, 'login')}>{t('account.logIn')}</Link>
          </p>
        )}
        <Link to={`/${prefix}`} className="button button--primary">
          {t('cart.continueShopping')}
        </Link>
      </div>
    </AccountPage>
  );
}
