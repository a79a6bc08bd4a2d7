/**
 * Filtering, faceting, sorting and paging of a category listing over the listing index.
 * Facets are disjunctive: the counts of one facet ignore its own selection, so choosing a
 * second colour shows how many products it would add.
 */
import type { LocaleCode } from '#app/modules/i18n/locales.ts';
import { displayAmount, type PriceDisplay } from '#app/modules/pricing/price-display.ts';
import {
  type FacetAttribute,
  type IndexedCategory,
  type IndexedProduct,
  type ListingIndex,
  sameEntries,
  sameOptions,
  whenListingIndexPatched,
} from './listing-index.server.ts';
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
const derived = new WeakMap<ListingIndex, { byCategory: Map<number, IndexedProduct[]>; prices: Map<string, DisplayPrices> }>();

/** Each product's display price (by id) in one currency setting, and the setting. */
interface DisplayPrices {
  display: PriceDisplay;
  amounts: Map<number, number>;
}

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

/** The currency setting that display prices depend on. */
const priceKeyOf = (display: PriceDisplay) => `${display.currency}:${display.rate}:${display.includeVat ? display.vatRateBp : 0}`;

/** The products' display prices, worked out once per index and setting (a conversion is BigInt arithmetic). */
function displayPrices(index: ListingIndex, display: PriceDisplay): Map<number, number> {
  const { prices } = derivedOf(index);
  const key = priceKeyOf(display);
  let entry = prices.get(key);
  if (!entry) prices.set(key, (entry = { display, amounts: new Map(index.products.map((p) => [p.id, displayAmount(p.minPriceCents, display)])) }));
  return entry.amounts;
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
function repeatsCategories(
  facet: FacetAttribute,
  products: readonly IndexedProduct[],
  children: readonly IndexedCategory[],
  childSizes: readonly number[],
): boolean {
  if (children.length === 0 || facet.valueType !== 'select') return false;
  // Per option: how many products have it, and the children (their numbers) holding every one of them.
  const byOption = new Map<string, { count: number; children: number[] }>();
  for (const product of products) {
    for (const value of valuesOf(product, facet)) {
      const inChildren = (number: number) => product.categoryIds.has((children[number] as IndexedCategory).id);
      let option = byOption.get(value);
      if (!option) byOption.set(value, (option = { count: 0, children: [...children.keys()].filter(inChildren) }));
      else option.children = option.children.filter(inChildren);
      // Most facets are told apart here, after a few products.
      if (option.children.length === 0) return false;
      option.count++;
    }
  }
  // All of an option's products in one child, and as many as it has: exactly that child's products.
  return [...byOption.values()].every((option) => option.children.some((number) => childSizes[number] === option.count));
}

/**
 * What a set of products (a category's, or those a search found) offers whatever a shopper
 * chooses, worked out at its first listing and kept as long as the set (a category's products are
 * one array per listing index): at 100× the catalogue a category of 260,000 cords took 2–4 s a
 * listing, mostly telling the facets that repeat its child categories and sorting (decision 0046).
 */
interface ProductSetFacts {
  /** the facets at least one product has a value of */
  present: Set<FacetAttribute>;
  /** of those, the ones that only repeat the child categories */
  repeating: Set<FacetAttribute>;
  /** per order (and the locale or prices it depends on): the products' positions in that order */
  orders: Map<string, ProductOrder>;
  /** per currency setting: the bounds of the display prices, in minor units */
  priceBounds: Map<string, { min: number; max: number }>;
  /** the counts when nothing is chosen */
  unfilteredCounts?: ChoiceCounts;
}

/** Per facet shown, its options' counts; per child category (by its number), its count. */
interface ChoiceCounts {
  countsByFacet: Map<FacetAttribute, Map<string, number>>;
  childCounts: Uint32Array;
}

const factsBySet = new WeakMap<readonly IndexedProduct[], ProductSetFacts>();

/** The facts of `products`; `children` are the set's child categories, the same for the same array. */
function factsOf(index: ListingIndex, products: readonly IndexedProduct[], children: readonly IndexedCategory[]): ProductSetFacts {
  let facts = factsBySet.get(products);
  if (!facts) {
    const present = facetsPresent(index.facets, products);
    const childSizes = children.map((child) => products.filter((p) => p.categoryIds.has(child.id)).length);
    const repeating = new Set([...present].filter((facet) => repeatsCategories(facet, products, children, childSizes)));
    factsBySet.set(products, (facts = { present, repeating, orders: new Map(), priceBounds: new Map() }));
  }
  return facts;
}

/**
 * After some products were read again (decision 0033) the index is a new object, and so is every
 * category's list: each category's first listing paid its facts again (638 ms for the largest at
 * 100×). What the old index's categories worked out carries over instead (decision 0048): the
 * display prices with the changed products' worked out again; a list whose products are the same
 * ones in the same places is the old list with the changed products put in, and keeps its facts,
 * its orders with the changed products placed again. A product that
 * joins or leaves a category, moves in the shop's order or changes its options, measures or
 * categories leaves that category to be worked out again at its next listing.
 */
export function carryListingsOver(previous: ListingIndex, next: ListingIndex, changedIds: ReadonlySet<number>): void {
  const before = derived.get(previous);
  if (!before || next.facets !== previous.facets || next.categories !== previous.categories) return;
  const changed = new Map<number, IndexedProduct>();
  for (const product of next.products) if (changedIds.has(product.id)) changed.set(product.id, product);
  const after = derivedOf(next);
  for (const [key, { display, amounts }] of before.prices) {
    const carried = new Map(amounts);
    for (const id of changedIds) carried.delete(id);
    for (const product of changed.values()) carried.set(product.id, displayAmount(product.minPriceCents, display));
    after.prices.set(key, { display, amounts: carried });
  }
  for (const [categoryId, list] of before.byCategory) {
    const listAfter = listAfterChange(list, categoryId, changedIds, changed);
    if (!listAfter) continue;
    after.byCategory.set(categoryId, listAfter.list);
    const facts = factsBySet.get(list);
    const factsAfter = facts && listAfter.list !== list ? factsAfterChange(facts, list, listAfter.list, listAfter.positions, after.prices) : undefined;
    if (factsAfter) factsBySet.set(listAfter.list, factsAfter);
  }
}
whenListingIndexPatched(carryListingsOver);

/** A category's list with the changed products in their places, or undefined when they do not keep them. */
function listAfterChange(
  list: IndexedProduct[],
  categoryId: number,
  changedIds: ReadonlySet<number>,
  changed: ReadonlyMap<number, IndexedProduct>,
): { list: IndexedProduct[]; positions: number[] } | undefined {
  const positions: number[] = [];
  for (let position = 0; position < list.length; position++) if (changedIds.has((list[position] as IndexedProduct).id)) positions.push(position);
  const before = new Set(positions.map((position) => (list[position] as IndexedProduct).id));
  for (const product of changed.values()) if (product.categoryIds.has(categoryId) && !before.has(product.id)) return undefined;
  for (const position of positions) {
    const now = changed.get((list[position] as IndexedProduct).id);
    if (!now?.categoryIds.has(categoryId) || now.position !== (list[position] as IndexedProduct).position) return undefined;
  }
  if (positions.length === 0) return { list, positions };
  const after = list.slice();
  for (const position of positions) after[position] = changed.get((list[position] as IndexedProduct).id) as IndexedProduct;
  return { list: after, positions };
}

/** The facts of a list after the products at `positions` changed, or undefined when they must be worked out again. */
function factsAfterChange(
  facts: ProductSetFacts,
  before: readonly IndexedProduct[],
  after: readonly IndexedProduct[],
  positions: readonly number[],
  prices: ReadonlyMap<string, DisplayPrices>,
) {
  const pairs = positions.map((position) => [before[position] as IndexedProduct, after[position] as IndexedProduct] as const);
  // The facets offered, those repeating the children and the counts follow options, measures and categories.
  if (!pairs.every(([old, now]) => sameOptions(old.options, now.options) && sameEntries(old.numbers, now.numbers) && sameIds(old.categoryIds, now.categoryIds)))
    return undefined;
  const repriced = pairs.some(([old, now]) => old.minPriceCents !== now.minPriceCents);
  // A price order compares the new index's prices (in its currency setting); the others none.
  const priceOf = (order: ProductOrder): PriceOf => {
    const amounts = order.priceKey === null ? undefined : prices.get(order.priceKey)?.amounts;
    return (product) => amounts?.get(product.id) ?? 0;
  };
  const orders = new Map([...facts.orders].map(([key, order]) => [key, placedAgain(order, after, positions, priceOf(order))] as const));
  return { ...facts, orders, priceBounds: repriced ? new Map() : facts.priceBounds } satisfies ProductSetFacts;
}

/**
 * `order` over `products` after the products at `positions` changed: the others keep their order
 * (their keys did not change), the changed ones are sorted and each placed by a binary search
 * (the same order a whole sort would give, for a few comparisons and one copy).
 */
function placedAgain(order: ProductOrder, products: readonly IndexedProduct[], positions: readonly number[], priceOf: PriceOf): ProductOrder {
  const compare = order.compareIn(products, priceOf, false);
  const moved = new Set(positions);
  const kept = order.positions.filter((position) => !moved.has(position));
  const result = new Uint32Array(order.positions.length);
  let written = 0;
  let from = 0;
  for (const position of positions.toSorted(compare)) {
    let low = from;
    let high = kept.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (compare(kept[middle] as number, position) < 0) low = middle + 1;
      else high = middle;
    }
    result.set(kept.subarray(from, low), written);
    written += low - from;
    from = low;
    result[written++] = position;
  }
  result.set(kept.subarray(from), written);
  return { ...order, positions: result };
}

