import { type LocaleCode, localeCodes } from '#app/modules/i18n/locales.ts';

/** The admin speaks English unless a staff member picked one of the storefront languages. */
export const adminLocaleOf = (chosen: string | null | undefined): LocaleCode => (localeCodes.includes(chosen as LocaleCode) ? (chosen as LocaleCode) : 'en');
