/**
 * Searching titles in memory by the folded words of product names and SKUs (product-words.server.ts)
 * and of category names. The search box's suggestions look words up by their start, the search
 * results by any part ("gesp" in "Klikgesp", "seil" in "Kletterseil": the parts of compounds that
 * the store language's stemming misses). A search nobody made before costs no scan over every
 * title in the database (issue 14: cold searches).
 */
import type { Database } from '#app/db/client.server.ts';
import type { NavigationCategory } from '#app/modules/catalogue/category-tree.server.ts';
import type { IndexedProduct, ListingIndex } from '#app/modules/catalogue/listing-index.server.ts';
import type { LocaleCode } from '#app/modules/i18n/locales.ts';
import { foldedWordsOf, type ProductWords, productWords } from './product-words.server.ts';

export interface TitleMatch {
  kind: 'product' | 'category';
  refId: number;
  title: string;
  urlPath: string;
}

/** How a title word holds a typed word: 3 the same word, 2 its start, 1 somewhere inside, 0 not. */
type Fit = (typed: string, word: string) => number;

/** Only the start counts (the search box: "par 55" matches "Paracord 550"). */
const startFit: Fit = (typed, word) => (word === typed ? 3 : word.startsWith(typed) ? 2 : 0);
/** Any part counts once it is three letters long ("55" inside every "1550" would match too much). */
const partFit: Fit = (typed, word) => startFit(typed, word) || (typed.length >= 3 && word.includes(typed) ? 1 : 0);

/** How well words hold every typed word (the sum of the best fits), or 0 when one is missing. */
function score(typed: string[], words: string[], fit: Fit): number {
  let total = 0;
  for (const typedWord of typed) {
    let best = 0;
    for (const word of words) best = Math.max(best, fit(typedWord, word));
    if (best === 0) return 0;
    total += best;
  }
  return total;
}

/** The positions lists of the words that hold a typed word: by binary search when only starts count. */
function fittingLists(found: ProductWords, typed: string, fit: Fit): number[][] {
  const lists: number[][] = [];
  if (fit === startFit) {
    const words = found.sortedFolded;
    let low = 0;
    let high = words.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((words[middle] as string) < typed) low = middle + 1;
      else high = middle;
    }
    for (let i = low; i < words.length && (words[i] as string).startsWith(typed); i++) lists.push(found.foldedPostings.get(words[i] as string) as number[]);
    return lists;
  }
  for (const [word, list] of found.foldedPostings) if (fit(typed, word) > 0) lists.push(list);
  return lists;
}

/** Positions (ascending) of the products whose words hold every typed word, with their score. */
function matchingProducts(found: ProductWords, typed: string[], fit: Fit): { position: number; score: number }[] {
  // Only the products with a word fitting the rarest typed word are looked at.
  const listsPerWord = typed.map((typedWord) => fittingLists(found, typedWord, fit));
  const size = (lists: number[][]) => lists.reduce((sum, list) => sum + list.length, 0);
  const rarest = listsPerWord.reduce((best, lists) => (size(lists) < size(best) ? lists : best));
  return [...new Set(rarest.flat())]
    .toSorted((a, b) => a - b)
    .flatMap((position) => {
      const points = score(typed, found.folded[position] as string[], fit);
      return points > 0 ? [{ position, score: points }] : [];
    });
}

/** In-stock products whose words start like every typed word, in the listing index's order. */
export async function productsStartingLike(db: Database, index: ListingIndex, locale: LocaleCode, typed: string[], limit: number): Promise<IndexedProduct[]> {
  const found = await productWords(db, index, locale);
  const products: IndexedProduct[] = [];
  for (const { position } of matchingProducts(found, typed, startFit)) {
    const product = found.products[position] as IndexedProduct;
    if (!product.inStock) continue;
    products.push(product);
    if (products.length === limit) break;
  }
  return products;
}

const maxMatches = 100;

/**
 * Categories and products whose titles hold every word of the query (whole, as a start or inside
 * a longer word), best fitting first, then shorter titles; at most 100 of each kind.
 */
export async function titleMatches(db: Database, index: ListingIndex, tree: NavigationCategory[], locale: LocaleCode, query: string): Promise<TitleMatch[]> {
  const typed = [...new Set(foldedWordsOf(query))];
  if (typed.length === 0) return [];
  const best = <T extends { score: number; match: TitleMatch }>(candidates: T[]) =>
    candidates
      .filter((candidate) => candidate.score > 0)
      .toSorted((a, b) => b.score - a.score || a.match.title.length - b.match.title.length || a.match.refId - b.match.refId)
      .slice(0, maxMatches)
      .map(({ match }) => match);

  const categories: { score: number; match: TitleMatch }[] = [];
  const visit = (nodes: NavigationCategory[]) => {
    for (const node of nodes) {
      categories.push({
        score: score(typed, foldedWordsOf(node.name), partFit),
        match: { kind: 'category', refId: node.id, title: node.name, urlPath: node.urlPath },
      });
      visit(node.children);
    }
  };
  visit(tree);

  const found = await productWords(db, index, locale);
  const products = matchingProducts(found, typed, partFit).map(({ position, score: points }) => {
    const product = found.products[position] as IndexedProduct;
    return {
      score: points,
      match: { kind: 'product' as const, refId: product.id, title: product.names[locale] as string, urlPath: product.urlKeys[locale] ?? '' },
    };
  });
  return [...best(categories), ...best(products)];
}
