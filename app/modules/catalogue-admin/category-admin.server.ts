/**
 * The category tree in the admin (issue 16): create, rename per locale (each locale has its own
 * path), move among siblings, the hand-made order of products in a category, texts. A path that
 * changes (the category's own and those of every category below it) leaves a 301 from the old one.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Queryable } from '#app/db/client.server.ts';
import { retryingTransaction } from '#app/db/transaction.server.ts';
import { categories, categoryTranslations, productCategories, products, productTranslations } from '#app/db/schema.ts';
import { recordAudit } from '#app/lib/observability/audit.server.ts';
import type { FieldError } from '#app/lib/forms/field-errors.ts';
import { type LocaleCode, localeCodes } from '#app/modules/i18n/locales.ts';
import { swapped } from '#app/modules/catalogue/reorder.ts';
import { refreshCategorySearchDocuments } from '#app/modules/search/search-index.server.ts';
import { keepOldPath } from '#app/modules/catalogue/url-redirects.server.ts';

export const urlSegmentPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const codePattern = /^[a-z0-9][a-z0-9-]{0,63}$/;

/** Every category in tree order (parents before their children, siblings by position). */
export async function categoryTreeForAdmin(db: Database, locale: LocaleCode) {
  const rows = await db
    .select({
      id: categories.id,
      code: categories.code,
      parentId: categories.parentId,
      level: categories.level,
      position: categories.position,
      isActive: categories.isActive,
      name: sql<string>`coalesce(${categoryTranslations.name}, ${categories.code})`,
      products: sql<number>`(select count(*)::int from ${productCategories} pc where pc.category_id = ${categories.id})`,
      locales: sql<number>`(select count(*)::int from ${categoryTranslations} ct where ct.category_id = ${categories.id})`,
    })
    .from(categories)
    .leftJoin(categoryTranslations, and(eq(categoryTranslations.categoryId, categories.id), eq(categoryTranslations.locale, locale)))
    .orderBy(asc(categories.position), asc(categories.id));
  const ordered: typeof rows = [];
  const visit = (parentId: number | null) => {
    for (const row of rows.filter((candidate) => candidate.parentId === parentId)) {
      ordered.push(row);
      visit(row.id);
    }
  };
  visit(null);
  return ordered;
}

export interface CategoryText {
  name: string;
  urlSegment: string;
  description: string;
  metaTitle: string;
  metaDescription: string;
}

export async function categoryForEditing(db: Database, categoryId: number, locale: LocaleCode, productPage: { offset: number; limit: number }) {
  const [category] = await db.select().from(categories).where(eq(categories.id, categoryId));
  if (!category) return null;
  const [texts, productRows, [count]] = await Promise.all([
    db.select().from(categoryTranslations).where(eq(categoryTranslations.categoryId, categoryId)),
    db
      .select({
        id: products.id,
        sku: products.sku,
        position: productCategories.position,
        name: sql<string>`coalesce(${productTranslations.name}, ${products.sku})`,
      })
      .from(productCategories)
      .innerJoin(products, eq(products.id, productCategories.productId))
      .leftJoin(productTranslations, and(eq(productTranslations.productId, products.id), eq(productTranslations.locale, locale)))
      .where(eq(productCategories.categoryId, categoryId))
      .orderBy(asc(productCategories.position), asc(products.id))
      .limit(productPage.limit)
      .offset(productPage.offset),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(productCategories)
      .where(eq(productCategories.categoryId, categoryId)),
  ]);
  return {
    category,
    texts: Object.fromEntries(
      texts.map((row) => [
        row.locale,
        {
          name: row.name,
          urlSegment: row.urlSegment,
          urlPath: row.urlPath,
          description: row.description ?? '',
          metaTitle: row.metaTitle ?? '',
          metaDescription: row.metaDescription ?? '',
        },
      ]),
    ) as Partial<Record<LocaleCode, CategoryText & { urlPath: string }>>,
    products: productRows,
    productCount: count?.count ?? 0,
  };
}

export type CategoryWriteResult =
  { ok: true; categoryId: number } | { ok: false; reason: 'not-found' } | { ok: false; reason: 'invalid'; fieldErrors: Record<string, FieldError> };

