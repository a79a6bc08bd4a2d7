/**
 * The in-memory product words (app/modules/search/product-words.server.ts, issue 18, decision
 * 0034) on the demo catalogue at growing sizes: the memory each store's words take (heap used and
 * array buffers before and after building them, after a full collection) and the time of the fixed searches of
 * tests/search/product-words-queries.ts (their in-memory parts), p50 and p95, with a digest of their
 * results so two versions can be compared. Then one product changed as the back office changes it
 * (renamed in one store, taken off the shop): the listing index reads it again, and the time the
 * next search of the renamed store and of another store waits for their words (decision 0035).
 * For each store's build, the longest block of the event loop while it ran (issue 18: a request
 * waits that long at most), for the product words and the description words each.
 * PGlite; prints figures, asserts nothing.
 *   node --expose-gc bench/product-words.ts --scales 1,10
 *   node --expose-gc bench/product-words.ts --scales 10 --data-dir /tmp/words-bench   seeds <dir>-<scale> once, reuses it after
 *   node --expose-gc bench/product-words.ts --database-url postgresql://…/cordial_bench_scale_100 --locales en-US,de-DE
 *     a PostgreSQL database seeded before (bench:scale --keep), only the stores named
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { and, eq, sql } from 'drizzle-orm';
import { type Database, openDatabase } from '#app/db/client.server.ts';
import { products, productTranslations } from '#app/db/schema.ts';
import { getListingIndex, type IndexedProduct, listingIndexFollowsChanges, refreshListingIndex } from '#app/modules/catalogue/listing-index.server.ts';
import { getCategoryTree } from '#app/modules/catalogue/category-tree.server.ts';
import { ensureReferenceData } from '#app/modules/i18n/reference-data.server.ts';
import { type LocaleCode, localeCodes } from '#app/modules/i18n/locales.ts';
import { matchProducts } from '#app/modules/search/product-search.server.ts';
import { documentWords } from '#app/modules/search/document-words.server.ts';
import { foldedWordsOf, forgetProductWords, productWords } from '#app/modules/search/product-words.server.ts';
import { queryWords } from '#app/modules/search/search.server.ts';
import { productsStartingLike, titleMatches } from '#app/modules/search/title-matches.server.ts';
import { catalogueIsEmpty, loadDemoCatalogue } from '../scripts/demo-catalogue/load.ts';
import { productWordQueries } from '../tests/search/product-words-queries.ts';
import { percentile } from './support/bench-kit.ts';

const { values } = parseArgs({
  options: {
    scales: { type: 'string', default: '1,10' },
    'data-dir': { type: 'string' },
    'database-url': { type: 'string' },
    locales: { type: 'string', default: localeCodes.join(',') },
    rounds: { type: 'string', default: '5' },
  },
});
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) {
  console.error('run with node --expose-gc');
  process.exit(2);
}
/** The heap and the memory of array buffers (typed arrays keep their contents outside the heap). */
const heapUsed = () => {
  gc();
  gc();
  const { heapUsed: heap, arrayBuffers } = process.memoryUsage();
  return heap + arrayBuffers;
};
/** Searches take well under a millisecond: three decimals. */
const ms = (value: number) => `${value.toFixed(3)} ms`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * `product` renamed in en-US, then taken off the shop, each undone after: the time the first search
 * of en-US and of de-DE after the index read the product again waits (a search of "paracord",
 * words and all), against the same search once the words are there.
 */
async function oneProductChanged(db: Database, product: IndexedProduct, rounds: number): Promise<string[]> {
  const search = async (locale: LocaleCode) => {
    const started = performance.now();
    await matchProducts(db, await getListingIndex(db), locale, ['paracord'], 1000);
    return performance.now() - started;
  };
  const changes: [string, (on: boolean) => Promise<unknown>][] = [
    [
      'one product renamed',
      (on) =>
        db
          .update(productTranslations)
          .set({ name: on ? sql`name || ' Quokka'` : sql`left(name, -7)` })
          .where(and(eq(productTranslations.productId, product.id), eq(productTranslations.locale, 'en-US'))),
    ],
    ['one product taken off', (on) => db.update(products).set({ isActive: !on }).where(eq(products.id, product.id))],
  ];
  const lines: string[] = [];
  for (const [what, change] of changes) {
    const waits: Record<'store' | 'other' | 'ready', number[]> = { store: [], other: [], ready: [] };
    for (let round = 0; round < rounds; round++) {
      for (const on of [true, false]) {
        await change(on);
        await refreshListingIndex(db, { products: [product.id] });
        waits.store.push(await search('en-US'));
        waits.other.push(await search('de-DE'));
        waits.ready.push(await search('en-US'));
      }
    }
    const p50 = (list: number[]) =>
      ms(
        percentile(
          list.toSorted((a, b) => a - b),
          50,
        ),
      );
    lines.push(
      `  ${what} (and back, ${rounds}×): the store's next search waits ${p50(waits.store)} p50 (max ${ms(Math.max(...waits.store))}), ` +
        `another store's ${p50(waits.other)}; the same search with the words made ${p50(waits.ready)}`,
    );
  }
  return lines;
}

