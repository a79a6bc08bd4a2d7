import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoDatabase, type TestDatabase } from '../support/database.ts';
import { createCustomer } from '../support/factories.ts';
import { type ShopInProcess, startShopInProcess } from '../support/shop-in-process.ts';
import { loggedInVisitor, newVisitor } from '../support/visitors.ts';
import { cataloguePathsOf, hostileCorpus, runCorpus, shopPaths } from './hostile-corpus.ts';

/** Issue 20 §1: hostile input never gets a 500 or an unescaped echo (a sample here; e2e/hostile-requests runs the whole corpus). */
describe('hostile requests against the shop in-process', () => {
  let database: TestDatabase;
  let shop: ShopInProcess;
  beforeAll(async () => {
    database = await createDemoDatabase('pglite', 0.05);
    shop = await startShopInProcess(database);
    // Seeding and Vite's first compile take minutes on a loaded two-core machine.
  }, 400_000);
  afterAll(async () => {
    await shop?.close();
    await database?.destroy();
  });

  it('answers a seeded sample of 400 hostile requests without a server error or an unescaped echo', async () => {
    const customer = await createCustomer(database.db);
    const visitors = [await newVisitor(shop.baseUrl, 'en'), await loggedInVisitor(shop.baseUrl, 'en', customer)];
    const paths = shopPaths('en', await cataloguePathsOf(shop.baseUrl, 'en'));
    const { findings, statuses } = await runCorpus(shop.baseUrl, hostileCorpus(paths, { seed: 20, size: 400 }), visitors);
    expect(findings).toEqual([]);
    // The corpus reached the pages and the forms' own checks, not just one refusal.
    expect(
      [200, 302, 400, 403, 404].every((status) => (statuses.get(status) ?? 0) > 0),
      JSON.stringify([...statuses]),
    ).toBe(true);
    expect(shop.logLines.filter((line) => line.includes('"level":50'))).toEqual([]);
  }, 600_000);

  it('takes its own origin from SITE_URL: forwarded host and protocol cannot make a foreign form post look like its own', async () => {
    const visitor = await newVisitor(shop.baseUrl, 'en');
    const [productPath] = await cataloguePathsOf(shop.baseUrl, 'en');
    const post = (headers: Record<string, string>) =>
      fetch(`${shop.baseUrl}${productPath}`, {
        method: 'POST',
        headers: { cookie: visitor.cookie, 'content-type': 'application/x-www-form-urlencoded', ...headers },
        body: new URLSearchParams({ intent: 'wishlist', _csrf: visitor.csrfToken }).toString(),
        redirect: 'manual',
      });
    const foreign = await post({ origin: 'https://evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' });
    expect(foreign.status).toBeGreaterThanOrEqual(400);
    expect(foreign.status).toBeLessThan(500);
    // The same post from the shop's own origin is taken (a guest's wishlist click asks to log in).
    expect((await post({ origin: shop.baseUrl })).status).toBe(302);
  });
});
