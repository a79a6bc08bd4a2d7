/**
 * Products found by their names, SKU and attribute values in memory, stemmed in the store's
 * language by PostgreSQL's own dictionaries (decision 0026): a broad search ("paracord") on ten
 * times the demo catalogue ranked 27,000 documents in the database for every search nobody had
 * made in the last minute (over a second on PGlite). The words of each product are looked up here
 * instead; the database still searches descriptions, categories, pages and posts.
 */
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '#app/db/client.server.ts';
import type { IndexedProduct, ListingIndex } from '#app/modules/catalogue/listing-index.server.ts';
import type { LocaleCode } from '#app/modules/i18n/locales.ts';
import { searchConfigOf } from './search-config.ts';

/** Words as the database's text search parser sees them: letters and digits, lowercased, accents kept (they are stemmed as written; the search box's index in title-matches.server.ts strips them on purpose). */
const wordsIn = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFC')
    .match(/[\p{L}\p{N}]+/gu) ?? [];

/** Per database and text-search configuration: word → its stem ('' for a stop word). Words never change their stem. */
const stemsByDatabase = new WeakMap<Database, Map<string, Map<string, string>>>();

/** The stems of `words` in `config`, asking the database only for words it has not stemmed before. */
async function stemsOf(db: Database, config: string, words: Iterable<string>): Promise<Map<string, string>> {
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

interface SearchableProducts {
  /** the products named in the locale, by id */
  products: IndexedProduct[];
  /** per position: the stems of the name's words */
  nameStems: string[][];
  /** per position: the words of the SKU and attribute values, as written */
  keywords: string[][];
  /** stem of a name word → positions (ascending) */
  nameStemPostings: Map<string, number[]>;
  /** word of the SKU or an attribute value, as written (the database parses them without stemming) → positions (ascending) */
  keywordPostings: Map<string, number[]>;
}

const searchableByIndex = new WeakMap<ListingIndex, Map<LocaleCode, Promise<SearchableProducts>>>();

function post(postings: Map<string, number[]>, keys: string[], position: number) {
  for (const key of new Set(keys)) {
    const list = postings.get(key);
    if (list) list.push(position);
    else postings.set(key, [position]);
  }
}

async function buildSearchable(db: Database, index: ListingIndex, locale: LocaleCode): Promise<SearchableProducts> {
  const optionLabels = new Map(
    index.facets.flatMap((facet) => facet.options.map((option) => [`${facet.code}:${option.code}`, option.labels[locale] ?? ''] as const)),
  );
  const products = index.products.filter((product) => product.names[locale]).toSorted((a, b) => a.id - b.id);
  const nameWords = products.map((product) => wordsIn(product.names[locale] as string));
  const stems = await stemsOf(db, searchConfigOf(locale), nameWords.flat());
  const searchable: SearchableProducts = { products, nameStems: [], keywords: [], nameStemPostings: new Map(), keywordPostings: new Map() };
  products.forEach((product, position) => {
    const nameStems = (nameWords[position] as string[]).flatMap((word) => stems.get(word) || []);
    const labels = [...product.options].flatMap(([attribute, codes]) => codes.map((code) => optionLabels.get(`${attribute}:${code}`) ?? ''));
    const keywords = wordsIn(`${product.sku} ${labels.join(' ')}`);
    searchable.nameStems.push(nameStems);
    searchable.keywords.push(keywords);
    post(searchable.nameStemPostings, nameStems, position);
    post(searchable.keywordPostings, keywords, position);
  });
  return searchable;
}

function searchableProducts(db: Database, index: ListingIndex, locale: LocaleCode): Promise<SearchableProducts> {
  let byLocale = searchableByIndex.get(index);
  if (!byLocale) searchableByIndex.set(index, (byLocale = new Map()));
  let searchable = byLocale.get(locale);
  if (!searchable) {
    searchable = buildSearchable(db, index, locale);
    byLocale.set(locale, searchable);
    searchable.catch(() => byLocale.delete(locale));
  }
  return searchable;
}

/** The weights the database ranks by: a word of the name counts twice a word of the SKU or attributes. */
const nameWeight = 1;
const keywordWeight = 0.5;

/** A typed word as the database's query would hold it: its stem, compared with the stems of names and with SKU and attribute words as written. */
interface Term {
  stem: string;
  /** the last word, perhaps still being typed: it also matches the start of a word */
  asPrefix: boolean;
}

const fits = (term: Term, key: string) => (term.asPrefix ? key.startsWith(term.stem) : key === term.stem);

/** The posting lists a term needs (the words and stems it fits). */
function listsFor(searchable: SearchableProducts, term: Term): number[][] {
  const lists: number[][] = [];
  for (const postings of [searchable.nameStemPostings, searchable.keywordPostings]) {
    if (!term.asPrefix) {
      const list = postings.get(term.stem);
      if (list) lists.push(list);
      continue;
    }
    for (const [key, list] of postings) if (key.startsWith(term.stem)) lists.push(list);
  }
  return lists;
}

/** How a product holds a term: by a word of its name, else of its SKU or attributes, else not (0). */
function weightOf(searchable: SearchableProducts, position: number, term: Term): number {
  if ((searchable.nameStems[position] as string[]).some((stem) => fits(term, stem))) return nameWeight;
  if ((searchable.keywords[position] as string[]).some((word) => fits(term, word))) return keywordWeight;
  return 0;
}

/**
 * Products whose name (stemmed) or SKU and attribute values hold every word, the last one also as
 * the start of a word (people type "paraco"), best first — name words count more — then by id; at
 * most `limit`. Stop words are left out as the database leaves them out.
 */
export async function matchProducts(db: Database, index: ListingIndex, locale: LocaleCode, words: string[], limit: number): Promise<IndexedProduct[]> {
  const searchable = await searchableProducts(db, index, locale);
  const stems = await stemsOf(db, searchConfigOf(locale), words);
  const terms: Term[] = words.flatMap((word, position) => {
    const stem = stems.get(word) ?? word;
    return stem ? [{ stem, asPrefix: position === words.length - 1 }] : [];
  });
  if (terms.length === 0) return [];
  // The rarest term gives the candidates (ascending, hence by id); each is checked against the others.
  const candidateLists = terms.map((term) => listsFor(searchable, term));
  const size = (lists: number[][]) => lists.reduce((sum, list) => sum + list.length, 0);
  const rarest = candidateLists.reduce((best, lists) => (size(lists) < size(best) ? lists : best));
  const marked = new Uint8Array(searchable.products.length);
  for (const list of rarest) for (const position of list) marked[position] = 1;
  const byScore = new Map<number, IndexedProduct[]>();
  for (let position = 0; position < marked.length; position++) {
    if (!marked[position]) continue;
    let score = 0;
    for (const term of terms) {
      const weight = weightOf(searchable, position, term);
      if (weight === 0) {
        score = 0;
        break;
      }
      score += weight;
    }
    if (score === 0) continue;
    const list = byScore.get(score);
    if (list) list.push(searchable.products[position] as IndexedProduct);
    else byScore.set(score, [searchable.products[position] as IndexedProduct]);
  }
  return [...byScore.keys()]
    .toSorted((a, b) => b - a)
    .flatMap((score) => byScore.get(score) as IndexedProduct[])
    .slice(0, limit);
}
