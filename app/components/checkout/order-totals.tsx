import type { CartTotals } from '#app/modules/pricing/cart-totals.ts';
import { formatMoney } from '#app/modules/currency/money.ts';
import { useI18n } from '#app/modules/i18n/i18n.tsx';
import { formatPercent } from '#app/modules/i18n/locale-formats.ts';

export function useCartMoney(totals: Pick<CartTotals, 'currency' | 'minorUnits'>) {
  const { locale } = useI18n();
  return (amount: number) => formatMoney(amount, totals.currency, locale, totals.minorUnits);
}

/**
 * Subtotal, discounts, shipping, the VAT part and the total, as a description list. The amounts
 * are excl. VAT (VAT is added once, on the total); when the rows above show prices incl. VAT the
 * subtotal says so, so the two are not read as the same sum.
 */
export function OrderTotals({
  totals,
  vatKind,
  rowsIncludeVat = false,
}: {
  totals: CartTotals;
  vatKind: 'standard' | 'reverse-charge' | 'export';
  rowsIncludeVat?: boolean;
}) {
  const { t, locale } = useI18n();
  const money = useCartMoney(totals);
  const percent = (bp: number) => formatPercent(bp / 10_000, locale, 2);
  // Gift cards alone (multi-purpose vouchers) carry no VAT at all.
  const onlyGiftCards = totals.lines.length > 0 && totals.tax === 0 && totals.lines.every((line) => line.vatRateBp === 0);
  return (
    <dl className="order-totals">
      <dt>{rowsIncludeVat && totals.vatRateBp > 0 ? `${t('cart.subtotal')} (${t('vat.exclVat')})` : t('cart.subtotal')}</dt>
      <dd>{money(totals.subtotal)}</dd>
      {totals.volumeDiscount > 0 && (
        <>
          <dt>{t('cart.volumeDiscount', { percent: percent(totals.volumeDiscountBp) })}</dt>
          <dd>−{money(totals.volumeDiscount)}</dd>
        </>
      )}
      {totals.couponDiscount > 0 && (
        <>
          <dt>{t('cart.couponDiscount')}</dt>
          <dd>−{money(totals.couponDiscount)}</dd>
        </>
      )}
      <dt>{t('cart.shipping')}</dt>
      <dd>{totals.shipping === null ? t('cart.shippingLater') : totals.shipping === 0 ? t('cart.free') : money(totals.shipping)}</dd>
      <dt>
        {vatKind === 'reverse-charge'
          ? t('cart.vatReverseCharge')
          : vatKind === 'export'
            ? t('cart.vatExport')
            : onlyGiftCards
              ? t('giftCards.noVat')
              : t('cart.vat', { percent: percent(totals.vatRateBp) })}
      </dt>
      <dd>{money(totals.tax)}</dd>
      <dt className="order-totals__total">{t('cart.total')}</dt>
      <dd className="order-totals__total">{money(totals.total)}</dd>
    </dl>
  );
}
