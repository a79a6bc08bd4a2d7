/**
 * The names of the product editor's fields and their formats, shared by the form (browser) and
 * the parsing of what it sends (product-editor.server.ts).
 */
import { minorUnitsToDecimal } from '#app/modules/currency/money.ts';
import type { LocaleCode } from '#app/modules/i18n/locales.ts';

export const relatedKinds = ['bought_together', 'most_viewed'] as const;

/** The texts a locale needs before its page is complete. */
export const translationParts = ['name', 'urlKey', 'description', 'metaDescription'] as const;
export type TranslationPart = (typeof translationParts)[number];

/** The id the form gives the row of a variant still to be created. */
export const newVariantId = 0;

/** Field names of the editor's form (one set per locale, variant and specification). */
export const fieldName = {
  text: (locale: LocaleCode | string, part: TranslationPart) => `${part}.${locale}`,
  variant: (variantId: number, part: 'sku' | 'price' | 'stock' | 'active' | 'tiers') => `variant.${variantId}.${part}`,
  variantOption: (variantId: number, attributeId: number) => `variant.${variantId}.option.${attributeId}`,
  specification: (attributeId: number) => `spec.${attributeId}`,
  related: (kind: (typeof relatedKinds)[number]) => `related.${kind}`,
};

/** Tiers as the editor shows them: "10: 3.50; 50: 3.00" (what parseTiers reads back). */
export const formatTiers = (tiers: readonly { minQuantity: number; unitPriceCents: number }[]) =>
  tiers.map((tier) => `${tier.minQuantity}: ${minorUnitsToDecimal(tier.unitPriceCents)}`).join('; ');
