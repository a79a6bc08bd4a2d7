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
import { clockCheckMask, requestTurns, sortedInTurns, yieldToRequests } from '#app/db/sliced-reads.server.ts';
import { type IndexedProduct, indexedProductsById, type ListingIndex, sameEntries, sameOptions } from '#app/modules/catalogue/listing-index.server.ts';
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

/** The position of the product with id `id` in `words` (binary search in id order), or -1 when it has none there. */
export function positionOfProduct({ products, positionsById }: Pick<ProductWords, 'products' | 'positionsById'>, id: number): number {
  const idAt = (sorted: number) => (products[positionsById[sorted] as number] as IndexedProduct).id;
  let low = 0;
  let high = positionsById.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (idAt(middle) < id) low = middle + 1;
    else high = middle;
  }
  return low < positionsById.length && idAt(low) === id ? (positionsById[low] as number) : -1;
}

/** The positions (ascending) of the products with word number `word`. */
export const postingsOf = (list: WordList, word: number): Uint32Array => list.postings.subarray(list.postingStarts[word], list.postingStarts[word + 1]);

/**
 * Collects one kind of word product by product, then numbers the words in order and lays out both
 * directions. `interned` is shared by a store's word kinds: splitting made a string per word per
 * product (decision 0031), kept here as one string per word.
 */
export function wordListBuilder(interned: Map<string, string> = new Map()) {
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
    /** Lays the words out, giving waiting requests a turn (at 100× the catalogue a build is a second of work). */
    async build(): Promise<WordList> {
      const words = await sortedInTurns(found);
      const turn = requestTurns();
      const rank = new Uint32Array(found.length);
      for (let sorted = 0; sorted < words.length; sorted++) {
        rank[numbers.get(words[sorted] as string) as number] = sorted;
        if ((sorted & clockCheckMask) === 0) await turn();
      }
      return laidOut(words, (i) => rank[perProduct[i] as number] as number, Uint32Array.from(starts));
    },
  };
}

/**
 * The typed arrays of a word list: `words` sorted, and each product's words by their number in
 * it (product p: `numberAt(i)` for i from `starts[p]` to `starts[p + 1]`).
 */
async function laidOut(words: string[], numberAt: (i: number) => number, starts: Uint32Array): Promise<WordList> {
  const turn = requestTurns();
  const total = starts[starts.length - 1] as number;
  const wordIds = words.length <= 0x10000 ? new Uint16Array(total) : new Uint32Array(total);
  const postingStarts = new Uint32Array(words.length + 1);
  for (let i = 0; i < total; i++) {
    const number = numberAt(i);
    wordIds[i] = number;
    (postingStarts[number + 1] as number)++;
    if ((i & clockCheckMask) === 0) await turn();
  }
  for (let word = 0; word < words.length; word++) postingStarts[word + 1] = (postingStarts[word + 1] as number) + (postingStarts[word] as number);
  const postings = new Uint32Array(total);
  const next = postingStarts.slice(0, words.length);
  // Products in order, so each word's positions come out ascending.
  for (let position = 0; position + 1 < starts.length; position++) {
    for (let i = starts[position] as number; i < (starts[position + 1] as number); i++) postings[(next[wordIds[i] as number] as number)++] = position;
    if ((position & clockCheckMask) === 0) await turn();
  }
  return { words, postingStarts, postings, wordStarts: starts, wordIds };
}

/** Attribute code and option code → the option's label in the locale ('' without one): part of the attribute words. */
const optionLabelsOf = (index: ListingIndex, locale: LocaleCode): ReadonlyMap<string, string> =>
  new Map(index.facets.flatMap((facet) => facet.options.map((option) => [`${facet.code}:${option.code}`, option.labels[locale] ?? ''] as const)));

/** The three kinds of words of a product, in the order of `ProductWords`' lists: folded, name stems, SKU and attribute words. */
type WordsOfProduct = [folded: string[], nameStems: string[], keywords: string[]];

