import { data } from 'react-router';
import { usePlainLinkClicks } from '#app/components/ui/plain-links.tsx';
import type { Route } from './+types/search';
import { ListingPage } from '#app/components/catalogue/listing-page.tsx';
import { samePathAlternates } from '#app/components/page-head.tsx';
import { servicesContext, storefrontContext } from '#app/context.ts';
import { orUnavailable } from '#app/db/with-database.server.ts';
import { sortOptions } from '#app/modules/catalogue/listing-options.ts';
import { useI18n } from '#app/modules/i18n/i18n.tsx';
import { useEcommerceEvent } from '#app/modules/analytics/use-ecommerce-event.ts';
import { priceDisplayFor } from '#app/modules/pricing/price-display.server.ts';
import { getSearchPage, searchedTermHeader, searchResultsHeader } from '#app/modules/search/search-page.server.ts';
import { shareWithShoppers } from '#app/modules/page-cache/shared-pages.server.ts';

export async function loader({ request, context }: Route.LoaderArgs) {
  // Reads the visitor only through personal inputs: served from the cache to shoppers too (decision 0020).
  shareWithShoppers(context);
  const { db } = context.get(servicesContext);
  const selection = context.get(storefrontContext);
  const search = new URL(request.url).searchParams;
  const page = await orUnavailable(async () => getSearchPage(db, selection.storefront.code, search, await priceDisplayFor(db, selection)));
  // The search is counted from these once its page has gone out (server/app.ts); the page cache keeps them with the page.
  return data(
    { prefix: selection.storefront.prefix, alternates: samePathAlternates('/search'), ...page },
    { headers: { [searchResultsHeader]: String(page.found), [searchedTermHeader]: encodeURIComponent(page.searchedTerm) } },
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { prefix, query, correctedQuery, categories, pages, posts, popular, found } = loaderData;
  // One line about the query: a corrected misspelling names what the results are for; the box keeps what was typed.
  const shownQuery = correctedQuery && found > 0 ? correctedQuery : query;
  useEcommerceEvent('search', query || null, () => ({ search_term: query.slice(0, 200) }));
  const followLink = usePlainLinkClicks();
  const title = shownQuery ? t('search.resultsFor', { query: shownQuery }) : t('search.title');
  return (
    <ListingPage
      data={{
        name: title,
        description: null,
        metaTitle: title,
        metaDescription: null,
        trail: [],
        subcategoryNames: {},
        alternates: loaderData.alternates,
        params: loaderData.params,
        listing: loaderData.listing,
      }}
      prefix={prefix}
      sorts={sortOptions}
    >
      {/* plain <a> elements followed by one handler (decision 0050) */}
      <div className="search-summary" onClick={followLink}>
        {!query && <p>{t('search.emptyQuery')}</p>}
        {query && found === 0 && (
          <div className="no-results" role="status">
            <p>
              <strong>{t('search.noResults', { query })}</strong>
            </p>
            <p>{t('search.noResultsHint')}</p>
          </div>
        )}
        {popular.length > 0 && (
          <nav aria-labelledby="popular-searches-heading">
            <h2 id="popular-searches-heading">{t('search.popular')}</h2>
            <ul className="chips">
              {popular.map((term) => (
                <li key={term}>
                  <a className="chip" href={`/${prefix}/search?q=${encodeURIComponent(term)}`}>
                    {term}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        )}
        {categories.length > 0 && (
          <nav aria-labelledby="search-categories-heading">
            <h2 id="search-categories-heading">{t('search.categories')}</h2>
            <ul className="chips">
              {categories.map((category) => (
                <li key={category.urlPath}>
                  <a className="chip" href={`/${prefix}/${category.urlPath}`}>
                    {category.title}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        )}
        <HitLinks id="search-pages-heading" heading={t('search.pages')} hits={pages} prefix={prefix} />
        <HitLinks id="search-posts-heading" heading={t('blog.searchHeading')} hits={posts} prefix={prefix} />
      </div>
    </ListingPage>
  );
}

/** Pages or blog posts that matched, as a titled list of links (nothing when none matched). */
function HitLinks({ id, heading, hits, prefix }: { id: string; heading: string; hits: { title: string; urlPath: string }[]; prefix: string }) {
  if (hits.length === 0) return null;
  return (
    <nav aria-labelledby={id}>
      <h2 id={id}>{heading}</h2>
      <ul>
        {hits.map((hit) => (
          <li key={hit.urlPath}>
            <a href={`/${prefix}/${hit.urlPath}`}>{hit.title}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
