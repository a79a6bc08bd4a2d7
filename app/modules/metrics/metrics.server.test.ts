import { createServer, type Server } from 'node:http';
import { AggregatorRegistry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testDrivers } from '../../../tests/support/database.ts';
import { freePort } from '../../../tests/support/free-port.ts';
import { createJobQueue } from '#app/modules/jobs/job-queue.server.ts';
import { createLogger } from '#app/lib/observability/logger.server.ts';
import { queueMail } from '#app/lib/mail/outbox.server.ts';
import { routeTypeOf, ShopMetrics } from './metrics.server.ts';

describe('route types', () => {
  it('name the kind of page, not the path', () => {
    expect(
      [
        '/readyz',
        '/assets/app-1.js',
        '/images/p/1.webp',
        '/api/currency',
        '/paracord_admin/orders',
        '/sitemap.xml',
        '/en/',
        '/en/search',
        '/de/checkout/shipping',
        '/en/customer/orders',
        '/en/paracord-550.html',
        '/en/paracord.data',
      ].map(routeTypeOf),
    ).toEqual(['probe', 'asset', 'image', 'api', 'admin', 'seo', 'home', 'search', 'checkout', 'account', 'page', 'page-data']);
  });
});

describe.each(testDrivers)('/metrics on %s', (driver) => {
  let database: TestDatabase;
  let server: Server;
  let base: string;
  const pageCache = { hits: 3, misses: 1 };
  beforeAll(async () => {
    database = await createTestDatabase(driver);
    const metrics = new ShopMetrics({ db: database.db, pageCache, poolStats: () => ({ total: 4, idle: 3, waiting: 0 }) }, { role: 'web' });
    metrics.jobDone('back-in-stock', 'failed', 0.2);
    server = createServer(
      metrics.measure((req, res) => (req.url === '/metrics' ? void metrics.answer(req, res, 'a-long-enough-token') : void res.writeHead(404).end())),
    );
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await database?.destroy();
  });

  it('answers only a bearer of the token', async () => {
    expect((await fetch(`${base}/metrics`)).status).toBe(401);
    expect((await fetch(`${base}/metrics`, { headers: { authorization: 'Bearer a-long-enough-tokem' } })).status).toBe(401);
  });

  it('reports requests, the page cache, the pool, the job queue, the mail backlog and orders', async () => {
    await fetch(`${base}/en/missing`);
    await queueMail(database.db, { to: 'a@example.com', subject: 'Hello', html: '<p>Hi</p>', text: 'Hi' });
    // A job waiting for a worker (pg-boss installs its schema when it starts).
    const queue = createJobQueue(database.jobQueueConnection, createLogger('silent'));
    await queue.start();
    await queue.createQueue('catalogue-imports');
    await queue.send('catalogue-imports');
    await queue.stop();
    const response = await fetch(`${base}/metrics`, { headers: { authorization: 'Bearer a-long-enough-token' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0.0.4/);
    const text = await response.text();
    expect(text).toMatch(/cordial_http_request_duration_seconds_count\{role="web",pid="\d+",route_type="page",status="404",page_cache="no"\} 1/);
    expect(text).toMatch(/cordial_page_cache_hit_ratio\{[^}]*\} 0.75/);
    expect(text).toMatch(/cordial_db_pool_connections\{state="busy"[^}]*\} 1/);
    expect(text).toMatch(/cordial_job_queue_jobs\{state="due"\} 1/);
    expect(text).toMatch(/cordial_job_duration_seconds_count\{[^}]*job="back-in-stock",outcome="failed"\} 1/);
    expect(text).toMatch(/^cordial_mail_outbox_backlog 1$/m);
    expect(text).toMatch(/^cordial_orders_placed_total 0$/m);
  });

  it('reports figures read from the database once across a cluster, and each process its own figures', async () => {
    const web = new ShopMetrics({ db: database.db }, { role: 'web' });
    const worker = new ShopMetrics({ db: database.db }, { role: 'worker' });
    web.requestDone('/en/', 200, false, 0.01);
    worker.jobDone('mail-delivery', 'succeeded', 0.1);
    // What a cluster primary does with what each child sends (prom-client's AggregatorRegistry).
    const childFigures = (metrics: ShopMetrics) => Promise.all(metrics.registries.map((registry) => registry.getMetricsAsJSON())).then((all) => all.flat());
    const text = await AggregatorRegistry.aggregate([await childFigures(web), await childFigures(worker)]).metrics();
    expect(text.match(/^cordial_mail_outbox_backlog.*$/gm)).toEqual(['cordial_mail_outbox_backlog 1']);
    expect(text.match(/^cordial_job_queue_jobs\{state="due"\}.*$/gm)).toEqual(['cordial_job_queue_jobs{state="due"} 1']);
    expect(text.match(/^cordial_orders_placed_total.*$/gm)).toEqual(['cordial_orders_placed_total 0']);
    // Labels in any order: the primary puts a child's default labels last.
    expect(text).toMatch(/^cordial_http_request_duration_seconds_count\{(?=[^}]*route_type="home")(?=[^}]*role="web")(?=[^}]*pid="\d+")[^}]*\} 1$/m);
    expect(text).toMatch(/^cordial_job_duration_seconds_count\{(?=[^}]*job="mail-delivery")(?=[^}]*role="worker")(?=[^}]*pid="\d+")[^}]*\} 1$/m);
  });
});
