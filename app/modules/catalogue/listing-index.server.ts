/**
 * An in-memory read model of the catalogue for listings: every active product with what cards,
 * filters and sorting need, built from the database in a handful of queries and refreshed after
 * a minute. Facet counts and sorting then cost microseconds instead of a query per facet.
 * (Each app process keeps its own copy; the database stays the source of truth.)
 */
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { catalogueReads, type Database, isAnyOf, queryRows } from '#app/db/client.server.ts';
import { idSlices, readInSlices, yieldToRequests } from '#app/db/sliced-reads.server.ts';
import { attributeOptions, attributeOptionTranslations, attributes, attributeTranslations, categories, products, productTranslations } from '#app/db/schema.ts';
import { metresToCm } from '#app/modules/pricing/price-per-length.ts';
import type { LocaleCode } from '#app/modules/i18n/locales.ts';
import type { Logger } from '#app/lib/observability/logger.server.ts';
import {
  changeLogKeptMs,
  currentDatabaseSnapshot,
  type LoggedChange,
  readChangesSince,
  readListingIndexSnapshot,
  writeListingIndexSnapshot,
} from './listing-index-snapshot.server.ts';

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
  /**
   * when the whole index was read, or made exact from a snapshot and the changes since (decision
   * 0039); a refresh of the variant figures alone keeps it
   */
  builtAt: number;
  /**
   * The same object for every index since the last whole build: what is derived from the products'
   * texts, options and order (search's word index) stays valid while it does.
   */
  textsKey: object;
}

/**
 * What a catalogue change touched, as far as the index is concerned (decision 0033): anything (the
 * index is read again), the variant figures of every product (an import of stock or prices), the
 * categories, or some products, read again by id. An empty change leaves the index as it is.
 */
export interface ListingIndexChange {
  whole?: boolean;
  /** whatever the change log holds since the index was last made exact (a notification may have been lost) */
  logged?: boolean;
  variants?: boolean;
  categories?: boolean;
  products?: Iterable<number>;
}

export const wholeCatalogue: ListingIndexChange = { whole: true };

/**
 * The tables the index reads whose rows belong to one product: their triggers name the products
 * changed (migration 0033). `product_variants` and `variant_option_values` hold only what the
 * variant figures read.
 */
export const productTablesOfTheIndex = new Set([
  'products',
  'product_translations',
  'product_categories',
  'product_images',
  'product_attribute_values',
  'product_variants',
  'variant_option_values',
]);
const variantTablesOfTheIndex = new Set(['product_variants', 'variant_option_values']);
/** The other tables the index reads: a change of attributes or their options is read as a whole build. */
const sharedTablesOfTheIndex = new Set(['attributes', 'attribute_translations', 'attribute_options', 'attribute_option_translations']);

/**
 * What a change of `tables` means for the index: `products` the ids its triggers named, or '*' for
 * all of them. Tables the index does not read (prices tiers, reviews, content…) change nothing.
 */
export function listingIndexChangeOfTables(tables: Iterable<string>, products: readonly number[] | '*'): ListingIndexChange {
  const change: ListingIndexChange & { products: number[] } = { products: [] };
  for (const table of tables) {
    if (sharedTablesOfTheIndex.has(table)) change.whole = true;
    else if (table === 'categories') change.categories = true;
    else if (!productTablesOfTheIndex.has(table)) continue;
    else if (products !== '*') change.products.push(...products);
    else if (variantTablesOfTheIndex.has(table)) change.variants = true;
    else change.whole = true;
  }
  return change;
}

/** A product list as the triggers write it (migration 0033): ids with commas, or '*' for any. */
export function productIdsOf(list: string): number[] | '*' {
  return list === '*' ? '*' : list.split(',').filter(Boolean).map(Number);
}

/** Whether `change` asks anything of the index. */
export function changesListingIndex(change: ListingIndexChange): boolean {
  return Boolean(change.whole || change.variants || change.categories || [...(change.products ?? [])].length > 0);
}