/** A function giving the words of each of `products` (by its place in that list), once their names' words are stemmed. */
async function productWordsMaker(
  db: Database,
  locale: LocaleCode,
  optionLabels: ReadonlyMap<string, string>,
  products: IndexedProduct[],
): Promise<(i: number) => WordsOfProduct> {
  const turn = requestTurns();
  const nameWords: string[][] = [];
  const distinctNameWords = new Set<string>();
  for (const product of products) {
    const words = parsedWordsOf(product.names[locale] as string);
    nameWords.push(words);
    for (const word of words) distinctNameWords.add(word);
    await turn();
  }
  const stems = await stemsOf(db, locale, distinctNameWords);
  return (i) => {
    const product = products[i] as IndexedProduct;
    const labels = [...product.options].flatMap(([attribute, codes]) => codes.map((code) => optionLabels.get(`${attribute}:${code}`) ?? ''));
    return [
      foldedWordsOf(`${product.names[locale]} ${product.sku}`),
      (nameWords[i] as string[]).flatMap((word) => stems.get(word) || []),
      parsedWordsOf(`${product.sku} ${labels.join(' ')}`),
    ];
  };
}

/** The words of a store, with the option labels they were made with. */
interface MadeWords {
  words: ProductWords;
  optionLabels: ReadonlyMap<string, string>;
}

/** The products of the index named in the locale, in its order. */
const productsNamedIn = (index: ListingIndex, locale: LocaleCode) => index.products.filter((product) => product.names[locale]);

async function buildProductWords(db: Database, index: ListingIndex, locale: LocaleCode): Promise<MadeWords> {
  const optionLabels = optionLabelsOf(index, locale);
  const products = productsNamedIn(index, locale);
  const wordsOf = await productWordsMaker(db, locale, optionLabels, products);
  const turn = requestTurns();
  const interned = new Map<string, string>();
  const folded = wordListBuilder(interned);
  const nameStems = wordListBuilder(interned);
  const keywords = wordListBuilder(interned);
  for (let position = 0; position < products.length; position++) {
    const [foldedWords, stems, keywordWords] = wordsOf(position);
    folded.add(foldedWords);
    nameStems.add(stems);
    keywords.add(keywordWords);
    await turn();
  }
  // Each list's build is a pass over all products' words: a turn between them.
  await yieldToRequests();
  const foldedList = await folded.build();
  await yieldToRequests();
  const nameStemList = await nameStems.build();
  await yieldToRequests();
  const keywordList = await keywords.build();
  await yieldToRequests();
  return {
    words: {
      products,
      positionsById: positionsInIdOrder(products),
      folded: foldedList,
      nameStems: nameStemList,
      keywords: keywordList,
    },
    optionLabels,
  };
}

/**
 * The positions of `products` in id order: one native numeric sort of id·2^k + position, exact
 * below 2^53 (ids are 31-bit, positions below 2^22). With a comparator this sort held the event
 * loop 150–230 ms at 100× the catalogue (376,000 products); this way about 40 ms.
 */
function positionsInIdOrder(products: IndexedProduct[]): Uint32Array {
  const scale = 2 ** Math.ceil(Math.log2(products.length + 1));
  const keys = new Float64Array(products.length);
  for (let position = 0; position < products.length; position++) keys[position] = (products[position] as IndexedProduct).id * scale + position;
  keys.sort();
  const positions = new Uint32Array(products.length);
  for (let i = 0; i < keys.length; i++) positions[i] = (keys[i] as number) % scale;
  return positions;
}

/**
 * `list` for the products at new positions, laid out exactly as a build from all their words
 * would be: product p keeps the words of the product at `oldPositions[p]` in `list` (-1: a new
 * product), unless `fresh` holds its words, made again. The same list when nothing moved or changed.
 */