/** A new category below `parentId` (or at the top), named in one locale to begin with. */
export async function createCategory(
  db: Database,
  staffId: number,
  input: { parentId: number | null; code: string; locale: LocaleCode; name: string; urlSegment: string },
): Promise<CategoryWriteResult> {
  const result = await insertCategory(db, staffId, input);
  if (result.ok) await refreshCategorySearchDocuments(db, [result.categoryId]);
  return result;
}

async function insertCategory(
  db: Database,
  staffId: number,
  input: { parentId: number | null; code: string; locale: LocaleCode; name: string; urlSegment: string },
): Promise<CategoryWriteResult> {
  const errors: Record<string, FieldError> = {};
  if (!codePattern.test(input.code)) errors.code = { key: 'admin.catalogue.errors.code' };
  if (!input.name.trim()) errors.name = { key: 'validation.required' };
  if (!urlSegmentPattern.test(input.urlSegment)) errors.urlSegment = { key: 'admin.catalogue.errors.urlKey' };
  if (Object.keys(errors).length > 0) return { ok: false, reason: 'invalid', fieldErrors: errors };
  return retryingTransaction(db, async (tx): Promise<CategoryWriteResult> => {
    const [parent] = input.parentId
      ? await tx.select({ id: categories.id, level: categories.level }).from(categories).where(eq(categories.id, input.parentId))
      : [];
    if (input.parentId && !parent) return { ok: false, reason: 'not-found' };
    const [taken] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.code, input.code));
    if (taken) return { ok: false, reason: 'invalid', fieldErrors: { code: { key: 'admin.catalogue.errors.codeTaken' } } };
    const parentPath = parent
      ? (
          await tx
            .select({ urlPath: categoryTranslations.urlPath })
            .from(categoryTranslations)
            .where(and(eq(categoryTranslations.categoryId, parent.id), eq(categoryTranslations.locale, input.locale)))
        )[0]?.urlPath
      : '';
    if (parentPath === undefined) return { ok: false, reason: 'invalid', fieldErrors: { parentId: { key: 'admin.catalogue.errors.parentUntranslated' } } };
    const urlPath = parentPath ? `${parentPath}/${input.urlSegment}` : input.urlSegment;
    const [clash] = await tx
      .select({ id: categoryTranslations.categoryId })
      .from(categoryTranslations)
      .where(and(eq(categoryTranslations.locale, input.locale), eq(categoryTranslations.urlPath, urlPath)));
    if (clash) return { ok: false, reason: 'invalid', fieldErrors: { urlSegment: { key: 'admin.catalogue.errors.urlKeyTaken' } } };
    const [last] = await tx
      .select({ position: sql<number>`coalesce(max(${categories.position}), -1)::int` })
      .from(categories)
      .where(parent ? eq(categories.parentId, parent.id) : sql`${categories.parentId} is null`);
    const [created] = await tx
      .insert(categories)
      .values({ code: input.code, parentId: parent?.id ?? null, level: (parent?.level ?? 0) + 1, position: (last?.position ?? -1) + 1 })
      .returning({ id: categories.id });
    await tx
      .insert(categoryTranslations)
      .values({ categoryId: created!.id, locale: input.locale, name: input.name.trim(), urlSegment: input.urlSegment, urlPath });
    await recordAudit(tx, { staffId, action: 'category.create', entity: 'category', entityId: created!.id, after: { ...input, urlPath } });
    return { ok: true, categoryId: created!.id };
  });
}

/** The whole subtree of a category (itself first), for path changes. */
async function subtreeIds(tx: Queryable, categoryId: number): Promise<number[]> {
  const ids = [categoryId];
  for (let frontier = [categoryId]; frontier.length > 0;) {
    const children = await tx.select({ id: categories.id }).from(categories).where(inArray(categories.parentId, frontier));
    frontier = children.map((child) => child.id);
    ids.push(...frontier);
  }
  return ids;
}

/**
 * A category's path in one locale went from `from` to `to` (its own row already says `to`): the
 * paths of the categories below it follow ('old/child' becomes 'new/child') and every old path
 * answers 301.
 */