/** What both changes touched. */
function widerChange(a: ListingIndexChange | undefined, b: ListingIndexChange): ListingIndexChange {
  if (!a) return b;
  if (a.whole || b.whole) return wholeCatalogue;
  return {
    logged: a.logged || b.logged,
    variants: a.variants || b.variants,
    categories: a.categories || b.categories,
    products: new Set([...(a.products ?? []), ...(b.products ?? [])]),
  };
}

/** An index's products looked up by id. */
export interface ProductsById {
  get(id: number): IndexedProduct | undefined;
  has(id: number): boolean;
}

const productsByIdOf = new WeakMap<ListingIndex, ProductsById>();

/** The index's products by id, made once per index (pages look products up by id on every request). */
export function indexedProductsById(index: ListingIndex): ProductsById {
  let byId = productsByIdOf.get(index);
  if (!byId) productsByIdOf.set(index, (byId = productsById(index.products)));
  return byId;
}

/**
 * Ids are the database's serial numbers, close together: each product's place in `products` is
 * kept at its id in a typed array, which at 100× the catalogue (363,000 products) is made in a few
 * milliseconds where a Map took 90–160 ms, after every change, and is read some twenty times faster
 * (search's words look up every product of a new index). Ids far apart (not this shop's, but
 * possible after an import) keep a Map rather than a mostly empty array.
 */
export function productsById(products: readonly IndexedProduct[]): ProductsById {
  let highest = 0;
  for (const product of products) highest = Math.max(highest, product.id);
  if (highest > 16 * products.length + 65_536) return new Map(products.map((product) => [product.id, product]));
  const places = new Int32Array(highest + 1).fill(-1);
  products.forEach((product, place) => (places[product.id] = place));
  const get = (id: number) => {
    const place = places[id];
    return place === undefined || place < 0 ? undefined : products[place];
  };
  return { get, has: (id) => get(id) !== undefined };
}

/** Spec §3 category uid: the base64 of the id, as the storefront API answers it. */
export const categoryUid = (id: number) => Buffer.from(String(id)).toString('base64');

/** The changes logged by every transaction (migration 0034), as one change of the index. */
const changeOfLogged = (logged: readonly LoggedChange[]) =>
  logged.reduce<ListingIndexChange>((wider, change) => widerChange(wider, listingIndexChangeOfTables(change.tables, productIdsOf(change.products))), {});

/**
 * Without change notifications, the index catches up with the change log (reads again what it
 * names) in the background a minute after it was last made exact.
 */
const catchUpAfterMs = 60_000;
/**
 * With them (storefront-changes.server.ts) a change is read at once, so the catch-up every ten
 * minutes only bounds what a lost notification could leave behind. It used to be a whole build: at
 * 100× the catalogue minutes of a core and a gigabyte in every process (issue 18), and before
 * that, every minute, a pause of every page (issue 21); it now reads one table when nothing changed.
 */
const catchUpFollowingChangesAfterMs = 600_000;
const followingChanges = new WeakSet<Database>();

/**
 * One database's index: the one served, the build under way (one at a time) and the build queued
 * after it for changes it may have missed (it may have read the catalogue before them).
 */
interface IndexState {
  /** the primary database: snapshots are written there (the index may be read from a replica) */
  primary: Database;
  /** told how a start went and when a snapshot could not be written */
  logger?: Logger;
  served?: ListingIndex;
  building?: Promise<ListingIndex>;
  queued?: Promise<ListingIndex>;
  /** what the queued build reads: the widest change asked for while it waited */
  queuedChange?: ListingIndexChange;
  /**
   * The database snapshot the served index is exact through (every change it saw is in the index)
   * and when it was taken. Changes read after a notification leave it: a catch-up reads again
   * what the change log holds since (the products already read again, cheaply, once more).
   */
  exactThrough?: { databaseSnapshot: string; at: number };
}
const indexes = new WeakMap<Database, IndexState>();

