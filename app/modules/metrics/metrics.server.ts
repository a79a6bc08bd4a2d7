/**
 * /metrics in Prometheus' text format (prom-client), two registries per process (decision 0024).
 * What the process itself did carries its `role` and `pid`: requests by route type and status with
 * their latency, the database pool and query times, the page cache's hits, jobs run. What it reads
 * from the database (job queue, mail backlog, orders placed) is the same in every process, so it
 * carries no `pid`: a cluster primary reports it once, and separately scraped processes tell
 * Prometheus the same series, which a dashboard reads with max() rather than sum(). Answered to a bearer of METRICS_TOKEN on the shop's port,
 * or to anyone on METRICS_PORT (bind that to a private network).
 */
import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { and, isNotNull, isNull, sql } from 'drizzle-orm';
import { AggregatorRegistry, Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Database, DatabasePool } from '#app/db/client.server.ts';
import { mailOutbox, orders } from '#app/db/schema.ts';
import { adminBase } from '#app/modules/admin/admin-paths.ts';
import { jobQueueState } from '#app/modules/jobs/job-queue.server.ts';

/** What a process can tell about itself; each part is optional (a worker has no page cache). */
export interface MetricSources {
  db: Database;
  pageCache?: { hits: number; misses: number };
  poolStats?: () => { total: number; idle: number; waiting: number };
}

/** The kind of page or file a path asks for: a label with few values, unlike the path itself. */
export function routeTypeOf(path: string): string {
  if (path === '/healthz' || path === '/readyz' || path === '/metrics') return 'probe';
  if (path.startsWith('/assets/')) return 'asset';
  if (path.startsWith('/images/')) return 'image';
  if (path.startsWith('/api/')) return 'api';
  if (path === adminBase || path.startsWith(`${adminBase}/`)) return 'admin';
  if (path === '/robots.txt' || path === '/sitemap.xml' || path.startsWith('/sitemaps/')) return 'seo';
  const [, , section = ''] = path.split('/');
  if (section === '') return 'home';
  if (section === 'search') return 'search';
  if (section === 'checkout') return 'checkout';
  if (section === 'customer') return 'account';
  // Client navigations ask for the same pages as .data.
  return path.endsWith('.data') ? 'page-data' : 'page';
}

export class ShopMetrics {
  /** Figures of this process, labelled with its role and pid. */
  readonly registry = new Registry();
  /** Figures read from the shared database: no process labels, one value across a cluster. */
  readonly databaseRegistry = new Registry();
  readonly #requests: Histogram<'route_type' | 'status' | 'page_cache'>;
  readonly #queries: Histogram<'outcome' | 'pool'>;
  readonly #jobs: Histogram<'job' | 'outcome'>;

