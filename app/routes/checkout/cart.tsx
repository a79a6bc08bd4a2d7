import { data, Form, Link, redirect } from 'react-router';
import type { Route } from './+types/cart';
import { AccountPage } from '#app/components/account/account-page.tsx';
import { imageSources } from '#app/components/catalogue/product-card.tsx';
import { CodeForm } from '#app/components/checkout/code-form.tsx';
import { OrderTotals, useCartMoney } from '#app/components/checkout/order-totals.tsx';
import { CsrfField, FormAlert, FormNotice } from '#app/components/forms/form-fields.tsx';
import { orUnavailable } from '#app/db/with-database.server.ts';
import { cartChangeMessage, changeCart } from '#app/modules/cart/cart-actions.server.ts';
import { cartChangeSchema } from '#app/modules/cart/cart-forms.ts';
import { parseIntent } from '#app/lib/forms/field-errors.ts';
import { checkoutRequest } from '#app/modules/checkout/checkout-request.server.ts';
import { useI18n } from '#app/modules/i18n/i18n.tsx';
import { cartEventParams } from '#app/modules/analytics/checkout-events.ts';
import { ga4Amount, ga4Currency } from '#app/modules/analytics/ga4.ts';
import { trackEcommerce } from '#app/modules/analytics/tracking.ts';
import { useEcommerceEvent } from '#app/modules/analytics/use-ecommerce-event.ts';
import { lineLengthCm, lineName } from '#app/modules/orders/line-name.ts';
import { UnitPrice } from '#app/components/catalogue/unit-price.tsx';
import { useVatLabel } from '#app/modules/pricing/price-context.tsx';
import { shownAmount } from '#app/modules/pricing/price-display.ts';
import { countryName } from '#app/modules/customers/countries.ts';
import { formatPercent } from '#app/modules/i18n/locale-formats.ts';
import { FreeShippingProgress } from '#app/components/checkout/free-shipping-progress.tsx';

