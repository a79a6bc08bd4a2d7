/** A country's name in a language, from Intl.DisplayNames (no translation files needed); the code when unknown. */
export function countryName(code: string, locale: string): string {
  return new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code;
}
