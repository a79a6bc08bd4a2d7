/** The filters of the admin's message list (issue 16), shared by its loader and its tabs. */
import { localeCodes, type LocaleCode, storefrontByCode } from './locales.ts';

export const messageFilters = ['all', 'overridden', 'english'] as const;
export type MessageFilter = (typeof messageFilters)[number];

/** English stores have no texts that "fall back to English". */
export const isEnglishStore = (locale: LocaleCode) => storefrontByCode(locale)?.language === 'en';

export const messageLocaleOf = (value: string | null): LocaleCode | null => localeCodes.find((code) => code === value) ?? null;
