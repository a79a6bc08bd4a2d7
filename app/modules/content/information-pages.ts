import type { LocaleCode } from '#app/modules/i18n/locales.ts';

/**
 * The information pages of spec §2 with their slug per storefront. English slugs are the
 * spec's; the shop's name appears as 'cordial'. The showroom slug is shared by pl-PL and it-IT,
 * the recycling page has one slug everywhere, and the ambassadors page is /ambassadors in
 * da-DK, es-ES, fr-FR and sv-SE.
 */
export const informationPageCodes = [
  'about',
  'terms',
  'whyBuy',
  'contact',
  'imprint',
  'privacy',
  'returns',
  'soldOut',
  'shippingRates',
  'showroom',
  'recycling',
  'wholesale',
  'ambassadors',
  'paymentMethods',
  'vat',
] as const;
export type InformationPageCode = (typeof informationPageCodes)[number];

type Slugs = Record<InformationPageCode, string>;

const english: Slugs = {
  about: 'we-are-cordial',
  terms: 'general-terms-conditions',
  whyBuy: 'why-buy-at-cordial',
  contact: 'contact-us',
  imprint: 'imprint',
  privacy: 'privacy-notice-and-cookies',
  returns: 'returns',
  soldOut: 'article-sold-out',
  shippingRates: 'shipping-rates',
  showroom: 'visit-our-showroom',
  recycling: 'paracycle',
  wholesale: 'wholesale',
  ambassadors: 'ambassadors-overview-menu',
  paymentMethods: 'payment-method',
  vat: 'with-or-without-vat',
};

const slugsByLanguage: Record<string, Slugs> = {
  en: english,
  pl: {
    about: 'o-cordial',
    terms: 'regulamin',
    whyBuy: 'dlaczego-cordial',
    contact: 'kontakt',
    imprint: 'nota-prawna',
    privacy: 'polityka-prywatnosci-i-cookies',
    returns: 'zwroty',
    soldOut: 'produkt-wyprzedany',
    shippingRates: 'koszty-wysylki',
    showroom: 'showroom',
    recycling: 'paracycle',
    wholesale: 'hurtownia',
    ambassadors: 'ambasadorzy',
    paymentMethods: 'metody-platnosci',
    vat: 'z-vat-czy-bez-vat',
  },
  nl: {
    about: 'wij-zijn-cordial',
    terms: 'algemene-voorwaarden',
    whyBuy: 'waarom-kopen-bij-cordial',
    contact: 'contact',
    imprint: 'colofon',
    privacy: 'privacy-en-cookies',
    returns: 'retourneren',
    soldOut: 'artikel-uitverkocht',
    shippingRates: 'verzenden',
    showroom: 'bezoek-onze-showroom',
    recycling: 'paracycle',
    wholesale: 'groothandel',
    ambassadors: 'ambassadeurs-overzicht',
    paymentMethods: 'betaalmethoden',
    vat: 'met-of-zonder-btw',
  },
  de: {
    about: 'wir-sind-cordial',
    terms: 'agb',
    whyBuy: 'warum-bei-cordial-kaufen',
    contact: 'kontakt',
    imprint: 'impressum',
    privacy: 'datenschutz-und-cookies',
    returns: 'ruecksendungen',
    soldOut: 'artikel-ausverkauft',
    shippingRates: 'versand',
    showroom: 'besuchen-sie-unseren-showroom',
    recycling: 'paracycle',
    wholesale: 'grosshandel',
    ambassadors: 'botschafter-uebersicht',
    paymentMethods: 'zahlungsarten',
    vat: 'mit-oder-ohne-mwst',
  },
  da: {
    about: 'vi-er-cordial',
    terms: 'handelsbetingelser',
    whyBuy: 'hvorfor-handle-hos-cordial',
    contact: 'kontakt-os',
    imprint: 'kolofon',
    privacy: 'privatlivspolitik-og-cookies',
    returns: 'returnering',
    soldOut: 'vare-udsolgt',
    shippingRates: 'fragt-priser',
    showroom: 'besoeg-vores-showroom',
    recycling: 'paracycle',
    wholesale: 'engros',
    ambassadors: 'ambassadors',
    paymentMethods: 'betalingsmetoder',
    vat: 'med-eller-uden-moms',
  },
  es: {
    about: 'somos-cordial',
    terms: 'condiciones-generales',
    whyBuy: 'por-que-comprar-en-cordial',
    contact: 'contacto',
    imprint: 'aviso-legal',
    privacy: 'privacidad-y-cookies',
    returns: 'devoluciones',
    soldOut: 'articulo-agotado',
    shippingRates: 'gastos-de-envio',
    showroom: 'visita-nuestro-showroom',
    recycling: 'paracycle',
    wholesale: 'venta-al-por-mayor',
    ambassadors: 'ambassadors',
    paymentMethods: 'metodos-de-pago',
    vat: 'con-o-sin-iva',
  },
  fr: {
    about: 'nous-sommes-cordial',
    terms: 'conditions-generales-de-vente',
    whyBuy: 'pourquoi-acheter-chez-cordial',
    contact: 'contactez-nous',
    imprint: 'mentions-legales',
    privacy: 'confidentialite-et-cookies',
    returns: 'retours',
    soldOut: 'article-epuise',
    shippingRates: 'frais-de-livraison',
    showroom: 'visitez-notre-showroom',
    recycling: 'paracycle',
    wholesale: 'vente-en-gros',
    ambassadors: 'ambassadors',
    paymentMethods: 'modes-de-paiement',
    vat: 'avec-ou-sans-tva',
  },
  it: {
    about: 'siamo-cordial',
    terms: 'condizioni-generali',
    whyBuy: 'perche-acquistare-da-cordial',
    contact: 'contatti',
    imprint: 'note-legali',
    privacy: 'privacy-e-cookie',
    returns: 'resi',
    soldOut: 'articolo-esaurito',
    shippingRates: 'spedizione-tariffe',
    showroom: 'showroom',
    recycling: 'paracycle',
    wholesale: 'ingrosso',
    ambassadors: 'ambasciatori',
    paymentMethods: 'metodi-di-pagamento',
    vat: 'con-o-senza-iva',
  },
  sv: {
    about: 'vi-ar-cordial',
    terms: 'kopvillkor',
    whyBuy: 'varfor-handla-hos-cordial',
    contact: 'kontakta-oss',
    imprint: 'om-foretaget',
    privacy: 'integritetspolicy-och-cookies',
    returns: 'returer',
    soldOut: 'artikel-slutsald',
    shippingRates: 'frakt-priser',
    showroom: 'besok-var-showroom',
    recycling: 'paracycle',
    wholesale: 'grossist',
    ambassadors: 'ambassadors',
    paymentMethods: 'betalningsmetoder',
    vat: 'med-eller-utan-moms',
  },
};

