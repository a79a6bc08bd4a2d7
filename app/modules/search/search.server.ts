/**
 * Searching the catalogue of one storefront: full-text search with the locale's stemming, over
 * names, descriptions, SKUs, colour names and attribute values; misspelled words are replaced
 * by the closest word of the shop's own vocabulary (trigram similarity), so "paracrod 550"
 * finds paracord 550; titles with a similar word (parts of compounds too) come after the ranked matches.
 */
import { sql } from 'drizzle-orm';
import { catalogueReads, type Database, isAnyOf, queryRows } from '#app/db/client.server.ts';
import { type LocaleCode, localeCodes } from '#app/modules/i18n/locales.ts';
import { minuteCache } from '#app/lib/cache/minute-cache.server.ts';
import { getCategoryTree } from '#app/modules/catalogue/category-tree.server.ts';
import { getListingIndex, type ListingIndex } from '#app/modules/catalogue/listing-index.server.ts';
import { searchConfigOf } from './search-config.ts';
import { closestWord, getLexicon } from './lexicon.server.ts';
import { documentWords, documentWordsAsked, documentWordsVersion, otherDocumentWords } from './document-words.server.ts';
import { productWords, productWordsAsked } from './product-words.server.ts';
import { matchDescriptions, matchOtherDocuments, matchProducts } from './product-search.server.ts';
import { titleMatches } from './title-matches.server.ts';

export interface SearchHit {
  kind: 'product' | 'category' | 'page' | 'post';
  refId: number;
  title: string;
  urlPath: string;
}

export interface SearchOutcome {
  /** the query as searched (after corrections) */
  query: string;
  /** set when words were corrected: the query shown as "did you mean" */
  correctedQuery: string | null;
  hits: SearchHit[];
}

/** Words of a query: letters and digits only, lowercased; at most eight. */
export function queryWords(query: string): string[] {
  return (
    query
      .toLowerCase()
      .normalize('NFC')
      .match(/[\p{L}\p{N}]+/gu) ?? []
  ).slice(0, 8);
}

/** Replaces words the shop does not use by the most similar word it does use. */
export async function correctSpelling(db: Database, locale: LocaleCode, words: string[]): Promise<string[]> {
  const lexicon = await getLexicon(db, locale);
  return words.map((word) => (word.length < 3 || /^\d+$/.test(word) ? word : closestWord(lexicon, word)));
}

type HitRow = { kind: SearchHit['kind']; ref_id: number; title: string; url_path: string };

const outcomes = minuteCache<SearchOutcome>(2_000);

/**
 * Searches the store; the same words give the same answer for a minute (shoppers repeat searches),
 * or until the store's description words are read again after a change.
 */
export async function searchCatalogue(db: Database, locale: LocaleCode, query: string, limit = 1000): Promise<SearchOutcome> {
  // Per listing index too: the description words may be read again before a changed product's
  // index is, and an answer made with the old index (its old name) must not outlive it.
  const index = await getListingIndex(db);
  const key = `${locale}:${indexNumber(index)}:${documentWordsVersion(db, locale)}:${limit}:${queryWords(query).join(' ')}`;
  return outcomes(db, key, () => runSearch(db, index, locale, query, limit));
}

/** Whether a search of the store now would wait for words to be made (none made or being made). */
export async function searchWordsMissing(primary: Database, locale: LocaleCode): Promise<boolean> {
  const db = catalogueReads(primary);
  return !productWordsAsked(await getListingIndex(db), locale) || !documentWordsAsked(db, locale);
}

/**
 * Up to this many products a process makes every store's words ahead: 10× the demo catalogue
 * (36,000) takes some 40 MB a store; at 100× a store's words take 300 MB, eleven stores 3 GB in
 * every process (decision 0031), so there each store's words wait for its first search.
 */
const wordsMadeAheadUpToProducts = 50_000;

/**
 * Makes each store's search words (product and description words) before its first shopper
 * searches (issue 14: no cold-cache cliff), one store after another: a web process starts it once
 * it is ready. The words are those the first search of each store would make; a process keeps them
 * anyway once every store has been searched. Returns whether it made them (not past the limit).
 */
