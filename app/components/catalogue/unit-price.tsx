import { formatMoney } from '#app/modules/currency/money.ts';
import { useI18n } from '#app/modules/i18n/i18n.tsx';
import { showsImperialFirst } from '#app/modules/i18n/measures.ts';
import { usePriceDisplay } from '#app/modules/pricing/price-context.tsx';
import { displayAmount } from '#app/modules/pricing/price-display.ts';
import type { ProductVariant } from '#app/modules/catalogue/product-detail.server.ts';
import { metresToCm, pricePerFoot, pricePerMetre } from '#app/modules/pricing/price-per-length.ts';

/**
 * The unit price next to a price of goods sold by length: "€0.36 / m", or in en-US
 * "$0.11 / ft ($0.36 / m)". `amountMinor` is the price as shown (display currency, minor units).
 */
export function UnitPrice({ amountMinor, lengthCm, format }: { amountMinor: number; lengthCm: number; format: (minor: number) => string }) {
  const { t, locale } = useI18n();
  const perMetre = t('unitPrice.perMetre', { price: format(pricePerMetre(amountMinor, lengthCm)) });
  const text = showsImperialFirst(locale)
    ? t('measure.imperialFirst', { imperial: t('unitPrice.perFoot', { price: format(pricePerFoot(amountMinor, lengthCm)) }), metric: perMetre })
    : perMetre;
  return (
    <span className="unit-price">
      <span className="visually-hidden">{t('unitPrice.label')}: </span>
      {text}
    </span>
  );
}

/** The unit price of a catalogue price (net EUR cents), shown the way the visitor chose. */
export function CatalogueUnitPrice({ netEurCents, lengthCm }: { netEurCents: number; lengthCm: number | null }) {
  const display = usePriceDisplay();
  if (!lengthCm) return null;
  return (
    <UnitPrice
      amountMinor={displayAmount(netEurCents, display)}
      lengthCm={lengthCm}
      format={(minor) => formatMoney(minor, display.currency, display.locale, display.minorUnits)}
    />
  );
}

/** The length a variant (a 10 m hank) buys, for its unit price; null when it has no length option. */
export function variantLengthCm(variant: Pick<ProductVariant, 'options'>): number | null {
  const metres = variant.options.find((o) => o.attribute === 'length')?.sortValue;
  return metres ? metresToCm(metres) : null;
}
