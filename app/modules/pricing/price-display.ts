import { addVat, convertFromEur } from '../currency/convert.ts';
import { formatMoney } from '../currency/money.ts';
import type { CurrencyCode, LocaleCode } from '../i18n/locales.ts';

/** Everything needed to show a catalogue price (EUR cents excl. VAT) the way the visitor chose. */
export interface PriceDisplay {
  locale: LocaleCode;
  currency: CurrencyCode;
  minorUnits: number;
  /** 1 EUR = rate units of `currency`, as a decimal string */
  rate: string;
  vatRateBp: number;
  includeVat: boolean;
}

/** The amount shown, in minor units of the display currency. */
export function displayAmount(netEurCents: number, display: PriceDisplay): number {
  const net = convertFromEur(netEurCents, display.rate, display.minorUnits);
  return display.includeVat ? addVat(net, display.vatRateBp) : net;
}

export function formatPrice(netEurCents: number, display: PriceDisplay): string {
  return formatMoney(displayAmount(netEurCents, display), display.currency, display.locale, display.minorUnits);
}