export async function warmSearchWords(primary: Database): Promise<boolean> {
  const db = catalogueReads(primary);
  if ((await getListingIndex(db)).products.length > wordsMadeAheadUpToProducts) return false;
  for (const locale of localeCodes) {
    await productWords(db, await getListingIndex(db), locale);
    await documentWords(db, locale);
    await otherDocumentWords(db, locale);
  }
  return true;
}

const indexNumbers = new WeakMap<ListingIndex, number>();
let lastIndexNumber = 0;
function indexNumber(index: ListingIndex): number {
  let number = indexNumbers.get(index);
  if (number === undefined) indexNumbers.set(index, (number = ++lastIndexNumber));
  return number;
}

async function runSearch(db: Database, index: ListingIndex, locale: LocaleCode, query: string, limit: number): Promise<SearchOutcome> {
  const words = queryWords(query);
  if (words.length === 0) return { query: '', correctedQuery: null, hits: [] };
  const corrected = await correctSpelling(db, locale, words);
  const changed = corrected.some((word, index) => word !== words[index]);
  const config = searchConfigOf(locale);
  // Every word must match, the last one also as a prefix (people type "paraco").
  const tsquery = corrected.map((word, index) => (index === corrected.length - 1 ? `${word}:*` : word)).join(' & ');
  const tree = await getCategoryTree(db, locale);
  // Products by name, SKU and attribute values from memory (decision 0026), by their descriptions
  // only when no product has the words in those, from memory too (decision 0038).
  const byName = await matchProducts(db, index, locale, corrected, limit);
  // The store's description words are read at its first search, so searches that need them seldom
  // wait; after the product words, which that first search needs (on PGlite their reads would
  // queue behind each other on the one connection).
  documentWords(db, locale).catch(() => {});
  const products = byName.length > 0 ? byName : await matchDescriptions(db, index, locale, corrected, limit);
  // Categories, pages and posts holding the words are found in memory; the database ranks only those
  // (searching its index of every store's documents cost a cold search up to 9 ms on PGlite).
  const others = await matchOtherDocuments(db, locale, corrected);
  const ranked =
    others.length === 0
      ? []
      : await queryRows<HitRow>(
          db,
          sql`select kind, ref_id, title, url_path from search_documents, to_tsquery(${config}::regconfig, ${tsquery}) q
              where ${isAnyOf(sql`id`, others)} and document @@ q
              order by case kind when 'category' then 0 else 1 end, ts_rank_cd('{0.05, 0.1, 0.5, 1}', document, q) desc, ref_id
              limit ${limit}`,
        );
  ranked.push(
    ...products.map((product) => ({
      kind: 'product' as const,
      ref_id: product.id,
      title: product.names[locale] as string,
      url_path: product.urlKeys[locale] ?? '',
    })),
  );
  // Titles with a word holding the one typed, which stemming misses inside compounds
  // ("gesp" in "Klikgesp", "seil" in "Kletterseil"): they lead their kind, best fitting first.
  const similar = (await titleMatches(db, index, tree, locale, words.join(' '))).map((match) => ({
    kind: match.kind,
    ref_id: match.refId,
    title: match.title,
    url_path: match.urlPath,
  }));
  const similarKeys = new Set(similar.map((hit) => `${hit.kind}:${hit.ref_id}`));
  const ofKind = (kind: SearchHit['kind']) => [
    ...similar.filter((hit) => hit.kind === kind),
    ...ranked.filter((hit) => hit.kind === kind && !similarKeys.has(`${hit.kind}:${Number(hit.ref_id)}`)),
  ];
  const hits = [...ofKind('category'), ...ofKind('product'), ...ofKind('page'), ...ofKind('post')].slice(0, limit);
  return {
    query: corrected.join(' '),
    correctedQuery: changed ? corrected.join(' ') : null,
    hits: hits.map((hit) => ({ kind: hit.kind, refId: Number(hit.ref_id), title: hit.title, urlPath: hit.url_path })),
  };
}
