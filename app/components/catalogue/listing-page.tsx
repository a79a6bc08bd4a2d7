import { Form, Link, useLocation, useSubmit } from 'react-router';
import type { CategoryPageData } from '#app/modules/catalogue/category-page.server.ts';

/** What a listing shows: a category's products, or search results. */
export type ListingPageData = CategoryPageData;
import { allPageMax, pageSizes, sortOptions, type SortOption } from '#app/modules/catalogue/listing-options.ts';
import { useI18n } from '#app/modules/i18n/i18n.tsx';
import { useEcommerceEvent } from '#app/modules/analytics/use-ecommerce-event.ts';
import { formatMoney } from '#app/modules/currency/money.ts';
import { usePriceDisplay } from '#app/modules/pricing/price-context.tsx';
import { PageHead } from '#app/components/page-head.tsx';
import { FiltersDrawer } from './filters-drawer.tsx';
import { Pagination } from '#app/components/pagination.tsx';
import { Breadcrumbs, ProductGrid } from './product-card.tsx';
import { Notice } from '#app/components/ui/notice.tsx';
import { formatDecimal } from '#app/modules/i18n/locale-formats.ts';

const sortLabels: Record<SortOption, string> = {
  position: 'listing.sortPosition',
  relevance: 'listing.sortRelevance',
  name: 'listing.sortName',
  price_asc: 'listing.sortPriceAsc',
  price_desc: 'listing.sortPriceDesc',
  feed_through_size: 'listing.sortFeedThroughSize',
  length_accessory: 'listing.sortAccessoryLength',
  rope_diameter: 'listing.sortRopeDiameter',
};

/** Numeric sorts only make sense where the products have that dimension. */
const sortFacet: Partial<Record<SortOption, string>> = {
  feed_through_size: 'feed_through_size',
  length_accessory: 'length_accessory',
  rope_diameter: 'rope_diameter',
};

/**
 * A category listing. All state lives in the URL: the filter and sort forms are GET forms
 * (client-side navigation with JavaScript, plain requests without), paging uses links.
 */