async function pathsFollow(tx: Queryable, locale: LocaleCode, descendantIds: number[], from: string, to: string): Promise<void> {
  await keepOldPath(tx, locale, from, to);
  if (descendantIds.length === 0) return;
  const below = await tx
    .select({ categoryId: categoryTranslations.categoryId, urlPath: categoryTranslations.urlPath })
    .from(categoryTranslations)
    .where(and(eq(categoryTranslations.locale, locale), inArray(categoryTranslations.categoryId, descendantIds)));
  for (const row of below.filter((entry) => entry.urlPath.startsWith(`${from}/`))) {
    const moved = `${to}${row.urlPath.slice(from.length)}`;
    await tx
      .update(categoryTranslations)
      .set({ urlPath: moved })
      .where(and(eq(categoryTranslations.categoryId, row.categoryId), eq(categoryTranslations.locale, locale)));
    await keepOldPath(tx, locale, row.urlPath, moved);
  }
}

/**
 * Names, path segments and texts per locale. A locale left empty keeps what it had; a changed
 * segment changes the path of the category and of everything below it in that locale, and each
 * old path answers 301.
 */
export async function saveCategoryTexts(
  db: Database,
  staffId: number,
  categoryId: number,
  texts: Partial<Record<LocaleCode, CategoryText>>,
): Promise<CategoryWriteResult> {
  const errors: Record<string, FieldError> = {};
  for (const [locale, text] of Object.entries(texts)) {
    if (!text.name.trim()) errors[`name.${locale}`] = { key: 'validation.required' };
    if (!urlSegmentPattern.test(text.urlSegment)) errors[`urlSegment.${locale}`] = { key: 'admin.catalogue.errors.urlKey' };
  }
  if (Object.keys(errors).length > 0) return { ok: false, reason: 'invalid', fieldErrors: errors };
  let subtree: number[] = [categoryId];
  const result = await retryingTransaction(db, async (tx): Promise<CategoryWriteResult> => {
    const [category] = await tx.select().from(categories).where(eq(categories.id, categoryId)).for('update');
    if (!category) return { ok: false, reason: 'not-found' };
    const before = await tx.select().from(categoryTranslations).where(eq(categoryTranslations.categoryId, categoryId));
    subtree = await subtreeIds(tx, categoryId);
    for (const locale of localeCodes) {
      const text = texts[locale];
      if (!text) continue;
      const [parentText] = category.parentId
        ? await tx
            .select({ urlPath: categoryTranslations.urlPath })
            .from(categoryTranslations)
            .where(and(eq(categoryTranslations.categoryId, category.parentId), eq(categoryTranslations.locale, locale)))
        : [{ urlPath: '' }];
      if (!parentText) {
        errors[`urlSegment.${locale}`] = { key: 'admin.catalogue.errors.parentUntranslated' };
        continue;
      }
      const newPath = parentText.urlPath ? `${parentText.urlPath}/${text.urlSegment}` : text.urlSegment;
      const old = before.find((row) => row.locale === locale);
      const values = {
        name: text.name.trim(),
        urlSegment: text.urlSegment,
        urlPath: newPath,
        description: text.description.trim() || null,
        metaTitle: text.metaTitle.trim() || null,
        metaDescription: text.metaDescription.trim() || null,
      };
      if (old && old.urlPath !== newPath) {
        const [clash] = await tx
          .select({ id: categoryTranslations.categoryId })
          .from(categoryTranslations)
          .where(and(eq(categoryTranslations.locale, locale), eq(categoryTranslations.urlPath, newPath)));
        if (clash) {
          errors[`urlSegment.${locale}`] = { key: 'admin.catalogue.errors.urlKeyTaken' };
          continue;
        }
        await tx
          .update(categoryTranslations)
          .set(values)
          .where(and(eq(categoryTranslations.categoryId, categoryId), eq(categoryTranslations.locale, locale)));
        await pathsFollow(tx, locale, subtree.slice(1), old.urlPath, newPath);
      } else {
        const [clash] = old
          ? []
          : await tx
              .select({ id: categoryTranslations.categoryId })
              .from(categoryTranslations)
              .where(and(eq(categoryTranslations.locale, locale), eq(categoryTranslations.urlPath, newPath)));
        if (clash) {
          errors[`urlSegment.${locale}`] = { key: 'admin.catalogue.errors.urlKeyTaken' };
          continue;
        }
        await tx
          .insert(categoryTranslations)
          .values({ categoryId, locale, ...values })
          .onConflictDoUpdate({ target: [categoryTranslations.categoryId, categoryTranslations.locale], set: values });
      }
    }
    if (Object.keys(errors).length > 0) {
      // Nothing half-saved: the transaction is rolled back by throwing, and the errors answered.
      throw new CategoryRefusal(errors);
    }
    const after = await tx.select().from(categoryTranslations).where(eq(categoryTranslations.categoryId, categoryId));
    await recordAudit(tx, { staffId, action: 'category.update', entity: 'category', entityId: categoryId, before, after });
    return { ok: true, categoryId };
  }).catch((error: unknown) => {
    if (error instanceof CategoryRefusal) return { ok: false as const, reason: 'invalid' as const, fieldErrors: error.fieldErrors };
    throw error;
  });
  // Names and paths of the category and everything below it changed in the search too.
  if (result.ok) await refreshCategorySearchDocuments(db, subtree);
  return result;
}

