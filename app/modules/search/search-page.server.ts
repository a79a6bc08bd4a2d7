import { catalogueReads, type Database } from '#app/db/client.server.ts';
import { getListingIndex, indexedProductsById } from '#app/modules/catalogue/listing-index.server.ts';
import { parseListingParams, queryProducts } from '#app/modules/catalogue/listing-query.server.ts';
import { toProductCard } from '#app/modules/catalogue/product-detail.server.ts';
import type { LocaleCode } from '#app/modules/i18n/locales.ts';
import type { PriceDisplay } from '#app/modules/pricing/price-display.ts';
import { popularSearches } from './popular-searches.server.ts';
import { searchCatalogue } from './search.server.ts';

/** Response headers with the number of results and the words searched (URI-encoded), kept by the page cache with the page. */
export const searchResultsHeader = 'x-search-results';
export const searchedTermHeader = 'x-search-term';

/** A search worth counting: the query alone, not a filter click or page turn on its results. */
export const isNewSearch = (search: URLSearchParams) => search.has('q') && [...search.keys()].every((name) => name === 'q');

/**
 * The search results page: matching products with the listing's filters, sorting (relevance
 * first) and paging, plus matching categories, pages and blog posts; popular searches when nothing matched.
 */
export async function getSearchPage(db: Database, locale: LocaleCode, search: URLSearchParams, display: PriceDisplay) {
  const query = (search.get('q') ?? '').trim().slice(0, 100);
  // Found on the read replica, if any; the search itself is counted on the primary.
  const [outcome, index] = await Promise.all([searchCatalogue(catalogueReads(db), locale, query), getListingIndex(db)]);
  const byId = indexedProductsById(index);
  const products = outcome.hits.flatMap((hit) => (hit.kind === 'product' && byId.has(hit.refId) ? [byId.get(hit.refId)!] : []));
  const params = parseListingParams(search, new Set(index.facets.map((f) => f.code)), 'relevance');
  const listing = queryProducts(index, products, [], params, locale, display);
  const categories = outcome.hits.filter((hit) => hit.kind === 'category').slice(0, 12);
  const pages = outcome.hits.filter((hit) => hit.kind === 'page').slice(0, 12);
  const posts = outcome.hits.filter((hit) => hit.kind === 'post').slice(0, 12);
  const found = products.length + categories.length + pages.length + posts.length;
  return {
    query,
    searchedTerm: outcome.query,
    correctedQuery: outcome.correctedQuery,
    found,
    categories: categories.map(({ title, urlPath }) => ({ title, urlPath })),
    pages: pages.map(({ title, urlPath }) => ({ title, urlPath })),
    posts: posts.map(({ title, urlPath }) => ({ title, urlPath })),
    popular: found === 0 ? await popularSearches(db, locale) : [],
    params: { sort: params.sort, limit: params.limit, priceMin: params.priceMin, priceMax: params.priceMax },
    listing: { ...listing, products: listing.products.map((p) => toProductCard(p, locale)) },
  };
}
