import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceLookupLimit } from '#app/modules/gift-cards/gift-card-balance.server.ts';
import { generateGiftCardCode } from '#app/modules/gift-cards/gift-card-codes.ts';
import { shopToday } from '#app/modules/gift-cards/gift-card-purchase.ts';
import { createTestDatabase, type TestDatabase, testDrivers } from '../support/database.ts';
import { type ShopInProcess, startShopInProcess } from '../support/shop-in-process.ts';
import { newVisitor, testClientAddress, type Visitor } from '../support/visitors.ts';

const browserAgent = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';

/** Issue 15: the gift-card page and the balance page over HTTP, as a browser without JavaScript uses them. */
describe.each(testDrivers)('the gift-card pages over HTTP on %s', (driver) => {
  let database: TestDatabase;
  let shop: ShopInProcess;
  beforeAll(async () => {
    database = await createTestDatabase(driver);
    shop = await startShopInProcess(database);
    // Vite's first compile takes minutes on a loaded two-core machine.
  }, 400_000);
  afterAll(async () => {
    await shop?.close();
    await database?.destroy();
  });

  const post = (path: string, visitor: Visitor, fields: Record<string, string>, clientAddress = testClientAddress) =>
    fetch(`${shop.baseUrl}${path}`, {
      method: 'POST',
      headers: {
        cookie: visitor.cookie,
        origin: shop.baseUrl,
        'user-agent': browserAgent,
        'content-type': 'application/x-www-form-urlencoded',
        'x-forwarded-for': clientAddress,
      },
      body: new URLSearchParams({ ...fields, _csrf: visitor.csrfToken }).toString(),
      redirect: 'manual',
    });
  const get = (path: string) =>
    fetch(`${shop.baseUrl}${path}`, { headers: { 'user-agent': browserAgent, 'x-forwarded-for': testClientAddress }, redirect: 'manual' });

  it('lives under each store’s own word, and another store’s word is not a page', async () => {
    expect((await get('/nl-nl/cadeaubon')).status).toBe(200);
    expect((await get('/de-de/geschenkgutschein')).status).toBe(200);
    expect((await get('/de-de/cadeaubon')).status).toBe(404);
    expect((await get('/nl-nl/cadeaubon/saldo')).status).toBe(200);
    expect((await get('/nl-nl/cadeaubon/saldo.data')).status).toBe(200);
  }, 120_000);

  it('answers bad input with 400, the messages next to the fields and everything typed; good input puts the card in the cart', async () => {
    const visitor = await newVisitor(shop.baseUrl, 'nl-nl');
    const fields = { amount: '501', senderName: 'Ben', recipientName: 'Lotte', recipientEmail: 'lotte@', message: 'Veel plezier', deliverOn: '2020-01-01' };
    const refused = await post('/nl-nl/cadeaubon', visitor, fields);
    expect(refused.status).toBe(400);
    const page = await refused.text();
    expect(page).toMatch(/Vul een bedrag in tussen €\s10,00 en €\s500,00/);
    expect(page).toContain('Vul een geldig e-mailadres in');
    expect(page).toContain('De bezorgdatum mag niet in het verleden liggen');
    for (const value of ['501', 'lotte@', '2020-01-01']) expect(page).toContain(`value="${value}"`);
    expect(page).toMatch(/<textarea[^>]*>Veel plezier<\/textarea>/);
    const accepted = await post('/nl-nl/cadeaubon', visitor, {
      ...fields,
      amount: '50',
      recipientEmail: 'lotte@example.nl',
      deliverOn: shopToday(new Date(Date.now() + 7 * 86_400_000)),
    });
    expect(accepted.status).toBe(303);
    expect(accepted.headers.get('location')).toBe('/nl-nl/checkout');
    expect(accepted.headers.getSetCookie().some((line) => line.startsWith('cart='))).toBe(true);
  }, 120_000);

  it('looks up a balance at most ten times per address in 15 minutes, and a wrong code tells nothing', async () => {
    const visitor = await newVisitor(shop.baseUrl, 'nl-nl');
    const address = '203.0.113.99';
    for (let attempt = 0; attempt < balanceLookupLimit.limit; attempt++) {
      const response = await post('/nl-nl/cadeaubon/saldo', visitor, { code: generateGiftCardCode() }, address);
      expect(response.status).toBe(400);
      if (attempt === 0) expect(await response.text()).toContain('We hebben geen cadeaubon met deze code gevonden.');
    }
    const limited = await post('/nl-nl/cadeaubon/saldo', visitor, { code: generateGiftCardCode() }, address);
    expect(limited.status).toBe(429);
    expect(await limited.text()).toContain('Te veel pogingen');
  }, 120_000);
});