/** Thrown inside the transaction so nothing is half-saved; answered as field errors. */
class CategoryRefusal extends Error {
  readonly fieldErrors: Record<string, FieldError>;
  constructor(fieldErrors: Record<string, FieldError>) {
    super('refused');
    this.fieldErrors = fieldErrors;
  }
}

/** Swaps a category with its neighbour among its siblings (positions renumbered 0…n). */
export async function moveCategory(db: Database, staffId: number, categoryId: number, direction: 'up' | 'down'): Promise<boolean> {
  return retryingTransaction(db, async (tx) => {
    const [category] = await tx.select({ parentId: categories.parentId }).from(categories).where(eq(categories.id, categoryId));
    if (!category) return false;
    const siblings = await tx
      .select({ id: categories.id })
      .from(categories)
      .where(category.parentId === null ? sql`${categories.parentId} is null` : eq(categories.parentId, category.parentId))
      .orderBy(asc(categories.position), asc(categories.id))
      .for('update');
    const order = swapped(
      siblings.map((sibling) => sibling.id),
      categoryId,
      direction,
    );
    for (const [position, id] of order.entries()) await tx.update(categories).set({ position }).where(eq(categories.id, id));
    await recordAudit(tx, {
      staffId,
      action: 'category.move',
      entity: 'category',
      entityId: categoryId,
      before: { order: siblings.map((sibling) => sibling.id) },
      after: { order },
    });
    return true;
  });
}

/** The categories a category may move below: any but itself and those below it (no cycle). */
export function allowedParents<T extends { id: number; parentId: number | null }>(tree: T[], categoryId: number): T[] {
  const excluded = new Set([categoryId]);
  // The tree comes parents first, so one pass finds every descendant.
  for (const row of tree) if (row.parentId !== null && excluded.has(row.parentId)) excluded.add(row.id);
  return tree.filter((row) => !excluded.has(row.id));
}

/**
 * Moves a category (with everything below it) under another parent, or to the top level with
 * `null`. In every locale it has a path, the path becomes the new parent's path plus its own
 * segment, the paths below follow, and each old path answers 301. Refused: a parent inside its
 * own subtree (a cycle), a parent without a path in one of its locales, a path already taken.
 */