/** Spec §2 checkout-cart: /{locale}/checkout and /{locale}/checkout/cart. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { selection, summary } = await checkoutRequest(request, context);
  const { cart, totals, vat, renewed } = summary;
  // Rows follow the store's (or the visitor's) VAT display; the totals always show the VAT part.
  // Each row at its own rate: a gift card (a voucher) has none.
  const shown = (amount: number, index: number) => shownAmount(amount, totals?.lines[index]?.vatRateBp ?? 0, selection.includeVat);
  return {
    prefix: selection.storefront.prefix,
    notice: new URL(request.url).searchParams.get('notice'),
    renewed,
    couponCode: summary.couponId ? (cart?.couponCode ?? null) : null,
    lines: (cart?.lines ?? []).map((line, index) => ({
      ...line,
      unitPrice: shown(totals?.lines[index]?.unitPrice ?? 0, index),
      rowTotal: shown(totals?.lines[index]?.rowTotal ?? 0, index),
    })),
    totals,
    vatKind: vat.kind,
    rowsIncludeVat: selection.includeVat,
    // Before an address is known: home delivery to the store's country, as the rows show prices (with or without VAT).
    shippingEstimate:
      totals && summary.shippingPrice && selection.storefront.countryCode
        ? {
            countryCode: selection.storefront.countryCode,
            amount: shownAmount(summary.shippingPrice('home_delivery', selection.storefront.countryCode), totals.vatRateBp, selection.includeVat),
          }
        : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { services, selection, customer, cartId } = await checkoutRequest(request, context);
  const form = await request.formData();
  const couponCode = String(form.get('couponCode') ?? '');
  const change = parseIntent(cartChangeSchema, form);
  if (!change.ok) return data({ error: change.error, intent: change.intent, couponCode }, { status: 400 });
  const result = await orUnavailable(() =>
    changeCart(services.db, cartId, customer?.id ?? null, selection.storefront.code, change.data, services.businessRules),
  );
  if (!result.ok)
    return data(
      { error: { key: cartChangeMessage(result) }, intent: change.data.intent, couponCode },
      { status: result.reason === 'line-not-found' ? 404 : 400 },
    );
  throw redirect(`/${selection.storefront.prefix}/checkout?notice=${result.notice}`);
}

const notices: Record<string, string> = {
  added: 'cart.added',
  updated: 'cart.updated',
  removed: 'cart.removed',
  'coupon-applied': 'cart.couponApplied',
  'coupon-removed': 'cart.couponRemoved',
};

export default function CartPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const { prefix, lines, totals, vatKind, rowsIncludeVat, renewed, notice, couponCode, shippingEstimate } = loaderData;
  const percent = (bp: number) => formatPercent(bp / 10_000, locale);
  const money = useCartMoney(totals ?? { currency: 'EUR', minorUnits: 2 });
  const outOfStock = lines.some((line) => !line.inStock);
  const vatLabel = useVatLabel();
  const couponError = actionData?.intent === 'apply-coupon' ? actionData.error : undefined;
  useEcommerceEvent('view_cart', totals ? `${lines.length}:${totals.total}` : null, () => (totals ? cartEventParams(totals, lines) : null));
  return (
    <AccountPage title={t('cart.title')} path="checkout">
      {renewed && (
        <p className="notice" role="status">
          {t('errors.cartRenewed')}
        </p>
      )}
      <FormNotice message={notice && notices[notice] ? t(notices[notice]) : null} />
      {actionData && actionData.intent !== 'apply-coupon' && <FormAlert error={actionData.error} />}
      {lines.length === 0 || !totals ? (
        <div className="auth-card">
          <p>{t('cart.empty')}</p>
          <Link to={`/${prefix}`} className="button button--primary">
            {t('cart.continueShopping')}
          </Link>
        </div>
      ) : (
        <div className="cart-layout">
          <section aria-labelledby="cart-items">
            <h2 id="cart-items" className="visually-hidden">
              {t('cart.items')}
            </h2>
            <p className="cart-vat-note">{vatLabel}</p>
            {outOfStock && (
              <p className="form-alert" role="alert">
                {t('errors.cartStock')}
              </p>
            )}
            <ul className="cart-lines">
              {lines.map((line) => (
                <li key={line.id} className={`cart-line${line.inStock ? '' : ' cart-line--problem'}`}>
                  {line.imagePath ? <img {...imageSources(line.imagePath, 96)} width={96} height={96} alt="" loading="lazy" /> : <span />}
                  <div className="cart-line__text">
                    <Link to={`/${prefix}/${line.urlKey}`}>{lineName(line, t, locale)}</Link>
                    <span className="data-table__sub">{t('product.itemNumber', { sku: line.sku })}</span>
                    {!line.isSample && (
                      <span>
                        {t('cart.unitPrice', { price: money(line.unitPrice) })}{' '}
                        {lineLengthCm(line) && <UnitPrice amountMinor={line.unitPrice} lengthCm={lineLengthCm(line)!} format={money} />}
                      </span>
                    )}
                    {!line.inStock && <span className="field-error">{t('errors.quantity')}</span>}
                  </div>
                  <div className="cart-line__actions">
                    {/* A sample is one, and so is a gift card (each has its own recipient): no quantity to change. */}
                    {!line.isSample && !line.isVoucher && (
                      <Form method="post" className="form-inline">
                        <CsrfField />
                        <input type="hidden" name="lineId" value={line.id} />
                        <label htmlFor={`quantity-${line.id}`} className="visually-hidden">
                          {t('cart.quantityOf', { name: line.name })}
                        </label>
                        <input
                          id={`quantity-${line.id}`}
                          type="number"
                          name="quantity"
                          min={0}
                          max={9999}
                          defaultValue={line.quantity}
                          className="quantity-input"
                          inputMode="numeric"
                        />
                        <button type="submit" name="intent" value="update" className="button" aria-label={t('cart.updateOf', { name: line.name })}>
                          {t('cart.update')}
                        </button>
                      </Form>
                    )}
                    <strong className="cart-line__total">{line.isSample ? t('cart.free') : money(line.rowTotal)}</strong>
                    <Form
                      method="post"
                      onSubmit={() =>
                        totals &&
                        trackEcommerce('remove_from_cart', {
                          currency: ga4Currency(totals.currency),
                          value: ga4Amount(line.rowTotal, totals.minorUnits),
                          items: [{ item_id: line.sku || `line-${line.id}`, quantity: Math.max(1, line.quantity) }],
                        })
                      }
                    >
                      <CsrfField />
                      <input type="hidden" name="lineId" value={line.id} />
                      <button type="submit" name="intent" value="remove" className="link-button" aria-label={t('cart.removeOf', { name: line.name })}>
                        {t('cart.remove')}
                      </button>
                    </Form>
                  </div>
                </li>
              ))}
            </ul>
          </section>
          <aside className="cart-summary" aria-labelledby="cart-summary-heading">
            <h2 id="cart-summary-heading">{t('cart.summary')}</h2>
            {/* Nothing to say for a cart of gift cards alone (they earn no volume discount). */}
            {(totals.nextVolumeTier || totals.volumeDiscountBp > 0) && (
              <p className="cart-progress" role="status">
                {totals.nextVolumeTier
                  ? t('cart.volumeProgress', { amount: money(totals.nextVolumeTier.remaining), percent: percent(totals.nextVolumeTier.rateBp) })
                  : t('cart.volumeUnlocked', { percent: percent(totals.volumeDiscountBp) })}
              </p>
            )}
            <FreeShippingProgress progress={totals.freeShippingProgress} money={money} />
            <OrderTotals totals={totals} vatKind={vatKind} rowsIncludeVat={rowsIncludeVat} />
            {shippingEstimate && totals.shipping === null && (
              <p className="cart-shipping-estimate">
                {shippingEstimate.amount === 0
                  ? t('cart.shippingEstimateFree', { country: countryName(shippingEstimate.countryCode, locale) })
                  : t('cart.shippingEstimate', { country: countryName(shippingEstimate.countryCode, locale), amount: money(shippingEstimate.amount) })}
              </p>
            )}
            <CodeForm
              name="couponCode"
              label={t('cart.couponCode')}
              applyIntent="apply-coupon"
              applyLabel={t('cart.applyCoupon')}
              removeIntent="remove-coupon"
              removeLabel={t('cart.removeCoupon')}
              inUse={couponCode ? t('cart.couponInUse', { code: couponCode }) : null}
              defaultValue={actionData?.couponCode}
              error={couponError}
            />
            {totals.minimumOrder && (
              <p className="form-alert" role="alert">
                {t('cart.minimumOrder', { amount: money(totals.minimumOrder.amount), remainingAmount: money(totals.minimumOrder.remaining) })}
              </p>
            )}
            {totals.minimumOrder || outOfStock ? (
              <span className="button button--primary button--block" aria-disabled="true">
                {t('cart.checkout')}
              </span>
            ) : (
              <Link to={`/${prefix}/checkout/customer`} className="button button--primary button--block">
                {t('cart.checkout')}
              </Link>
            )}
          </aside>
        </div>
      )}
    </AccountPage>
  );
}