export function ListingPage({
  data,
  prefix,
  sorts = sortOptions.filter((option) => option !== 'relevance'),
  children,
  wishlist = false,
}: {
  data: ListingPageData;
  prefix: string;
  /** the sort orders offered (search adds relevance) */
  sorts?: readonly SortOption[];
  /** shown above the results (search: corrections, categories) */
  children?: React.ReactNode;
  /** wishlist buttons on the cards: only where the page's action saves them (categories) */
  wishlist?: boolean;
}) {
  const { t, locale } = useI18n();
  const { pathname, search } = useLocation();
  const submit = useSubmit();
  const { listing, params } = data;
  useEcommerceEvent('view_item_list', `${pathname}?${search}`, () => ({
    item_list_id: pathname.slice(0, 100),
    item_list_name: data.name.slice(0, 200) || undefined,
    items: listing.products.slice(0, 100).map((product, index) => ({ item_id: product.sku, index })),
  }));
  const query = new URLSearchParams(search);
  const withParams = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(search);
    for (const [name, value] of Object.entries(changes)) {
      if (value === null) next.delete(name);
      else next.set(name, value);
    }
    const text = next.toString();
    return `${pathname}${text ? `?${text}` : ''}`;
  };
  // Choices apply at once; typed prices when the shopper presses Enter or the button (not at
  // every keystroke, which would also take the focus away from the box).
  const autoSubmit = (event: React.ChangeEvent<HTMLFormElement>) => {
    const field = event.target as unknown as HTMLInputElement;
    if (field.type === 'number') return;
    submit(event.currentTarget, { preventScrollReset: true });
  };
  const display = usePriceDisplay();
  const wholeAmount = (amount: number) => formatMoney(amount * 10 ** display.minorUnits, display.currency, locale, display.minorUnits);
  const facetCodes = new Set(listing.facets.map((f) => f.code));
  const availableSorts = sorts.filter((option) => {
    const facet = sortFacet[option];
    return !facet || facetCodes.has(facet) || option === params.sort;
  });
  const activeFilters = [
    ...listing.subcategories.filter((c) => c.selected).map((c) => ({ name: 'category_uid', value: c.uid, label: data.subcategoryNames[c.code] ?? c.code })),
    ...listing.facets.flatMap((facet) =>
      facet.options
        .filter((o) => o.selected)
        .map((o) => ({ name: facet.code, value: o.value, label: facet.unit ? `${formatDecimal(Number(o.label), locale, 2)} ${facet.unit}` : o.label })),
    ),
  ];
  const removeFilterHref = (name: string, value: string) => {
    const next = new URLSearchParams(search);
    const kept = next.getAll(name).filter((v) => v !== value);
    next.delete(name);
    next.delete('page');
    for (const v of kept) next.append(name, v);
    return `${pathname}?${next}`;
  };
  const hidden = (names: string[]) =>
    [...query].filter(([name]) => names.includes(name)).map(([name, value]) => <input key={`${name}=${value}`} type="hidden" name={name} value={value} />);

  return (
    <div className="listing container">
      <PageHead title={data.metaTitle} description={data.metaDescription ?? undefined} alternates={data.alternates} />
      <Breadcrumbs items={[{ name: t('product.home'), href: `/${prefix}` }, ...data.trail.map((c) => ({ name: c.name, href: `/${prefix}/${c.urlPath}` }))]} />
      <header className="listing__header">
        <h1>{data.name}</h1>
        <p className="listing__count">{t('listing.productCount', { count: listing.total })}</p>
      </header>
      <div className="listing__layout">
        <aside className="listing__filters">
          <FiltersDrawer
            total={listing.total}
            activeCount={activeFilters.length}
            // In the open drawer the form stays mounted while choices apply (the focus stays where it
            // was); elsewhere it follows the URL (a removed filter chip unticks its box).
            form={(id, { inDrawer }) => (
              <Form method="get" key={inDrawer ? 'drawer' : search} id={id} onChange={autoSubmit} preventScrollReset className="filters__form">
                {hidden(['q', 'sort', 'limit'])}
                {/* Each count is one text (a template string), not "(", n and ")": hundreds fewer nodes to hydrate. */}
                {listing.subcategories.length > 0 && (
                  <fieldset className="facet">
                    <legend>{t('listing.subcategories')}</legend>
                    {listing.subcategories.map((c) => (
                      <label key={c.uid} className="facet__option">
                        <input type="checkbox" name="category_uid" value={c.uid} defaultChecked={c.selected} />
                        <span>{data.subcategoryNames[c.code] ?? c.code}</span>
                        <span className="facet__count">{`(${c.count})`}</span>
                      </label>
                    ))}
                  </fieldset>
                )}
                {listing.facets.map((facet) => (
                  <fieldset key={facet.code} className="facet">
                    <legend>{facet.label}</legend>
                    <div className={facet.options.length > 8 ? 'facet__options facet__options--scroll' : 'facet__options'}>
                      {facet.options.map((option) => (
                        <label key={option.value} className="facet__option">
                          <input type="checkbox" name={facet.code} value={option.value} defaultChecked={option.selected} />
                          {option.swatchHex && <span className="swatch" style={{ backgroundColor: option.swatchHex }} aria-hidden="true" />}
                          <span>{facet.unit ? `${formatDecimal(Number(option.label), locale, 2)} ${facet.unit}` : option.label}</span>
                          <span className="facet__count">{`(${option.count})`}</span>
                        </label>
                      ))}
                    </div>
                  </fieldset>
                ))}
                {listing.priceBounds && (
                  <fieldset className="facet facet--price">
                    <legend>{t('listing.price')}</legend>
                    <label>
                      <span>{t('listing.priceMin')}</span>
                      <input
                        type="number"
                        name="price_min"
                        min={0}
                        step={1}
                        inputMode="numeric"
                        placeholder={wholeAmount(listing.priceBounds.min)}
                        defaultValue={params.priceMin ?? ''}
                      />
                    </label>
                    <label>
                      <span>{t('listing.priceMax')}</span>
                      <input
                        type="number"
                        name="price_max"
                        min={0}
                        step={1}
                        inputMode="numeric"
                        placeholder={wholeAmount(listing.priceBounds.max)}
                        defaultValue={params.priceMax ?? ''}
                      />
                    </label>
                  </fieldset>
                )}
                {!inDrawer && (
                  <button type="submit" className="button button--primary filters__apply">
                    {t('listing.applyFilters')}
                  </button>
                )}
              </Form>
            )}
          />
        </aside>
        <section className="listing__results" aria-labelledby="listing-results-heading">
          <h2 id="listing-results-heading" className="visually-hidden">
            {t('listing.productCount', { count: listing.total })}
          </h2>
          {children}
          {activeFilters.length > 0 && (
            <ul className="active-filters" aria-label={t('listing.activeFilters')}>
              {activeFilters.map((filter) => (
                <li key={`${filter.name}=${filter.value}`}>
                  <Link
                    to={removeFilterHref(filter.name, filter.value)}
                    preventScrollReset
                    aria-label={t('listing.removeFilter', { filter: filter.label })}
                    className="chip"
                  >
                    {filter.label} <span aria-hidden="true">×</span>
                  </Link>
                </li>
              ))}
              <li>
                <Link to={query.has('q') ? `${pathname}?${new URLSearchParams({ q: query.get('q') ?? '' })}` : pathname} className="chip chip--clear">
                  {t('listing.clearFilters')}
                </Link>
              </li>
            </ul>
          )}
          <Form method="get" key={`sort-${search}`} onChange={autoSubmit} preventScrollReset className="listing__toolbar">
            {[...query]
              .filter(([name]) => !['sort', 'limit', 'page'].includes(name))
              .map(([name, value]) => (
                <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
              ))}
            <label>
              <span>{t('listing.sortBy')}</span>
              <select name="sort" defaultValue={params.sort}>
                {availableSorts.map((option) => (
                  <option key={option} value={option}>
                    {t(sortLabels[option])}
                  </option>
                ))}
              </select>
            </label>
            <label>
              <span>{t('listing.perPage')}</span>
              <select name="limit" defaultValue={String(params.limit)}>
                {pageSizes.map((size) => (
                  <option key={size} value={String(size)}>
                    {size === 'all' ? t('listing.all') : size}
                  </option>
                ))}
              </select>
            </label>
            <noscript>
              <button type="submit" className="button">
                {t('listing.applyFilters')}
              </button>
            </noscript>
          </Form>
          {params.limit === 'all' && listing.pageCount > 1 && (
            <Notice role="note">
              {t('listingAll.capped', { max: allPageMax, from: listing.from, to: listing.to, total: listing.total })}{' '}
              {listing.page < listing.pageCount && (
                <Link to={withParams({ page: String(listing.page + 1) })}>{t('listingAll.nextPage', { max: allPageMax })}</Link>
              )}
            </Notice>
          )}
          {listing.products.length > 0 ? (
            <ProductGrid products={listing.products} prefix={prefix} eagerCount={4} wishlist={wishlist} />
          ) : (
            <p className="listing__empty">{t('listing.noProducts')}</p>
          )}
          <Pagination window={listing} hrefFor={(page) => withParams({ page: page === 1 ? null : String(page) })} />
        </section>
      </div>
    </div>
  );
}
