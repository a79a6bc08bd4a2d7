import type { LocaleCode } from '../i18n/locales.ts';

/**
 * Standard VAT rates in basis points (21 % = 2100) used to show prices incl. VAT per store.
 * The international store ships from the Netherlands and shows Dutch VAT; the US store shows
 * no VAT (sales tax is not included in US prices).
 */
export const displayVatRateBp: Record<LocaleCode, number> = {
  'en-US': 0, en: 2100, 'pl-PL': 2300, 'nl-NL': 2100, 'de-DE': 1900, 'da-DK': 2500,
  'en-GB': 2000, 'es-ES': 2100, 'fr-FR': 2000, 'it-IT': 2200, 'sv-SE': 2500,
};
