import { checkVAT, countries as vatCountries } from 'jsvat';

/**
 * A VAT number in the format, with the check digits, of the given country, or of any country
 * jsvat knows when none is given. Countries it does not know (outside Europe) pass.
 */
export function isValidVatNumber(vatNumber: string, countryCode?: string): boolean {
  const candidates = countryCode ? vatCountries.filter((country) => country.codes.includes(countryCode)) : vatCountries;
  if (candidates.length === 0) return true;
  return checkVAT(vatNumber, candidates).isValid;
}
