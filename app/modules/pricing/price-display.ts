import { formatMoney } from '#app/modules/currency/money.ts';
import type { CurrencyCode, LocaleCode } from '#app/modules/i18n/locales.ts';
import { convertFromEur } from './currency-conversion.ts';
import { addVat } from './rounding.ts';

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

/** The VAT note that goes next to prices (a message key): incl. VAT, excl. VAT, or plus sales tax (US). */
export function vatLabelKey({ vatRateBp, includeVat }: Pick<PriceDisplay, 'vatRateBp' | 'includeVat'>): 'vat.salesTax' | 'vat.inclVat' | 'vat.exclVat' {
  if (vatRateBp === 0) return 'vat.salesTax';
  return includeVat ? 'vat.inclVat' : 'vat.exclVat';
}

/** A net amount (minor units) as shown: with VAT added when prices are shown incl. VAT. */
export function shownAmount(netMinor: number, vatRateBp: number, includeVat: boolean): number {
  return includeVat ? addVat(netMinor, vatRateBp) : netMinor;
}

/** The amount shown, in minor units of the display currency. */
export function displayAmount(netEurCents: number, display: PriceDisplay): number {
  return shownAmount(convertFromEur(netEurCents, display.rate, display.minorUnits), display.vatRateBp, display.includeVat);
}

export function formatPrice(netEurCents: number, display: PriceDisplay): string {
  return formatMoney(displayAmount(netEurCents, display), display.currency, display.locale, display.minorUnits);
}
