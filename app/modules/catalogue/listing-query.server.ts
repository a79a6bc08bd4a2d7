/**
 * Filtering, faceting, sorting and paging of a category listing over the listing index.
 * Facets are disjunctive: the counts of one facet ignore its own selection, so choosing a
 * second colour shows how many products it would add.
 */
import type { LocaleCode } from '#app/modules/i18n/locales.ts';
import { displayAmount, type PriceDisplay } from '#app/modules/pricing/price-display.ts';
import type { FacetAttribute, IndexedCategory, IndexedProduct, ListingIndex } from './listing-index.server.ts';
import { allPageMax, type PageSize, pageSizes, type SortOption, sortOptions } from './listing-options.ts';
import { type PageWindow, pageWindow } from '#app/lib/paging/page-window.ts';

export interface ListingParams {
  /** attribute code -> selected values (option codes, or numbers as strings) */
  filters: Map<string, Set<string>>;
  /** child category uids (the spec's category_uid filter) */
  categoryUids: Set<string>;
  /** in whole units of the display currency */
  priceMin: number | null;
  priceMax: number | null;
  sort: SortOption;
  page: number;
  limit: PageSize;
}

const positiveInteger = (value: string | null) => {
  const number = Number(value);
  return value !== null && value !== '' && Number.isInteger(number) && number >= 0 ? number : null;
};

/** Reads listing state from the URL; anything malformed falls back to the default. */
export function parseListingParams(search: URLSearchParams, facetCodes: ReadonlySet<string>, defaultSort: SortOption = 'position'): ListingParams {
  const filters = new Map<string, Set<string>>();
  for (const [name, value] of search) {
    if (!facetCodes.has(name) || value === '') continue;
    const selected = filters.get(name) ?? new Set<string>();
    for (const part of value.split(',')) if (part) selected.add(part);
    filters.set(name, selected);
  }
  const sort = search.get('sort');
  const limit = search.get('limit');
  return {
    filters,
    categoryUids: new Set(search.getAll('category_uid').filter(Boolean)),
    priceMin: positiveInteger(search.get('price_min')),
    priceMax: positiveInteger(search.get('price_max')),
    sort: (sortOptions as readonly string[]).includes(sort ?? '') ? (sort as SortOption) : defaultSort,
    page: Math.max(1, positiveInteger(search.get('page')) ?? 1),
    limit: limit === 'all' ? 'all' : (pageSizes.find((size) => String(size) === limit) ?? 24),
  };
}

export interface FacetResult {
  code: string;
  label: string;
  unit: string | null;
  options: { value: string; label: string; count: number; selected: boolean; swatchHex: string | null }[];
}

export interface ListingResult extends PageWindow {
  products: IndexedProduct[];
  facets: FacetResult[];
  subcategories: { uid: string; code: string; count: number; selected: boolean }[];
  /** bounds of the display prices in this category, whole currency units */
  priceBounds: { min: number; max: number } | null;
}

const numberValue = (value: number) => String(value);

function valuesOf(product: IndexedProduct, facet: FacetAttribute): readonly string[] {
  if (facet.valueType === 'select') return product.options.get(facet.code) ?? [];
  const value = product.numbers.get(facet.code);
  return value === undefined ? [] : [numberValue(value)];
}

/** Facets by code, those of choices apart from measured ones (which read a product's numbers). */
function facetsByCode(facets: readonly FacetAttribute[]) {
  const select = new Map<string, FacetAttribute>();
  const number = new Map<string, FacetAttribute>();
  for (const facet of facets) (facet.valueType === 'select' ? select : number).set(facet.code, facet);
  return { select, number };
}

/**
 * Calls `each` with every facet of `byCode` the product has a value of, and its values as
 * `valuesOf` gives them: from the product's own few attributes, not by asking it for every facet.
 */
function eachFacetValues(
  product: IndexedProduct,
  byCode: ReturnType<typeof facetsByCode>,
  each: (facet: FacetAttribute, values: readonly string[]) => void,
): void {
  for (const [code, values] of product.options) {
    const facet = byCode.select.get(code);
    if (facet && values.length > 0) each(facet, values);
  }
  for (const [code, value] of product.numbers) {
    const facet = byCode.number.get(code);
    if (facet) each(facet, [numberValue(value)]);
  }
}

/** The facets at least one of the products has a value of. */
function facetsPresent(facets: readonly FacetAttribute[], products: readonly IndexedProduct[]): Set<FacetAttribute> {
  const present = new Set<FacetAttribute>();
  const byCode = facetsByCode(facets);
  for (const product of products) {
    eachFacetValues(product, byCode, (facet) => present.add(facet));
    if (present.size === facets.length) break;
  }
  return present;
}

/** Per index: the products of each category, and display prices per currency setting. */
const derived = new WeakMap<ListingIndex, { byCategory: Map<number, IndexedProduct[]>; prices: Map<string, Map<number, number>> }>();

