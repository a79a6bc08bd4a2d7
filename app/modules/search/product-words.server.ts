/**
 * The words of every product named in a locale, built once per listing index (which every process
 * keeps anyway) in one pass, for the two ways the shop searches them in memory (issue 14, decision
 * 0026): the search box and the parts of compounds look at the name's and SKU's words as typed
 * without accents (title-matches.server.ts); the search results look at the name's stems, as the
 * store language's text search configuration makes them, and at the SKU's and attribute values'
 * words as the database parses them (product-search.server.ts).
 */
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '#app/db/client.server.ts';
import { type IndexedProduct, indexedProductsById, type ListingIndex } from '#app/modules/catalogue/listing-index.server.ts';
import type { LocaleCode } from '#app/modules/i18n/locales.ts';
import { searchConfigOf } from './search-config.ts';

/** Lowercase words without accents, so "schwa" finds "Schwarz" and "creme" finds "Crème" (the search box). */
export const foldedWordsOf = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/** Words as the database's text search parser sees them: letters and digits, lowercased, accents kept (they are stemmed as written). */
export const parsedWordsOf = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFC')
    .match(/[\p{L}\p{N}]+/gu) ?? [];

/** Per database and text-search configuration: word → its stem ('' for a stop word). Words never change their stem. */
const stemsByDatabase = new WeakMap<Database, Map<string, Map<string, string>>>();

/** The stems of `words` in the locale's configuration, asking the database only for words it has not stemmed before. */
export async function stemsOf(db: Database, locale: LocaleCode, words: Iterable<string>): Promise<Map<string, string>> {
  const config = searchConfigOf(locale);
  let byConfig = stemsByDatabase.get(db);
  if (!byConfig) stemsByDatabase.set(db, (byConfig = new Map()));
  let stems = byConfig.get(config);
  if (!stems) byConfig.set(config, (stems = new Map()));
  const missing = [...new Set(words)].filter((word) => !stems.has(word));
  for (let start = 0; start < missing.length; start += 5_000) {
    const batch = missing.slice(start, start + 5_000);
    const rows = await queryRows<{ word: string; stem: string }>(
      db,
      sql`select w as word, coalesce((select lexeme from unnest(to_tsvector(${config}::regconfig, w)) limit 1), '') as stem
          from json_array_elements_text(${JSON.stringify(batch)}::json) as w`,
    );
    for (const row of rows) stems.set(row.word, row.stem);
  }
  return stems;
}

/**
 * One kind of word of a store's products, in typed arrays rather than a Map of arrays and an
 * array of arrays per product (issue 18, decision 0034): at 100× the catalogue those took about
 * 270 MB a store, mostly object and array headers. Words are numbered in code-unit order, so the
 * words starting like a typed one are one run of numbers found by binary search.
 */
export interface WordList {
  /** the distinct words, sorted (`<`), each string once */
  words: string[];
  /** the positions (ascending) of the products with word w: postings[postingStarts[w] .. postingStarts[w + 1]) */
  postingStarts: Uint32Array;
  postings: Uint32Array;
  /** the words (their numbers, each once) of the product at position p: wordIds[wordStarts[p] .. wordStarts[p + 1]) */
  wordStarts: Uint32Array;
  wordIds: Uint16Array | Uint32Array;
}

export interface ProductWords {
  /** the products named in the locale, in the listing index's order */
  products: IndexedProduct[];
  /** the positions in product id order (the database's order between equally ranked products) */
  positionsById: Uint32Array;
  /** the words of the name and SKU, folded (`foldedWordsOf`) */
  folded: WordList;
  /** the stems of the name's words */
  nameStems: WordList;
  /** the words of the SKU and attribute values, as parsed (the database does not stem them) */
  keywords: WordList;
}

/** The numbers [low, high) of the words starting with `start` (all words for ''). */
export function wordsStartingWith(list: WordList, start: string): [low: number, high: number] {
  const { words } = list;
  let low = 0;
  let high = words.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((words[middle] as string) < start) low = middle + 1;
    else high = middle;
  }
  let end = low;
  // The run of words with that start ends where the next string after every such word would go.
  let top = words.length;
  while (end < top) {
    const middle = (end + top) >>> 1;
    if ((words[middle] as string).startsWith(start)) end = middle + 1;
    else top = middle;
  }
  return [low, end];
}

/** The number of `word`, or -1 when no product has it. */
export function wordNumber(list: WordList, word: string): number {
  const [low] = wordsStartingWith(list, word);
  return list.words[low] === word ? low : -1;
}

/** The positions (ascending) of the products with word number `word`. */
export const postingsOf = (list: WordList, word: number): Uint32Array => list.postings.subarray(list.postingStarts[word], list.postingStarts[word + 1]);

/**
 * Collects one kind of word product by product, then numbers the words in order and lays out both
 * directions. `interned` is shared by a store's word kinds: splitting made a string per word per
 * product (decision 0031), kept here as one string per word.
 */
