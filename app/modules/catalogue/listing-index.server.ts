/**
 * An in-memory read model of the catalogue for listings: every active product with what cards,
 * filters and sorting need, built from the database in a handful of queries and refreshed after
 * a minute. Facet counts and sorting then cost microseconds instead of a query per facet.
 * (Each app process keeps its own copy; the database stays the source of truth.)
 */
import { and, asc, between, eq, sql } from 'drizzle-orm';
import { catalogueReads, type Database, queryRows } from '#app/db/client.server.ts';
import { idSlices, readInSlices, yieldToRequests } from '#app/db/sliced-reads.server.ts';
import { attributeOptions, attributeOptionTranslations, attributes, attributeTranslations, categories, products, productTranslations } from '#app/db/schema.ts';
import { metresToCm } from '#app/modules/pricing/price-per-length.ts';
import type { LocaleCode } from '#app/modules/i18n/locales.ts';

export interface IndexedProduct {
  id: number;
  sku: string;
  position: number;
  productType: string;
  categoryIds: ReadonlySet<number>;
  names: Partial<Record<LocaleCode, string>>;
  urlKeys: Partial<Record<LocaleCode, string>>;
  /** lowest variant price, EUR cents excl. VAT */
  minPriceCents: number;
  /** how much length that lowest price buys (a length option, or 1 m when sold by the metre); null for goods not sold by length */
  minPriceLengthCm: number | null;
  /** the variant of a simple product (one variant, not cut to length): it can go in the cart from a listing */
  onlyVariantId: number | null;
  inStock: boolean;
  imagePath: string | null;
  /** swatch colours of the product's colour options */
  colourHexes: string[];
  /** select attributes: attribute code -> option codes */
  options: ReadonlyMap<string, readonly string[]>;
  /** numeric attributes: attribute code -> value */
  numbers: ReadonlyMap<string, number>;
}

export interface FacetOption {
  code: string;
  labels: Partial<Record<LocaleCode, string>>;
  swatchHex: string | null;
  position: number;
}

export interface FacetAttribute {
  code: string;
  valueType: 'select' | 'number';
  unit: string | null;
  position: number;
  labels: Partial<Record<LocaleCode, string>>;
  /** select attributes only, in shop order */
  options: FacetOption[];
}

export interface IndexedCategory {
  id: number;
  uid: string;
  code: string;
  parentId: number | null;
  position: number;
}

export interface ListingIndex {
  products: IndexedProduct[];
  facets: FacetAttribute[];
  categories: Map<number, IndexedCategory>;
  /** when the whole index was read (a refresh of the variant figures alone keeps it) */
  builtAt: number;
  /**
   * The same object for every index since the last whole build: what is derived from the products'
   * texts, options and order (search's word index) stays valid while it does.
   */
  textsKey: object;
}

/**
 * What a catalogue change may have touched: anything (the index is read again), or only product
 * variants (prices, stock, active flags): then only the products' variant figures are read again.
 */
export type ListingIndexChange = 'catalogue' | 'variants';

const productsByIdOf = new WeakMap<ListingIndex, ReadonlyMap<number, IndexedProduct>>();

/** The index's products by id, made once per index (pages look products up by id on every request). */
export function indexedProductsById(index: ListingIndex): ReadonlyMap<number, IndexedProduct> {
  let byId = productsByIdOf.get(index);
  if (!byId) productsByIdOf.set(index, (byId = new Map(index.products.map((product) => [product.id, product]))));
  return byId;
}

/** Spec §3 category uid: the base64 of the id, as the storefront API answers it. */
export const categoryUid = (id: number) => Buffer.from(String(id)).toString('base64');

/** Without change notifications, the index is rebuilt in the background a minute after it was built. */
const refreshAfterMs = 60_000;
/**
 * With them (storefront-changes.server.ts) a change rebuilds the index at once, so the rebuild every
 * ten minutes only bounds what a lost notification could leave behind. Rebuilding every minute cost
 * every page a pause once a minute (up to 0.5 s while large images render, issue 21) for nothing.
 */
const refreshFollowingChangesAfterMs = 600_000;
const followingChanges = new WeakSet<Database>();

/**
 * One database's index: the one served, the build under way (one at a time) and the build queued
 * after it for changes it may have missed (it may have read the catalogue before them).
 */
interface IndexState {
  served?: ListingIndex;
  building?: Promise<ListingIndex>;
  queued?: Promise<ListingIndex>;
  /** what the queued build reads: the widest change asked for while it waited */
  queuedChange?: ListingIndexChange;
}
const indexes = new WeakMap<Database, IndexState>();

