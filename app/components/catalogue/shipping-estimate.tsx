import { contentPagePath } from '#app/modules/content/information-pages.ts';
import { countryName } from '#app/modules/customers/countries.ts';
import { useI18n } from '#app/modules/i18n/i18n.tsx';
import { storefrontByCode } from '#app/modules/i18n/locales.ts';
import { minimumOrderEurCents } from '#app/modules/pricing/cart-totals.ts';
import { usePriceDisplay } from '#app/modules/pricing/price-context.tsx';
import { formatPrice } from '#app/modules/pricing/price-display.ts';
import { freeShippingThresholdEurCents, lowestHomeDeliveryEurCents } from '#app/modules/pricing/shipping.ts';

/**
 * Before anything is in the cart: what shipping to the store's country starts at, from which goods
 * value it is free, and the store's minimum order value, with a link to the full price list. The
 * international store has no home country: it names the minimum and links to the list.
 */
export function ShippingEstimate() {
  const { t, locale } = useI18n();
  const display = usePriceDisplay();
  const store = storefrontByCode(display.locale);
  if (!store) return null;
  const country = store.countryCode;
  const freeFrom = country ? freeShippingThresholdEurCents(store, country) : null;
  return (
    <p className="shipping-estimate">
      {country && t('product.shippingFrom', { country: countryName(country, locale), amount: formatPrice(lowestHomeDeliveryEurCents(country), display) })}{' '}
      {freeFrom !== null && t('product.freeShippingFrom', { amount: formatPrice(freeFrom, display) })}{' '}
      {t('product.minimumOrder', { amount: formatPrice(minimumOrderEurCents[store.code], display) })}{' '}
      <a href={contentPagePath(store.prefix, 'shippingRates', store.code)}>{t('product.shippingPrices')}</a>
    </p>
  );
}
