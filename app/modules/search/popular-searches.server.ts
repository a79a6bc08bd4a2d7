/**
 * Popular searches and completions: what other shoppers searched, shown to every shopper, so
 * only searches that several different visitors made, that found something, and whose every
 * word is one the shop itself uses (after spelling correction), minus a block list: never raw
 * visitor input.
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { catalogueReads, type Database, queryRows } from '#app/db/client.server.ts';
import { minuteCache } from '#app/lib/cache/minute-cache.server.ts';
import type { LocaleCode } from '#app/modules/i18n/locales.ts';
import { getLexicon, usesWord } from './lexicon.server.ts';
import { queryWords } from './search.server.ts';

/** Different visitors who must have made a search before others are shown it. */
export const minimumDistinctVisitors = 3;

/** Words never shown to shoppers, even where a product text uses them. */
const blockedWords = new Set([
  'sex',
  'porn',
  'porno',
  'xxx',
  'viagra',
  'casino',
  'nazi',
  'hitler',
  'fuck',
  'shit',
  'cunt',
  'kurwa',
  'scheisse',
  'merde',
  'puta',
  'cazzo',
  'kut',
  'fitta',
  'kuk',
]);

/**
 * A visitor, as the search counter knows them: a keyed hash of the client address, so the table
 * can tell visitors apart without holding their addresses.
 */
export function searchVisitorKey(secret: string, clientAddress: string): string {
  return createHash('sha256').update(`${secret}:search:${clientAddress}`).digest('hex').slice(0, 16);
}

/** A visitor repeating a search within this time counts once (a reload, the back button, a busy bot). */
const repeatWindowMs = 60_000;
const maxRemembered = 10_000;
const recentSearches = new WeakMap<Database, Map<string, number>>();

/**
 * True when this visitor made this search in the last minute; remembers it otherwise. Keeps a
 * cached results page free of database writes when one visitor asks for it again and again.
 */
function searchedJustNow(db: Database, key: string): boolean {
  let recent = recentSearches.get(db);
  if (!recent) recentSearches.set(db, (recent = new Map()));
  const now = Date.now();
  const at = recent.get(key);
  if (at !== undefined && now - at < repeatWindowMs) return true;
  recent.delete(key);
  recent.set(key, now);
  if (recent.size > maxRemembered) recent.delete(recent.keys().next().value as string);
  return false;
}

/**
 * Counts a search as searched (after spelling correction): the words only, and a few visitor
 * keys to count distinct visitors. Searches with words the shop does not use are not counted,
 * nor a visitor's repeat of a search within a minute.
 */
export async function recordSearch(db: Database, locale: LocaleCode, searchedQuery: string, results: number, visitor: string): Promise<void> {
  const words = queryWords(searchedQuery);
  if (words.length === 0 || words.some((word) => blockedWords.has(word))) return;
  if (searchedJustNow(db, `${locale}|${words.join(' ')}|${visitor}`)) return;
  // Every word must be one the shop uses, whole or inside a longer word (compounds: "gesp" in "klikgesp").
  const lexicon = await getLexicon(db, locale);
  if (!words.every((word) => /^\d+$/.test(word) || usesWord(lexicon, word))) return;
  const term = words.join(' ').slice(0, 80);
  const [row] = await queryRows<{ became_shown: boolean }>(
    db,
    sql`
    insert into search_terms (locale, term, searches, last_results, last_searched_at, visitors)
    values (${locale}, ${term}, 1, ${results}, now(), array[${visitor}]::text[])
    on conflict (locale, term) do update set
      searches = search_terms.searches + 1,
      last_results = excluded.last_results,
      last_searched_at = now(),
      visitors = case
        when ${visitor} = any(search_terms.visitors) or cardinality(search_terms.visitors) >= ${minimumDistinctVisitors} then search_terms.visitors
        else array_append(search_terms.visitors, ${visitor}::text) end
    returning coalesce(visitors[${minimumDistinctVisitors}] = ${visitor}, false) as became_shown`,
  );
  // The visitor who made a search one to show: this process shows it from the next suggestion on
  // (the search box reads through the replica, when there is one).
  if (row?.became_shown) for (const reads of new Set([db, catalogueReads(db)])) shownTerms.forget(reads, locale);
}

/** At most this many of a store's most searched terms are offered as completions and popular searches. */
const maxShownTerms = 5_000;
const shownTerms = minuteCache<string[]>(20);

/**
 * The searches shown to shoppers in a store, most searched (then most recent) first, held for a
 * minute per process: the search box asks for completions at every keystroke (issue 14).
 */
function termsShownToShoppers(db: Database, locale: LocaleCode): Promise<string[]> {
  return shownTerms(db, locale, async () => {
    const rows = await queryRows<{ term: string }>(
      db,
      sql`select term from search_terms where locale = ${locale} and last_results > 0 and cardinality(visitors) >= ${minimumDistinctVisitors}
          order by searches desc, last_searched_at desc limit ${maxShownTerms}`,
    );
    return rows.map((row) => row.term);
  });
}

/** Searches shoppers ran that start like the query: completions for the suggestion box. */
export async function completions(db: Database, locale: LocaleCode, query: string, limit = 5): Promise<string[]> {
  const prefix = queryWords(query).join(' ');
  if (!prefix) return [];
  const found: string[] = [];
  for (const term of await termsShownToShoppers(db, locale)) {
    if (term === prefix || !term.startsWith(prefix)) continue;
    if (found.push(term) === limit) break;
  }
  return found;
}

/** The searches shoppers ran most in this store that found something. */
export async function popularSearches(db: Database, locale: LocaleCode, limit = 8): Promise<string[]> {
  return (await termsShownToShoppers(db, locale)).slice(0, limit);
}
