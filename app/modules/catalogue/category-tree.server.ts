import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '#app/db/client.server.ts';
import { categories, categoryTranslations } from '#app/db/schema.ts';
import { minuteCache } from '#app/lib/cache/minute-cache.server.ts';
import type { LocaleCode } from '#app/modules/i18n/locales.ts';

export interface NavigationCategory {
  id: number;
  code: string;
  name: string;
  urlPath: string;
  children: NavigationCategory[];
}

const trees = minuteCache<NavigationCategory[]>(20);

/** The active category tree of a storefront, for menus; cached for a minute per locale. */
export function getCategoryTree(db: Database, locale: LocaleCode): Promise<NavigationCategory[]> {
  return trees(db, locale, () => loadCategoryTree(db, locale));
}

async function loadCategoryTree(db: Database, locale: LocaleCode): Promise<NavigationCategory[]> {
  const rows = await db
    .select({
      id: categories.id,
      parentId: categories.parentId,
      code: categories.code,
      name: categoryTranslations.name,
      urlPath: categoryTranslations.urlPath,
    })
    .from(categories)
    .innerJoin(categoryTranslations, and(eq(categoryTranslations.categoryId, categories.id), eq(categoryTranslations.locale, locale)))
    .where(eq(categories.isActive, true))
    .orderBy(asc(categories.level), asc(categories.position));
  const nodes = new Map<number, NavigationCategory>();
  const tree: NavigationCategory[] = [];
  for (const row of rows) {
    const node = { id: row.id, code: row.code, name: row.name, urlPath: row.urlPath, children: [] };
    nodes.set(row.id, node);
    const parent = row.parentId === null ? undefined : nodes.get(row.parentId);
    if (row.parentId === null) tree.push(node);
    else parent?.children.push(node);
  }
  return tree;
}