function derivedOf(index: ListingIndex) {
  let entry = derived.get(index);
  if (!entry) derived.set(index, (entry = { byCategory: new Map(), prices: new Map() }));
  return entry;
}

function productsInCategory(index: ListingIndex, categoryId: number): IndexedProduct[] {
  const { byCategory } = derivedOf(index);
  let list = byCategory.get(categoryId);
  if (!list) byCategory.set(categoryId, (list = index.products.filter((p) => p.categoryIds.has(categoryId))));
  return list;
}

function displayPrices(index: ListingIndex, display: PriceDisplay): Map<number, number> {
  const { prices } = derivedOf(index);
  const key = `${display.currency}:${display.rate}:${display.includeVat ? display.vatRateBp : 0}`;
  let map = prices.get(key);
  if (!map) prices.set(key, (map = new Map(index.products.map((p) => [p.id, displayAmount(p.minPriceCents, display)]))));
  return map;
}

/** A category listing: the category's products, with its child categories as a filter. */
export function queryListing(index: ListingIndex, categoryId: number, params: ListingParams, locale: LocaleCode, display: PriceDisplay): ListingResult {
  const children = [...index.categories.values()].filter((c) => c.parentId === categoryId).sort((a, b) => a.position - b.position);
  return queryProducts(index, productsInCategory(index, categoryId), children, params, locale, display);
}

/**
 * Whether a facet only repeats the child categories ("Paracord type" beside "Categories" listing
 * the same cords, issue 22): a list of choices each of which picks exactly the products of one
 * child. Measures (diameter, strength) stay even where they follow the children: they say more.
 */
function repeatsCategories(facet: FacetAttribute, products: IndexedProduct[], children: IndexedCategory[]): boolean {
  if (children.length === 0 || facet.valueType !== 'select') return false;
  const byOption = new Map<string, Set<number>>();
  for (const product of products) {
    for (const value of valuesOf(product, facet)) {
      const ids = byOption.get(value) ?? new Set<number>();
      ids.add(product.id);
      byOption.set(value, ids);
    }
  }
  const childSets = children.map((child) => new Set(products.filter((p) => p.categoryIds.has(child.id)).map((p) => p.id)));
  const same = (a: Set<number>, b: Set<number>) => a.size === b.size && [...a].every((id) => b.has(id));
  return [...byOption.values()].every((ids) => childSets.some((childIds) => same(ids, childIds)));
}