/** Runs `make`, adding to `blocks` the longest time the event loop was held meanwhile (a timer's lateness at 1 ms resolution). */
async function longestBlock<T>(make: () => Promise<T>, blocks: number[]): Promise<T> {
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  try {
    return await make();
  } finally {
    delay.disable();
    blocks.push(delay.max / 1e6);
  }
}

const databaseUrl = values['database-url'];
const stores = values.locales.split(',') as LocaleCode[];
const lines: string[] = [];
for (const scale of databaseUrl ? [0] : values.scales.split(',').map(Number)) {
  const dataDir = values['data-dir'] ? `${values['data-dir']}-${scale}` : undefined;
  const mediaDir = mkdtempSync(join(tmpdir(), 'cordial-words-media-'));
  const seeded = databaseUrl !== undefined || (dataDir !== undefined && existsSync(dataDir));
  const database = await openDatabase(databaseUrl ? { driver: 'postgres', url: databaseUrl } : { driver: 'pglite', ...(dataDir ? { dataDir } : {}) });
  try {
    await database.migrate();
    await ensureReferenceData(database.db);
    if (!seeded || (await catalogueIsEmpty(database.db))) {
      console.log(`seeding scale ${scale}`);
      await loadDemoCatalogue(database.db, { mediaDir, scale });
    }
    const db = database.db;
    // No whole build of the index a minute after the first while this runs.
    listingIndexFollowsChanges(db, true);
    const index = await getListingIndex(db);
    // The stems come from the database and are kept apart from any one store's words: asked once first.
    for (const locale of stores) await productWords(db, { ...index, textsKey: {} }, locale);
    // Then the words are built whole, not patched from those (decision 0035).
    forgetProductWords(db);

    const held: unknown[] = [];
    const perStore: number[] = [];
    const buildMs: number[] = [];
    const before = heapUsed();
    const blocks: Record<'products' | 'descriptions', number[]> = { products: [], descriptions: [] };
    for (const locale of stores) {
      const start = heapUsed();
      const started = performance.now();
      held.push(await longestBlock(() => productWords(db, index, locale), blocks.products));
      buildMs.push(performance.now() - started);
      perStore.push(heapUsed() - start);
    }
    const all = heapUsed() - before;
    for (const locale of stores) held.push(await longestBlock(() => documentWords(db, locale), blocks.descriptions));

    const timings: number[] = [];
    const digest = createHash('sha256');
    const rounds = Number(values.rounds);
    for (let round = 0; round < rounds; round++) {
      for (const [locale, queries] of (Object.entries(productWordQueries) as [LocaleCode, string[]][]).filter(([locale]) => stores.includes(locale))) {
        const tree = await getCategoryTree(db, locale);
        for (const query of queries) {
          const words = queryWords(query);
          const folded = foldedWordsOf(words.join(' '));
          const started = performance.now();
          const found = [
            words.length === 0 ? [] : (await matchProducts(db, index, locale, words, 1000)).map((product) => product.id),
            folded.length === 0 ? [] : (await productsStartingLike(db, index, locale, folded, 50)).map((product) => product.id),
            (await titleMatches(db, index, tree, locale, query)).map((match) => `${match.kind}:${match.refId}`),
          ];
          timings.push(performance.now() - started);
          if (round === 0) digest.update(JSON.stringify([locale, query, found]));
        }
      }
    }
    timings.sort((a, b) => a - b);
    lines.push(
      `${databaseUrl ? 'database' : `scale ${scale}`}: ${index.products.length} products; words of ${stores.length} stores ${mb(all)} (${mb(all / stores.length)} a store; ` +
        `${stores[0]} ${mb(perStore[0] as number)}, largest ${mb(Math.max(...perStore))}); build ${ms(
          percentile(
            buildMs.toSorted((a, b) => a - b),
            50,
          ),
        )} a store (p50)`,
      `  ${timings.length / rounds} searches × ${rounds}: p50 ${ms(percentile(timings, 50))}, p95 ${ms(percentile(timings, 95))}, max ${ms(timings.at(-1) as number)}; results ${digest.digest('hex').slice(0, 16)}`,
    );
    const longest = (list: number[]) =>
      `p50 ${ms(
        percentile(
          list.toSorted((a, b) => a - b),
          50,
        ),
      )}, max ${ms(Math.max(...list))}`;
    lines.push(
      `  the event loop's longest block while a store's words were made: product words ${longest(blocks.products)}; description words ${longest(blocks.descriptions)}`,
    );
    console.log(lines.slice(-3).join('\n'));
    lines.push(...(await oneProductChanged(db, index.products[Math.floor(index.products.length / 2)] as IndexedProduct, rounds)));
    console.log(lines.slice(-2).join('\n'));
    listingIndexFollowsChanges(db, false);
    held.length = 0;
  } finally {
    await database.close();
    rmSync(mediaDir, { recursive: true, force: true });
  }
}
console.log(`\nproduct words (heap ${mb(heapUsed())} at the end)\n${lines.join('\n')}`);