const sameIds = (a: ReadonlySet<number>, b: ReadonlySet<number>) => a === b || (a.size === b.size && [...a].every((id) => b.has(id)));

/** Why a product is left out: by none of the conditions, by a chosen facet (its number among the active ones), the child categories or the price. */
const noFailure = -1;
const failedChildren = -2;
const failedPrice = -3;

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
  const facts = factsOf(index, inCategory, children);

  const selectedChildren = children.filter((c) => params.categoryUids.has(c.uid));
  const facetsHere = index.facets.filter((f) => facts.present.has(f) && (params.filters.get(f.code)?.size || !facts.repeating.has(f)));
  const activeFacets = facetsHere.filter((f) => params.filters.get(f.code)?.size);

  // Which conditions each product (by its position) fails: matching products fail none; a product
  // that fails exactly one facet still counts for that facet's options (disjunctive faceting).
  const failures = new Uint8Array(inCategory.length);
  const firstFailure = new Int8Array(inCategory.length).fill(noFailure);
  const priceFiltered = params.priceMin !== null || params.priceMax !== null;
  const unfiltered = activeFacets.length === 0 && selectedChildren.length === 0 && !priceFiltered;
  let total = unfiltered ? inCategory.length : 0;
  if (!unfiltered) {
    for (let position = 0; position < inCategory.length; position++) {
      const product = inCategory[position] as IndexedProduct;
      const fail = (what: number) => {
        if (failures[position] === 0) firstFailure[position] = what;
        failures[position] = (failures[position] as number) + 1;
      };
      if (priceFiltered) {
        const price = priceOf(product);
        if ((params.priceMin !== null && price < params.priceMin * unit) || (params.priceMax !== null && price > params.priceMax * unit)) fail(failedPrice);
      }
      if (selectedChildren.length > 0 && !selectedChildren.some((c) => product.categoryIds.has(c.id))) fail(failedChildren);
      activeFacets.forEach((facet, number) => {
        const selected = params.filters.get(facet.code) as Set<string>;
        if (!valuesOf(product, facet).some((value) => selected.has(value))) fail(number);
      });
      if (failures[position] === 0) total++;
    }
  }

  // Without a condition the counts are the set's own, the same for every page and order.
  const { countsByFacet, childCounts } = unfiltered
    ? (facts.unfilteredCounts ??= countedChoices(inCategory, facetsHere, activeFacets, children, failures, firstFailure))
    : countedChoices(inCategory, facetsHere, activeFacets, children, failures, firstFailure);

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
    .map((c, number) => ({ uid: c.uid, code: c.code, count: childCounts[number] as number, selected: params.categoryUids.has(c.uid) }))
    .filter((c) => c.count > 0 || c.selected);

  const size = params.limit === 'all' ? Math.min(Math.max(total, 1), allPageMax) : params.limit;
  const window = pageWindow(params.page, size, total);
  const shown: IndexedProduct[] = [];
  const order = orderOf(facts, inCategory, params.sort, locale, display, priceOf, index.facets);
  for (let i = 0, matched = 0; i < inCategory.length && shown.length < size; i++) {
    const position = order ? (order[i] as number) : i;
    if (failures[position] === 0 && matched++ >= window.offset) shown.push(inCategory[position] as IndexedProduct);
  }
  const bounds = priceBoundsOf(facts, inCategory, display, priceOf);
  return {
    products: shown,
    ...window,
    facets,
    subcategories,
    priceBounds: bounds ? { min: Math.floor(bounds.min / unit), max: Math.ceil(bounds.max / unit) } : null,
  };
}

