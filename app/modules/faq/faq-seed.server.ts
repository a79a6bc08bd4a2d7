import type { Database } from '#app/db/client.server.ts';
import { faqCategories, faqCategoryTranslations, faqQuestions, faqQuestionTranslations } from '#app/db/schema.ts';
import { localesByLanguage, readSeedTexts } from '#app/modules/seed-texts/seed-texts.server.ts';

/** The shape of app/modules/faq/seed/{language}.json. */
export interface FaqSeedTexts {
  categories: {
    key: string;
    /** key of the parent category, or null for a top-level one */
    parent: string | null;
    slug: string;
    title: string;
    description: string;
    questions: { key: string; question: string; answer: string }[];
  }[];
}

export const faqSeedFolder = new URL('./seed/', import.meta.url);

export async function faqIsEmpty(db: Database): Promise<boolean> {
  return (await db.select({ id: faqCategories.id }).from(faqCategories).limit(1)).length === 0;
}

/**
 * Writes the FAQ of every storefront from the seed files when the FAQ is empty (a start on a
 * fresh database); an FAQ that exists is left alone. Returns whether it seeded.
 */
export async function seedFaq(db: Database): Promise<boolean> {
  if (!(await faqIsEmpty(db))) return false;
  const english = readSeedTexts<FaqSeedTexts>(faqSeedFolder, 'en');
  await db.transaction(async (tx) => {
    const categoryIds = new Map<string, number>();
    const questionIds = new Map<string, number>();
    // Parents come before their children in the file, so a parent's id is known when needed.
    for (const [position, category] of english.categories.entries()) {
      const parentId = category.parent === null ? null : categoryIds.get(category.parent);
      if (parentId === undefined) throw new Error(`FAQ category ${category.key}: parent ${category.parent} must come first`);
      const [row] = await tx.insert(faqCategories).values({ code: category.key, parentId, position }).returning({ id: faqCategories.id });
      categoryIds.set(category.key, row!.id);
      for (const [questionPosition, question] of category.questions.entries()) {
        const [questionRow] = await tx
          .insert(faqQuestions)
          .values({ categoryId: row!.id, code: question.key, position: questionPosition })
          .returning({ id: faqQuestions.id });
        questionIds.set(`${category.key}/${question.key}`, questionRow!.id);
      }
    }
    for (const [language, locales] of localesByLanguage()) {
      const texts = readSeedTexts<FaqSeedTexts>(faqSeedFolder, language);
      for (const category of texts.categories) {
        const categoryId = categoryIds.get(category.key);
        if (categoryId === undefined) throw new Error(`FAQ ${language}.json: unknown category ${category.key}`);
        await tx
          .insert(faqCategoryTranslations)
          .values(locales.map((locale) => ({ categoryId, locale, slug: category.slug, title: category.title, description: category.description })));
        const questionRows = category.questions.flatMap((question) => {
          const questionId = questionIds.get(`${category.key}/${question.key}`);
          if (questionId === undefined) throw new Error(`FAQ ${language}.json: unknown question ${category.key}/${question.key}`);
          return locales.map((locale) => ({ questionId, locale, question: question.question, answerHtml: question.answer }));
        });
        if (questionRows.length > 0) await tx.insert(faqQuestionTranslations).values(questionRows);
      }
    }
  });
  return true;
}