/** The process listens for catalogue changes of `db` (or stopped listening: `following` false). */
export function listingIndexFollowsChanges(db: Database, following: boolean): void {
  if (following) followingChanges.add(catalogueReads(db));
  else followingChanges.delete(catalogueReads(db));
}

/** A build that begins after every change made so far: now, or after the one under way. */
function rebuild(db: Database, state: IndexState, change: ListingIndexChange = 'catalogue'): Promise<ListingIndex> {
  if (state.building) {
    state.queuedChange = state.queuedChange === 'catalogue' ? 'catalogue' : change;
    state.queued ??= state.building
      .catch(() => undefined)
      .then(() => {
        const queuedChange = state.queuedChange;
        state.queued = undefined;
        state.queuedChange = undefined;
        return rebuild(db, state, queuedChange);
      });
    return state.queued;
  }
  const build = change === 'variants' && state.served ? withFreshVariantFigures(db, state.served) : buildListingIndex(db);
  state.building = build;
  build.then(
    (index) => {
      state.served = index;
      state.building = undefined;
    },
    () => {
      state.building = undefined;
      // Without an index to serve, the next request tries again.
      if (!state.served && !state.queued && indexes.get(db) === state) indexes.delete(db);
    },
  );
  return build;
}

/**
 * The current index; the old one is served while the next is built in the background. Built from
 * the catalogue's database (the read replica when there is one): one index per process whichever
 * database a caller holds.
 */
export async function getListingIndex(primary: Database): Promise<ListingIndex> {
  const db = catalogueReads(primary);
  let state = indexes.get(db);
  if (!state) indexes.set(db, (state = {}));
  const served = state.served;
  if (!served) return state.queued ?? state.building ?? rebuild(db, state);
  const maxAgeMs = followingChanges.has(db) ? refreshFollowingChangesAfterMs : refreshAfterMs;
  if (Date.now() - served.builtAt > maxAgeMs && !state.building) rebuild(db, state).catch(() => undefined);
  return served;
}

/**
 * After a catalogue change: resolves once an index built after it is served (the old one serves
 * meanwhile), at once when this process has none (the next request builds one). Never rejects:
 * a failed build leaves the old index, rebuilt again later.
 */
export async function refreshListingIndex(primary: Database, change: ListingIndexChange = 'catalogue'): Promise<void> {
  const db = catalogueReads(primary);
  const state = indexes.get(db);
  if (state) await rebuild(db, state, change).catch(() => undefined);
}

/** Forgets the index (in tests): the next request waits for a new one. */
export function invalidateListingIndex(db: Database): void {
  indexes.delete(catalogueReads(db));
}

/**
 * One copy of each distinct value across the index's products: the strings read from the
 * database, and the (read-only) category sets, option and number maps and colour lists many
 * products have alike. A copy per product cost some 5.9 KB a product, 2.2 GB at 100× the demo
 * catalogue (issue 18, decision 0031).
 */
function sharedValues() {
  const one = <T>(keyOf: (value: T) => string) => {
    const seen = new Map<string, T>();
    return (value: T): T => {
      const key = keyOf(value);
      const found = seen.get(key);
      if (found !== undefined) return found;
      seen.set(key, value);
      return value;
    };
  };
  return {
    string: one<string>((value) => value),
    categoryIds: one<Set<number>>((ids) => [...ids].sort((a, b) => a - b).join()),
    options: one<Map<string, string[]>>((options) => JSON.stringify([...options])),
    numbers: one<Map<string, number>>((numbers) => JSON.stringify([...numbers])),
    colourHexes: one<string[]>((hexes) => hexes.join()),
  };
}

/** Products per slice of the large reads: about 5,000 translation rows, some 30 ms on PGlite. */
const defaultProductsPerSlice = 400;

