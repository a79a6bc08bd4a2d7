import type { Database } from '#app/db/client.server.ts';
import { getCategoryTree, type NavigationCategory } from '#app/modules/catalogue/category-tree.server.ts';
import type { ListingIndex } from '#app/modules/catalogue/listing-index.server.ts';
import type { LocaleCode } from '#app/modules/i18n/locales.ts';
import { completions, popularSearches } from './popular-searches.server.ts';
import { queryWords } from './search.server.ts';
import { foldedWordsOf } from './product-words.server.ts';
import { productsStartingLike } from './title-matches.server.ts';

export interface Suggestions {
  query: string;
  products: { sku: string; name: string; urlKey: string; imagePath: string | null; priceFromCents: number }[];
  categories: { name: string; urlPath: string }[];
  /** searches other shoppers ran that start like this one; the popular searches for an empty box */
  completions: string[];
}

/** Every typed word starts a word of the text ("par 55" matches "Paracord 550"). */
const startsWords = (typed: string[], words: string[]) => typed.every((prefix) => words.some((word) => word.startsWith(prefix)));

/**
 * What the search box offers while the shopper types: products and categories whose names have
 * words starting with what was typed (from the in-memory catalogue, so each keystroke is cheap),
 * and completions from other shoppers' searches; the popular searches for an empty box.
 */
export async function suggest(db: Database, index: ListingIndex, locale: LocaleCode, query: string): Promise<Suggestions> {
  const trimmed = query.trim().slice(0, 100);
  const typed = foldedWordsOf(queryWords(trimmed).join(' '));
  if (typed.length === 0) return { query: '', products: [], categories: [], completions: await popularSearches(db, locale, 6) };
  const [tree, terms, startingLike] = await Promise.all([
    getCategoryTree(db, locale),
    completions(db, locale, trimmed),
    productsStartingLike(db, index, locale, typed, 6),
  ]);
  const products = startingLike.map((product) => ({
    sku: product.sku,
    name: product.names[locale] ?? product.sku,
    urlKey: product.urlKeys[locale] ?? '',
    imagePath: product.imagePath,
    priceFromCents: product.minPriceCents,
  }));
  const categories: Suggestions['categories'] = [];
  const visit = (nodes: NavigationCategory[]) => {
    for (const node of nodes) {
      if (categories.length < 4 && startsWords(typed, foldedWordsOf(node.name))) categories.push({ name: node.name, urlPath: node.urlPath });
      visit(node.children);
    }
  };
  visit(tree);
  return { query: trimmed, products, categories, completions: terms };
}
