import { and, eq } from 'drizzle-orm';
import type { Database } from '#app/db/client.server.ts';
import { categoryTranslations, contentPageTranslations, productTranslations } from '#app/db/schema.ts';
import { resolveCataloguePath } from '#app/modules/catalogue/resolve-path.server.ts';
import { type LocaleCode, type StorefrontLocale, storefrontByCode, storefrontByPrefix } from '#app/modules/i18n/locales.ts';
import { pageTextOnShow } from '#app/modules/schedule/content-schedule.server.ts';

/** Paths below a prefix that every store has under the same name (the routes of app/routes.ts). */
const sharedPaths = [/^$/, /^search$/, /^page$/, /^stores$/, /^stores\/store\/switch$/, /^checkout(\/.*)?$/, /^customer(\/.*)?$/, /^createPassword$/];

/**
 * The same page in another store (spec §2 store switch): a category or product by its localised
 * URL key, a content page by its code, a page every store has by the same path; the other store's
 * home page when the page does not exist there. `from` is a path with its store prefix; anything
 * that is not a path on this site gives the target's home page.
 */
export async function equivalentPath(db: Database, from: string, target: StorefrontLocale): Promise<string> {
  const home = `/${target.prefix}`;
  if (!from.startsWith('/') || from.startsWith('//')) return home;
  const url = new URL(from, 'http://switch.invalid');
  const [, prefix = '', ...rest] = url.pathname.split('/');
  const source = storefrontByPrefix(prefix);
  if (!source) return home;
  const below = rest.join('/').replace(/\/+$/, '');
  const search = url.searchParams.toString();
  if (sharedPaths.some((pattern) => pattern.test(below))) return `${home}${below ? `/${below}` : ''}${search ? `?${search}` : ''}`;
  const resolved = await resolveCataloguePath(db, source.code, below);
  if (!resolved || resolved.type === 'REDIRECT') return home;
  const key = await targetKey(db, resolved, target.code);
  return key ? `${home}/${key}` : home;
}

async function targetKey(db: Database, resolved: { type: 'CATEGORY' | 'PRODUCT' | 'CMS_PAGE'; id: number }, locale: LocaleCode): Promise<string | null> {
  switch (resolved.type) {
    case 'CATEGORY': {
      const [row] = await db
        .select({ key: categoryTranslations.urlPath })
        .from(categoryTranslations)
        .where(and(eq(categoryTranslations.categoryId, resolved.id), eq(categoryTranslations.locale, locale)));
      return row?.key ?? null;
    }
    case 'PRODUCT': {
      const [row] = await db
        .select({ key: productTranslations.urlKey })
        .from(productTranslations)
        .where(and(eq(productTranslations.productId, resolved.id), eq(productTranslations.locale, locale)));
      return row?.key ?? null;
    }
    case 'CMS_PAGE': {
      const [row] = await db
        .select({ key: contentPageTranslations.slug })
        .from(contentPageTranslations)
        .where(and(eq(contentPageTranslations.pageId, resolved.id), eq(contentPageTranslations.locale, locale), pageTextOnShow()));
      return row?.key ?? null;
    }
  }
}

/** The store a switch asks for (`to=de-DE` or `to=de-de`). */
export const switchTarget = (value: string | null) => (value ? (storefrontByCode(value) ?? storefrontByPrefix(value.toLowerCase())) : undefined);
