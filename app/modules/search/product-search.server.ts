/**
 * Products found by their names, SKU and attribute values in memory, stemmed in the store's
 * language by PostgreSQL's own dictionaries (decision 0026): a broad search ("paracord") on ten
 * times the demo catalogue ranked 27,000 documents in the database for every search nobody had
 * made in the last minute (over a second on PGlite). The words of each product are looked up here
 * instead, and so are the words of descriptions when no name, SKU or attribute holds the words
 * (decision 0038). Which categories, pages and posts hold the words is looked up in memory too;
 * the database ranks those few.
 */
import type { Database } from '#app/db/client.server.ts';
import type { IndexedProduct, ListingIndex } from '#app/modules/catalogue/listing-index.server.ts';
import type { LocaleCode } from '#app/modules/i18n/locales.ts';
import { documentWords, otherDocumentWords } from './document-words.server.ts';
import {
  positionOfProduct,
  postingsOf,
  type ProductWords,
  productWords,
  stemsOf,
  type WordList,
  wordNumber,
  wordsStartingWith,
} from './product-words.server.ts';

/**
 * The weights the database ranks by (A 1, B 0.5, C 0.1), in tenths so sums stay exact: a word of
 * the name counts twice a word of the SKU or attributes, ten times a word only in the description.
 */
const nameWeight = 10;
const keywordWeight = 5;
const descriptionWeight = 1;

/** A typed word as the database's query would hold it: its stem, compared with the stems of names and with SKU and attribute words as written. */
interface Term {
  stem: string;
  /** the last word, perhaps still being typed: it also matches the start of a word */
  asPrefix: boolean;
}

/** The numbers [low, high) of the words of a list that a term fits: the stem itself, or every word starting with it. */
function wordsFitting(list: WordList, term: Term): [low: number, high: number] {
  if (term.asPrefix) return wordsStartingWith(list, term.stem);
  const number = wordNumber(list, term.stem);
  return number < 0 ? [0, 0] : [number, number + 1];
}

/** Where a term fits the name stems and the SKU and attribute words. */
interface TermWords {
  name: [low: number, high: number];
  keyword: [low: number, high: number];
}

/** The posting lists a term needs (the words and stems it fits). */
function listsFor(words: ProductWords, fitting: TermWords): Uint32Array[] {
  const lists: Uint32Array[] = [];
  for (const [list, [low, high]] of [
    [words.nameStems, fitting.name],
    [words.keywords, fitting.keyword],
  ] as const) {
    for (let number = low; number < high; number++) lists.push(postingsOf(list, number));
  }
  return lists;
}

/** Whether the product at `position` has a word numbered from low to high. Indexes, not a subarray: this runs for every candidate. */
function holds({ wordStarts, wordIds }: WordList, position: number, [low, high]: [number, number]): boolean {
  for (let i = wordStarts[position] as number, end = wordStarts[position + 1] as number; i < end; i++) {
    const number = wordIds[i] as number;
    if (number >= low && number < high) return true;
  }
  return false;
}

/** How a product holds a term: by a word of its name, else of its SKU or attributes, else not (0). */
function weightOf(words: ProductWords, position: number, fitting: TermWords): number {
  if (holds(words.nameStems, position, fitting.name)) return nameWeight;
  if (holds(words.keywords, position, fitting.keyword)) return keywordWeight;
  return 0;
}

/**
 * Products whose name (stemmed) or SKU and attribute values hold every word, the last one also as
 * the start of a word (people type "paraco"), best first — name words count more — then by id; at
 * most `limit`. Stop words are left out as the database leaves them out.
 */
export async function matchProducts(db: Database, index: ListingIndex, locale: LocaleCode, typed: string[], limit: number): Promise<IndexedProduct[]> {
  const words = await productWords(db, index, locale);
  const terms = await termsOf(db, locale, typed);
  if (terms.length === 0) return [];
  // The rarest term gives the candidates; each is checked against the others, in id order.
  const fitting = terms.map((term) => ({ name: wordsFitting(words.nameStems, term), keyword: wordsFitting(words.keywords, term) }));
  const candidateLists = fitting.map((termWords) => listsFor(words, termWords));
  const size = (lists: Uint32Array[]) => lists.reduce((sum, list) => sum + list.length, 0);
  const rarest = candidateLists.reduce((best, lists) => (size(lists) < size(best) ? lists : best));
  const marked = new Uint8Array(words.products.length);
  for (const list of rarest) for (const position of list) marked[position] = 1;
  const byScore = new Map<number, IndexedProduct[]>();
  for (const position of words.positionsById) {
    if (!marked[position]) continue;
    let score = 0;
    for (const termWords of fitting) {
      const weight = weightOf(words, position, termWords);
      if (weight === 0) {
        score = 0;
        break;
      }
      score += weight;
    }
    if (score === 0) continue;
    addScored(byScore, score, words.products[position] as IndexedProduct);
  }
  return bestFirst(byScore, limit);
}

