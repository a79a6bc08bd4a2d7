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

/** Each word → the positions (ascending) of the products that have it. */
export type Postings = Map<string, number[]>;

export interface ProductWords {
  /** the products named in the locale, in the listing index's order */
  products: IndexedProduct[];
  /** the positions in product id order (the database's order between equally ranked products) */
  positionsById: Uint32Array;
  /** per position: the words of the name and SKU, folded (`foldedWordsOf`) */
  folded: string[][];
  foldedPostings: Postings;
  /** the folded words in code-point order, to find the words starting like a typed one without a scan */
  sortedFolded: string[];
  /** per position: the stems of the name's words */
  nameStems: string[][];
  nameStemPostings: Postings;
  /** per position: the words of the SKU and attribute values, as parsed (the database does not stem them) */
  keywords: string[][];
  keywordPostings: Postings;
}

function post(postings: Postings, keys: string[], position: number) {
  for (const key of new Set(keys)) {
    const list = postings.get(key);
    if (list) list.push(position);
    else postings.set(key, [position]);
  }
}

/**
 * One string per word across a store's products: splitting made a string per word per product,
 * half of the 1.6 KB a product and store these words took at 10× the catalogue (issue 18,
 * decision 0031).
 */
function sharedWords() {
  const words = new Map<string, string>();
  return (list: string[]): string[] =>
    list.map((word) => {
      const same = words.get(word);
      if (same !== undefined) return same;
      words.set(word, word);
      return word;
    });
}

const codePointOrder = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

async function buildProductWords(db: Database, index: ListingIndex, locale: LocaleCode): Promise<ProductWords> {
  const optionLabels = new Map(
    index.facets.flatMap((facet) => facet.options.map((option) => [`${facet.code}:${option.code}`, option.labels[locale] ?? ''] as const)),
  );
  const products = index.products.filter((product) => product.names[locale]);
  const nameWords = products.map((product) => parsedWordsOf(product.names[locale] as string));
  const stems = await stemsOf(db, locale, nameWords.flat());
  const words: ProductWords = {
    products,
    positionsById: Uint32Array.from(products.keys()).sort((a, b) => (products[a] as IndexedProduct).id - (products[b] as IndexedProduct).id),
    folded: [],
    foldedPostings: new Map(),
    sortedFolded: [],
    nameStems: [],
    nameStemPostings: new Map(),
    keywords: [],
    keywordPostings: new Map(),
  };
  const shared = sharedWords();
  products.forEach((product, position) => {
    const folded = shared(foldedWordsOf(`${product.names[locale]} ${product.sku}`));
    const nameStems = shared((nameWords[position] as string[]).flatMap((word) => stems.get(word) || []));
    const labels = [...product.options].flatMap(([attribute, codes]) => codes.map((code) => optionLabels.get(`${attribute}:${code}`) ?? ''));
    const keywords = shared(parsedWordsOf(`${product.sku} ${labels.join(' ')}`));
    words.folded.push(folded);
    words.nameStems.push(nameStems);
    words.keywords.push(keywords);
    post(words.foldedPostings, folded, position);
    post(words.nameStemPostings, nameStems, position);
    post(words.keywordPostings, keywords, position);
  });
  words.sortedFolded = [...words.foldedPostings.keys()].toSorted(codePointOrder);
  return words;
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