export async function buildListingIndex(db: Database, { productsPerSlice = defaultProductsPerSlice } = {}): Promise<ListingIndex> {
  // On PGlite every query runs on the server's own thread: the reads go one at a time, the large
  // ones in slices of products, with a turn for waiting requests in between (issue 21: the whole
  // build at once held every page for 0.5–1.4 s once a minute).
  const productRows = await db
    .select({
      id: products.id,
      sku: products.sku,
      position: products.position,
      productType: products.productType,
    })
    .from(products)
    .where(eq(products.isActive, true));
  const slices = idSlices(
    productRows.map((row) => row.id),
    productsPerSlice,
  );
  const inSlices = <Row>(read: (from: number, to: number) => Promise<Row[]>) => readInSlices(slices, read);
  const translationRows = await inSlices((from, to) =>
    db
      .select({
        productId: productTranslations.productId,
        locale: productTranslations.locale,
        name: productTranslations.name,
        urlKey: productTranslations.urlKey,
      })
      .from(productTranslations)
      .where(between(productTranslations.productId, from, to)),
  );
  const categoryLinks = await inSlices((from, to) =>
    queryRows<{ product_id: number; category_id: number }>(
      db,
      sql`select product_id, category_id from product_categories where product_id between ${from} and ${to}`,
    ),
  );
  const variantFigures = await readVariantFigures(db, inSlices);
  const imageRows = await inSlices((from, to) =>
    queryRows<{ product_id: number; path: string }>(
      db,
      sql`select distinct on (product_id) product_id, path from product_images where product_id between ${from} and ${to} order by product_id, position`,
    ),
  );
  const valueRows = await inSlices((from, to) =>
    queryRows<{ product_id: number; attribute: string; option: string | null; swatch: string | null; number: string | null }>(
      db,
      sql`select v.product_id, a.code as attribute, o.code as option, o.swatch_hex as swatch, v.value_number as number
          from product_attribute_values v join attributes a on a.id = v.attribute_id left join attribute_options o on o.id = v.option_id
          where (a.is_filterable or a.code = 'color') and v.product_id between ${from} and ${to}`,
    ),
  );
  const attributeRows = await db.select().from(attributes).where(eq(attributes.isFilterable, true)).orderBy(asc(attributes.position));
  const attributeLabelRows = await db
    .select({ attributeId: attributeTranslations.attributeId, locale: attributeTranslations.locale, label: attributeTranslations.label })
    .from(attributeTranslations)
    .innerJoin(attributes, and(eq(attributes.id, attributeTranslations.attributeId), eq(attributes.isFilterable, true)));
  const optionRows = await db
    .select({
      id: attributeOptions.id,
      attributeId: attributeOptions.attributeId,
      code: attributeOptions.code,
      swatchHex: attributeOptions.swatchHex,
      position: attributeOptions.position,
    })
    .from(attributeOptions)
    .innerJoin(attributes, and(eq(attributes.id, attributeOptions.attributeId), eq(attributes.isFilterable, true)));
  const optionLabelRows = await db
    .select({ optionId: attributeOptionTranslations.optionId, locale: attributeOptionTranslations.locale, label: attributeOptionTranslations.label })
    .from(attributeOptionTranslations)
    .innerJoin(attributeOptions, eq(attributeOptions.id, attributeOptionTranslations.optionId))
    .innerJoin(attributes, and(eq(attributes.id, attributeOptions.attributeId), eq(attributes.isFilterable, true)));
  const categoryRows = await db
    .select({ id: categories.id, code: categories.code, parentId: categories.parentId, position: categories.position })
    .from(categories)
    .where(eq(categories.isActive, true));
  await yieldToRequests();

  const byId = new Map<number, IndexedProduct & { categoryIds: Set<number>; options: Map<string, string[]>; numbers: Map<string, number> }>();
  for (const row of productRows) {
    byId.set(row.id, {
      ...row,
      ...(variantFigures.get(row.id) ?? withoutVariants),
      categoryIds: new Set(),
      names: {},
      urlKeys: {},
      imagePath: null,
      colourHexes: [],
      options: new Map(),
      numbers: new Map(),
    });
  }
  for (const row of translationRows) {
    const product = byId.get(row.productId);
    if (!product) continue;
    // Stores that share a language (en, en-GB) share the string.
    product.names[row.locale as LocaleCode] = Object.values(product.names).find((name) => name === row.name) ?? row.name;
    product.urlKeys[row.locale as LocaleCode] = Object.values(product.urlKeys).find((key) => key === row.urlKey) ?? row.urlKey;
  }
  for (const row of categoryLinks) byId.get(Number(row.product_id))?.categoryIds.add(Number(row.category_id));
  const shared = sharedValues();
  for (const row of imageRows) {
    const product = byId.get(Number(row.product_id));
    if (product) product.imagePath = shared.string(row.path);
  }
  for (const row of valueRows) {
    const product = byId.get(Number(row.product_id));
    if (!product) continue;
    const attribute = shared.string(row.attribute);
    if (row.option !== null) {
      product.options.set(attribute, [...(product.options.get(attribute) ?? []), shared.string(row.option)]);
      if (attribute === 'color' && row.swatch) product.colourHexes.push(shared.string(row.swatch));
    } else if (row.number !== null) {
      product.numbers.set(attribute, Number(row.number));
    }
  }
  for (const product of byId.values()) {
    product.productType = shared.string(product.productType);
    product.categoryIds = shared.categoryIds(product.categoryIds);
    product.options = shared.options(product.options);
    product.numbers = shared.numbers(product.numbers);
    product.colourHexes = shared.colourHexes(product.colourHexes);
  }

  const labelsOf = <K>(rows: { locale: string; label: string }[], key: (row: never) => K) => {
    const map = new Map<K, Partial<Record<LocaleCode, string>>>();
    for (const row of rows) {
      const id = key(row as never);
      map.set(id, { ...map.get(id), [row.locale]: row.label });
    }
    return map;
  };
  const attributeLabels = labelsOf(attributeLabelRows, (row: { attributeId: number }) => row.attributeId);
  const optionLabels = labelsOf(optionLabelRows, (row: { optionId: number }) => row.optionId);
  const facets: FacetAttribute[] = attributeRows
    .filter((a) => a.valueType !== 'text')
    .map((a) => ({
      code: a.code,
      valueType: a.valueType as 'select' | 'number',
      unit: a.unit,
      position: a.position,
      labels: attributeLabels.get(a.id) ?? {},
      options: optionRows
        .filter((o) => o.attributeId === a.id)
        .sort((x, y) => x.position - y.position)
        .map((o) => ({ code: o.code, labels: optionLabels.get(o.id) ?? {}, swatchHex: o.swatchHex, position: o.position })),
    }));

  return {
    products: [...byId.values()].sort((a, b) => a.position - b.position),
    facets,
    categories: new Map(categoryRows.map((c) => [c.id, { ...c, uid: categoryUid(c.id) }])),
    builtAt: Date.now(),
    textsKey: {},
  };
}

