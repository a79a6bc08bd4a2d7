/**
 * Searching titles in memory: the words of every product's name and SKU per locale, with the
 * positions of the products that have each word, built once per listing index (which every
 * process keeps anyway). The search box's suggestions look words up by their start, the search
 * results by any part ("gesp" in "Klikgesp", "seil" in "Kletterseil": the parts of compounds that
 * the store language's stemming misses). A search nobody made before costs no scan over every
 * title in the database (issue 14: cold searches).
 */
import type { NavigationCategory } from '#app/modules/catalogue/category-tree.server.ts';
import type { IndexedProduct, ListingIndex } from '#app/modules/catalogue/listing-index.server.ts';
import type { LocaleCode } from '#app/modules/i18n/locales.ts';

export interface TitleMatch {
  kind: 'product' | 'category';
  refId: number;
  title: string;
  urlPath: string;
}

/** Lowercase words without accents, so "schwa" finds "Schwarz" and "creme" finds "Crème". */
export const wordsOf = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

interface ProductWords {
  products: IndexedProduct[];
  /** the words of each product's name and SKU, at the product's position */
  words: string[][];
  /** each distinct word → the positions of the products that have it, ascending */
  postings: Map<string, number[]>;
  /** the same words in code-point order, to find the words starting like a typed one without a scan */
  sortedWords: string[];
}

const productWordsByIndex = new WeakMap<ListingIndex, Map<LocaleCode, ProductWords>>();

/** The products named in `locale`, in the listing index's order, with their words. */
function productWords(index: ListingIndex, locale: LocaleCode): ProductWords {
  let byLocale = productWordsByIndex.get(index);
  if (!byLocale) productWordsByIndex.set(index, (byLocale = new Map()));
  let found = byLocale.get(locale);
  if (!found) {
    const built: ProductWords = { products: [], words: [], postings: new Map(), sortedWords: [] };
    for (const product of index.products) {
      const name = product.names[locale];
      if (!name) continue;
      const position = built.products.push(product) - 1;
      const words = wordsOf(`${name} ${product.sku}`);
      built.words.push(words);
      for (const word of new Set(words)) {
        const list = built.postings.get(word);
        if (list) list.push(position);
        else built.postings.set(word, [position]);
      }
    }
    built.sortedWords = [...built.postings.keys()].toSorted((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    byLocale.set(locale, (found = built));
  }
  return found;
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
    const words = found.sortedWords;
    let low = 0;
    let high = words.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((words[middle] as string) < typed) low = middle + 1;
      else high = middle;
    }
    for (let i = low; i < words.length && (words[i] as string).startsWith(typed); i++) lists.push(found.postings.get(words[i] as string) as number[]);
    return lists;
  }
  for (const [word, list] of found.postings) if (fit(typed, word) > 0) lists.push(list);
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
      const points = score(typed, found.words[position] as string[], fit);
      return points > 0 ? [{ position, score: points }] : [];
    });
}

/** In-stock products whose words start like every typed word, in the listing index's order. */
export function productsStartingLike(index: ListingIndex, locale: LocaleCode, typed: string[], limit: number): IndexedProduct[] {
  const found = productWords(index, locale);
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
export function titleMatches(index: ListingIndex, tree: NavigationCategory[], locale: LocaleCode, query: string): TitleMatch[] {
  const typed = [...new Set(wordsOf(query))];
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
        score: score(typed, wordsOf(node.name), partFit),
        match: { kind: 'category', refId: node.id, title: node.name, urlPath: node.urlPath },
      });
      visit(node.children);
    }
  };
  visit(tree);

  const found = productWords(index, locale);
  const products = matchingProducts(found, typed, partFit).map(({ position, score: points }) => {
    const product = found.products[position] as IndexedProduct;
    return {
      score: points,
      match: { kind: 'product' as const, refId: product.id, title: product.names[locale] as string, urlPath: product.urlKeys[locale] ?? '' },
    };
  });
  return [...best(categories), ...best(products)];
}