async function patchedWordList(list: WordList, oldPositions: Int32Array, fresh: ReadonlyMap<number, string[]>): Promise<WordList> {
  const { words, wordStarts, wordIds } = list;
  const numbersOf = (wordsOfProduct: string[]) => [...new Set(wordsOfProduct.map((word) => wordNumber(list, word)))];
  const unmoved = oldPositions.length === wordStarts.length - 1 && oldPositions.every((old, position) => old === position);
  const unchanged = (position: number, numbers: number[]) => {
    const first = wordStarts[position] as number;
    return numbers.length === (wordStarts[position + 1] as number) - first && numbers.every((number, i) => number === wordIds[first + i]);
  };
  if (unmoved && [...fresh].every(([position, wordsOfProduct]) => unchanged(position, numbersOf(wordsOfProduct)))) return list;

  // The words of `list` and the new ones merged in order: numbers for both.
  const added = [...new Set([...fresh.values()].flat())].filter((word) => wordNumber(list, word) < 0).sort();
  const merged: string[] = [];
  const mergedOfOld = new Uint32Array(words.length);
  const mergedOfAdded = new Map<string, number>();
  for (let i = 0, j = 0; i < words.length || j < added.length;) {
    const word = j === added.length || (i < words.length && (words[i] as string) < (added[j] as string)) ? (words[i] as string) : (added[j] as string);
    const number = merged.push(word) - 1;
    if (word === words[i]) mergedOfOld[i++] = number;
    else mergedOfAdded.set(added[j++] as string, number);
  }
  const freshNumbers = new Map(
    [...fresh].map(([position, wordsOfProduct]) => [
      position,
      [...new Set(wordsOfProduct)].map((word) => mergedOfAdded.get(word) ?? (mergedOfOld[wordNumber(list, word)] as number)),
    ]),
  );

  // Each product's words in merged numbers, and how many products have each word.
  const starts = new Uint32Array(oldPositions.length + 1);
  oldPositions.forEach((old, position) => {
    const count = freshNumbers.get(position)?.length ?? (wordStarts[old + 1] as number) - (wordStarts[old] as number);
    starts[position + 1] = (starts[position] as number) + count;
  });
  const mergedIds = new Uint32Array(starts[oldPositions.length] as number);
  const productsWith = new Uint32Array(merged.length);
  oldPositions.forEach((old, position) => {
    let at = starts[position] as number;
    const numbers = freshNumbers.get(position);
    if (numbers) for (const number of numbers) mergedIds[at++] = number;
    else for (let i = wordStarts[old] as number; i < (wordStarts[old + 1] as number); i++) mergedIds[at++] = mergedOfOld[wordIds[i] as number] as number;
  });
  for (const number of mergedIds) (productsWith[number] as number)++;

  // Words no product has any more leave; the rest are numbered in order again.
  const final = new Uint32Array(merged.length);
  const kept: string[] = [];
  merged.forEach((word, number) => {
    if (productsWith[number]) final[number] = kept.push(word) - 1;
  });
  return laidOut(kept, (i) => final[mergedIds[i] as number] as number, starts);
}

/** Whether a product's words in the locale are the same (besides option labels, compared for the whole index). */
const sameWordsIn = (locale: LocaleCode) => (a: IndexedProduct, b: IndexedProduct) =>
  a === b || (a.names[locale] === b.names[locale] && a.sku === b.sku && sameOptions(a.options, b.options));

/**
 * The words of `index` made from the words made before (decision 0035): the products whose words
 * (name, SKU, options) are the same keep theirs, the others' are made again, and the typed
 * arrays are laid out again in a pass over them, exactly as a whole build would lay them out.
 * Option labels that changed (a change of attributes) make them all again.
 */
async function patchedProductWords(db: Database, before: MadeWords, index: ListingIndex, locale: LocaleCode): Promise<MadeWords> {
  const optionLabels = optionLabelsOf(index, locale);
  if (!sameEntries(optionLabels, before.optionLabels)) return buildProductWords(db, index, locale);
  const old = before.words;
  const products = productsNamedIn(index, locale);
  // Most products stand where they stood, or one further on: looked up by id only when not.
  const oldPositions = new Int32Array(products.length);
  const newPositions = new Int32Array(old.products.length).fill(-1);
  const changed: number[] = [];
  const same = sameWordsIn(locale);
  let guess = 0;
  products.forEach((product, position) => {
    const oldPosition = old.products[guess]?.id === product.id ? guess : positionOfProduct(old, product.id);
    oldPositions[position] = oldPosition;
    if (oldPosition >= 0) {
      newPositions[oldPosition] = position;
      guess = oldPosition + 1;
    }
    if (oldPosition < 0 || !same(old.products[oldPosition] as IndexedProduct, product)) changed.push(position);
  });
  const wordsOf = await productWordsMaker(
    db,
    locale,
    optionLabels,
    changed.map((position) => products[position] as IndexedProduct),
  );
  const made = changed.map((position, i) => [position, wordsOf(i)] as const);
  const fresh = (kind: 0 | 1 | 2) => new Map(made.map(([position, words]) => [position, words[kind]]));
  const unmoved = products.length === old.products.length && oldPositions.every((oldPosition, position) => oldPosition === position);
  // A turn for waiting requests between the kinds of words: each is a pass over all products' words.
  const folded = await patchedWordList(old.folded, oldPositions, fresh(0));
  await yieldToRequests();
  const nameStems = await patchedWordList(old.nameStems, oldPositions, fresh(1));
  await yieldToRequests();
  const keywords = await patchedWordList(old.keywords, oldPositions, fresh(2));
  return {
    words: {
      products,
      positionsById: unmoved ? old.positionsById : positionsByIdAfter(old.positionsById, newPositions, products, oldPositions),
      folded,
      nameStems,
      keywords,
    },
    optionLabels,
  };
}

