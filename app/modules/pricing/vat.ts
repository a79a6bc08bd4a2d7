import { deliveryCountryByCode } from '#app/modules/customers/countries.ts';
import type { LocaleCode } from '#app/modules/i18n/locales.ts';

/** The shop is established (and ships from) the Netherlands. */
export const shopCountry = 'NL';

/** Standard VAT rates of EU countries in basis points (2026), for distance sales (OSS). */
export const euStandardVatBp: Record<string, number> = {
  AT: 2000,
  BE: 2100,
  BG: 2000,
  HR: 2500,
  CY: 1900,
  CZ: 2100,
  DK: 2500,
  EE: 2400,
  FI: 2550,
  FR: 2000,
  DE: 1900,
  GR: 2400,
  HU: 2700,
  IE: 2300,
  IT: 2200,
  LV: 2100,
  LT: 2100,
  LU: 1700,
  MT: 1800,
  NL: 2100,
  PL: 2300,
  PT: 2300,
  RO: 2100,
  SK: 2300,
  SI: 2200,
  ES: 2100,
  SE: 2500,
};

/** UK standard VAT rate. */
export const ukVatBp = 2000;
/**
 * UK rule for goods sent from abroad (since 2021): on a consignment worth up to £135 (the goods,
 * after discounts, without shipping) the seller charges UK VAT at the sale; above it, import VAT
 * is collected at the border.
 */
export const ukConsignmentLimitPence = 13_500;

/**
 * Standard VAT rates in basis points (21 % = 2100) used to show prices incl. VAT per store.
 * The international store ships from the Netherlands and shows Dutch VAT; the US store shows
 * no VAT (sales tax is not included in US prices).
 */
export const displayVatRateBp: Record<LocaleCode, number> = {
  'en-US': 0,
  en: 2100,
  'pl-PL': 2300,
  'nl-NL': 2100,
  'de-DE': 1900,
  'da-DK': 2500,
  'en-GB': 2000,
  'es-ES': 2100,
  'fr-FR': 2000,
  'it-IT': 2200,
  'sv-SE': 2500,
};

export type VatTreatment =
  /** consumer or domestic business: the destination's rate (NL rate within NL; UK rate up to £135) */
  | { kind: 'standard'; rateBp: number }
  /** a business with a VAT number of the country the goods go to (EU member state other than NL, or the UK up to £135): 0 %, the buyer accounts for VAT */
  | { kind: 'reverse-charge'; rateBp: 0 }
  /** outside the EU (the UK above £135): no VAT; import VAT and duties may be due on arrival */
  | { kind: 'export'; rateBp: 0 };

/** Who buys and where the goods go: what the VAT of a sale depends on (besides its value for the UK). */
export interface VatCustomer {
  destinationCountry: string;
  /** the VAT number of a business buyer; null for consumers */
  businessVatNumber: string | null;
}

/** The country a VAT number is registered in, by its prefix (Greece writes EL). */
export function vatNumberCountry(vatNumber: string): string {
  const prefix = vatNumber
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, 2)
    .toUpperCase();
  return prefix === 'EL' ? 'GR' : prefix;
}

const registeredIn = (vatNumber: string | null, country: string) => vatNumber !== null && vatNumber !== '' && vatNumberCountry(vatNumber) === country;

/**
 * VAT of a delivery: consumers in the EU pay their own country's rate (one-stop shop), a business
 * in another member state gets reverse charge when its VAT number (checked for format at the
 * customer step) is registered in the country the goods go to. The UK: VAT at sale up to £135
 * (`consignmentPence`, the goods without shipping in pounds), reverse charge for UK businesses;
 * above it, and everywhere else outside the EU, no VAT at sale.
 */
export function vatTreatment({ destinationCountry, businessVatNumber }: VatCustomer, consignmentPence: number): VatTreatment {
  if (destinationCountry === 'GB' && consignmentPence <= ukConsignmentLimitPence) {
    return registeredIn(businessVatNumber, 'GB') ? { kind: 'reverse-charge', rateBp: 0 } : { kind: 'standard', rateBp: ukVatBp };
  }
  const country = deliveryCountryByCode(destinationCountry);
  if (!country?.inEu) return { kind: 'export', rateBp: 0 };
  if (destinationCountry !== shopCountry && registeredIn(businessVatNumber, destinationCountry)) return { kind: 'reverse-charge', rateBp: 0 };
  return { kind: 'standard', rateBp: euStandardVatBp[destinationCountry] ?? euStandardVatBp[shopCountry]! };
}

/**
 * Whether import VAT (and perhaps duties) awaits a placed order on arrival: it went outside the
 * EU and no VAT was charged at the sale (not reverse charge, not the UK's VAT at sale).
 */
export function importChargesOnArrival(order: { destinationCountry: string; taxCents: number; reverseCharge: boolean }): boolean {
  return !deliveryCountryByCode(order.destinationCountry)?.inEu && order.taxCents === 0 && !order.reverseCharge;
}
