import { useI18n } from '#app/modules/i18n/i18n.tsx';
import { usePriceDisplay } from '#app/modules/pricing/price-context.tsx';
import { formatPrice } from '#app/modules/pricing/price-display.ts';
import { Button } from '#app/components/ui/button.tsx';
import { formatDecimal } from '#app/modules/i18n/locale-formats.ts';

/** A cut-to-length product's length field (?metres=, a GET form) and the price of one piece of that length. */
export function CutToLength({ metres, maxMetres, pieceEurCents }: { metres: number | null; maxMetres: number; pieceEurCents: number }) {
  const { t, locale } = useI18n();
  const display = usePriceDisplay();
  return (
    <form method="get" className="cut-to-length">
      <h2>{t('product.cutToLength')}</h2>
      <label>
        <span>{t('product.lengthInMetres')}</span>
        <input type="number" name="metres" min={0.5} max={maxMetres} step={0.5} defaultValue={metres ?? ''} inputMode="decimal" />
      </label>
      <Button type="submit">{t('product.calculate')}</Button>
      <p className="cut-to-length__hint">{t('product.maxContinuousLength', { length: formatDecimal(maxMetres, locale, 1) })}</p>
      {metres !== null && (
        <p className="cut-to-length__total" role="status">
          {t('product.totalForLength', {
            length: formatDecimal(metres, locale, 1),
            price: formatPrice(pieceEurCents, display),
          })}
        </p>
      )}
    </form>
  );
}