/** Content pages the footer links besides the fifteen of spec §2 ("customers, clients and partners", "cord academy"). */
export const extraPageCodes = ['customers', 'cordAcademy'] as const;
export type ExtraPageCode = (typeof extraPageCodes)[number];

/** Every content page the shop seeds and links, by code (the same in every store). */
export const contentPageCodes = [...informationPageCodes, ...extraPageCodes] as const;
export type ContentPageCode = InformationPageCode | ExtraPageCode;

const extraEnglish: Record<ExtraPageCode, string> = { customers: 'customers-clients-and-partners', cordAcademy: 'cord-academy' };
const extraSlugsByLanguage: Record<string, Record<ExtraPageCode, string>> = {
  en: extraEnglish,
  pl: { customers: 'klienci-i-partnerzy', cordAcademy: 'akademia-linek' },
  nl: { customers: 'klanten-en-partners', cordAcademy: 'touw-academie' },
  de: { customers: 'kunden-und-partner', cordAcademy: 'seil-akademie' },
  da: { customers: 'kunder-og-partnere', cordAcademy: 'reb-akademi' },
  es: { customers: 'clientes-y-socios', cordAcademy: 'academia-de-cuerdas' },
  fr: { customers: 'clients-et-partenaires', cordAcademy: 'academie-des-cordes' },
  it: { customers: 'clienti-e-partner', cordAcademy: 'accademia-delle-corde' },
  sv: { customers: 'kunder-och-partner', cordAcademy: 'repakademin' },
};

export const isContentPageCode = (code: string): code is ContentPageCode => (contentPageCodes as readonly string[]).includes(code);

export function informationPageSlug(code: ContentPageCode, locale: LocaleCode): string {
  const language = locale.slice(0, 2);
  if (code === 'customers' || code === 'cordAcademy') return (extraSlugsByLanguage[language] ?? extraEnglish)[code];
  return (slugsByLanguage[language] ?? english)[code];
}

/** The message key of a page's link text (the spec's fifteen pages have theirs under `pages.`). */
export const pageLabelKey = (code: ContentPageCode) => ((extraPageCodes as readonly string[]).includes(code) ? `content.pages.${code}` : `pages.${code}`);

/** The path of a content page in a store, e.g. contentPagePath('de-de', 'terms', 'de-DE') → /de-de/agb. */
export const contentPagePath = (prefix: string, code: ContentPageCode, locale: LocaleCode) => `/${prefix}/${informationPageSlug(code, locale)}`;

/** The pages linked from the footer, in the order shown. */
export const footerPages: readonly ContentPageCode[] = [
  'about',
  'whyBuy',
  'contact',
  'shippingRates',
  'returns',
  'paymentMethods',
  'vat',
  'wholesale',
  'showroom',
  'recycling',
  'ambassadors',
  'customers',
  'cordAcademy',
  'terms',
  'privacy',
  'imprint',
];
