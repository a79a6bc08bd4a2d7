/**
 * Attributes and their options in the admin (issue 16): labels per locale (the names shoppers see
 * on filters, specifications and variant choices), whether an attribute is a listing filter
 * (spec §3 filter keys), and new options. Every change is audited; the storefront follows through
 * the NOTIFY triggers on the attribute tables.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '#app/db/client.server.ts';
import { retryingTransaction } from '#app/db/transaction.server.ts';
import { attributeOptions, attributeOptionTranslations, attributes, attributeTranslations, productAttributeValues } from '#app/db/schema.ts';
import { recordAudit } from '#app/lib/observability/audit.server.ts';
import { type LocaleCode, localeCodes } from '#app/modules/i18n/locales.ts';
import { refreshProductSearchDocuments } from '#app/modules/search/search-index.server.ts';

export async function listAttributes(db: Database, locale: LocaleCode) {
  return db
    .select({
      id: attributes.id,
      code: attributes.code,
      valueType: attributes.valueType,
      unit: attributes.unit,
      isFilterable: attributes.isFilterable,
      isConfigurable: attributes.isConfigurable,
      label: sql<string>`coalesce(${attributeTranslations.label}, ${attributes.code})`,
      options: sql<number>`(select count(*)::int from ${attributeOptions} o where o.attribute_id = ${attributes.id})`,
      locales: sql<number>`(select count(*)::int from ${attributeTranslations} t where t.attribute_id = ${attributes.id})`,
    })
    .from(attributes)
    .leftJoin(attributeTranslations, and(eq(attributeTranslations.attributeId, attributes.id), eq(attributeTranslations.locale, locale)))
    .orderBy(asc(attributes.position), asc(attributes.code));
}

/** An attribute with its labels in every locale and its options labelled in `optionLocale` (English beside them). */
export async function attributeForEditing(db: Database, attributeId: number, optionLocale: LocaleCode) {
  const [attribute] = await db.select().from(attributes).where(eq(attributes.id, attributeId));
  if (!attribute) return null;
  const [labels, options] = await Promise.all([
    db
      .select({ locale: attributeTranslations.locale, label: attributeTranslations.label })
      .from(attributeTranslations)
      .where(eq(attributeTranslations.attributeId, attributeId)),
    db
      .select({
        id: attributeOptions.id,
        code: attributeOptions.code,
        label: sql<string>`coalesce((select t.label from ${attributeOptionTranslations} t where t.option_id = ${attributeOptions.id} and t.locale = ${optionLocale}), '')`,
        english: sql<string>`coalesce((select t.label from ${attributeOptionTranslations} t where t.option_id = ${attributeOptions.id} and t.locale = 'en'), ${attributeOptions.code})`,
      })
      .from(attributeOptions)
      .where(eq(attributeOptions.attributeId, attributeId))
      .orderBy(asc(attributeOptions.position), asc(attributeOptions.id)),
  ]);
  return { attribute, labels: Object.fromEntries(labels.map((row) => [row.locale, row.label])) as Partial<Record<LocaleCode, string>>, options };
}

/** The attribute's label per locale (an empty one is removed: the code shows instead) and its filter flag. */
export async function saveAttribute(
  db: Database,
  staffId: number,
  attributeId: number,
  input: { isFilterable: boolean; labels: Partial<Record<LocaleCode, string>> },
): Promise<boolean> {
  return retryingTransaction(db, async (tx) => {
    const [attribute] = await tx.select().from(attributes).where(eq(attributes.id, attributeId)).for('update');
    if (!attribute) return false;
    const before = await tx
      .select({ locale: attributeTranslations.locale, label: attributeTranslations.label })
      .from(attributeTranslations)
      .where(eq(attributeTranslations.attributeId, attributeId));
    await tx.update(attributes).set({ isFilterable: input.isFilterable }).where(eq(attributes.id, attributeId));
    for (const locale of localeCodes) {
      const label = input.labels[locale]?.trim().slice(0, 100);
      if (label)
        await tx
          .insert(attributeTranslations)
          .values({ attributeId, locale, label })
          .onConflictDoUpdate({ target: [attributeTranslations.attributeId, attributeTranslations.locale], set: { label } });
      else await tx.delete(attributeTranslations).where(and(eq(attributeTranslations.attributeId, attributeId), eq(attributeTranslations.locale, locale)));
    }
    await recordAudit(tx, {
      staffId,
      action: 'attribute.update',
      entity: 'attribute',
      entityId: attributeId,
      before: { isFilterable: attribute.isFilterable, labels: before },
      after: input,
    });
    return true;
  });
}

