import { and, asc, eq, gt, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productTranslations, products, productVariants } from '#app/db/schema.ts';
import { allPageMax } from '#app/modules/catalogue/listing-options.ts';
import { buildListingIndex } from '#app/modules/catalogue/listing-index.server.ts';
import { parseListingParams, queryListing, queryProducts } from '#app/modules/catalogue/listing-query.server.ts';
import { localeCodes } from '#app/modules/i18n/locales.ts';
import type { PriceDisplay } from '#app/modules/pricing/price-display.ts';
import { categoryPath } from '../../scripts/demo-catalogue/vocabulary/catalogue-text.ts';
import enUs from '../../locales/en-US.json' with { type: 'json' };
import { createDemoDatabase, type TestDatabase, testDrivers } from '../support/database.ts';
import { type ShopInProcess, startShopInProcess } from '../support/shop-in-process.ts';
import { createCustomer, testPassword } from '../support/factories.ts';
import { loggedInVisitor, newVisitor, testClientAddress, type Visitor } from '../support/visitors.ts';
import { createWishlist, getWishlists, setDefaultWishlist } from '#app/modules/wishlists/wishlists.server.ts';

/** Text as React writes it into HTML. */
const html = (text: string) => text.replaceAll('&', '&amp;').replaceAll("'", '&#x27;').replaceAll('"', '&quot;');
const browserAgent = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
const cartCountOf = (page: string) => /class="cart-link__count"[^>]*>(\d+)</.exec(page)?.[1] ?? null;