/** The process listens for catalogue changes of `db` (or stopped listening: `following` false). */
export function listingIndexFollowsChanges(db: Database, following: boolean): void {
  if (following) followingChanges.add(catalogueReads(db));
  else followingChanges.delete(catalogueReads(db));
}

/** A build that begins after every change made so far: now, or after the one under way. */
function rebuild(db: Database, state: IndexState, change: ListingIndexChange = wholeCatalogue): Promise<ListingIndex> {
  if (state.building) {
    state.queuedChange = widerChange(state.queuedChange, change);
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
  let later: ListingIndexChange | undefined;
  const build = !state.served
    ? startingIndex(db, state).then((start) => {
        later = start.later;
        return start.index;
      })
    : change.whole
      ? wholeBuildSaved(db, state)
      : change.logged
        ? caughtUp(db, state, state.served, change)
        : withChangesRead(db, state.served, change);
  state.building = build;
  build.then(
    (index) => {
      state.served = index;
      state.building = undefined;
      // What a snapshot cannot be patched with is read while it serves.
      if (later) rebuild(db, state, later).catch(() => undefined);
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
  if (!state) indexes.set(db, (state = { primary }));
  const served = state.served;
  if (!served) return state.queued ?? state.building ?? rebuild(db, state);
  const maxAgeMs = followingChanges.has(db) ? catchUpFollowingChangesAfterMs : catchUpAfterMs;
  const exactAt = state.exactThrough?.at ?? served.builtAt;
  if (Date.now() - exactAt > maxAgeMs && !state.building) rebuild(db, state, { logged: true }).catch(() => undefined);
  return served;
}

/**
 * After a catalogue change: resolves once an index built after it is served (the old one serves
 * meanwhile), at once when this process has none (the next request builds one). Never rejects:
 * a failed build leaves the old index, rebuilt again later.
 */
export async function refreshListingIndex(primary: Database, change: ListingIndexChange = wholeCatalogue): Promise<void> {
  const db = catalogueReads(primary);
  const state = indexes.get(db);
  if (state) await rebuild(db, state, change).catch(() => undefined);
}

/**
 * At a web process's start, before it says it is ready (decision 0039): the index from the latest
 * snapshot and the products changed since, or a whole build when there is none. A process never
 * serves pages without its index, and a rolling restart never puts one in front of shoppers.
 */
export async function prepareListingIndex(primary: Database, logger: Logger): Promise<void> {
  const db = catalogueReads(primary);
  const state = indexes.get(db) ?? { primary };
  state.logger = logger;
  indexes.set(db, state);
  await getListingIndex(primary);
}

/** Forgets the index (in tests): the next request waits for a new one. */
export function invalidateListingIndex(db: Database): void {
  indexes.delete(catalogueReads(db));
}

/**
 * The index a process starts with: the latest snapshot with the products and categories changed
 * since read again (decision 0033's patch), or a whole build when there is no snapshot it can
 * read. A change since that needs more (attributes, `*`: a bulk write) is `later`: a whole build
 * (or the variant figures) made while the snapshot serves.
 */
async function startingIndex(db: Database, state: IndexState): Promise<{ index: ListingIndex; later?: ListingIndexChange }> {
  const started = performance.now();
  const snapshot = await readListingIndexSnapshot(state.primary).catch((error: unknown) => {
    state.logger?.warn({ err: error }, 'the listing index snapshot could not be read; building the index');
    return null;
  });
  if (!snapshot) {
    const index = await wholeBuildSaved(db, state);
    state.logger?.info({ products: index.products.length, ms: Math.round(performance.now() - started) }, 'listing index built (no snapshot to start from)');
    return { index };
  }
  const loaded: ListingIndex = { ...snapshot.index, products: shareAlike(snapshot.index.products), builtAt: Date.now(), textsKey: {} };
  const change = changeOfLogged(snapshot.changedSince);
  const later = change.whole ? change : change.variants ? { variants: true } : undefined;
  const index = change.whole ? loaded : await withChangesRead(db, loaded, { ...change, variants: false });
  // What is left for later is read again by the next catch-up too, should that later build fail.
  state.exactThrough = { databaseSnapshot: later ? snapshot.databaseSnapshot : snapshot.readAt, at: Date.now() };
  state.logger?.info(
    { products: index.products.length, changesSince: snapshot.changedSince.length, later, ms: Math.round(performance.now() - started) },
    'listing index loaded from its snapshot',
  );
  return { index, later };
}

/** A whole build, then written as the snapshot the next process starts from (in the background). */
async function wholeBuildSaved(db: Database, state: IndexState): Promise<ListingIndex> {
  const at = Date.now();
  const databaseSnapshot = await currentDatabaseSnapshot(db);
  const index = await buildListingIndex(db);
  state.exactThrough = { databaseSnapshot, at };
  const started = performance.now();
  writeListingIndexSnapshot(state.primary, index, databaseSnapshot).then(
    (bytes) => bytes && state.logger?.info({ bytes, ms: Math.round(performance.now() - started) }, 'listing index snapshot written'),
    (error: unknown) => state.logger?.warn({ err: error }, 'the listing index snapshot could not be written'),
  );
  return index;
}

/**
 * `served` with `change` and whatever the change log holds since the index was last made exact read
 * again: what a lost notification left out. A whole build when there is no such point, when the
 * log may have dropped part of it (not looked at for close to `changeLogKeptMs`), or when the log
 * names a change only a whole build reads. The index object stays when nothing was logged.
 */
async function caughtUp(db: Database, state: IndexState, served: ListingIndex, change: ListingIndexChange): Promise<ListingIndex> {
  const since = state.exactThrough;
  if (!since || Date.now() - since.at > changeLogKeptMs - catchUpFollowingChangesAfterMs) return wholeBuildSaved(db, state);
  const at = Date.now();
  const { changes, readAt } = await readChangesSince(state.primary, since.databaseSnapshot);
  const all = widerChange({ ...change, logged: false }, changeOfLogged(changes));
  if (all.whole) return wholeBuildSaved(db, state);
  const index = changesListingIndex(all) ? await withChangesRead(db, served, all) : served;
  state.exactThrough = { databaseSnapshot: readAt, at };
  return index;
}

/**
 * One copy of each distinct value across the index's products: the strings read from the
 * database, and the (read-only) category sets, option and number maps and colour lists many
 * products have alike. A copy per product cost some 5.9 KB a product, 2.2 GB at 100× the demo
 * catalogue (issue 18, decision 0031).
 */
function sharedValues() {
  const strings = new Map<string, string>();
  const string = (value: string) => strings.get(value) ?? (strings.set(value, value), value);
  /**
   * `interned(value)` is kept for the first value of each content (its strings shared too). A value
   * met again as the same object (a snapshot's products share theirs, decision 0039) is looked up
   * by identity, without making its key.
   */
  const one = <T extends object>(keyOf: (value: T) => string, interned: (value: T) => T) => {
    const byContent = new Map<string, T>();
    const byObject = new Map<T, T>();
    return (value: T): T => {
      let found = byObject.get(value);
      if (found !== undefined) return found;
      const key = keyOf(value);
      found = byContent.get(key);
      if (found === undefined) byContent.set(key, (found = interned(value)));
      byObject.set(value, found);
      return found;
    };
  };
  return {
    string,
    categoryIds: one<ReadonlySet<number>>(
      (ids) => [...ids].sort((a, b) => a - b).join(),
      (ids) => ids,
    ),
    options: one<ReadonlyMap<string, readonly string[]>>(
      (options) => JSON.stringify([...options]),
      (options) => new Map([...options].map(([code, values]) => [string(code), values.map(string)])),
    ),
    numbers: one<ReadonlyMap<string, number>>(
      (numbers) => JSON.stringify([...numbers]),
      (numbers) => new Map([...numbers].map(([code, value]) => [string(code), value])),
    ),
    colourHexes: one<string[]>(
      (hexes) => hexes.join(),
      (hexes) => hexes.map(string),
    ),
  };
}

/** Products per slice of the large reads: about 5,000 translation rows, some 30 ms on PGlite. */
const defaultProductsPerSlice = 400;

/** A condition on a column holding product ids: a slice of them, or a list read again. */
type InProducts = (column: SQL | AnyPgColumn) => SQL;
/** Runs a read for each part of the products read (with a turn for requests between them) and returns all rows. */
type ProductReads = <Row>(read: (inProducts: InProducts) => Promise<Row[]>) => Promise<Row[]>;

function readsInSlices(ids: number[], productsPerSlice: number): ProductReads {
  const slices = idSlices(ids, productsPerSlice);
  return (read) => readInSlices(slices, (from, to) => read((column) => sql`${column} between ${from} and ${to}`));
}

/** The products named (a change names at most some hundreds: its list is cut at 4,000 characters). */
function productsNamed(ids: readonly number[]): InProducts {
  return (column) => isAnyOf(column, ids);
}

const inShopOrder = (a: IndexedProduct, b: IndexedProduct) => a.position - b.position || a.id - b.id;

export async function buildListingIndex(db: Database, { productsPerSlice = defaultProductsPerSlice } = {}): Promise<ListingIndex> {
  // On PGlite every query runs on the server's own thread: the reads go one at a time, the large
  // ones in slices of products, with a turn for waiting requests in between (issue 21: the whole
  // build at once held every page for 0.5–1.4 s once a minute).
  const productRows = await readProductRows(db);
  const byId = await readIndexedProducts(
    db,
    productRows,
    readsInSlices(
      productRows.map((row) => row.id),
      productsPerSlice,
    ),
  );
  const facets = await readFacets(db);
  const categoryMap = await readCategories(db);
  await yieldToRequests();
  return { products: [...byId.values()].sort(inShopOrder), facets, categories: categoryMap, builtAt: Date.now(), textsKey: {} };
}

/** The active products (all, or those `inProducts`). */
function readProductRows(db: Database, inProducts?: InProducts) {
  return db
    .select({
      id: products.id,
      sku: products.sku,
      position: products.position,
      productType: products.productType,
    })
    .from(products)
    .where(and(eq(products.isActive, true), inProducts?.(products.id)));
}

/** Everything the index keeps of `productRows`, read part by part through `reads`. */
async function readIndexedProducts(
  db: Database,
  productRows: Pick<IndexedProduct, 'id' | 'sku' | 'position' | 'productType'>[],
  reads: ProductReads,
): Promise<Map<number, IndexedProduct>> {
  const translationRows = await reads((inProducts) =>
    db
      .select({
        productId: productTranslations.productId,
        locale: productTranslations.locale,
        name: productTranslations.name,
        urlKey: productTranslations.urlKey,
      })
      .from(productTranslations)
      .where(inProducts(productTranslations.productId)),
  );
  const categoryLinks = await reads((inProducts) =>
    queryRows<{ product_id: number; category_id: number }>(
      db,
      sql`select product_id, category_id from product_categories where ${inProducts(sql`product_id`)}`,
    ),
  );
  const variantFigures = await readVariantFigures(db, reads);
  const imageRows = await reads((inProducts) =>
    queryRows<{ product_id: number; path: string }>(
      db,
      sql`select distinct on (product_id) product_id, path from product_images where ${inProducts(sql`product_id`)} order by product_id, position`,
    ),
  );
  // In the order they were written (a product's colours in its order), whether read by slice or by id.
  const valueRows = await reads((inProducts) =>
    queryRows<{ product_id: number; attribute: string; option: string | null; swatch: string | null; number: string | null }>(
      db,
      sql`select v.product_id, a.code as attribute, o.code as option, o.swatch_hex as swatch, v.value_number as number
          from product_attribute_values v join attributes a on a.id = v.attribute_id left join attribute_options o on o.id = v.option_id
          where (a.is_filterable or a.code = 'color') and ${inProducts(sql`v.product_id`)}
          order by v.product_id, v.id`,
    ),
  );
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
    product.names[row.locale as LocaleCode] = row.name;
    product.urlKeys[row.locale as LocaleCode] = row.urlKey;
  }
  for (const row of categoryLinks) byId.get(Number(row.product_id))?.categoryIds.add(Number(row.category_id));
  for (const row of imageRows) {
    const product = byId.get(Number(row.product_id));
    if (product) product.imagePath = row.path;
  }
  for (const row of valueRows) {
    const product = byId.get(Number(row.product_id));
    if (!product) continue;
    if (row.option !== null) {
      product.options.set(row.attribute, [...(product.options.get(row.attribute) ?? []), row.option]);
      if (row.attribute === 'color' && row.swatch) product.colourHexes.push(row.swatch);
    } else if (row.number !== null) {
      product.numbers.set(row.attribute, Number(row.number));
    }
  }
  shareAlike(byId.values());
  return byId;
}

/**
 * Makes `products` (just read or just loaded) hold one copy of what they have alike (see
 * sharedValues); stores that share a language (en, en-GB) share a product's name and URL key.
 */
function shareAlike<Products extends Iterable<IndexedProduct>>(products: Products): Products {
  const shared = sharedValues();
  const withinProduct = (texts: Partial<Record<LocaleCode, string>>) => {
    const seen = new Map<string, string>();
    for (const [locale, text] of Object.entries(texts) as [LocaleCode, string][]) {
      texts[locale] = seen.get(text) ?? text;
      seen.set(text, texts[locale]);
    }
  };
  for (const product of products as Iterable<Mutable<IndexedProduct>>) {
    product.productType = shared.string(product.productType);
    product.imagePath = product.imagePath === null ? null : shared.string(product.imagePath);
    withinProduct(product.names);
    withinProduct(product.urlKeys);
    product.categoryIds = shared.categoryIds(product.categoryIds);
    product.options = shared.options(product.options);
    product.numbers = shared.numbers(product.numbers);
    product.colourHexes = shared.colourHexes(product.colourHexes);
  }
  return products;
}
type Mutable<T> = { -readonly [K in keyof T]: T[K] };

async function readFacets(db: Database): Promise<FacetAttribute[]> {
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
  return attributeRows
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
}

async function readCategories(db: Database): Promise<Map<number, IndexedCategory>> {
  const categoryRows = await db
    .select({ id: categories.id, code: categories.code, parentId: categories.parentId, position: categories.position })
    .from(categories)
    .where(eq(categories.isActive, true));
  return new Map(categoryRows.map((c) => [c.id, { ...c, uid: categoryUid(c.id) }]));
}
type VariantFigures = Pick<IndexedProduct, 'minPriceCents' | 'minPriceLengthCm' | 'onlyVariantId' | 'inStock'>;
const withoutVariants: VariantFigures = { minPriceCents: 0, minPriceLengthCm: null, onlyVariantId: null, inStock: false };

/** Each product's lowest price, the length it buys, its only variant and whether it is in stock, from its active variants. */
async function readVariantFigures(db: Database, reads: ProductReads): Promise<Map<number, VariantFigures>> {
  const rows = await reads((inProducts) =>
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
          where v.is_active and ${inProducts(sql`v.product_id`)} group by v.product_id, p.kind, p.sold_by_length`,
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
  const figures = await readVariantFigures(
    db,
    readsInSlices(
      index.products.map((product) => product.id),
      defaultProductsPerSlice,
    ),
  );
  return { ...index, products: index.products.map((product) => ({ ...product, ...(figures.get(product.id) ?? withoutVariants) })) };
}

/** Told of an index made from another by reading some products again: what was worked out on the old one may carry over. */
type ListingIndexPatched = (previous: ListingIndex, next: ListingIndex, changedIds: ReadonlySet<number>) => void;
const patchListeners = new Set<ListingIndexPatched>();

/**
 * Called with each index made by reading some products again, before it is served (decision 0048:
 * the listings' facts; the listing module registers itself, as this module cannot import it).
 */
export function whenListingIndexPatched(listener: ListingIndexPatched): void {
  patchListeners.add(listener);
}

/** `index` with what `change` touched read again, and the rest kept (decision 0033). */
async function withChangesRead(db: Database, index: ListingIndex, change: ListingIndexChange): Promise<ListingIndex> {
  let next = index;
  if (change.variants) next = await withFreshVariantFigures(db, next);
  const ids = [...new Set(change.products ?? [])];
  if (ids.length > 0) next = await withProductsReadAgain(db, next, ids);
  if (change.categories) next = { ...next, categories: await readCategories(db) };
  if (next !== index && !change.variants && !change.categories) for (const listener of patchListeners) listener(index, next, new Set(ids));
  return next;
}

/**
 * `index` with the products `ids` read again: changed, new (when active) or gone (deleted or no
 * longer active). Its text key stays when they are the same products with the same names, SKUs,
 * options and order, so search keeps its words (decision 0026).
 */
async function withProductsReadAgain(db: Database, index: ListingIndex, ids: number[]): Promise<ListingIndex> {
  const inProducts = productsNamed(ids);
  const fresh = await readIndexedProducts(db, await readProductRows(db, inProducts), (read) => read(inProducts));
  const before = indexedProductsById(index);
  const sameTexts = ids.every((id) => {
    const old = before.get(id);
    const now = fresh.get(id);
    return old === undefined || now === undefined ? old === now : sameTextsAndOrder(old, now);
  });
  const named = new Set(ids);
  const products = mergedInShopOrder(
    index.products.filter((product) => !named.has(product.id)),
    [...fresh.values()].sort(inShopOrder),
  );
  return { ...index, products, textsKey: sameTexts ? index.textsKey : {} };
}

/** What search's words of a product are made of, and where it stands among the others. */
function sameTextsAndOrder(a: IndexedProduct, b: IndexedProduct): boolean {
  const sameRecord = (x: Partial<Record<LocaleCode, string>>, y: Partial<Record<LocaleCode, string>>) => {
    const keys = Object.keys(x) as LocaleCode[];
    return keys.length === Object.keys(y).length && keys.every((key) => x[key] === y[key]);
  };
  return a.sku === b.sku && a.position === b.position && sameRecord(a.names, b.names) && sameOptions(a.options, b.options);
}

/** Whether two products have the same select options (attributes and option codes, in their order). */
export function sameOptions(a: IndexedProduct['options'], b: IndexedProduct['options']): boolean {
  if (a === b) return true;
  if (a.size !== b.size) return false;
  const others = [...b];
  return [...a].every(([code, options], i) => {
    const [otherCode, other] = others[i] as [string, readonly string[]];
    return otherCode === code && other.length === options.length && options.every((option, j) => other[j] === option);
  });
}

/** Whether two maps hold the same values under the same keys (a product's measures, option labels). */
export function sameEntries<K, V>(a: ReadonlyMap<K, V>, b: ReadonlyMap<K, V>): boolean {
  return a === b || (a.size === b.size && [...a].every(([key, value]) => b.has(key) && b.get(key) === value));
}

/** Two lists each in shop order as one, in one pass (a sort of the whole list costs more at 100×). */
function mergedInShopOrder(a: IndexedProduct[], b: IndexedProduct[]): IndexedProduct[] {
  const merged: IndexedProduct[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) merged.push(inShopOrder(a[i]!, b[j]!) <= 0 ? a[i++]! : b[j++]!);
  while (i < a.length) merged.push(a[i++]!);
  while (j < b.length) merged.push(b[j++]!);
  return merged;
}
