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
import { foldedWordsOf, postingsOf, type ProductWords, productWords, wordsStartingWith } from './product-words.server.ts';

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

/** The words of the products that fit one typed word: their numbers, and how well a word number fits (0: not). */
interface WordFits {
  numbers: number[];
  fitOf: (number: number) => number;
}

/** The starts are one run of word numbers (binary search); other parts need a look at every word. */
function fitsOfWords(found: ProductWords, typed: string, fit: Fit): WordFits {
  const { words } = found.folded;
  if (fit === startFit) {
    const [low, high] = wordsStartingWith(found.folded, typed);
    const exact = words[low] === typed ? low : -1;
    return {
      numbers: Array.from({ length: high - low }, (_, i) => low + i),
      fitOf: (number) => (number === exact ? 3 : number >= low && number < high ? 2 : 0),
    };
  }
  const fits = new Uint8Array(words.length);
  const numbers: number[] = [];
  words.forEach((word, number) => {
    fits[number] = fit(typed, word);
    if (fits[number]) numbers.push(number);
  });
  return { numbers, fitOf: (number) => fits[number] as number };
}

/** The positions of the products with any of the words, ascending (repeats when two words share a product). */
function candidatePositions(found: ProductWords, numbers: number[], count: number): Uint32Array {
  if (numbers.length === 1) return postingsOf(found.folded, numbers[0] as number);
  const positions = new Uint32Array(count);
  let filled = 0;
  for (const number of numbers) {
    const list = postingsOf(found.folded, number);
    positions.set(list, filled);
    filled += list.length;
  }
  return positions.sort();
}

/** Positions (ascending) of the products whose words hold every typed word, with their score. */
function matchingProducts(found: ProductWords, typed: string[], fit: Fit): { position: number; score: number }[] {
  const fitsPerWord = typed.map((typedWord) => fitsOfWords(found, typedWord, fit));
  // Only the products with a word fitting the rarest typed word are looked at.
  const size = (numbers: number[]) => numbers.reduce((sum, number) => sum + postingsOf(found.folded, number).length, 0);
  const rarest = fitsPerWord.map(({ numbers }) => numbers).reduce((best, numbers) => (size(numbers) < size(best) ? numbers : best));
  const candidates = candidatePositions(found, rarest, size(rarest));
  const { wordStarts, wordIds } = found.folded;
  const matches: { position: number; score: number }[] = [];
  for (let i = 0; i < candidates.length; i++) {
    const position = candidates[i] as number;
    if (i > 0 && position === candidates[i - 1]) continue;
    // The sum over typed words of the best fit among the product's words, 0 when one is missing.
    // Indexes into the word numbers, not a subarray per candidate.
    const first = wordStarts[position] as number;
    const end = wordStarts[position + 1] as number;
    let total = 0;
    for (const { fitOf } of fitsPerWord) {
      let best = 0;
      for (let j = first; j < end; j++) best = Math.max(best, fitOf(wordIds[j] as number));
      if (best === 0) {
        total = 0;
        break;
      }
      total += best;
    }
    if (total > 0) matches.push({ position, score: total });
  }
  return matches;
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