function wordListBuilder(interned: Map<string, string>) {
  const numbers = new Map<string, number>();
  const found: string[] = [];
  const perProduct: number[] = [];
  const starts: number[] = [0];
  return {
    add(words: string[]) {
      const seen = new Set<number>();
      for (const word of words) {
        let number = numbers.get(word);
        if (number === undefined) {
          let same = interned.get(word);
          if (same === undefined) interned.set(word, (same = word));
          number = found.push(same) - 1;
          numbers.set(same, number);
        }
        if (!seen.has(number)) {
          seen.add(number);
          perProduct.push(number);
        }
      }
      starts.push(perProduct.length);
    },
    build(): WordList {
      const order = Uint32Array.from(found.keys()).sort((a, b) => codeUnitOrder(found[a] as string, found[b] as string));
      const rank = new Uint32Array(found.length);
      order.forEach((number, sorted) => (rank[number] = sorted));
      const wordIds = found.length <= 0x10000 ? new Uint16Array(perProduct.length) : new Uint32Array(perProduct.length);
      const postingStarts = new Uint32Array(found.length + 1);
      perProduct.forEach((number, i) => {
        const sorted = rank[number] as number;
        wordIds[i] = sorted;
        (postingStarts[sorted + 1] as number)++;
      });
      for (let word = 0; word < found.length; word++) postingStarts[word + 1] = (postingStarts[word + 1] as number) + (postingStarts[word] as number);
      const postings = new Uint32Array(perProduct.length);
      const next = postingStarts.slice(0, found.length);
      // Products in order, so each word's positions come out ascending.
      for (let position = 0; position + 1 < starts.length; position++) {
        for (let i = starts[position] as number; i < (starts[position + 1] as number); i++) postings[(next[wordIds[i] as number] as number)++] = position;
      }
      return { words: Array.from(order, (number) => found[number] as string), postingStarts, postings, wordStarts: Uint32Array.from(starts), wordIds };
    },
  };
}

const codeUnitOrder = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

async function buildProductWords(db: Database, index: ListingIndex, locale: LocaleCode): Promise<ProductWords> {
  const optionLabels = new Map(
    index.facets.flatMap((facet) => facet.options.map((option) => [`${facet.code}:${option.code}`, option.labels[locale] ?? ''] as const)),
  );
  const products = index.products.filter((product) => product.names[locale]);
  const nameWords = products.map((product) => parsedWordsOf(product.names[locale] as string));
  const stems = await stemsOf(db, locale, nameWords.flat());
  const interned = new Map<string, string>();
  const folded = wordListBuilder(interned);
  const nameStems = wordListBuilder(interned);
  const keywords = wordListBuilder(interned);
  products.forEach((product, position) => {
    folded.add(foldedWordsOf(`${product.names[locale]} ${product.sku}`));
    nameStems.add((nameWords[position] as string[]).flatMap((word) => stems.get(word) || []));
    const labels = [...product.options].flatMap(([attribute, codes]) => codes.map((code) => optionLabels.get(`${attribute}:${code}`) ?? ''));
    keywords.add(parsedWordsOf(`${product.sku} ${labels.join(' ')}`));
  });
  return {
    products,
    positionsById: Uint32Array.from(products.keys()).sort((a, b) => (products[a] as IndexedProduct).id - (products[b] as IndexedProduct).id),
    folded: folded.build(),
    nameStems: nameStems.build(),
    keywords: keywords.build(),
  };
}

const wordsByIndexTexts = new WeakMap<object, Map<LocaleCode, Promise<ProductWords>>>();
const wordsByIndex = new WeakMap<ListingIndex, Map<LocaleCode, Promise<ProductWords>>>();

function cachedPerLocale<Key extends object>(
  cache: WeakMap<Key, Map<LocaleCode, Promise<ProductWords>>>,
  key: Key,
  locale: LocaleCode,
  make: () => Promise<ProductWords>,
): Promise<ProductWords> {
  let byLocale = cache.get(key);
  if (!byLocale) cache.set(key, (byLocale = new Map()));
  let words = byLocale.get(locale);
  if (!words) {
    words = make();
    byLocale.set(locale, words);
    words.catch(() => byLocale.delete(locale));
  }
  return words;
}

/**
 * The words of the listing index's products in `locale`, built at the first search after each
 * whole build of the index; a refresh of its prices and stock (same texts, same order) keeps the
 * words and only points them at the refreshed products.
 */
export function productWords(db: Database, index: ListingIndex, locale: LocaleCode): Promise<ProductWords> {
  return cachedPerLocale(wordsByIndex, index, locale, async () => {
    const words = await cachedPerLocale(wordsByIndexTexts, index.textsKey, locale, () => buildProductWords(db, index, locale));
    const current = indexedProductsById(index);
    return { ...words, products: words.products.map((product) => current.get(product.id) ?? product) };
  });
}