export async function moveCategoryToParent(db: Database, staffId: number, categoryId: number, parentId: number | null): Promise<CategoryWriteResult> {
  let subtree: number[] = [categoryId];
  const result = await retryingTransaction(db, async (tx): Promise<CategoryWriteResult> => {
    const [category] = await tx.select().from(categories).where(eq(categories.id, categoryId)).for('update');
    if (!category) return { ok: false, reason: 'not-found' };
    if (category.parentId === parentId) return { ok: true, categoryId };
    subtree = await subtreeIds(tx, categoryId);
    if (parentId !== null && subtree.includes(parentId)) return refused('admin.catalogue.errors.parentCycle');
    const [parent] = parentId === null ? [] : await tx.select().from(categories).where(eq(categories.id, parentId));
    if (parentId !== null && !parent) return { ok: false, reason: 'not-found' };
    const own = await tx.select().from(categoryTranslations).where(eq(categoryTranslations.categoryId, categoryId));
    const parentPaths = parent ? await tx.select().from(categoryTranslations).where(eq(categoryTranslations.categoryId, parent.id)) : [];
    const moves: { locale: LocaleCode; from: string; to: string }[] = [];
    for (const text of own) {
      const locale = text.locale as LocaleCode;
      const parentPath = parent ? parentPaths.find((row) => row.locale === locale)?.urlPath : '';
      if (parentPath === undefined) return refused('admin.catalogue.errors.parentUntranslated');
      const to = parentPath ? `${parentPath}/${text.urlSegment}` : text.urlSegment;
      const [clash] = await tx
        .select({ id: categoryTranslations.categoryId })
        .from(categoryTranslations)
        .where(and(eq(categoryTranslations.locale, locale), eq(categoryTranslations.urlPath, to)));
      if (clash) return refused('admin.catalogue.errors.urlKeyTaken');
      moves.push({ locale, from: text.urlPath, to });
    }
    const [last] = await tx
      .select({ position: sql<number>`coalesce(max(${categories.position}), -1)::int` })
      .from(categories)
      .where(parent ? eq(categories.parentId, parent.id) : sql`${categories.parentId} is null`);
    await tx
      .update(categories)
      .set({ parentId, position: (last?.position ?? -1) + 1 })
      .where(eq(categories.id, categoryId));
    // Levels of the whole subtree shift by as much as the category's own.
    const shift = (parent?.level ?? 0) + 1 - category.level;
    if (shift !== 0)
      await tx
        .update(categories)
        .set({ level: sql`${categories.level} + ${shift}` })
        .where(inArray(categories.id, subtree));
    for (const { locale, from, to } of moves) {
      await tx
        .update(categoryTranslations)
        .set({ urlPath: to })
        .where(and(eq(categoryTranslations.categoryId, categoryId), eq(categoryTranslations.locale, locale)));
      await pathsFollow(tx, locale, subtree.slice(1), from, to);
    }
    await recordAudit(tx, {
      staffId,
      action: 'category.reparent',
      entity: 'category',
      entityId: categoryId,
      before: { parentId: category.parentId, paths: moves.map(({ locale, from }) => ({ locale, path: from })) },
      after: { parentId, paths: moves.map(({ locale, to }) => ({ locale, path: to })) },
    });
    return { ok: true, categoryId };
  });
  if (result.ok) await refreshCategorySearchDocuments(db, subtree);
  return result;
}

const refused = (key: string): CategoryWriteResult => ({ ok: false, reason: 'invalid', fieldErrors: { parentId: { key } } });

/** Moves a product one place up or down in a category's hand-made order. */
export async function moveProductInCategory(db: Database, staffId: number, categoryId: number, productId: number, direction: 'up' | 'down'): Promise<boolean> {
  return retryingTransaction(db, async (tx) => {
    const rows = await tx
      .select({ productId: productCategories.productId, position: productCategories.position })
      .from(productCategories)
      .where(eq(productCategories.categoryId, categoryId))
      .orderBy(asc(productCategories.position), asc(productCategories.productId))
      .for('update');
    if (!rows.some((row) => row.productId === productId)) return false;
    const before = rows.map((row) => row.productId);
    const order = swapped(before, productId, direction);
    const stored = new Map(rows.map((row) => [row.productId, row.position]));
    for (const [position, id] of order.entries()) {
      if (stored.get(id) !== position)
        await tx
          .update(productCategories)
          .set({ position })
          .where(and(eq(productCategories.categoryId, categoryId), eq(productCategories.productId, id)));
    }
    await recordAudit(tx, { staffId, action: 'category.sort-products', entity: 'category', entityId: categoryId, after: { productId, direction } });
    return true;
  });
}
