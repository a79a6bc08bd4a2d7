/**
 * The shop on PostgreSQL at growing catalogue sizes and process counts (issue 18): for each
 * `--scales` (default 1,10) a database seeded with the demo catalogue at that size, and for each
 * `--processes` (default 1,2,4) the shop started with WEB_CONCURRENCY=n: start time, the first
 * search (cold), category pages asked one after another beside it (the wait while a process makes
 * a store's search words) and how long until no page takes a second, memory per process (from /metrics),
 * listing and search latency under load (rendered pages: a cart cookie
 * keeps them out of the page cache) and checkout throughput (bench:checkout's shoppers buying over
 * HTTP at once). Prints figures; not a test.
 *   BENCH_DATABASE_URL=postgresql://postgres@127.0.0.1:5432/postgres node bench/scale.ts --scales 1,10,100
 * Each scale's database (<prefix><n>, prefix cordial_bench_scale_) is created and seeded, and
 * dropped at the end unless --keep; --reuse takes one kept from an earlier run as it is.
 * --log FILE appends the shops' output to FILE (which request failed, and why).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { startShop } from '../e2e/support/shop-server.ts';
import { freePort } from '../tests/support/free-port.ts';
import { fetchText, ms, percentile, runLoad, shopperHeaders, timedGet } from './support/bench-kit.ts';
import { runCheckouts } from './support/checkout-driver.ts';

const root = resolve(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    scales: { type: 'string', default: '1,10' },
    processes: { type: 'string', default: '1,2,4' },
    requests: { type: 'string', default: '300' },
    shoppers: { type: 'string', default: '10' },
    checkouts: { type: 'string', default: '3' },
    prefix: { type: 'string', default: 'cordial_bench_scale_' },
    keep: { type: 'boolean', default: false },
    reuse: { type: 'boolean', default: false },
    log: { type: 'string' },
  },
});
const adminUrl = process.env.BENCH_DATABASE_URL;
if (!adminUrl) {
  console.error('BENCH_DATABASE_URL must name a PostgreSQL server (a database on it to connect to first, e.g. /postgres)');
  process.exit(2);
}
const scales = values.scales.split(',').map(Number);
const processCounts = values.processes.split(',').map(Number);
const requests = Number(values.requests);
const shoppers = Number(values.shoppers);
const checkoutsPerShopper = Number(values.checkouts);
const uncached = { ...shopperHeaders, cookie: 'cart=00000000-0000-4000-8000-000000000000' };

async function query(connectionString: string, sql: string): Promise<unknown[]> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}
const admin = (sql: string) => query(adminUrl, sql);

/** Resident memory of every process of the shop, from its /metrics, in MB. */
async function memoryPerProcess(metricsUrl: string): Promise<string> {
  const text = await fetchText(metricsUrl, {});
  const lines = text.split('\n').filter((line) => line.startsWith('cordial_process_resident_memory_bytes{'));
  return lines.map((line) => `${/role="(\w+)"/.exec(line)?.[1]} ${(Number(line.split(' ').at(-1)) / 1024 / 1024).toFixed(0)} MB`).join(', ');
}