/** The new positions in id order: those of the products kept (in the old id order) merged with the new products'. */
function positionsByIdAfter(oldById: Uint32Array, newPositions: Int32Array, products: IndexedProduct[], oldPositions: Int32Array): Uint32Array {
  const idOf = (position: number) => (products[position] as IndexedProduct).id;
  const newcomers = [...oldPositions.keys()].filter((position) => oldPositions[position] === -1).sort((a, b) => idOf(a) - idOf(b));
  const byId = new Uint32Array(products.length);
  let filled = 0;
  let j = 0;
  for (const oldPosition of oldById) {
    const position = newPositions[oldPosition] as number;
    if (position < 0) continue;
    while (j < newcomers.length && idOf(newcomers[j] as number) < idOf(position)) byId[filled++] = newcomers[j++] as number;
    byId[filled++] = position;
  }
  while (j < newcomers.length) byId[filled++] = newcomers[j++] as number;
  return byId;
}

/** The words of each store last made in this process, made again from them after a change (per database the words are asked with). */
const lastWordsOf = new WeakMap<Database, Map<LocaleCode, Promise<MadeWords>>>();
const wordsByIndexTexts = new WeakMap<object, Map<LocaleCode, Promise<MadeWords>>>();
const wordsByIndex = new WeakMap<ListingIndex, Map<LocaleCode, Promise<ProductWords>>>();

function cachedPerLocale<Key extends object, Value>(
  cache: WeakMap<Key, Map<LocaleCode, Promise<Value>>>,
  key: Key,
  locale: LocaleCode,
  make: () => Promise<Value>,
): Promise<Value> {
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

/** The store's words for texts not seen before: patched from the last ones made, or built when there are none (or they failed). */
function wordsFollowingChanges(db: Database, index: ListingIndex, locale: LocaleCode): Promise<MadeWords> {
  let last = lastWordsOf.get(db);
  if (!last) lastWordsOf.set(db, (last = new Map()));
  const before = last.get(locale);
  const made = before
    ? before.then(
        (words) => patchedProductWords(db, words, index, locale),
        () => buildProductWords(db, index, locale),
      )
    : buildProductWords(db, index, locale);
  last.set(locale, made);
  return made;
}

/**
 * The words of the listing index's products in `locale`. A refresh of its prices and stock (same
 * texts, same order) keeps the words and only points them at the refreshed products; after other
 * changes (a product renamed, added or taken out, or a whole build) the words last made are
 * patched at the next search (decision 0035), built whole only the first time.
 */
export function productWords(db: Database, index: ListingIndex, locale: LocaleCode): Promise<ProductWords> {
  return cachedPerLocale(wordsByIndex, index, locale, async () => {
    const { words } = await cachedPerLocale(wordsByIndexTexts, index.textsKey, locale, () => wordsFollowingChanges(db, index, locale));
    const current = indexedProductsById(index);
    return { ...words, products: words.products.map((product) => current.get(product.id) ?? product) };
  });
}

/** Whether the store's words for `index` are made or being made: a search of the store will not start them. */
export const productWordsAsked = (index: ListingIndex, locale: LocaleCode): boolean => wordsByIndex.get(index)?.has(locale) ?? false;

/** Forgets the words made (in tests and benches): the next search of each store builds them whole. */
export function forgetProductWords(db: Database): void {
  lastWordsOf.delete(db);
}
