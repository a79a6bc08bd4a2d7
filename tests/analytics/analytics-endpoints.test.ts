import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { RouterContextProvider } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppServices, requestInfoContext, servicesContext } from '#app/context.ts';
import { analyticsEvents, clientErrors, webVitals } from '#app/db/schema.ts';
import { funnelByStoreAndDay, webVitalsP75 } from '#app/modules/analytics/analytics-store.server.ts';
import { analyticsRateLimits } from '#app/modules/analytics/report-intake.server.ts';
import * as clientErrorsRoute from '#app/routes/api/client-errors.ts';
import * as eventsRoute from '#app/routes/api/events.ts';
import * as vitalsRoute from '#app/routes/api/vitals.ts';
import { createTestDatabase, type TestDatabase, testDrivers } from '../support/database.ts';

type Action = (args: never) => Promise<Response>;

/** Issue 17: POST /api/events, /api/vitals and /api/client-errors — validated, rate-limited, nothing personal kept. */
describe.each(testDrivers)('first-party analytics endpoints on %s', (driver) => {
  let database: TestDatabase;
  const logLines: string[] = [];
  const logger = pino({ level: 'info' }, new Writable({ write: (chunk: Buffer, _encoding, done) => done(void logLines.push(chunk.toString())) }));
  beforeAll(async () => {
    database = await createTestDatabase(driver);
  }, 120_000);
  afterAll(() => database?.destroy());

  /** A fresh address per call unless a test names one; a random pick from the named ones' range once collided (CI: 59 of 60). */
  let callsWithoutAddress = 0;
  const freshAddress = () => `192.0.2.${(callsWithoutAddress += 1)}`;

  /** Calls an action as the router would, from one client address. */
  async function post(route: { action: Action }, path: string, body: unknown, { clientAddress = freshAddress(), form = false, requestId = randomUUID() } = {}) {
    const context = new RouterContextProvider();
    context.set(servicesContext, { db: database.db, logger, sessionSecret: 's'.repeat(32) } as unknown as AppServices);
    context.set(requestInfoContext, { requestId, cspNonce: 'n', clientAddress, malformedTarget: false });
    const request = form
      ? new Request(`http://shop.test${path}`, { method: 'POST', body: new URLSearchParams({ _csrf: 'token', payload: JSON.stringify(body) }) })
      : new Request(`http://shop.test${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return route.action({ request, params: {}, context } as never);
  }

  const purchase = {
    name: 'purchase',
    pageType: 'checkout',
    params: {
      currency: 'EUR',
      value: 42.5,
      transaction_id: 'NL100042',
      items: [
        { item_id: 'PC550-BLACK', item_name: 'Paracord 550 black', price: 12.5, quantity: 3 },
        { item_id: 'HOOK-1', price: 5, quantity: 1 },
      ],
    },
  };

  it('stores a batch of events with the store, day, amount in minor units and item count, and nothing personal', async () => {
    const clientAddress = '198.51.100.77';
    const answer = await post(
      eventsRoute,
      '/api/events',
      { storefront: 'nl-nl', events: [purchase, { name: 'view_item', params: { currency: 'EUR', value: 12.5, items: [{ item_id: 'PC550-BLACK' }] } }] },
      { clientAddress },
    );
    expect(answer.status).toBe(204);
    const rows = await database.db.select().from(analyticsEvents);
    expect(rows.map(({ id: _id, occurredOn: _day, ...row }) => row)).toEqual([
      { storefront: 'nl-NL', name: 'purchase', pageType: 'checkout', currency: 'EUR', valueMinor: 4250, itemCount: 4 },
      { storefront: 'nl-NL', name: 'view_item', pageType: null, currency: 'EUR', valueMinor: 1250, itemCount: 1 },
    ]);
    const stored = JSON.stringify(rows);
    for (const personal of [clientAddress, 'NL100042', 'Paracord 550 black']) expect(stored).not.toContain(personal);
  });

  it('refuses what is not a known event, an unknown store or fields that could carry personal data (400)', async () => {
    for (const body of [
      { storefront: 'nl-nl', events: [{ name: 'login', params: {} }] },
      { storefront: 'xx-xx', events: [purchase] },
      { storefront: 'nl-nl', events: [{ ...purchase, params: { ...purchase.params, email: 'anna@example.com' } }] },
      { storefront: 'nl-nl', events: [] },
      'not json at all',
    ]) {
      expect((await post(eventsRoute, '/api/events', body)).status).toBe(400);
    }
    expect((await post(eventsRoute, '/api/events', { storefront: 'nl-nl', events: Array.from({ length: 51 }, () => purchase) })).status).toBe(400);
  });

  it('answers 429 past the limit of one client, and keeps counting others apart', async () => {
    const clientAddress = '198.51.100.200';
    const body = { storefront: 'de-de', events: [{ name: 'search', params: { search_term: 'paracord' } }] };
    const statuses = [];
    for (let attempt = 0; attempt <= analyticsRateLimits.events.limit; attempt += 1)
      statuses.push((await post(eventsRoute, '/api/events', body, { clientAddress })).status);
    expect(statuses.filter((status) => status === 204)).toHaveLength(analyticsRateLimits.events.limit);
    expect(statuses.at(-1)).toBe(429);
    expect((await post(eventsRoute, '/api/events', body, { clientAddress: '198.51.100.201' })).status).toBe(204);
  });

  it('stores web vitals sent as a beacon form per page type and store, and gives the p75 rated against spec §9', async () => {
    for (const lcp of [1000, 2000, 3000, 5000]) {
      const answer = await post(
        vitalsRoute,
        '/api/vitals',
        {
          storefront: 'en-gb',
          pageType: 'product',
          metrics: [
            { name: 'LCP', value: lcp },
            { name: 'CLS', value: 0.05 },
          ],
        },
        { form: true },
      );
      expect(answer.status).toBe(204);
    }
    const rows = await database.db.select().from(webVitals);
    expect(rows.every((row) => row.storefront === 'en-GB' && row.pageType === 'product')).toBe(true);
    expect(rows.filter((row) => row.metric === 'CLS').map((row) => row.value)).toEqual([50, 50, 50, 50]);
    const summary = await webVitalsP75(database.db, '2000-01-01');
    expect(summary).toEqual([
      { pageType: 'product', metric: 'CLS', samples: 4, p75: 0.05, rating: 'good' },
      { pageType: 'product', metric: 'LCP', samples: 4, p75: 3500, rating: 'needs-improvement' },
    ]);
    expect(
      (await post(vitalsRoute, '/api/vitals', { storefront: 'en-gb', pageType: 'product', metrics: [{ name: 'FID', value: 10 }] }, { form: true })).status,
    ).toBe(400);
    const clientAddress = '198.51.100.210';
    const statuses = [];
    for (let attempt = 0; attempt <= analyticsRateLimits.vitals.limit; attempt += 1) {
      statuses.push(
        (
          await post(
            vitalsRoute,
            '/api/vitals',
            { storefront: 'en-gb', pageType: 'home', metrics: [{ name: 'TTFB', value: 90 }] },
            { clientAddress, form: true },
          )
        ).status,
      );
    }
    expect(statuses.at(-1)).toBe(429);
  });

  it('keeps a client error once with a count, without e-mail addresses or queries, logged once with the request id', async () => {
    const requestId = randomUUID();
    const report = {
      storefront: 'fr-fr',
      pageType: 'cart',
      message: 'TypeError: no cart for anna@example.com',
      source: 'http://shop.test/assets/cart-abc.js?token=secret',
      line: 12,
    };
    expect((await post(clientErrorsRoute, '/api/client-errors', report, { requestId })).status).toBe(204);
    expect((await post(clientErrorsRoute, '/api/client-errors', report)).status).toBe(204);
    const rows = await database.db.select().from(clientErrors);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      message: 'TypeError: no cart for [email]',
      source: 'http://shop.test/assets/cart-abc.js',
      occurrences: 2,
      storefront: 'fr-FR',
    });
    const logged = logLines.filter((line) => line.includes('a script error in a browser'));
    expect(logged).toHaveLength(1);
    expect(logged[0]).toContain(requestId);
    expect(logged[0]).not.toContain('anna@example.com');
    expect((await post(clientErrorsRoute, '/api/client-errors', { storefront: 'fr-fr', message: '' })).status).toBe(400);
    const clientAddress = '198.51.100.220';
    const statuses = [];
    for (let attempt = 0; attempt <= analyticsRateLimits.clientErrors.limit; attempt += 1) {
      statuses.push((await post(clientErrorsRoute, '/api/client-errors', { ...report, line: attempt }, { clientAddress })).status);
    }
    expect(statuses.at(-1)).toBe(429);
  });

  it('counts the funnel per store and day', async () => {
    const funnel = await funnelByStoreAndDay(database.db, '2000-01-01');
    const dutch = funnel.find((row) => row.storefront === 'nl-NL');
    expect(dutch).toMatchObject({ views: 1, cart: 0, checkout: 0, purchase: 1 });
  });
});