type VariantFigures = Pick<IndexedProduct, 'minPriceCents' | 'minPriceLengthCm' | 'onlyVariantId' | 'inStock'>;
const withoutVariants: VariantFigures = { minPriceCents: 0, minPriceLengthCm: null, onlyVariantId: null, inStock: false };

/** Each product's lowest price, the length it buys, its only variant and whether it is in stock, from its active variants. */
async function readVariantFigures(
  db: Database,
  inSlices: <Row>(read: (from: number, to: number) => Promise<Row[]>) => Promise<Row[]>,
): Promise<Map<number, VariantFigures>> {
  const rows = await inSlices((from, to) =>
    queryRows<{
      product_id: number;
      min_price: number;
      in_stock: boolean;
      only_variant: number | null;
      sold_by_length: boolean;
      min_price_metres: string | null;
    }>(
      db,
      sql`select v.product_id, min(v.price_cents)::int as min_price, bool_or(v.stock_quantity > 0) as in_stock,
                 case when count(*) = 1 and p.kind = 'simple' and not p.sold_by_length then min(v.id) end as only_variant,
                 p.sold_by_length,
                 (array_agg(o.sort_value order by v.price_cents, v.id))[1] as min_price_metres
          from product_variants v
          join products p on p.id = v.product_id
          left join variant_option_values vo on vo.variant_id = v.id and vo.attribute_id = (select id from attributes where code = 'length')
          left join attribute_options o on o.id = vo.option_id
          where v.is_active and v.product_id between ${from} and ${to} group by v.product_id, p.kind, p.sold_by_length`,
    ),
  );
  return new Map(
    rows.map((row) => [
      Number(row.product_id),
      {
        minPriceCents: Number(row.min_price),
        minPriceLengthCm: row.sold_by_length ? 100 : row.min_price_metres === null ? null : metresToCm(Number(row.min_price_metres)),
        onlyVariantId: row.only_variant === null ? null : Number(row.only_variant),
        inStock: row.in_stock,
      },
    ]),
  );
}

/**
 * `index` with its products' variant figures read again, and nothing else: after a change of
 * variants alone (an import of stock or prices), a tenth of a whole build's reads.
 */
async function withFreshVariantFigures(db: Database, index: ListingIndex): Promise<ListingIndex> {
  const slices = idSlices(
    index.products.map((product) => product.id),
    defaultProductsPerSlice,
  );
  const figures = await readVariantFigures(db, (read) => readInSlices(slices, read));
  return { ...index, products: index.products.map((product) => ({ ...product, ...(figures.get(product.id) ?? withoutVariants) })) };
}
