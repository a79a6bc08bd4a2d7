import { deliveryCountryByCode } from '../customers/countries.ts';

/** The shop is established (and ships from) the Netherlands. */
export const shopCountry = 'NL';

/** Standard VAT rates of EU countries in basis points (2026), for distance sales (OSS). */
export const euStandardVatBp: Record<string, number> = {
  AT: 2000, BE: 2100, BG: 2000, HR: 2500, CY: 1900, CZ: 2100, DK: 2500, EE: 2400, FI: 2550, FR: 2000, DE: 1900, GR: 2400, HU: 2700, IE: 2300,
  IT: 2200, LV: 2100, LT: 2100, LU: 1700, MT: 1800, NL: 2100, PL: 2300, PT: 2300, RO: 2100, SK: 2300, SI: 2200, ES: 2100, SE: 2500,
};

export type VatTreatment =
  /** consumer or domestic business: the destination's rate (NL rate within NL) */
  | { kind: 'standard'; rateBp: number }
  /** EU business in another member state with a VAT number: 0 %, the buyer accounts for VAT */
  | { kind: 'reverse-charge'; rateBp: 0 }
  /** outside the EU: no VAT; import duties may be due on arrival */
  | { kind: 'export'; rateBp: 0 };

/** The country a VAT number is registered in, by its prefix (Greece writes EL). */
export function vatNumberCountry(vatNumber: string): string {
  const prefix = vatNumber.replace(/[^A-Za-z0-9]/g, '').slice(0, 2).toUpperCase();
  return prefix === 'EL' ? 'GR' : prefix;
}

/**
 * VAT of a delivery: consumers in the EU pay their own country's rate (one-stop shop), a business
 * in another member state gets reverse charge when its VAT number (checked for format at the
 * customer step) is registered in the country the goods go to; exports carry none.
 */
export function vatTreatment(destinationCountry: string, businessVatNumber: string | null): VatTreatment {
  const country = deliveryCountryByCode(destinationCountry);
  if (!country?.inEu) return { kind: 'export', rateBp: 0 };
  if (businessVatNumber && destinationCountry !== shopCountry && vatNumberCountry(businessVatNumber) === destinationCountry) return { kind: 'reverse-charge', rateBp: 0 };
  return { kind: 'standard', rateBp: euStandardVatBp[destinationCountry] ?? euStandardVatBp[shopCountry]! };
}