  constructor(sources: MetricSources, { role }: { role: string }) {
    const registry = this.registry;
    registry.setDefaultLabels({ role, pid: String(process.pid) });
    collectDefaultMetrics({ register: registry, prefix: 'cordial_' });
    this.#requests = new Histogram({
      name: 'cordial_http_request_duration_seconds',
      help: 'Requests answered, by route type, status and page-cache hit, with their duration',
      labelNames: ['route_type', 'status', 'page_cache'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    });
    this.#queries = new Histogram({
      name: 'cordial_db_query_duration_seconds',
      help: 'Database queries of this process (PostgreSQL) by outcome and pool (primary, replica), with their duration',
      labelNames: ['outcome', 'pool'],
      buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1, 5],
      registers: [registry],
    });
    this.#jobs = new Histogram({
      name: 'cordial_job_duration_seconds',
      help: 'Background jobs run by this process, by job and outcome (succeeded, failed)',
      labelNames: ['job', 'outcome'],
      buckets: [0.01, 0.1, 1, 10, 60, 600],
      registers: [registry],
    });
    const { pageCache, poolStats, db } = sources;
    if (pageCache) {
      new Counter({
        name: 'cordial_page_cache_hits_total',
        help: 'Pages served from the page cache',
        registers: [registry],
        collect() {
          this.reset();
          this.inc(pageCache.hits);
        },
      });
      new Counter({
        name: 'cordial_page_cache_misses_total',
        help: 'Cacheable pages that had to be rendered',
        registers: [registry],
        collect() {
          this.reset();
          this.inc(pageCache.misses);
        },
      });
      new Gauge({
        name: 'cordial_page_cache_hit_ratio',
        help: 'Share of cacheable page requests served from the cache since the start',
        registers: [registry],
        collect() {
          const total = pageCache.hits + pageCache.misses;
          this.set(total === 0 ? 0 : pageCache.hits / total);
        },
      });
    }
    if (poolStats) {
      new Gauge({
        name: 'cordial_db_pool_connections',
        help: 'Connections of the database pool by state (idle, busy) and requests waiting for one',
        labelNames: ['state'],
        registers: [registry],
        collect() {
          const stats = poolStats();
          this.set({ state: 'idle' }, stats.idle);
          this.set({ state: 'busy' }, stats.total - stats.idle);
          this.set({ state: 'waiting' }, stats.waiting);
        },
      });
    }
    // Every process reads the same rows: the cluster primary keeps one reading (prom-client sums by default).
    const databaseFigure = { registers: [this.databaseRegistry], aggregator: 'first' as const };
    new Gauge({
      name: 'cordial_job_queue_jobs',
      help: 'Background job runs by state: due (waiting for a worker), running, failed (given up after their retries, kept an hour or more)',
      labelNames: ['state'],
      ...databaseFigure,
      async collect() {
        const state = await jobQueueState(db);
        for (const [name, value] of Object.entries(state)) this.set({ state: name }, value);
      },
    });
    new Gauge({
      name: 'cordial_mail_outbox_backlog',
      help: 'Mails waiting to be sent (not sent, not given up, not discarded)',
      ...databaseFigure,
      async collect() {
        const [row] = await db
          .select({ count: sql<number>`count(*)`.mapWith(Number) })
          .from(mailOutbox)
          .where(and(isNull(mailOutbox.sentAt), isNull(mailOutbox.discardedAt), isNotNull(mailOutbox.nextAttemptAt)));
        this.set(row?.count ?? 0);
      },
    });
    new Counter({
      name: 'cordial_orders_placed_total',
      help: 'Orders placed in the shop (all processes: read from the database)',
      ...databaseFigure,
      // Read a moment apart, the processes may differ by an order just placed: the latest counts.
      aggregator: 'max',
      async collect() {
        // The highest order id: as good as a count here (ids are never reused) and read from the index.
        const [row] = await db.select({ last: sql<number>`coalesce(max(${orders.id}), 0)`.mapWith(Number) }).from(orders);
        this.reset();
        this.inc(row?.last ?? 0);
      },
    });
  }

  requestDone(path: string, status: number, pageCacheHit: boolean, seconds: number): void {
    this.#requests.observe({ route_type: routeTypeOf(path), status: String(status), page_cache: pageCacheHit ? 'hit' : 'no' }, seconds);
  }

  queryDone = (seconds: number, failed: boolean, pool: DatabasePool): void => {
    this.#queries.observe({ outcome: failed ? 'failed' : 'ok', pool }, seconds);
  };

  jobDone = (job: string, outcome: 'succeeded' | 'failed', seconds: number): void => {
    this.#jobs.observe({ job, outcome }, seconds);
  };

  /** Both registries, as the process answers /metrics and hands its figures to a cluster primary. */
  get registries(): Registry[] {
    return [this.registry, this.databaseRegistry];
  }

  /** Wraps a request handler so every answer is counted (the outermost layer: page-cache hits too). */
  measure(handler: (req: IncomingMessage, res: ServerResponse) => void): (req: IncomingMessage, res: ServerResponse) => void {
    return (req, res) => {
      const started = performance.now();
      res.once('finish', () => {
        const path = (req.url ?? '/').split('?')[0]!;
        this.requestDone(path, res.statusCode, res.getHeader('x-page-cache') === 'hit', (performance.now() - started) / 1000);
      });
      handler(req, res);
    };
  }

  /** GET /metrics; `token` set: only with `Authorization: Bearer <token>`. */
  async answer(req: IncomingMessage, res: ServerResponse, token: string | undefined): Promise<void> {
    if (token !== undefined && !bearerMatches(req.headers.authorization, token)) {
      res.writeHead(401, { 'content-type': 'text/plain', 'www-authenticate': 'Bearer' }).end('Unauthorized');
      return;
    }
    try {
      const body = (await Promise.all(this.registries.map((registry) => registry.metrics()))).join('\n');
      res.writeHead(200, { 'content-type': this.registry.contentType, 'cache-control': 'no-store' }).end(body);
    } catch (error) {
      res.writeHead(503, { 'content-type': 'text/plain' }).end(`metrics unavailable: ${(error as Error).message}`);
    }
  }
}

/**
 * Several processes under a cluster primary (WEB_CONCURRENCY): each child's registry is read by
 * the primary, which answers METRICS_PORT for all of them: a process's own series keep its `pid`
 * and `role`, database figures come out once (their `aggregator`).
 */
export function shareWithClusterPrimary(metrics: ShopMetrics): void {
  // Constructing one is what makes a child answer the primary's requests (prom-client's listeners).
  new AggregatorRegistry();
  AggregatorRegistry.setRegistries(metrics.registries);
}

/** The primary's /metrics: every child's figures, asked over the cluster's channel. */
export function answerForCluster(): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  const aggregator = new AggregatorRegistry();
  return async (_req, res) => {
    try {
      const body = await aggregator.clusterMetrics();
      res.writeHead(200, { 'content-type': aggregator.contentType, 'cache-control': 'no-store' }).end(body);
    } catch (error) {
      res.writeHead(503, { 'content-type': 'text/plain' }).end(`metrics unavailable: ${(error as Error).message}`);
    }
  };
}

function bearerMatches(header: string | undefined, token: string): boolean {
  const sent = Buffer.from(header?.startsWith('Bearer ') ? header.slice(7) : '');
  const expected = Buffer.from(token);
  return sent.length === expected.length && timingSafeEqual(sent, expected);
}