/** Labels of the attribute's options in one locale; an empty label is removed (English shows instead). */
export async function saveOptionLabels(
  db: Database,
  staffId: number,
  attributeId: number,
  locale: LocaleCode,
  labels: Record<number, string>,
): Promise<boolean> {
  const saved = await retryingTransaction(db, async (tx) => {
    const options = await tx.select({ id: attributeOptions.id }).from(attributeOptions).where(eq(attributeOptions.attributeId, attributeId));
    if (options.length === 0) return false;
    const ids = options.map((option) => option.id).filter((id) => id in labels);
    const before = ids.length
      ? await tx
          .select()
          .from(attributeOptionTranslations)
          .where(and(inArray(attributeOptionTranslations.optionId, ids), eq(attributeOptionTranslations.locale, locale)))
      : [];
    for (const optionId of ids) {
      const label = labels[optionId]!.trim().slice(0, 100);
      if (label)
        await tx
          .insert(attributeOptionTranslations)
          .values({ optionId, locale, label })
          .onConflictDoUpdate({ target: [attributeOptionTranslations.optionId, attributeOptionTranslations.locale], set: { label } });
      else
        await tx
          .delete(attributeOptionTranslations)
          .where(and(eq(attributeOptionTranslations.optionId, optionId), eq(attributeOptionTranslations.locale, locale)));
    }
    await recordAudit(tx, {
      staffId,
      action: 'attribute.option-labels',
      entity: 'attribute',
      entityId: attributeId,
      before: { locale, labels: before.map((row) => [row.optionId, row.label]) },
      after: { locale, labels: ids.map((id) => [id, labels[id]]) },
    });
    return true;
  });
  if (saved) {
    // Option labels are search keywords of the products that have them ("schwarz" finds black cord).
    const labelled = await db
      .selectDistinct({ productId: productAttributeValues.productId })
      .from(productAttributeValues)
      .innerJoin(attributeOptions, eq(attributeOptions.id, productAttributeValues.optionId))
      .where(eq(attributeOptions.attributeId, attributeId));
    await refreshProductSearchDocuments(
      db,
      labelled.map((row) => row.productId),
    );
  }
  return saved;
}

export type AddOptionResult = { ok: true } | { ok: false; reason: 'not-found' | 'code-invalid' | 'code-taken' | 'label-missing' };

/** A new option at the end of the attribute's list, labelled in English to begin with. */
export async function addAttributeOption(db: Database, staffId: number, attributeId: number, code: string, englishLabel: string): Promise<AddOptionResult> {
  if (!/^[a-z0-9][a-z0-9_-]{0,63}$/.test(code)) return { ok: false, reason: 'code-invalid' };
  if (!englishLabel.trim()) return { ok: false, reason: 'label-missing' };
  return retryingTransaction(db, async (tx): Promise<AddOptionResult> => {
    const [attribute] = await tx
      .select({ id: attributes.id, valueType: attributes.valueType })
      .from(attributes)
      .where(eq(attributes.id, attributeId))
      .for('update');
    if (!attribute || attribute.valueType !== 'select') return { ok: false, reason: 'not-found' };
    const [taken] = await tx
      .select({ id: attributeOptions.id })
      .from(attributeOptions)
      .where(and(eq(attributeOptions.attributeId, attributeId), eq(attributeOptions.code, code)));
    if (taken) return { ok: false, reason: 'code-taken' };
    const [last] = await tx
      .select({ position: sql<number>`coalesce(max(${attributeOptions.position}), -1)::int` })
      .from(attributeOptions)
      .where(eq(attributeOptions.attributeId, attributeId));
    const [option] = await tx
      .insert(attributeOptions)
      .values({ attributeId, code, position: (last?.position ?? -1) + 1 })
      .returning({ id: attributeOptions.id });
    await tx.insert(attributeOptionTranslations).values({ optionId: option!.id, locale: 'en', label: englishLabel.trim().slice(0, 100) });
    await recordAudit(tx, {
      staffId,
      action: 'attribute.option-add',
      entity: 'attribute',
      entityId: attributeId,
      after: { optionId: option!.id, code, label: englishLabel },
    });
    return { ok: true };
  });
}