/**
 * Products whose search document holds every word, the last one also as the start of a word —
 * the products the database's `document @@ query` finds — for searches no product's name, SKU or
 * attributes answer (decision 0038). Each word counts by where the product holds it (name, else
 * SKU or attributes, else description only), best first, then by id; at most `limit`.
 */
export async function matchDescriptions(db: Database, index: ListingIndex, locale: LocaleCode, typed: string[], limit: number): Promise<IndexedProduct[]> {
  const [words, documents, terms] = await Promise.all([productWords(db, index, locale), documentWords(db, locale), termsOf(db, locale, typed)]);
  if (terms.length === 0) return [];
  const { lexemes } = documents;
  const fitting = terms.map((term) => ({
    name: wordsFitting(words.nameStems, term),
    keyword: wordsFitting(words.keywords, term),
    document: wordsFitting(lexemes, term),
  }));
  // The rarest term's documents are the candidates; the postings of a run of words lie side by side.
  const countOf = ([low, high]: [number, number]) => (lexemes.postingStarts[high] as number) - (lexemes.postingStarts[low] as number);
  const rarest = fitting.reduce((best, termWords) => (countOf(termWords.document) < countOf(best.document) ? termWords : best)).document;
  const marked = new Uint8Array(documents.ids.length);
  for (const document of lexemes.postings.subarray(lexemes.postingStarts[rarest[0]], lexemes.postingStarts[rarest[1]])) marked[document] = 1;
  const byScore = new Map<number, IndexedProduct[]>();
  // Documents are in id order, so each score's products come out by id.
  for (let document = 0; document < marked.length; document++) {
    if (!marked[document] || !fitting.every((termWords) => holds(lexemes, document, termWords.document))) continue;
    const position = positionOfProduct(words, documents.ids[document] as number);
    // A product the listing does not show (the results page would leave it out).
    if (position < 0) continue;
    let score = 0;
    for (const termWords of fitting) score += weightOf(words, position, termWords) || descriptionWeight;
    addScored(byScore, score, words.products[position] as IndexedProduct);
  }
  return bestFirst(byScore, limit);
}

/**
 * The search documents (ids, in the order read) of the store's categories, pages and posts that
 * hold every word, the last one also as the start of a word: those the database's
 * `document @@ query` finds.
 */
export async function matchOtherDocuments(db: Database, locale: LocaleCode, typed: string[]): Promise<number[]> {
  const [documents, terms] = await Promise.all([otherDocumentWords(db, locale), termsOf(db, locale, typed)]);
  if (terms.length === 0) return [];
  const fitting = terms.map((term) => wordsFitting(documents.lexemes, term));
  const found: number[] = [];
  documents.ids.forEach((id, document) => {
    if (fitting.every((words) => holds(documents.lexemes, document, words))) found.push(id);
  });
  return found;
}

/** The typed words as the database's query holds them: stemmed, stop words left out, the last one also a prefix. */
async function termsOf(db: Database, locale: LocaleCode, typed: string[]): Promise<Term[]> {
  const stems = await stemsOf(db, locale, typed);
  return typed.flatMap((word, position) => {
    const stem = stems.get(word) ?? word;
    return stem ? [{ stem, asPrefix: position === typed.length - 1 }] : [];
  });
}

function addScored(byScore: Map<number, IndexedProduct[]>, score: number, product: IndexedProduct): void {
  const list = byScore.get(score);
  if (list) list.push(product);
  else byScore.set(score, [product]);
}

/** The products by score, best first (each score's in the order they were added), at most `limit`. */
const bestFirst = (byScore: Map<number, IndexedProduct[]>, limit: number): IndexedProduct[] =>
  [...byScore.keys()]
    .toSorted((a, b) => b - a)
    .flatMap((score) => byScore.get(score) as IndexedProduct[])
    .slice(0, limit);
