/**
 * A web process's start on a large catalogue (issue 18, decision 0039), on a PostgreSQL database
 * already seeded (`scripts/seed.ts --scale N`): in this process, the listing index built whole and
 * loaded from its snapshot (time, heap after GC, snapshot bytes); then the shop started as
 * `npm start` does, once without a snapshot (a whole build before it says ready, what every start
 * did) and once with one: time until /healthz answers, and heap and resident memory per web
 * process (from /metrics). Prints figures; not a test. Deletes the database's snapshot first.
 *   npm run bench:index-start -- --database-url postgresql://…/db --data-dir DIR [--processes 1,2] [--port 3400 --metrics-port 3401]
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openDatabase } from '#app/db/client.server.ts';
import { buildListingIndex, getListingIndex, invalidateListingIndex, type ListingIndex } from '#app/modules/catalogue/listing-index.server.ts';
import { currentDatabaseSnapshot, writeListingIndexSnapshot } from '#app/modules/catalogue/listing-index-snapshot.server.ts';
import { startShop } from '../e2e/support/shop-server.ts';
import { fetchText } from './support/bench-kit.ts';

const { values } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    'data-dir': { type: 'string' },
    processes: { type: 'string', default: '1,2' },
    port: { type: 'string', default: '3400' },
    'metrics-port': { type: 'string', default: '3401' },
  },
});
const url = values['database-url'];
const dataDir = values['data-dir'];
const collect = (globalThis as { gc?: () => void }).gc;
if (!url || !dataDir || !collect) {
  console.error('usage: npm run bench:index-start -- --database-url postgresql://… --data-dir DIR');
  process.exit(2);
}
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;
const heapUsed = () => {
  collect();
  collect();
  return process.memoryUsage().heapUsed;
};
const lines: string[] = [];
const say = (line: string) => {
  lines.push(line);
  console.log(line);
};

const database = await openDatabase({ driver: 'postgres', url });
await database.migrate();
await database.db.execute(sql`delete from listing_index_snapshots`);
const baseline = heapUsed();
let started = performance.now();
let built: ListingIndex | undefined = await buildListingIndex(database.db);
say(`in process: whole build ${seconds(started)}, ${built.products.length} products, heap ${mb(heapUsed() - baseline)}`);
started = performance.now();
const bytes = await writeListingIndexSnapshot(database.db, built, await currentDatabaseSnapshot(database.db));
say(`in process: snapshot written ${seconds(started)}, ${mb(bytes ?? 0)}`);
built = undefined;
const afterBuild = heapUsed();
started = performance.now();
invalidateListingIndex(database.db);
let loaded: ListingIndex | undefined = await getListingIndex(database.db);
say(`in process: loaded from the snapshot ${seconds(started)}, ${loaded.products.length} products, heap ${mb(heapUsed() - afterBuild)}`);
loaded = undefined;
invalidateListingIndex(database.db);

/** Heap used and resident memory of each process serving the web (role web, or all when alone), from the shop's /metrics. */
async function memoryPerProcess(metricsUrl: string): Promise<string> {
  const text = await fetchText(metricsUrl, {});
  const of = (name: string) =>
    text
      .split('\n')
      .filter((line) => line.startsWith(`${name}{`) && !line.includes('role="worker"'))
      .map((line) => mb(Number(line.split(' ').at(-1))));
  const heaps = of('cordial_nodejs_heap_size_used_bytes');
  return of('cordial_process_resident_memory_bytes')
    .map((resident, i) => `heap ${heaps[i]} resident ${resident}`)
    .join('; ');
}

for (const processes of values.processes.split(',').map(Number)) {
  for (const withSnapshot of [false, true]) {
    if (!withSnapshot) await database.db.execute(sql`delete from listing_index_snapshots`);
    const metricsPort = values['metrics-port'];
    started = performance.now();
    const shop = await startShop(
      { DATA_DIR: dataDir, DATABASE_URL: url, WEB_CONCURRENCY: String(processes), PORT: values.port, METRICS_PORT: metricsPort },
      { timeoutMs: 60 * 60_000 },
    );
    const ready = seconds(started);
    try {
      started = performance.now();
      const category = await fetch(`${shop.baseUrl}/en-us/paracord`, { headers: { cookie: 'cart=00000000-0000-4000-8000-000000000000' } });
      const firstPage = `${category.status} in ${seconds(started)}`;
      // The snapshot written after a whole build (in the background) is there for the next start.
      if (!withSnapshot) await waitForSnapshot();
      await new Promise((done) => setTimeout(done, 2_000));
      say(
        `${processes} web ${withSnapshot ? 'from the snapshot' : 'whole build   '}  ready ${ready}  first category page ${firstPage}  ${await memoryPerProcess(`http://127.0.0.1:${metricsPort}/metrics`)}`,
      );
    } finally {
      await shop.stop();
    }
  }
}
await database.close();
console.log(lines.join('\n'));

async function waitForSnapshot() {
  for (;;) {
    const { rows } = (await database.db.execute(sql`select count(*)::int as n from listing_index_snapshots`)) as unknown as { rows: { n: number }[] };
    if (rows[0]!.n > 0) return;
    await new Promise((done) => setTimeout(done, 1_000));
  }
}
