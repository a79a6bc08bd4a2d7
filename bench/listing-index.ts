/**
 * The listing index at scale on PGlite (issue 18, decision 0033): how long a whole build takes, and
 * how long a change of one product takes from its commit to the index every page reads (the
 * notification names the product; the index reads only it again). Also `npm run seed` at scale 1
 * with and without the row triggers that name changed products. Prints figures; not a test.
 *   node bench/listing-index.ts                  seeds scale 10 into a temporary directory
 *   node bench/listing-index.ts --scale 10 --data-dir ./data-bench10 --keep   keeps it; run again to reuse it
 *   node bench/listing-index.ts --no-seed-compare   skips the two seeds at scale 1
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { openDatabase } from '#app/db/client.server.ts';
import { productTranslations, productVariants, products } from '#app/db/schema.ts';
import { buildListingIndex, getListingIndex, indexedProductsById, type ListingIndex } from '#app/modules/catalogue/listing-index.server.ts';
import { invalidateCachesOnStorefrontChanges } from '#app/modules/catalogue/storefront-changes.server.ts';
import { storefrontPageCache } from '../server/storefront-page-cache.ts';
import { ms, percentile } from './support/bench-kit.ts';

const root = resolve(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    scale: { type: 'string', default: '10' },
    'data-dir': { type: 'string' },
    keep: { type: 'boolean', default: false },
    rounds: { type: 'string', default: '5' },
    'no-seed-compare': { type: 'boolean', default: false },
  },
});
const scale = Number(values.scale);
const rounds = Number(values.rounds);

/**
 * `npm run seed` into `dataDir`; without the row triggers of migration 0033 when `rowTriggers` is
 * false. The database is made and migrated first either way, so only the seeding is timed.
 */
async function seed(dataDir: string, seedScale: number, rowTriggers = true): Promise<number> {
  const database = await openDatabase({ driver: 'pglite', dataDir: join(dataDir, 'pglite') });
  await database.migrate();
  if (!rowTriggers) {
    const triggers = await database.db.execute(
      sql`select tgname as name, tgrelid::regclass::text as "table" from pg_trigger where tgname like '%\_changed\_products'`,
    );
    for (const { name, table } of (triggers as unknown as { rows: { name: string; table: string }[] }).rows) {
      await database.db.execute(sql`drop trigger ${sql.identifier(name)} on ${sql.identifier(table)}`);
    }
  }
  await database.close();
  const started = performance.now();
  const run = spawnSync(process.execPath, ['scripts/seed.ts', '--scale', String(seedScale), '--data-dir', dataDir], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`seeding failed: ${run.stdout}`);
  return performance.now() - started;
}

if (!values['no-seed-compare']) {
  for (const rowTriggers of [false, true, true, false]) {
    const dataDir = mkdtempSync(join(tmpdir(), 'cordial-bench-seed-'));
    try {
      const took = await seed(dataDir, 1, rowTriggers);
      console.log(`seed at scale 1 ${rowTriggers ? 'with' : 'without'} the row triggers: ${(took / 1000).toFixed(1)} s`);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
}

const dataDir = values['data-dir'] ? resolve(values['data-dir']) : mkdtempSync(join(tmpdir(), 'cordial-bench-listing-'));
if (!existsSync(join(dataDir, 'pglite', 'PG_VERSION'))) console.log(`seed at scale ${scale}: ${((await seed(dataDir, scale)) / 1000).toFixed(1)} s`);
const database = await openDatabase({ driver: 'pglite', dataDir: join(dataDir, 'pglite') });
try {
  await database.migrate();
  for (let run = 1; run <= 2; run++) {
    const started = performance.now();
    const index = await buildListingIndex(database.db);
    console.log(`whole build ${run} at scale ${scale}: ${index.products.length} products in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  await getListingIndex(database.db);
  const stop = await invalidateCachesOnStorefrontChanges(database, storefrontPageCache());
  /** From before the write to the index every page reads showing it. */
  const untilServed = async (write: () => Promise<unknown>, shows: (index: ListingIndex) => boolean) => {
    const started = performance.now();
    await write();
    while (!shows(await getListingIndex(database.db))) await new Promise((resolve) => setTimeout(resolve, 1));
    return performance.now() - started;
  };
  const figures = { name: [] as number[], price: [] as number[], deactivated: [] as number[] };
  for (let round = 0; round < rounds; round++) {
    const index = await getListingIndex(database.db);
    const product = index.products[Math.floor((index.products.length * (round + 0.5)) / rounds)]!;
    const name = `Renamed ${round} ${product.names['en-GB']}`;
    figures.name.push(
      await untilServed(
        () =>
          database.db
            .update(productTranslations)
            .set({ name })
            .where(sql`${productTranslations.productId} = ${product.id} and ${productTranslations.locale} = 'en-GB'`),
        (current) => indexedProductsById(current).get(product.id)?.names['en-GB'] === name,
      ),
    );
    const [variant] = await database.db.select().from(productVariants).where(eq(productVariants.productId, product.id)).limit(1);
    figures.price.push(
      await untilServed(
        () => database.db.update(productVariants).set({ priceCents: 1 }).where(eq(productVariants.id, variant!.id)),
        (current) => indexedProductsById(current).get(product.id)?.minPriceCents === 1,
      ),
    );
    figures.deactivated.push(
      await untilServed(
        () => database.db.update(products).set({ isActive: false }).where(eq(products.id, product.id)),
        (current) => !indexedProductsById(current).has(product.id),
      ),
    );
  }
  for (const [change, times] of Object.entries(figures)) {
    console.log(
      `one product's ${change} change, commit to served index (${rounds} rounds): p50 ${ms(
        percentile(
          times.toSorted((a, b) => a - b),
          50,
        ),
      )}, max ${ms(Math.max(...times))}`,
    );
  }
  await stop();
} finally {
  await database.close();
  if (!values.keep) rmSync(dataDir, { recursive: true, force: true });
}
