import { data, Link } from 'react-router';
import type { Route } from './+types/success';
import { AccountPage } from '../../components/account/account-page.tsx';
import { OrderNotes } from '../../components/orders/order-notes.tsx';
import { servicesContext, storefrontContext } from '../../context.ts';
import { orUnavailable } from '../../db/with-database.server.ts';
import { cartCookie } from '../../modules/cart/cart-count.server.ts';
import { isSuccessToken } from '../../modules/checkout/order-confirmation.server.ts';
import { orderConfirmation } from '../../modules/orders/order-confirmation-mail.server.ts';
import { cartClearCookie } from '../../modules/checkout/placed-order-marker.server.ts';
import { readCookie } from '../../modules/http/cookies.server.ts';
import { formatCurrencyAmount } from '../../modules/currency/money.ts';
import { currencyFractionDigits, ga4Amount, ga4Currency } from '../../modules/analytics/ga4.ts';
import { useEcommerceEvent } from '../../modules/analytics/use-ecommerce-event.ts';
import { useI18n } from '../../modules/i18n/i18n.tsx';

/** Spec §2 success (server-rendered): the order number, and how to pay for a bank transfer. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, sessionSecret, secureCookies } = context.get(servicesContext);
  const url = new URL(request.url);
  const orderNumber = url.searchParams.get('order') ?? '';
  if (!isSuccessToken(sessionSecret, orderNumber, url.searchParams.get('token') ?? '')) throw data(null, { status: 404 });
  const order = await orUnavailable(() => orderConfirmation(db, orderNumber));
  if (!order) throw data(null, { status: 404 });
  // Back from an online payment with the cart that became this order: that cart's life ends here.
  const cartId = readCookie(request, cartCookie);
  const headers = cartId && order.idempotencyKey === `cart:${cartId}` ? { 'Set-Cookie': cartClearCookie(secureCookies) } : undefined;
  return data({
    prefix: context.get(storefrontContext).storefront.prefix,
    orderNumber,
    email: order.email,
    paymentMethod: order.paymentMethod,
    paid: order.status === 'paid',
    onHold: order.status === 'on_hold',
    amountDue: order.amountDueCents,
    currency: order.currencyCode,
    iban: order.iban,
    importDuties: order.importDuties,
    ownReference: order.ownReference,
    remarks: order.remarks,
  }, { headers });
}

export function headers() {
  return { 'Cache-Control': 'private, no-store' };
}

export default function SuccessPage({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const { prefix, orderNumber, email, paymentMethod, paid, onHold, amountDue, currency, iban, importDuties, ownReference, remarks } = loaderData;
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
        {paymentMethod === 'bank_transfer' && <p className="notice">{t('checkout.bankTransferInstructions', { amount: formatCurrencyAmount(amountDue, currency, locale), iban, reference: orderNumber })}</p>}
        {importDuties && <p className="notice">{t('checkout.importDuties')}</p>}
        <Link to={`/${prefix}`} className="button button--primary">
          {t('cart.continueShopping')}
        </Link>
      </div>
    </AccountPage>
  );
}
