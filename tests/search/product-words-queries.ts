/**
 * A fixed list of searches over the in-memory product words (product-words.server.ts), for pinning
 * their results (product-words.test.ts) and timing them (bench/product-words.ts): exact words,
 * starts, typos, compounds, stems, words with and without accents, and empty or odd input.
 */
import type { Database } from '#app/db/client.server.ts';
import { getCategoryTree } from '#app/modules/catalogue/category-tree.server.ts';
import type { ListingIndex } from '#app/modules/catalogue/listing-index.server.ts';
import type { LocaleCode } from '#app/modules/i18n/locales.ts';
import { matchProducts } from '#app/modules/search/product-search.server.ts';
import { foldedWordsOf } from '#app/modules/search/product-words.server.ts';
import { queryWords, searchCatalogue } from '#app/modules/search/search.server.ts';
import { productsStartingLike, titleMatches } from '#app/modules/search/title-matches.server.ts';

const odd = ['', '   ', '!!!', '-', 'a', 'x'.repeat(120), '550 550 550', 'ÄÖÜ', '🙂 cord', 'a b c d e f g h i j'];

export const productWordQueries: Record<string, string[]> = {
  'en-US': [
    ...odd,
    'paracord',
    'Paracord 550',
    'par',
    'par 55',
    'paraco',
    'paracrod 550',
    'bukcle',
    'carabinr',
    'black',
    'blacks',
    'cords',
    'braided',
    'coyote brown',
    'PC550-0001',
    'pc550',
    '0001',
    'the paracord',
    'type iii black',
    'kit bracelet',
    'leash',
    'nylon',
    'rope',
  ],
  'de-DE': [
    'schwarz',
    'schwarzes',
    'schwa',
    'seil',
    'kletterseil',
    'karabiner',
    'schnalle',
    'steckschnalle',
    'spleißnadel',
    'spleissnadel',
    'hundeleinen',
    'leine',
    'gummi',
    'Schlüsselring',
    'schlussel',
    'typ iii',
    'kara',
    'sch',
  ],
  'pl-PL': ['linka', 'lina', 'linki', 'bawełniany', 'bawelniany', 'zestaw', 'śruba', 'sruba', 'karabińczyk', 'skórzany', 'czarny', 'do paracordu', 'zest'],
  'da-DK': ['reb', 'snor', 'klatrereb', 'nøglering', 'noglering', 'læder', 'laeder', 'sort', 'bånd', 'hundeliner'],
  'nl-NL': ['gesp', 'klikgesp', 'touw', 'koord', 'zwart', 'riem', 'kli'],
  'fr-FR': ['corde', 'mousqueton', 'épissoir', 'epissoir', 'cuir', "corde d'escalade"],
};

/** What each way of searching the product words answers for one query: ids in order, as kind:id. */
export interface QueryResults {
  search: { query: string; correctedQuery: string | null; hits: string[] };
  matchProducts: number[];
  startingLike: number[];
  titleMatches: string[];
}

export async function runProductWordQuery(db: Database, index: ListingIndex, locale: LocaleCode, query: string): Promise<QueryResults> {
  const outcome = await searchCatalogue(db, locale, query);
  return {
    search: { query: outcome.query, correctedQuery: outcome.correctedQuery, hits: outcome.hits.map((hit) => `${hit.kind}:${hit.refId}`) },
    ...(await productWordResults(db, index, locale, query)),
  };
}

/** What the in-memory ways of searching the index's product words answer for one query (not the search results, cached a minute). */
export async function productWordResults(db: Database, index: ListingIndex, locale: LocaleCode, query: string): Promise<Omit<QueryResults, 'search'>> {
  const words = queryWords(query);
  const folded = foldedWordsOf(words.join(' '));
  const tree = await getCategoryTree(db, locale);
  return {
    matchProducts: words.length === 0 ? [] : (await matchProducts(db, index, locale, words, 1000)).map((product) => product.id),
    // The search box asks only with a word typed (suggest.server.ts).
    startingLike: folded.length === 0 ? [] : (await productsStartingLike(db, index, locale, folded, 50)).map((product) => product.id),
    titleMatches: (await titleMatches(db, index, tree, locale, query)).map((match) => `${match.kind}:${match.refId}`),
  };
}