/**
 * How many products each facet's options and each child category would show: a product that fails
 * nothing counts everywhere, one that fails a single facet (or the child categories) there only.
 */
function countedChoices(
  products: readonly IndexedProduct[],
  facetsHere: readonly FacetAttribute[],
  activeFacets: readonly FacetAttribute[],
  children: readonly IndexedCategory[],
  failures: Uint8Array,
  firstFailure: Int8Array,
): ChoiceCounts {
  // One pass over the products for every facet's counts and the child categories' (a search finds
  // up to 1,000 products, and there are some twenty facets).
  const countsByFacet = new Map(facetsHere.map((facet) => [facet, new Map<string, number>()]));
  const addValues = (counts: Map<string, number>, values: readonly string[]) => {
    for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  };
  const byCode = facetsByCode(facetsHere);
  const childCounts = new Uint32Array(children.length);
  const countChildren = ({ categoryIds }: IndexedProduct) =>
    children.forEach((child, number) => categoryIds.has(child.id) && (childCounts[number] as number)++);
  for (let position = 0; position < products.length; position++) {
    const product = products[position] as IndexedProduct;
    const first = firstFailure[position] as number;
    if (failures[position] === 0) {
      eachFacetValues(product, byCode, (facet, values) => addValues(countsByFacet.get(facet) as Map<string, number>, values));
      countChildren(product);
    } else if (failures[position] === 1 && first >= 0) {
      // Only a facet's own selection, or the child categories, can leave a product out and still count it there (not the price).
      const facet = activeFacets[first] as FacetAttribute;
      addValues(countsByFacet.get(facet) as Map<string, number>, valuesOf(product, facet));
    } else if (failures[position] === 1 && first === failedChildren) {
      countChildren(product);
    }
  }
  return { countsByFacet, childCounts };
}

