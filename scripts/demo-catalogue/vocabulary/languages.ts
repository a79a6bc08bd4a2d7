/**
 * The written languages of the demo catalogue. Storefront locales map onto these:
 * `en` and `en-GB` share British English, `en-US` uses American spelling.
 */
export const catalogueLanguages = ['en-US', 'en-GB', 'pl', 'nl', 'de', 'da', 'es', 'fr', 'it', 'sv'] as const;
export type CatalogueLanguage = (typeof catalogueLanguages)[number];

/** A text in every catalogue language. */
export type Translated = Readonly<Record<CatalogueLanguage, string>>;