/** Issue 19: shopping from outside, with and without JavaScript (items 4, 9, 10 and the spec's currency data). */
describe.each(testDrivers)('the storefront from outside on %s', (driver) => {
  let database: TestDatabase;
  let shop: ShopInProcess;
  let inStock: { id: number; path: string; variantId: number; stock: number };
  let soldOut: { id: number; path: string; variantId: number };
  beforeAll(async () => {
    database = await createDemoDatabase(driver, 0.1);
    const simple = await database.db
      .select({ id: products.id, variantId: productVariants.id, urlKey: productTranslations.urlKey, stock: productVariants.stockQuantity })
      .from(products)
      .innerJoin(productVariants, eq(productVariants.productId, products.id))
      .innerJoin(productTranslations, and(eq(productTranslations.productId, products.id), eq(productTranslations.locale, 'en-US')))
      .where(and(like(products.sku, 'KBR-%'), eq(productVariants.isActive, true), gt(productVariants.stockQuantity, 0)))
      .orderBy(asc(products.id))
      .limit(2);
    const [first, second] = simple;
    await database.db.update(productVariants).set({ stockQuantity: 100 }).where(eq(productVariants.productId, first!.id));
    await database.db.update(productVariants).set({ stockQuantity: 0 }).where(eq(productVariants.productId, second!.id));
    inStock = { id: first!.id, path: `/en-us/${first!.urlKey}`, variantId: first!.variantId, stock: 100 };
    soldOut = { id: second!.id, path: `/en-us/${second!.urlKey}`, variantId: second!.variantId };
    shop = await startShopInProcess(database);
    // Seeding and Vite's first compile take minutes on a loaded two-core machine.
  }, 400_000);
  afterAll(async () => {
    await shop?.close();
    await database?.destroy();
  });

  const post = (path: string, visitor: Visitor, fields: Record<string, string>) =>
    fetch(`${shop.baseUrl}${path}`, {
      method: 'POST',
      headers: {
        cookie: visitor.cookie,
        origin: shop.baseUrl,
        'user-agent': browserAgent,
        'content-type': 'application/x-www-form-urlencoded',
        'x-forwarded-for': testClientAddress,
      },
      body: new URLSearchParams({ ...fields, _csrf: visitor.csrfToken }).toString(),
      redirect: 'manual',
    });
  const get = (path: string, cookie = '') =>
    fetch(`${shop.baseUrl}${path}`, { headers: { cookie, 'user-agent': browserAgent, 'x-forwarded-for': testClientAddress }, redirect: 'manual' });
  const cartCookieOf = (response: Response) =>
    response.headers
      .getSetCookie()
      .map((line) => line.split(';')[0]!)
      .find((pair) => pair.startsWith('cart='));

  it('adds to the cart without JavaScript with post/redirect/get: the page shows the message and the header count', async () => {
    const visitor = await newVisitor(shop.baseUrl, 'en-us');
    const added = await post(inStock.path, visitor, { intent: 'add-to-cart', variantId: String(inStock.variantId), quantity: '2' });
    expect(added.status).toBe(303);
    const location = added.headers.get('location')!;
    expect(location).toMatch(new RegExp(`^${inStock.path}\\?done=added-${inStock.id}$`));
    const cart = cartCookieOf(added);
    expect(cart).toBeDefined();
    // The page after the redirect (and after a refresh of it, which posts nothing).
    for (let load = 0; load < 2; load++) {
      const page = await (await get(location, `${visitor.cookie}; ${cart}`)).text();
      expect(page).toContain(html(enUs.cart.added));
      expect(cartCountOf(page)).toBe('2');
    }
  });

  it('answers a quantity above the stock without JavaScript with the message next to the form, status 400 and the typed quantity', async () => {
    const visitor = await newVisitor(shop.baseUrl, 'en-us');
    const refused = await post(inStock.path, visitor, { intent: 'add-to-cart', variantId: String(inStock.variantId), quantity: '999' });
    expect(refused.status).toBe(400);
    const page = await refused.text();
    expect(page).toContain(html(enUs.errors.quantity));
    expect(page).toMatch(/<input[^>]*id="add-quantity"[^>]*value="999"/);
    expect(cartCookieOf(refused)).toBeUndefined();
  });

  it('keeps the JavaScript answer: a data request gets data, not a redirect', async () => {
    const visitor = await newVisitor(shop.baseUrl, 'en-us');
    const added = await post(`${inStock.path}.data`, visitor, { intent: 'add-to-cart', variantId: String(inStock.variantId), quantity: '1' });
    expect(added.status).toBe(200);
    expect(added.headers.get('location')).toBeNull();
    expect(await added.text()).toContain('otherLinesOutOfStock');
  });

  it('takes a back-in-stock request without JavaScript: errors with the typed address, success with post/redirect/get', async () => {
    const visitor = await newVisitor(shop.baseUrl, 'en-us');
    const refused = await post(soldOut.path, visitor, { intent: 'back-in-stock', variantId: String(soldOut.variantId), email: 'not-an-address' });
    expect(refused.status).toBe(400);
    const refusedPage = await refused.text();
    expect(refusedPage).toContain(html(enUs.validation.email));
    expect(refusedPage).toMatch(/<input[^>]*id="back-in-stock-email"[^>]*value="not-an-address"/);

    const saved = await post(soldOut.path, visitor, { intent: 'back-in-stock', variantId: String(soldOut.variantId), email: 'waiting@example.com' });
    expect(saved.status).toBe(303);
    const page = await (await get(saved.headers.get('location')!, visitor.cookie)).text();
    expect(page).toContain(html(enUs.product.backInStockConfirmation));
    expect(page).not.toContain('id="back-in-stock-email"');
  });

  it('lets a customer with several wishlists choose the list when saving, the default one preselected, without JavaScript', async () => {
    const email = `lists-${Date.now()}@example.com`;
    const customer = await createCustomer(database.db, { email });
    const holiday = await createWishlist(database.db, customer.id, 'Holiday knots');
    const gifts = await createWishlist(database.db, customer.id, 'Gifts for Quirine');
    if (!holiday.ok || !gifts.ok) throw new Error('lists not created');
    await setDefaultWishlist(database.db, customer.id, holiday.id);
    const visitor = await loggedInVisitor(shop.baseUrl, 'en-us', { email, password: testPassword });
    const page = await (await get(inStock.path, visitor.cookie)).text();
    const select = /<select[^>]*name="wishlistId"[^>]*>([\s\S]*?)<\/select>/.exec(page)?.[1] ?? '';
    expect(select).toMatch(new RegExp(`<option value="${holiday.id}" selected="">Holiday knots</option>`));
    expect(select).toContain(`<option value="${gifts.id}">Gifts for Quirine</option>`);
    // Review finding: only the product page reads the lists, not the layout of every page (its data would carry them).
    const home = await (await get('/en-us', visitor.cookie)).text();
    expect(home).toContain('<footer');
    expect(home).not.toContain('Gifts for Quirine');
    expect(home).not.toContain('Holiday knots');
    expect(page).toContain(html(enUs.wishlistChoice.label));
    const saved = await post(inStock.path, visitor, { intent: 'wishlist', productId: String(inStock.id), wishlistId: String(gifts.id) });
    expect(saved.status).toBe(200);
    const lists = await getWishlists(database.db, customer.id);
    expect(lists.find((list) => list.id === gifts.id)?.items.map((item) => item.productId)).toEqual([inStock.id]);
    expect(lists.find((list) => list.id === holiday.id)?.items).toEqual([]);
  });

  it('lists in the footer only the payment methods the checkout offers, and the support contacts (spec §9)', async () => {
    const page = await (await get('/nl-nl')).text();
    const footer = page.slice(page.indexOf('<footer'));
    const payment = footer.slice(footer.indexOf('class="payment-methods"'), footer.indexOf('</ul>', footer.indexOf('class="payment-methods"')));
    // No Stripe key in this shop: no card, iDEAL or Bancontact.
    expect(payment).not.toMatch(/iDEAL|Bancontact|creditcard|Credit/i);
    expect(payment).toContain('Bankoverschrijving');
    expect(footer).toContain('href="mailto:');
    expect(footer).toMatch(/href="tel:\+\d+"/);
    expect(footer).toMatch(/href="https:\/\/wa\.me\/\d+"/);
    expect(footer).toContain('16:30');
  });

  it('answers the currency data call of spec §7 as JSON', async () => {
    const response = await get('/api/currency?store=de-de');
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      currency: { base_currency_code: string; available_currency_codes: string[]; exchange_rates: { currency_to: string; rate: number }[] };
    };
    expect(body.currency.base_currency_code).toBe('EUR');
    expect(body.currency.available_currency_codes).toEqual(['EUR', 'CHF']);
    expect(body.currency.exchange_rates.find((rate) => rate.currency_to === 'EUR')?.rate).toBe(1);
    expect(body.currency.exchange_rates.find((rate) => rate.currency_to === 'CHF')?.rate).toBeGreaterThan(0);
    const all = (await (await get('/api/currency')).json()) as { currency: { available_currency_codes: string[] } };
    expect(all.currency.available_currency_codes).toEqual(expect.arrayContaining(['EUR', 'USD', 'GBP', 'PLN']));
    expect((await get('/api/currency?store=xx-xx')).status).toBe(400);
  });

  it('keeps "All" light enough for a phone: at most a capped number of products, with a note and a link onwards', async () => {
    const response = await get('/en-us/paracord?limit=all');
    expect(response.status).toBe(200);
    const page = await response.text();
    const cards = page.match(/class="product-card[ "]/g)?.length ?? 0;
    console.info(`/en-us/paracord?limit=all: ${page.length} bytes, ${cards} product cards`);
    expect(cards).toBeGreaterThan(0);
    expect(cards).toBeLessThanOrEqual(allPageMax);
    expect(page).toContain(`Next ${allPageMax} products`);
    expect(page).toContain('limit=all&amp;page=2');
  });

  const specFacets = [
    'feed_through',
    'innersize',
    'leather_grade',
    'leather_thickness',
    'material_thickness',
    'nappa_basic',
    'paracord_family',
    'product_main_group',
    'strap_length',
    'surface_family',
  ];

  it('offers the ten remaining filter keys of the spec as facets where the catalogue has values, labelled in every store', async () => {
    const index = await buildListingIndex(database.db);
    const euros: PriceDisplay = { locale: 'en', currency: 'EUR', minorUnits: 2, rate: '1', vatRateBp: 2100, includeVat: false };
    const params = parseListingParams(new URLSearchParams(), new Set(index.facets.map((facet) => facet.code)));
    for (const locale of localeCodes) {
      // Every category listing and a search over everything (the main group differs only across ranges).
      const facets = [...index.categories.keys()].flatMap((id) => queryListing(index, id, params, locale, { ...euros, locale }).facets);
      facets.push(...queryProducts(index, index.products, [], params, locale, { ...euros, locale }).facets);
      for (const code of specFacets) {
        const offered = facets.filter((facet) => facet.code === code);
        expect(offered.length, `${code} in ${locale}`).toBeGreaterThan(0);
        for (const facet of offered) {
          expect(facet.label, `${code} label in ${locale}`).not.toBe(code);
          expect(facet.options.length).toBeGreaterThan(1);
          if (facet.unit === null) for (const option of facet.options) expect(option.label, `${code}=${option.value} in ${locale}`).not.toBe(option.value);
        }
      }
    }
    const labelIn = (locale: (typeof localeCodes)[number]) => index.facets.find((facet) => facet.code === 'leather_grade')!.labels[locale];
    expect(labelIn('de-DE')).toBe('Ledersorte');
    expect(labelIn('fr-FR')).not.toBe(labelIn('en-US'));
  });

  it('filters leather straps by grade and thickness without JavaScript: the form is a GET form, the page the filtered listing', async () => {
    const path = `/en-us${categoryPath('leather-straps', 'en-US')}`;
    const all = await (await get(path)).text();
    const total = Number(/class="listing__count">(\d+) product/.exec(all)?.[1]);
    expect(all).toMatch(/<input[^>]*name="leather_grade"[^>]*value="full-grain"/);
    expect(all).toMatch(/<input[^>]*name="leather_thickness"[^>]*value="2.5"/);
    expect(all).toContain('Full grain');
    const filtered = await get(`${path}?leather_grade=full-grain`);
    expect(filtered.status).toBe(200);
    const page = await filtered.text();
    const shown = Number(/class="listing__count">(\d+) product/.exec(page)?.[1]);
    expect(shown).toBeGreaterThan(0);
    expect(shown).toBeLessThan(total);
    const gradeBoxes = page.match(/<input[^>]*name="leather_grade"[^>]*>/g) ?? [];
    expect(gradeBoxes.find((box) => box.includes('value="full-grain"'))).toContain('checked=""');
    expect(gradeBoxes.find((box) => box.includes('value="top-grain"'))).not.toContain('checked=""');
    // Two filters at once narrow further: full grain and 2 mm thick.
    const both = await (await get(`${path}?leather_grade=full-grain&leather_thickness=2`)).text();
    expect(Number(/class="listing__count">(\d+) product/.exec(both)?.[1])).toBeLessThan(shown);
  });
});
