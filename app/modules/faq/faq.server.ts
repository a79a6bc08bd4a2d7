import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '#app/db/client.server.ts';
import { faqCategories, faqCategoryTranslations, faqQuestions, faqQuestionTranslations } from '#app/db/schema.ts';
import { type LocaleCode, storefrontByCode } from '#app/modules/i18n/locales.ts';
import { sanitizeContentHtml } from '#app/modules/rich-text/sanitize-content.server.ts';
import { onShow } from '#app/modules/schedule/content-schedule.server.ts';
import { faqPath } from './faq-paths.ts';

interface CategoryRow {
  id: number;
  parentId: number | null;
  position: number;
  locale: string;
  slug: string;
  title: string;
  description: string;
}

export interface FaqCategoryLink {
  id: number;
  title: string;
  description: string;
  /** path below the storefront prefix, e.g. 'faq/which-cord/paracord-types' */
  path: string;
  children: FaqCategoryLink[];
}

/** Every category in every locale, with each one's path (its ancestors' slugs and its own) per locale. */
async function categoryTree(db: Database) {
  const rows: CategoryRow[] = await db
    .select({
      id: faqCategories.id,
      parentId: faqCategories.parentId,
      position: faqCategories.position,
      locale: faqCategoryTranslations.locale,
      slug: faqCategoryTranslations.slug,
      title: faqCategoryTranslations.title,
      description: faqCategoryTranslations.description,
    })
    .from(faqCategories)
    .innerJoin(faqCategoryTranslations, eq(faqCategoryTranslations.categoryId, faqCategories.id))
    .where(onShow({ published: faqCategories.isPublished }))
    .orderBy(asc(faqCategories.position), asc(faqCategories.id));
  const byKey = new Map(rows.map((row) => [`${row.id}:${row.locale}`, row]));
  const parentOf = (row: CategoryRow) => (row.parentId === null ? undefined : byKey.get(`${row.parentId}:${row.locale}`));
  // A category under a hidden one (or one without a text in this store) is hidden with it.
  const shown = (row: CategoryRow): boolean => row.parentId === null || (parentOf(row) !== undefined && shown(parentOf(row)!));
  const slugTrail = (row: CategoryRow): string[] => {
    const parent = parentOf(row);
    return parent ? [...slugTrail(parent), row.slug] : [row.slug];
  };
  return rows.filter(shown).map((row) => ({ ...row, trail: slugTrail(row) }));
}

type TreeRow = Awaited<ReturnType<typeof categoryTree>>[number];

function linksOf(rows: TreeRow[], locale: string, parentId: number | null): FaqCategoryLink[] {
  return rows
    .filter((row) => row.locale === locale && row.parentId === parentId)
    .map((row) => ({ id: row.id, title: row.title, description: row.description, path: faqPath(row.trail), children: linksOf(rows, locale, row.id) }));
}

/** The paths of one category in every storefront that has it (hreflang by id, not by slug). */
function alternatesOf(rows: TreeRow[], categoryId: number | null) {
  if (categoryId === null) return null;
  return Object.fromEntries(
    rows.filter((row) => row.id === categoryId).map((row) => [row.locale, `/${storefrontByCode(row.locale)?.prefix}/${faqPath(row.trail)}`]),
  );
}

/** The FAQ index: the top-level categories of a storefront with their subcategories. */
export async function getFaqIndex(db: Database, locale: LocaleCode) {
  const rows = await categoryTree(db);
  return { categories: linksOf(rows, locale, null) };
}

/**
 * A category page by its path below /faq/ ('which-cord/paracord-types'), any depth, or null
 * when no category of this storefront has that path. Answers are sanitised (spec §5).
 */
export async function getFaqCategory(db: Database, locale: LocaleCode, categoryPath: string, siteUrl: string) {
  const rows = await categoryTree(db);
  const wanted = categoryPath.replace(/\/+$/, '');
  const category = rows.find((row) => row.locale === locale && row.trail.join('/') === wanted);
  if (!category) return null;
  const questions = await db
    .select({ id: faqQuestions.id, question: faqQuestionTranslations.question, answerHtml: faqQuestionTranslations.answerHtml })
    .from(faqQuestions)
    .innerJoin(faqQuestionTranslations, eq(faqQuestionTranslations.questionId, faqQuestions.id))
    .where(and(eq(faqQuestions.categoryId, category.id), eq(faqQuestionTranslations.locale, locale), onShow({ published: faqQuestions.isPublished })))
    .orderBy(asc(faqQuestions.position), asc(faqQuestions.id));
  const ancestors: { title: string; path: string }[] = [];
  for (
    let parent = rows.find((row) => row.id === category.parentId && row.locale === locale);
    parent;
    parent = rows.find((row) => row.id === parent!.parentId && row.locale === locale)
  ) {
    ancestors.unshift({ title: parent.title, path: faqPath(parent.trail) });
  }
  const ownHosts = [new URL(siteUrl).host];
  return {
    id: category.id,
    title: category.title,
    description: category.description,
    path: faqPath(category.trail),
    ancestors,
    children: linksOf(rows, locale, category.id),
    /** the top-level categories, for the list of all topics beside the questions */
    topics: linksOf(rows, locale, null),
    questions: questions.map((question) => ({
      id: question.id,
      question: question.question,
      answerHtml: sanitizeContentHtml(question.answerHtml, { ownHosts }),
    })),
    alternates: alternatesOf(rows, category.id)!,
  };
}

export type FaqCategoryPage = NonNullable<Awaited<ReturnType<typeof getFaqCategory>>>;

/** FAQ paths of every storefront, for the sitemaps. */
export async function faqSitemapPaths(db: Database, locale: LocaleCode): Promise<string[]> {
  const rows = await categoryTree(db);
  return ['faq', ...rows.filter((row) => row.locale === locale).map((row) => faqPath(row.trail))];
}