/** Filters, facets, sorting and paging over any set of products (a category, search results). */
export function queryProducts(
  index: ListingIndex,
  inCategory: IndexedProduct[],
  children: IndexedCategory[],
  params: ListingParams,
  locale: LocaleCode,
  display: PriceDisplay,
): ListingResult {
  const prices = displayPrices(index, display);
  const priceOf = (p: IndexedProduct) => prices.get(p.id) ?? 0;
  const unit = 10 ** display.minorUnits;

  const selectedChildren = children.filter((c) => params.categoryUids.has(c.uid));
  const present = facetsPresent(index.facets, inCategory);
  const facetsHere = index.facets.filter((f) => present.has(f) && (params.filters.get(f.code)?.size || !repeatsCategories(f, inCategory, children)));
  const activeFacets = facetsHere.filter((f) => params.filters.get(f.code)?.size);

  // Which conditions each product fails: matching products fail none; a product that fails
  // exactly one facet still counts for that facet's options (disjunctive faceting).
  const failures = new Map<IndexedProduct, { count: number; first: FacetAttribute | 'children' | 'price' | null }>();
  for (const product of inCategory) {
    let count = 0;
    let first: FacetAttribute | 'children' | 'price' | null = null;
    const fail = (what: FacetAttribute | 'children' | 'price') => {
      count++;
      first ??= what;
    };
    const price = priceOf(product);
    if ((params.priceMin !== null && price < params.priceMin * unit) || (params.priceMax !== null && price > params.priceMax * unit)) fail('price');
    if (selectedChildren.length > 0 && !selectedChildren.some((c) => product.categoryIds.has(c.id))) fail('children');
    for (const facet of activeFacets) {
      const selected = params.filters.get(facet.code) as Set<string>;
      if (!valuesOf(product, facet).some((value) => selected.has(value))) fail(facet);
    }
    failures.set(product, { count, first });
  }
  const countsFor = (product: IndexedProduct, what: FacetAttribute | 'children') => {
    const failure = failures.get(product);
    return !!failure && (failure.count === 0 || (failure.count === 1 && failure.first === what));
  };
  const matching = inCategory.filter((p) => failures.get(p)?.count === 0);

  // One pass over the products for every facet's counts (a search finds up to 1,000 products, and
  // there are some twenty facets): a product that fails nothing counts for each facet it has a
  // value of, one that fails a single facet for that facet only.
  const countsByFacet = new Map(facetsHere.map((facet) => [facet, new Map<string, number>()]));
  const addValues = (counts: Map<string, number>, values: readonly string[]) => {
    for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  };
  const byCode = facetsByCode(facetsHere);
  for (const product of inCategory) {
    const failure = failures.get(product);
    if (failure?.count === 0) {
      eachFacetValues(product, byCode, (facet, values) => addValues(countsByFacet.get(facet) as Map<string, number>, values));
    } else if (failure?.count === 1) {
      // Only a facet's own selection can leave a product out and still count it (not the price or child categories).
      const counts = countsByFacet.get(failure.first as FacetAttribute);
      if (counts) addValues(counts, valuesOf(product, failure.first as FacetAttribute));
    }
  }

  const facets: FacetResult[] = facetsHere
    .map((facet) => {
      const counts = countsByFacet.get(facet) as Map<string, number>;
      const selected = params.filters.get(facet.code) ?? new Set<string>();
      const options =
        facet.valueType === 'select'
          ? facet.options
              .filter((o) => counts.has(o.code) || selected.has(o.code))
              .map((o) => ({
                value: o.code,
                label: o.labels[locale] ?? o.code,
                count: counts.get(o.code) ?? 0,
                selected: selected.has(o.code),
                swatchHex: o.swatchHex,
              }))
          : [...new Set([...counts.keys(), ...selected])]
              .sort((a, b) => Number(a) - Number(b))
              .map((value) => ({ value, label: value, count: counts.get(value) ?? 0, selected: selected.has(value), swatchHex: null }));
      return { code: facet.code, label: facet.labels[locale] ?? facet.code, unit: facet.unit, options };
    })
    // A facet with a single choice filters nothing.
    .filter((facet) => facet.options.length > 1 || facet.options.some((o) => o.selected));

  const subcategories = children
    .map((c) => ({
      uid: c.uid,
      code: c.code,
      count: inCategory.filter((p) => p.categoryIds.has(c.id) && countsFor(p, 'children')).length,
      selected: params.categoryUids.has(c.uid),
    }))
    .filter((c) => c.count > 0 || c.selected);

  const sorted = sortProducts(matching, params.sort, locale, priceOf, index.facets);
  const total = sorted.length;
  const size = params.limit === 'all' ? Math.min(Math.max(total, 1), allPageMax) : params.limit;
  const window = pageWindow(params.page, size, total);
  let min = Number.POSITIVE_INFINITY;
  let max = 0;
  for (const product of inCategory) {
    const price = priceOf(product);
    if (price < min) min = price;
    if (price > max) max = price;
  }
  return {
    products: sorted.slice(window.offset, window.offset + size),
    ...window,
    facets,
    subcategories,
    priceBounds: inCategory.length ? { min: Math.floor(min / unit), max: Math.ceil(max / unit) } : null,
  };
}

const collators = new Map<string, Intl.Collator>();

function sortProducts(
  list: IndexedProduct[],
  sort: SortOption,
  locale: LocaleCode,
  priceOf: (product: IndexedProduct) => number,
  facets: readonly FacetAttribute[],
): IndexedProduct[] {
  const byPosition = (a: IndexedProduct, b: IndexedProduct) => a.position - b.position;
  /** A numeric specification, or for size options (ordered smallest first) the smallest option's rank. */
  const sizeOf = (product: IndexedProduct, code: string) => {
    const number = product.numbers.get(code);
    if (number !== undefined) return number;
    const options = facets.find((f) => f.code === code)?.options ?? [];
    const ranks = (product.options.get(code) ?? []).map((value) => options.findIndex((o) => o.code === value)).filter((rank) => rank >= 0);
    return ranks.length ? Math.min(...ranks) : Number.POSITIVE_INFINITY;
  };
  const byNumber = (code: string) => (a: IndexedProduct, b: IndexedProduct) => {
    const x = sizeOf(a, code);
    const y = sizeOf(b, code);
    return x === y ? byPosition(a, b) : x - y;
  };
  let collator = collators.get(locale);
  if (!collator) collators.set(locale, (collator = new Intl.Collator(locale, { sensitivity: 'base', numeric: true })));
  const compare: Record<SortOption, (a: IndexedProduct, b: IndexedProduct) => number> = {
    position: byPosition,
    // The products come in order of relevance already; sorting is stable.
    relevance: () => 0,
    name: (a, b) => collator.compare(a.names[locale] ?? '', b.names[locale] ?? ''),
    price_asc: (a, b) => priceOf(a) - priceOf(b) || byPosition(a, b),
    price_desc: (a, b) => priceOf(b) - priceOf(a) || byPosition(a, b),
    feed_through_size: byNumber('feed_through_size'),
    length_accessory: byNumber('length_accessory'),
    rope_diameter: byNumber('rope_diameter'),
  };
  return [...list].sort(compare[sort]);
}
