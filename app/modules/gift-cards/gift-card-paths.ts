import type { LocaleCode } from '#app/modules/i18n/locales.ts';

/**
 * The gift-card page's own path segment per language (/{prefix}/{segment}) and its balance page
 * below it (/{prefix}/{segment}/{balance}): /de/geschenkgutschein/guthaben, /nl/cadeaubon/saldo.
 */
const segmentsByLanguage: Record<string, { page: string; balance: string }> = {
  en: { page: 'gift-card', balance: 'balance' },
  nl: { page: 'cadeaubon', balance: 'saldo' },
  de: { page: 'geschenkgutschein', balance: 'guthaben' },
  da: { page: 'gavekort', balance: 'saldo' },
  es: { page: 'tarjeta-regalo', balance: 'saldo' },
  fr: { page: 'carte-cadeau', balance: 'solde' },
  it: { page: 'carta-regalo', balance: 'saldo' },
  pl: { page: 'karta-podarunkowa', balance: 'saldo' },
  sv: { page: 'presentkort', balance: 'saldo' },
};

const segmentsOf = (locale: LocaleCode) => segmentsByLanguage[locale.slice(0, 2)] ?? segmentsByLanguage.en!;

/** Every page and balance segment some storefront uses, for the route table. */
export const giftCardRouteSegments: readonly { page: string; balance: string }[] = [
  ...new Map(Object.values(segmentsByLanguage).map((segments) => [`${segments.page}/${segments.balance}`, segments])).values(),
];

/** Paths below the storefront prefix. */
export const giftCardPagePath = (locale: LocaleCode) => segmentsOf(locale).page;
export const giftCardBalancePath = (locale: LocaleCode) => `${segmentsOf(locale).page}/${segmentsOf(locale).balance}`;

/**
 * Whether a request is for this store's own gift-card page (or balance page): each store has its
 * own words, and another store's word is not a page here. A data request (`….data`, the loaders
 * revalidated after a form) is the same page.
 */
export const isOwnGiftCardPath = (pathname: string, prefix: string, pathBelowPrefix: string) =>
  pathname.replace(/\.data$/, '').replace(/\/$/, '') === `/${prefix}/${pathBelowPrefix}`;
