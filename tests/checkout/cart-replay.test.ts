import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carts, orders } from '#app/db/schema.ts';
import { addToCart } from '#app/modules/cart/add-to-cart.server.ts';
import type { CheckoutDetails } from '#app/modules/checkout/checkout-details.ts';
import { createTestDatabase, type TestDatabase, testDrivers } from '../support/database.ts';
import { createCustomer, createProduct } from '../support/factories.ts';
import { type ShopInProcess, startShopInProcess } from '../support/shop-in-process.ts';
import { loggedInVisitor, newVisitor, type Visitor } from '../support/visitors.ts';

const buyer = 'replay-buyer@example.com';
const address = {
  firstName: 'Anna',
  lastName: 'Jansen',
  street: 'Dorpsstraat',
  houseNumber: '1',
  zipCode: '3511 AB',
  city: 'Utrecht',
  countryCode: 'NL',
  phone: '+31 30 123 4567',
};
const ready: CheckoutDetails = { email: buyer, shippingAddress: address, shippingMethod: 'home_delivery', billingSameAsShipping: true };
const browserAgent = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';

/** Set-Cookie lines of a response as name → value ('' for a cleared cookie). */
const cookiesSet = (response: Response) =>
  new Map(
    response.headers.getSetCookie().map((line) => [line.split('=')[0]!, /Max-Age=0/.test(line) ? '' : line.split(';')[0]!.split('=').slice(1).join('=')]),
  );

