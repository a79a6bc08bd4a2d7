/**
 * The FAQ as editors keep it in the back office (issue 16): categories (a tree) and their
 * questions, each with a text per store, an order among its siblings, and a published flag.
 * Answers are stored as typed and shown through the spec §5 sanitiser, like the storefront does.
 */
import { and, asc, count, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import type { Database, Queryable } from '#app/db/client.server.ts';
import { isUniqueViolation } from '#app/db/errors.ts';
import { faqCategories, faqCategoryTranslations, faqQuestions, faqQuestionTranslations } from '#app/db/schema.ts';
import { recordAudit } from '#app/lib/observability/audit.server.ts';
import { contentSlug } from '#app/modules/content/content-pages-admin.server.ts';
import { movedOrder } from '#app/modules/content/item-order.ts';
import type { LocaleCode } from '#app/modules/i18n/locales.ts';

export type FaqKind = 'category' | 'question';
/** How the audit log names each kind. */
const faqEntity = { category: 'faqCategory', question: 'faqQuestion' } as const;

interface AdminFaqItem {
  id: number;
  code: string;
  isPublished: boolean;
  title: string;
  /** the stores that have a text */
  locales: string[];
}

export interface AdminFaqCategory extends AdminFaqItem {
  parentId: number | null;
  depth: number;
  questions: AdminFaqItem[];
}

/** The English text names an item in the list; another store's when there is no English one. */
function titled<Row extends { id: number; locale: string | null; title: string | null }>(rows: Row[]) {
  const items = new Map<number, { row: Row; title: string; locales: string[] }>();
  for (const row of rows) {
    const item = items.get(row.id) ?? { row, title: '', locales: [] };
    if (row.locale) {
      item.locales.push(row.locale);
      if (row.locale === 'en' || !item.title) item.title = row.title ?? '';
    }
    items.set(row.id, item);
  }
  return [...items.values()];
}

/** Every category in tree order (a parent before its children), each with its questions in order. */
export async function listFaqForAdmin(db: Database): Promise<AdminFaqCategory[]> {
  const categoryRows = await db
    .select({
      id: faqCategories.id,
      code: faqCategories.code,
      parentId: faqCategories.parentId,
      isPublished: faqCategories.isPublished,
      locale: faqCategoryTranslations.locale,
      title: faqCategoryTranslations.title,
    })
    .from(faqCategories)
    .leftJoin(faqCategoryTranslations, eq(faqCategoryTranslations.categoryId, faqCategories.id))
    .orderBy(asc(faqCategories.position), asc(faqCategories.id));
  const questionRows = await db
    .select({
      id: faqQuestions.id,
      code: faqQuestions.code,
      categoryId: faqQuestions.categoryId,
      isPublished: faqQuestions.isPublished,
      locale: faqQuestionTranslations.locale,
      title: faqQuestionTranslations.question,
    })
    .from(faqQuestions)
    .leftJoin(faqQuestionTranslations, eq(faqQuestionTranslations.questionId, faqQuestions.id))
    .orderBy(asc(faqQuestions.position), asc(faqQuestions.id));
  const questions = titled(questionRows);
  const categories = titled(categoryRows);
  const tree = (parentId: number | null, depth: number): AdminFaqCategory[] =>
    categories
      .filter(({ row }) => row.parentId === parentId)
      .flatMap(({ row, title, locales }) => [
        {
          id: row.id,
          code: row.code,
          isPublished: row.isPublished,
          title,
          locales,
          parentId,
          depth,
          questions: questions
            .filter((question) => question.row.categoryId === row.id)
            .map((question) => ({
              id: question.row.id,
              code: question.row.code,
              isPublished: question.row.isPublished,
              title: question.title,
              locales: question.locales,
            })),
        },
        ...tree(row.id, depth + 1),
      ]);
  return tree(null, 0);
}

export async function faqCategoryText(db: Queryable, categoryId: number, locale: LocaleCode) {
  const [category] = await db.select({ id: faqCategories.id, code: faqCategories.code }).from(faqCategories).where(eq(faqCategories.id, categoryId));
  if (!category) return null;
  const [text] = await db
    .select()
    .from(faqCategoryTranslations)
    .where(and(eq(faqCategoryTranslations.categoryId, categoryId), eq(faqCategoryTranslations.locale, locale)));
  return { category, text: text ?? null };
}

export async function faqQuestionText(db: Queryable, questionId: number, locale: LocaleCode) {
  const [question] = await db
    .select({ id: faqQuestions.id, code: faqQuestions.code, categoryId: faqQuestions.categoryId })
    .from(faqQuestions)
    .where(eq(faqQuestions.id, questionId));
  if (!question) return null;
  const [text] = await db
    .select()
    .from(faqQuestionTranslations)
    .where(and(eq(faqQuestionTranslations.questionId, questionId), eq(faqQuestionTranslations.locale, locale)));
  return { question, text: text ?? null };
}

export const faqCategoryFields = ['title', 'slug', 'description'] as const;
export const faqCategorySchema = z.object({
  title: z.string().trim().min(1, 'validation.required').max(200, 'validation.invalid'),
  slug: contentSlug,
  description: z.string().trim().max(500, 'validation.invalid'),
});

export const faqQuestionFields = ['question', 'answerHtml'] as const;
export const faqQuestionSchema = z.object({
  question: z.string().trim().min(1, 'validation.required').max(300, 'validation.invalid'),
  answerHtml: z.string().trim().min(1, 'validation.required').max(50_000, 'validation.invalid'),
});

/** Saves one store's text of a category; 'slug-taken' when another category of the store has the slug. */
export async function saveFaqCategoryText(
  db: Database,
  staffId: number,
  categoryId: number,
  locale: LocaleCode,
  input: z.output<typeof faqCategorySchema>,
): Promise<{ ok: true } | { ok: false; reason: 'not-found' | 'slug-taken' }> {
  try {
    return await db.transaction(async (tx) => {
      const found = await faqCategoryText(tx, categoryId, locale);
      if (!found) return { ok: false, reason: 'not-found' } as const;
      await tx
        .insert(faqCategoryTranslations)
        .values({ categoryId, locale, ...input })
        .onConflictDoUpdate({ target: [faqCategoryTranslations.categoryId, faqCategoryTranslations.locale], set: input });
      await recordAudit(tx, {
        staffId,
        action: 'faqCategory.update',
        entity: 'faqCategory',
        entityId: `${categoryId}:${locale}`,
        before: found.text,
        after: input,
      });
      return { ok: true } as const;
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: 'slug-taken' };
    throw error;
  }
}

/** Saves one store's question and answer; false when the question is gone. */
export async function saveFaqQuestionText(db: Database, staffId: number, questionId: number, locale: LocaleCode, input: z.output<typeof faqQuestionSchema>) {
  return db.transaction(async (tx) => {
    const found = await faqQuestionText(tx, questionId, locale);
    if (!found) return false;
    await tx
      .insert(faqQuestionTranslations)
      .values({ questionId, locale, ...input })
      .onConflictDoUpdate({ target: [faqQuestionTranslations.questionId, faqQuestionTranslations.locale], set: input });
    await recordAudit(tx, {
      staffId,
      action: 'faqQuestion.update',
      entity: 'faqQuestion',
      entityId: `${questionId}:${locale}`,
      before: found.text,
      after: input,
    });
    return true;
  });
}

const code = z
  .string()
  .trim()
  .min(1, 'validation.required')
  .max(60, 'validation.invalid')
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'admin.faq.codeInvalid');

export const newFaqItemFields = ['code', 'parentId'] as const;
/** A new category (parentId: '' for a top-level one) or question (parentId: its category). */
export const newFaqItemSchema = z.object({
  code,
  parentId: z.string().transform((value) => (/^\d{1,9}$/.test(value) ? Number(value) : null)),
});

/**
 * Adds a category or question at the end of its siblings, hidden until it has its texts:
 * 'code-taken' when the code is in use (per FAQ for categories, per category for questions).
 */
export async function createFaqItem(
  db: Database,
  staffId: number,
  kind: FaqKind,
  input: z.output<typeof newFaqItemSchema>,
): Promise<{ ok: true; id: number } | { ok: false; reason: 'code-taken' | 'no-category' }> {
  if (kind === 'question' && input.parentId === null) return { ok: false, reason: 'no-category' };
  try {
    return await db.transaction(async (tx) => {
      if (input.parentId !== null) {
        const [parent] = await tx.select({ id: faqCategories.id }).from(faqCategories).where(eq(faqCategories.id, input.parentId));
        if (!parent) return { ok: false, reason: 'no-category' } as const;
      }
      const position = (await siblingsOf(tx, kind, input.parentId)).length;
      const [row] =
        kind === 'category'
          ? await tx
              .insert(faqCategories)
              .values({ code: input.code, parentId: input.parentId, position, isPublished: false })
              .returning({ id: faqCategories.id })
          : await tx
              .insert(faqQuestions)
              .values({ code: input.code, categoryId: input.parentId!, position, isPublished: false })
              .returning({ id: faqQuestions.id });
      await recordAudit(tx, {
        staffId,
        action: `${faqEntity[kind]}.create`,
        entity: faqEntity[kind],
        entityId: row!.id,
        after: input,
      });
      return { ok: true, id: row!.id } as const;
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: 'code-taken' };
    throw error;
  }
}

/** The ids of a category's (or the top level's) subcategories or of its questions, in their order. */
async function siblingsOf(db: Queryable, kind: FaqKind, parentId: number | null): Promise<number[]> {
  const rows =
    kind === 'category'
      ? await db
          .select({ id: faqCategories.id })
          .from(faqCategories)
          .where(parentId === null ? isNull(faqCategories.parentId) : eq(faqCategories.parentId, parentId))
          .orderBy(asc(faqCategories.position), asc(faqCategories.id))
      : await db
          .select({ id: faqQuestions.id })
          .from(faqQuestions)
          .where(eq(faqQuestions.categoryId, parentId ?? 0))
          .orderBy(asc(faqQuestions.position), asc(faqQuestions.id));
  return rows.map((row) => row.id);
}

async function itemOf(db: Queryable, kind: FaqKind, id: number) {
  const [row] =
    kind === 'category'
      ? await db.select({ parentId: faqCategories.parentId, isPublished: faqCategories.isPublished }).from(faqCategories).where(eq(faqCategories.id, id))
      : await db.select({ parentId: faqQuestions.categoryId, isPublished: faqQuestions.isPublished }).from(faqQuestions).where(eq(faqQuestions.id, id));
  return row ?? null;
}

async function updateItem(db: Queryable, kind: FaqKind, id: number, values: { position?: number; isPublished?: boolean }) {
  if (kind === 'category') await db.update(faqCategories).set(values).where(eq(faqCategories.id, id));
  else await db.update(faqQuestions).set(values).where(eq(faqQuestions.id, id));
}

/** Publishes or hides a category (with what is below it) or a question; false when it is gone. */
export async function setFaqItemPublished(db: Database, staffId: number, kind: FaqKind, id: number, isPublished: boolean) {
  return db.transaction(async (tx) => {
    const before = await itemOf(tx, kind, id);
    if (!before) return false;
    await updateItem(tx, kind, id, { isPublished });
    await recordAudit(tx, {
      staffId,
      action: `${faqEntity[kind]}.${isPublished ? 'publish' : 'unpublish'}`,
      entity: faqEntity[kind],
      entityId: id,
      before,
      after: { isPublished },
    });
    return true;
  });
}

/** Moves an item one place up or down among its siblings (renumbering them 0, 1, 2...); false when it is gone. */
export async function moveFaqItem(db: Database, staffId: number, kind: FaqKind, id: number, direction: 'up' | 'down') {
  return db.transaction(async (tx) => {
    const item = await itemOf(tx, kind, id);
    if (!item) return false;
    const order = movedOrder(await siblingsOf(tx, kind, item.parentId), id, direction);
    if (!order) return true;
    for (const [position, sibling] of order.entries()) await updateItem(tx, kind, sibling, { position });
    await recordAudit(tx, {
      staffId,
      action: `${faqEntity[kind]}.move`,
      entity: faqEntity[kind],
      entityId: id,
      after: { direction, position: order.indexOf(id) },
    });
    return true;
  });
}

/**
 * Deletes a question, or a category that has no questions and no subcategories left (so one click
 * cannot take a whole topic away): 'not-empty' otherwise.
 */
export async function deleteFaqItem(db: Database, staffId: number, kind: FaqKind, id: number): Promise<'deleted' | 'not-found' | 'not-empty'> {
  return db.transaction(async (tx) => {
    const before = await itemOf(tx, kind, id);
    if (!before) return 'not-found';
    if (kind === 'category') {
      const [children] = await tx.select({ value: count() }).from(faqCategories).where(eq(faqCategories.parentId, id));
      const [questions] = await tx.select({ value: count() }).from(faqQuestions).where(eq(faqQuestions.categoryId, id));
      if ((children?.value ?? 0) + (questions?.value ?? 0) > 0) return 'not-empty';
      await tx.delete(faqCategories).where(eq(faqCategories.id, id));
    } else {
      await tx.delete(faqQuestions).where(eq(faqQuestions.id, id));
    }
    await recordAudit(tx, { staffId, action: `${faqEntity[kind]}.delete`, entity: faqEntity[kind], entityId: id, before });
    return 'deleted';
  });
}
