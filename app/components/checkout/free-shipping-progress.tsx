import type { CartTotals } from '#app/modules/pricing/cart-totals.ts';
import { useI18n } from '#app/modules/i18n/i18n.tsx';

/** "€12.40 more for free shipping", with a bar; or that shipping is free now. Nothing when the store has no threshold here. */
export function FreeShippingProgress({ progress, money }: { progress: CartTotals['freeShippingProgress']; money: (amount: number) => string }) {
  const { t } = useI18n();
  if (!progress) return null;
  const reached = progress.remaining === 0;
  return (
    <div className="free-shipping-progress" role="status">
      <p>{reached ? t('cart.freeShippingReached') : t('cart.freeShippingProgress', { amount: money(progress.remaining) })}</p>
      <progress
        max={progress.threshold}
        value={progress.threshold - progress.remaining}
        aria-label={t('cart.freeShippingFrom', { amount: money(progress.threshold) })}
      />
    </div>
  );
}
