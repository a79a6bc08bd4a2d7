import type { Database } from '../../db/client.server.ts';
import { getCategoryTree, type NavigationCategory } from '../catalogue/category-tree.server.ts';
import type { IndexedProduct, ListingIndex } from '../catalogue/listing-index.server.ts';
import type { LocaleCode } from '../i18n/locales.ts';
import { completions, popularSearches } from './popular-searches.server.ts';
import { queryWords } from './search.server.ts';

export interface Suggestions {
  query: string;
  products: { sku: string; name: string; urlKey: string; imagePath: string | null; priceFromCents: number }[];
  categories: { name: string; urlPath: string }[];
  /** searches other shoppers ran that start like this one; the popular searches for an empty box */
  completions: string[];
}

/** Lowercase words without accents, so "schwa" finds "Schwarz" and "creme" finds "Crème". */
const wordsOf = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/** Per listing index and locale: the words of each product's name and SKU, made once. */
const productWords = new WeakMap<ListingIndex, Map<LocaleCode, { product: IndexedProduct; words: string[] }[]>>();

function wordsByProduct(index: ListingIndex, locale: LocaleCode) {
  let byLocale = productWords.get(index);
  if (!byLocale) productWords.set(index, (byLocale = new Map()));
  let list = byLocale.get(locale);
  if (!list) {
    list = index.products.map((product) => ({ product, words: wordsOf(`${product.names[locale] ?? ''} ${product.sku}`) }));
    byLocale.set(locale, list);
  }
  return list;
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
  const typed = wordsOf(queryWords(trimmed).join(' '));
  if (typed.length === 0) return { query: '', products: [], categories: [], completions: await popularSearches(db, locale, 6) };
  const [tree, terms] = await Promise.all([getCategoryTree(db, locale), completions(db, locale, trimmed)]);
  const products = [];
  for (const { product, words } of wordsByProduct(index, locale)) {
    if (!product.inStock || !startsWords(typed, words)) continue;
    products.push({ sku: product.sku, name: product.names[locale] ?? product.sku, urlKey: product.urlKeys[locale] ?? '', imagePath: product.imagePath, priceFromCents: product.minPriceCents });
    if (products.length === 6) break;
  }
  const categories: Suggestions['categories'] = [];
  const visit = (nodes: NavigationCategory[]) => {
    for (const node of nodes) {
      if (categories.length < 4 && startsWords(typed, wordsOf(node.name))) categories.push({ name: node.name, urlPath: node.urlPath });
      visit(node.children);
    }
  };
  visit(tree);
  return { query: trimmed, products, categories, completions: terms };
}