/** The lowest and highest display price of the set (minor units), or null for no products. */
function priceBoundsOf(
  facts: ProductSetFacts,
  products: readonly IndexedProduct[],
  display: PriceDisplay,
  priceOf: (product: IndexedProduct) => number,
): { min: number; max: number } | null {
  if (products.length === 0) return null;
  const key = priceKeyOf(display);
  let bounds = facts.priceBounds.get(key);
  if (!bounds) {
    bounds = { min: Number.POSITIVE_INFINITY, max: 0 };
    for (const product of products) {
      const price = priceOf(product);
      if (price < bounds.min) bounds.min = price;
      if (price > bounds.max) bounds.max = price;
    }
    facts.priceBounds.set(key, bounds);
  }
  return bounds;
}

/** Compares two products of a set by their positions in it. */
type PositionCompare = (a: number, b: number) => number;

/** An order of a set's products, and how it compares them (to place products that changed). */
interface ProductOrder {
  positions: Uint32Array;
  /**
   * The order's comparison over a list of products (the set's, or the same set after a change):
   * `whole` works out every product's keys first (for a sort of the whole list), else each
   * comparison reads the two products' own (for a few binary searches).
   */
  compareIn: (products: readonly IndexedProduct[], priceOf: PriceOf, whole: boolean) => PositionCompare;
  /** the currency setting of a price order: its prices are the index's in that setting */
  priceKey: string | null;
}

type PriceOf = (product: IndexedProduct) => number;

/**
 * The positions of the set's products in the order asked, sorted once per order (and the locale
 * or prices it depends on); null for relevance, the set's own order.
 */
