import { eq } from 'drizzle-orm';
import type { Database } from '#app/db/client.server.ts';
import { categoryTranslations } from '#app/db/schema.ts';
import { minuteCache } from '#app/lib/cache/minute-cache.server.ts';
import { type LocaleCode, storefrontByCode } from '#app/modules/i18n/locales.ts';
import type { PriceDisplay } from '#app/modules/pricing/price-display.ts';
import { getCategoryTree, type NavigationCategory } from './category-tree.server.ts';
import type { ListingIndex } from './listing-index.server.ts';
import { parseListingParams, queryListing } from './listing-query.server.ts';
import { toProductCard } from './product-detail.server.ts';

/** The chain of categories from the top level down to the deepest of the given ones. */
export function categoryTrail(index: ListingIndex, tree: NavigationCategory[], categoryIds: readonly number[]): NavigationCategory[] {
  const depth = (id: number): number => {
    const parent = index.categories.get(id)?.parentId;
    return parent ? depth(parent) + 1 : 0;
  };
  // Menu categories, not the 'new arrivals' collection, make the trail.
  const deepest = [...categoryIds].filter((id) => index.categories.get(id)?.code !== 'new-arrivals').sort((a, b) => depth(b) - depth(a))[0];
  const codes: string[] = [];
  for (let id = deepest; id !== undefined && id !== null; id = index.categories.get(id)?.parentId ?? undefined) {
    const code = index.categories.get(id)?.code;
    if (code) codes.unshift(code);
  }
  const flat = new Map<string, NavigationCategory>();
  const visit = (nodes: NavigationCategory[]) => nodes.forEach((node) => (flat.set(node.code, node), visit(node.children)));
  visit(tree);
  return codes.flatMap((code) => (flat.has(code) ? [flat.get(code) as NavigationCategory] : []));
}

type CategoryText = { locale: string; urlPath: string; name: string; description: string | null; metaTitle: string | null; metaDescription: string | null };
const texts = minuteCache<CategoryText[]>(1_000);

/** A category's name, description, meta texts and path in every locale; cached for a minute. */
function categoryTexts(db: Database, categoryId: number): Promise<CategoryText[]> {
  return texts(db, String(categoryId), async () =>
    db
      .select({
        locale: categoryTranslations.locale,
        urlPath: categoryTranslations.urlPath,
        name: categoryTranslations.name,
        description: categoryTranslations.description,
        metaTitle: categoryTranslations.metaTitle,
        metaDescription: categoryTranslations.metaDescription,
      })
      .from(categoryTranslations)
      .where(eq(categoryTranslations.categoryId, categoryId)),
  );
}

/** A category listing as the page shows it: filters, sorting, paging, cards and breadcrumbs. */
export async function getCategoryPage(
  db: Database,
  index: ListingIndex,
  categoryId: number,
  search: URLSearchParams,
  locale: LocaleCode,
  display: PriceDisplay,
) {
  const [tree, translations] = await Promise.all([getCategoryTree(db, locale), categoryTexts(db, categoryId)]);
  const own = translations.find((row) => row.locale === locale);
  const params = parseListingParams(search, new Set(index.facets.map((f) => f.code)));
  const listing = queryListing(index, categoryId, params, locale, display);
  const trail = categoryTrail(index, tree, [categoryId]);
  const current = trail.at(-1);
  return {
    name: own?.name ?? current?.name ?? '',
    description: own?.description ?? null,
    // What search engines and shared links show; the name and description unless set apart.
    metaTitle: own?.metaTitle ?? own?.name ?? current?.name ?? '',
    metaDescription: own?.metaDescription ?? own?.description ?? null,
    trail,
    params: { sort: params.sort, limit: params.limit, priceMin: params.priceMin, priceMax: params.priceMax },
    listing: { ...listing, products: listing.products.map((p) => toProductCard(p, locale)) },
    subcategoryNames: Object.fromEntries((current?.children ?? []).map((c) => [c.code, c.name])),
    alternates: Object.fromEntries(translations.map((row) => [row.locale, `/${storefrontByCode(row.locale)?.prefix}/${row.urlPath}`])),
  };
}

export type CategoryPageData = Awaited<ReturnType<typeof getCategoryPage>>;
