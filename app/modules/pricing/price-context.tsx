import { createContext, type ReactNode, useContext } from 'react';
import { useI18n } from '#app/modules/i18n/i18n.tsx';
import { formatPrice, type PriceDisplay, vatLabelKey } from './price-display.ts';

const PriceDisplayContext = createContext<PriceDisplay | null>(null);

export function PriceDisplayProvider({ display, children }: { display: PriceDisplay; children: ReactNode }) {
  return <PriceDisplayContext value={display}>{children}</PriceDisplayContext>;
}

export function usePriceDisplay(): PriceDisplay {
  const display = useContext(PriceDisplayContext);
  if (!display) throw new Error('usePriceDisplay outside PriceDisplayProvider');
  return display;
}

/** The VAT note that goes next to prices: incl. VAT, excl. VAT, or plus sales tax (US). */
export function useVatLabel(): string {
  const { t } = useI18n();
  return t(vatLabelKey(usePriceDisplay()));
}

/** A catalogue price (EUR cents excl. VAT) in the visitor's currency and VAT choice. */
export function Price({ netEurCents }: { netEurCents: number }) {
  return <span className="price">{formatPrice(netEurCents, usePriceDisplay())}</span>;
}