const lines: string[] = [];
for (const scale of scales) {
  const name = `${values.prefix}${String(scale).replace('.', '_')}`;
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const reused = values.reuse && (await admin(`select 1 from pg_database where datname = '${name}'`)).length > 0;
  if (!reused) {
    await admin(`drop database if exists ${name} with (force)`);
    await admin(`create database ${name}`);
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'cordial-bench-scale-'));
  try {
    let seedSeconds = 0;
    if (!reused) {
      console.log(`seeding scale ${scale} into ${name}`);
      const seedStarted = performance.now();
      const seeded = spawnSync(process.execPath, ['scripts/seed.ts', '--scale', String(scale), '--data-dir', dataDir], {
        cwd: root,
        stdio: 'inherit',
        env: { ...process.env, DATABASE_URL: url.href },
      });
      if (seeded.status !== 0) throw new Error(`seeding failed (exit code ${seeded.status})`);
      seedSeconds = (performance.now() - seedStarted) / 1000;
    }
    const [{ products }] = (await query(url.href, 'select count(*)::int as products from products')) as [{ products: number }];
    lines.push(`scale ${scale}: ${products} products, ${reused ? 'database reused' : `seeded in ${seedSeconds.toFixed(0)} s`}`);
    console.log(lines.at(-1));
    for (const processes of processCounts) {
      const metricsPort = await freePort();
      const started = performance.now();
      const shop = await startShop(
        { DATA_DIR: dataDir, DATABASE_URL: url.href, WEB_CONCURRENCY: String(processes), METRICS_PORT: String(metricsPort) },
        { timeoutMs: 30 * 60_000, logFile: values.log },
      );
      const startSeconds = (performance.now() - started) / 1000;
      try {
        const category = `${shop.baseUrl}/en-us/paracord`;
        const search = ['paracord', 'rope', 'snap hook', 'elastic'].map((term) => `${shop.baseUrl}/en-us/search?q=${encodeURIComponent(term)}`);
        // Cold: the first search after the start waits while its process makes the store's words.
        // A round that met an error (a cold search past the database's 5 s limit answers 503) counts as slow.
        let refused = 0;
        const slowestOf = (load: Parameters<typeof runLoad>[0]) =>
          runLoad(load).then(
            (round) => round.sorted.at(-1) ?? Infinity,
            () => {
              refused += 1;
              return Infinity;
            },
          );
        // Beside it, a shopper browsing category pages one after another: how long a page waits while
        // a process makes the words (over a new connection each, so requests reach every process).
        let firstSearchDone = false;
        const beside: number[] = [];
        const browsing = (async () => {
          while (!firstSearchDone) beside.push(await timedGet(category, undefined, uncached).catch(() => Infinity));
        })();
        const firstSearch = await slowestOf({ urls: [search[0]!], headers: uncached, requests: 1, clients: 1, maxMs: 30 * 60_000 });
        firstSearchDone = true;
        await browsing;
        beside.sort((a, b) => a - b);
        // Then rounds over every page until none takes a second (each process has made its words), at most 15 minutes.
        const warming = performance.now();
        let slowest = Infinity;
        while (slowest > 1_000 && performance.now() - warming < 15 * 60_000) {
          slowest = await slowestOf({ urls: [category, ...search], headers: uncached, requests: 10 * processes, clients: 2 * processes, maxMs: 30 * 60_000 });
        }
        const steadyAfterSeconds = (performance.now() - warming) / 1000;
        const listing = await runLoad({ urls: [category], headers: uncached, requests, clients: 10 });
        const searching = await runLoad({ urls: search, headers: uncached, requests, clients: 10 });
        const memory = await memoryPerProcess(`http://127.0.0.1:${metricsPort}/metrics`);
        const buying = await runCheckouts(shop.baseUrl, { shoppers, checkoutsPerShopper });
        lines.push(
          [
            `scale ${scale}`.padEnd(10),
            `${processes} web`.padEnd(7),
            `start ${startSeconds.toFixed(1)} s`,
            `first search ${ms(firstSearch)} (a category page beside it: ${beside.length} pages, p50 ${ms(percentile(beside, 50))}, slowest ${ms(beside.at(-1) ?? 0)}), steady after ${steadyAfterSeconds.toFixed(0)} s (${refused} rounds met an error)`,
            `listing p95 ${ms(percentile(listing.sorted, 95))} ${listing.perSecond.toFixed(0)} req/s`,
            `search p95 ${ms(percentile(searching.sorted, 95))} ${searching.perSecond.toFixed(0)} req/s`,
            `checkout ${(buying.orders / buying.seconds).toFixed(1)} orders/s (${shoppers} shoppers)`,
            `memory ${memory}`,
          ].join('  '),
        );
        console.log(lines.at(-1));
      } finally {
        await shop.stop();
      }
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    if (!values.keep) await admin(`drop database if exists ${name} with (force)`);
  }
}
console.log(lines.join('\n'));
