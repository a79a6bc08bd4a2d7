import type { ProductVariant } from '#app/modules/catalogue/product-detail.server.ts';
import { useI18n } from '#app/modules/i18n/i18n.tsx';
import { pieceStepCm } from '#app/modules/pricing/cut-to-length.ts';
import { usePriceDisplay } from '#app/modules/pricing/price-context.tsx';
import { formatPrice } from '#app/modules/pricing/price-display.ts';
import { tierSavingPercent } from '#app/modules/pricing/unit-price.ts';
import { CatalogueUnitPrice, variantLengthCm } from './unit-price.tsx';
import { formatDecimal } from '#app/modules/i18n/locale-formats.ts';

/** The variant's quantity tiers: the price from each quantity (metres for cut-to-length products) and the saving. */
export function PriceTiers({ variant, soldByLength }: { variant: ProductVariant; soldByLength: boolean }) {
  const { t, locale } = useI18n();
  const display = usePriceDisplay();
  return (
    <table className="tier-table">
      <caption>{t('product.tiers')}</caption>
      <thead>
        <tr>
          <th scope="col">{soldByLength ? t('pricing.tierMetresHeading') : t('product.tierQuantityHeading')}</th>
          <th scope="col">{soldByLength ? t('pricing.tierPricePerMetre') : t('product.tierPrice')}</th>
          <th scope="col">{t('product.tierSaving')}</th>
        </tr>
      </thead>
      <tbody>
        <tr>
          <td>{soldByLength ? t('pricing.tierFromMetres', { quantity: formatDecimal(pieceStepCm / 100, locale, 1) }) : 1}</td>
          <td>
            {formatPrice(variant.priceCents, display)}{' '}
            {!soldByLength && <CatalogueUnitPrice netEurCents={variant.priceCents} lengthCm={variantLengthCm(variant)} />}
          </td>
          <td>–</td>
        </tr>
        {variant.tiers.map((tier) => (
          <tr key={tier.minQuantity}>
            {/* Per-metre tiers count metres, in the cart too (decision 0014). */}
            <td>{t(soldByLength ? 'pricing.tierFromMetres' : 'product.tierQuantity', { quantity: tier.minQuantity })}</td>
            <td>
              {formatPrice(tier.unitPriceCents, display)}{' '}
              {!soldByLength && <CatalogueUnitPrice netEurCents={tier.unitPriceCents} lengthCm={variantLengthCm(variant)} />}
            </td>
            <td>{t('product.tierSavingValue', { percent: formatDecimal(tierSavingPercent(variant, tier), locale, 0) })}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
