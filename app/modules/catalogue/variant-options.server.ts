import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { Queryable } from '#app/db/client.server.ts';
import { attributeOptions, attributeOptionTranslations, attributes, attributeTranslations, productVariants, variantOptionValues } from '#app/db/schema.ts';
import type { LocaleCode } from '#app/modules/i18n/locales.ts';
import type { LineOption } from '#app/modules/orders/line-name.ts';

/** One chosen option of a variant, named in one language (length 10 m, pack of 5 …). */
export interface VariantOptionRow {
  variantId: number;
  attribute: string;
  attributeLabel: string;
  option: string;
  label: string;
  /** e.g. the length in metres */
  sortValue: number | null;
}

/** The options of the variants that match `condition` (on `product_variants`), named in `locale`. */
export async function variantOptionRows(db: Queryable, condition: SQL | undefined, locale: LocaleCode): Promise<VariantOptionRow[]> {
  const rows = await db
    .select({
      variantId: variantOptionValues.variantId,
      attribute: attributes.code,
      attributeLabel: attributeTranslations.label,
      option: attributeOptions.code,
      sortValue: attributeOptions.sortValue,
      label: attributeOptionTranslations.label,
      position: attributes.position,
    })
    .from(variantOptionValues)
    .innerJoin(productVariants, eq(productVariants.id, variantOptionValues.variantId))
    .innerJoin(attributes, eq(attributes.id, variantOptionValues.attributeId))
    .innerJoin(attributeTranslations, and(eq(attributeTranslations.attributeId, attributes.id), eq(attributeTranslations.locale, locale)))
    .innerJoin(attributeOptions, eq(attributeOptions.id, variantOptionValues.optionId))
    .innerJoin(attributeOptionTranslations, and(eq(attributeOptionTranslations.optionId, attributeOptions.id), eq(attributeOptionTranslations.locale, locale)))
    .where(condition);
  return rows
    .sort((a, b) => a.position - b.position)
    .map(({ position: _position, sortValue, ...row }) => ({ ...row, sortValue: sortValue === null ? null : Number(sortValue) }));
}

/**
 * What was chosen for each of these variants, as cart, order and wishlist lines record it: the
 * variant's options in `locale`, by variant id (variants without options are absent).
 */
export async function lineOptionsByVariant(db: Queryable, variantIds: number[], locale: LocaleCode): Promise<Map<number, LineOption[]>> {
  const byVariant = new Map<number, LineOption[]>();
  if (variantIds.length === 0) return byVariant;
  for (const row of await variantOptionRows(db, inArray(productVariants.id, [...new Set(variantIds)]), locale)) {
    const list = byVariant.get(row.variantId) ?? [];
    list.push({ attribute: row.attribute, label: row.label, sortValue: row.sortValue });
    byVariant.set(row.variantId, list);
  }
  return byVariant;
}