/** Issue 20 §3: a cart cookie that outlived its order must not reveal that order. */
describe.each(testDrivers)('a cart that became an order, over HTTP on %s', (driver) => {
  let database: TestDatabase;
  let shop: ShopInProcess;
  let variantId: number;
  beforeAll(async () => {
    database = await createTestDatabase(driver);
    variantId = (await createProduct(database.db, { variants: [{ priceCents: 1_995, stockQuantity: 1_000 }] })).variants[0]!.id;
    shop = await startShopInProcess(database);
    // Seeding and Vite's first compile take minutes on a loaded two-core machine.
  }, 400_000);
  afterAll(async () => {
    await shop?.close();
    await database?.destroy();
  });

  async function readyCart(customerId: number | null = null): Promise<string> {
    const added = await addToCart(database.db, { cartId: undefined, customerId, locale: 'nl-NL', currency: 'EUR', variantId, quantity: 1 });
    if (!added.ok) throw new Error(`not added: ${added.reason}`);
    await database.db
      .update(carts)
      .set({ checkout: ready as Record<string, unknown> })
      .where(eq(carts.id, added.cartId));
    return added.cartId;
  }
  const send = (path: string, visitor: Visitor, extraCookies: string[], form?: Record<string, string>) =>
    fetch(`${shop.baseUrl}${path}`, {
      method: form ? 'POST' : 'GET',
      headers: {
        cookie: [visitor.cookie, ...extraCookies].join('; '),
        'user-agent': browserAgent,
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: form ? new URLSearchParams({ ...form, _csrf: visitor.csrfToken }).toString() : undefined,
      redirect: 'manual',
    });
  const placeOrderPost = (visitor: Visitor, extraCookies: string[]) =>
    send('/nl-nl/checkout/payment', visitor, extraCookies, { paymentMethod: 'bank_transfer', terms: 'on' });
  const ordersOf = async (cartId: string) =>
    database.db
      .select({ orderNumber: orders.orderNumber })
      .from(orders)
      .where(eq(orders.idempotencyKey, `cart:${cartId}`));

  it('ends the cart with the order; a replay from another browser gets the empty cart, not the order', async () => {
    const cartId = await readyCart();
    const buyerBrowser = await newVisitor(shop.baseUrl, 'nl-nl');
    const placed = await placeOrderPost(buyerBrowser, [`cart=${cartId}`]);
    expect(placed.status).toBe(302);
    expect(placed.headers.get('location')).toMatch(/^\/nl-nl\/checkout\/success\?order=NL\d{6}&token=/);
    const set = cookiesSet(placed);
    expect(set.get('cart')).toBe('');
    expect(set.get('order-placed')).toMatch(/\S/);
    // Back from a payment page with the cookie still set (online payments keep it for a cancelled payment).
    expect(cookiesSet(await send(placed.headers.get('location')!, buyerBrowser, [`cart=${cartId}`])).get('cart')).toBe('');

    // The next person at the same computer, or anyone who learnt the cart id.
    const otherBrowser = await newVisitor(shop.baseUrl, 'nl-nl');
    const replay = await placeOrderPost(otherBrowser, [`cart=${cartId}`]);
    expect(replay.status).toBe(302);
    expect(replay.headers.get('location')).toBe('/nl-nl/checkout');
    expect(cookiesSet(replay).get('cart')).toBe('');
    const cartPage = await (await send('/nl-nl/checkout', otherBrowser, [`cart=${cartId}`])).text();
    expect(cartPage).not.toContain(buyer);
    // The same browser, without the marker (used up, expired or never received), fares no better.
    const withoutMarker = await placeOrderPost(buyerBrowser, [`cart=${cartId}`]);
    expect(withoutMarker.headers.get('location')).toBe('/nl-nl/checkout');
    expect(await ordersOf(cartId)).toHaveLength(1);
  });

  it('answers a replay from the browser that placed the order once, with its marker', async () => {
    const cartId = await readyCart();
    const buyerBrowser = await newVisitor(shop.baseUrl, 'nl-nl');
    const placed = await placeOrderPost(buyerBrowser, [`cart=${cartId}`]);
    const marker = `order-placed=${cookiesSet(placed).get('order-placed')}`;
    // Another browser with a copy of the marker: it is bound to the browser that placed the order.
    expect((await placeOrderPost(await newVisitor(shop.baseUrl, 'nl-nl'), [`cart=${cartId}`, marker])).headers.get('location')).toBe('/nl-nl/checkout');

    const replay = await placeOrderPost(buyerBrowser, [`cart=${cartId}`, marker]);
    expect(replay.headers.get('location')).toBe(placed.headers.get('location'));
    expect(cookiesSet(replay).get('order-placed')).toBe('');
    const success = await send(replay.headers.get('location')!, buyerBrowser, []);
    expect(await success.text()).toContain(buyer);
  });

  it('places one order for five simultaneous posts, and shows it to the first', async () => {
    const cartId = await readyCart();
    const buyerBrowser = await newVisitor(shop.baseUrl, 'nl-nl');
    const answers = await Promise.all(Array.from({ length: 5 }, () => placeOrderPost(buyerBrowser, [`cart=${cartId}`])));
    expect(answers.map((answer) => answer.status)).toEqual([302, 302, 302, 302, 302]);
    const locations = answers.map((answer) => answer.headers.get('location') ?? '');
    expect(locations.filter((location) => location.includes('/checkout/success?order='))).toHaveLength(1);
    expect(await ordersOf(cartId)).toHaveLength(1);
  });

  it('clears the cart cookie of a customer at logout, and the order stays out of reach', async () => {
    const customer = await createCustomer(database.db);
    const browser = await loggedInVisitor(shop.baseUrl, 'nl-nl', customer);
    const [account] = await database.db
      .select({ id: sql<number>`id` })
      .from(sql`customers`)
      .where(sql`email = ${customer.email}`);
    const cartId = await readyCart(account!.id);
    const placed = await placeOrderPost(browser, [`cart=${cartId}`]);
    expect(placed.headers.get('location')).toMatch(/\/checkout\/success\?order=/);
    const marker = `order-placed=${cookiesSet(placed).get('order-placed')}`;

    const nextCart = await readyCart(account!.id);
    const logout = await send('/nl-nl/customer/account/logout', browser, [`cart=${nextCart}`, marker], {});
    expect(logout.status).toBe(302);
    expect(cookiesSet(logout).get('cart')).toBe('');
    expect(cookiesSet(logout).get('order-placed')).toBe('');
    // Whoever uses the browser next, even holding the old cart id, gets an empty cart.
    const guest = { cookie: browser.cookie.replace(/; session=[^;]+/, ''), csrfToken: browser.csrfToken };
    const replay = await placeOrderPost(guest, [`cart=${cartId}`]);
    expect(replay.headers.get('location')).toBe('/nl-nl/checkout');
  });

  it('keeps the cookie of a guest cart at logout of nobody', async () => {
    const cartId = await readyCart();
    const browser = await newVisitor(shop.baseUrl, 'nl-nl');
    const logout = await send('/nl-nl/customer/account/logout', browser, [`cart=${cartId}`], {});
    expect(cookiesSet(logout).has('cart')).toBe(false);
  });
});