function orderOf(
  facts: ProductSetFacts,
  products: readonly IndexedProduct[],
  sort: SortOption,
  locale: LocaleCode,
  display: PriceDisplay,
  priceOf: (product: IndexedProduct) => number,
  facets: readonly FacetAttribute[],
): Uint32Array | null {
  if (sort === 'relevance') return null;
  const priceKey = sort === 'price_asc' || sort === 'price_desc' ? priceKeyOf(display) : null;
  const key = sort === 'name' ? `name:${locale}` : priceKey ? `${sort}:${priceKey}` : sort;
  let order = facts.orders.get(key);
  if (!order) {
    const compareIn = comparisonOf(sort, locale, facets);
    const positions = Uint32Array.from(products.keys()).sort(compareIn(products, priceOf, true));
    facts.orders.set(key, (order = { positions, compareIn, priceKey }));
  }
  return order.positions;
}

/**
 * How an order compares products: names in the locale's collation, or numbers (a sort works them
 * out once per product, not at every comparison); equal products keep the set's order, as a
 * stable sort would.
 */
function comparisonOf(sort: Exclude<SortOption, 'relevance'>, locale: LocaleCode, facets: readonly FacetAttribute[]): ProductOrder['compareIn'] {
  if (sort === 'name') {
    const collator = collatorOf(locale);
    const byName =
      (nameAt: (position: number) => string): PositionCompare =>
      (a, b) =>
        collator.compare(nameAt(a), nameAt(b)) || a - b;
    const nameOf = (product: IndexedProduct) => product.names[locale] ?? '';
    return (products, _priceOf, whole) => {
      if (!whole) return byName((position) => nameOf(products[position] as IndexedProduct));
      const names = products.map(nameOf);
      return byName((position) => names[position] as string);
    };
  }
  const byKeys =
    (count: number, keyAt: (key: number, position: number) => number): PositionCompare =>
    (a, b) => {
      // Infinity − Infinity (two products without the measure) is NaN: a tie, like equal numbers.
      for (let key = 0; key < count; key++) {
        const difference = keyAt(key, a) - keyAt(key, b);
        if (difference) return difference;
      }
      return a - b;
    };
  return (products, priceOf, whole) => {
    const keysOf = sortKeysOf(sort, priceOf, facets);
    if (!whole) return byKeys(keysOf.length, (key, position) => (keysOf[key] as (product: IndexedProduct) => number)(products[position] as IndexedProduct));
    const keys = keysOf.map((keyOf) => Float64Array.from(products, keyOf));
    return byKeys(keys.length, (key, position) => (keys[key] as Float64Array)[position] as number);
  };
}

const collators = new Map<string, Intl.Collator>();

function collatorOf(locale: LocaleCode): Intl.Collator {
  let collator = collators.get(locale);
  if (!collator) collators.set(locale, (collator = new Intl.Collator(locale, { sensitivity: 'base', numeric: true })));
  return collator;
}

/** A numeric specification, or for size options (ordered smallest first) the smallest option's rank. */
function sizeOf(product: IndexedProduct, code: string, facets: readonly FacetAttribute[]): number {
  const number = product.numbers.get(code);
  if (number !== undefined) return number;
  const options = facets.find((f) => f.code === code)?.options ?? [];
  const ranks = (product.options.get(code) ?? []).map((value) => options.findIndex((o) => o.code === value)).filter((rank) => rank >= 0);
  return ranks.length ? Math.min(...ranks) : Number.POSITIVE_INFINITY;
}

/** The numbers a product sorts by in a numeric order, the first deciding, the next breaking a tie. */
function sortKeysOf(
  sort: Exclude<SortOption, 'relevance' | 'name'>,
  priceOf: (product: IndexedProduct) => number,
  facets: readonly FacetAttribute[],
): ((product: IndexedProduct) => number)[] {
  const position = (product: IndexedProduct) => product.position;
  const bySize = (code: string) => [(product: IndexedProduct) => sizeOf(product, code, facets), position];
  const keys: Record<typeof sort, ((product: IndexedProduct) => number)[]> = {
    position: [position],
    price_asc: [priceOf, position],
    price_desc: [(product) => -priceOf(product), position],
    feed_through_size: bySize('feed_through_size'),
    length_accessory: bySize('length_accessory'),
    rope_diameter: bySize('rope_diameter'),
  };
  return keys[sort];
}
