import { countriesInNameOrder, countryName } from '#app/modules/i18n/locale-formats.ts';
import { deliveryCountryByCode } from '#app/modules/geography/delivery-countries.ts';

export { type DeliveryCountry, deliveryCountries, deliveryCountryByCode } from '#app/modules/geography/delivery-countries.ts';
export { countryName } from '#app/modules/i18n/locale-formats.ts';

/** Countries sorted by their name in the given language, for select boxes. */
export function countryOptions(locale: string): { code: string; name: string }[] {
  return countriesInNameOrder(locale)
    .filter((code) => deliveryCountryByCode(code))
    .map((code) => ({ code, name: countryName(code, locale) }));
}
