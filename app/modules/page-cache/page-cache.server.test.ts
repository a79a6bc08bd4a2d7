import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { PageCache as Cache, type PageKeyRules } from './page-cache.server.ts';

/** The shop's rules in small: the back office under /admin, a browser language suggests the store of that name. */
const rules: PageKeyRules = {
  isNeverCached: (pathname) => pathname.startsWith('/admin'),
  suggestedStore: (language) => language ?? '',
  isMostlyAskedOnce: (pathname) => pathname.endsWith('/search'),
};
class PageCache extends Cache {
  constructor() {
    super(rules);
  }
}

const request = (path: string, cookie?: string, method = 'GET') => ({ method, url: path, cookie, acceptLanguage: 'de-DE' });
const html = (body: string) => new Response(body, { headers: { 'content-type': 'text/html; charset=utf-8' } });
const anonymous = { nonce: 'n', csrfToken: 't', shopper: false };

describe('PageCache', () => {
  it('serves a stored page with the next visitor’s nonce and CSRF token', async () => {
    const cache = new PageCache();
    const key = cache.keyOf(request('/de-de/paracord?color=black'))!;
    expect(cache.get(key, { nonce: 'n1', csrfToken: 't1', shopper: false })).toBeNull();
    const sent = await cache.store(key, html('<script nonce="n1"></script><meta content="t1">'), {
      shown: [],
      nonce: 'n1',
      csrfToken: 't1',
      renderedAt: cache.generation,
      sharedWithShoppers: false,
    });
    expect(await sent.text()).toBe('<script nonce="n1"></script><meta content="t1">');
    const hit = cache.get(key, { nonce: 'n2', csrfToken: 't2', shopper: false });
    expect(hit?.body.toString()).toBe('<script nonce="n2"></script><meta content="t2">');
    expect(hit?.headers).toContainEqual(['x-page-cache', 'hit']);
  });

  it('stores a page mostly asked for once (search results) at its second ask, other pages at the first', async () => {
    const cache = new PageCache();
    const store = (key: string) =>
      cache.store(key, html('<p>found</p>'), { shown: [], nonce: 'n', csrfToken: 't', renderedAt: cache.generation, sharedWithShoppers: false });
    const search = cache.keyOf(request('/de-de/search?q=karabiner'))!;
    const listing = cache.keyOf(request('/de-de/paracord'))!;
    expect(await (await store(search)).text()).toBe('<p>found</p>');
    await store(listing);
    expect(cache.get(search, anonymous)).toBeNull();
    expect(cache.get(listing, anonymous)).not.toBeNull();
    await store(search);
    expect(cache.get(search, anonymous)?.body.toString()).toBe('<p>found</p>');
    // Other words are another page, asked for once so far.
    const other = cache.keyOf(request('/de-de/search?q=schnalle'))!;
    await store(other);
    expect(cache.get(other, anonymous)).toBeNull();
  });

  it('serves a visitor who takes gzip the same page gzipped, with their own nonce and token', async () => {
    const cache = new PageCache();
    const key = cache.keyOf(request('/de-de/paracord'))!;
    const page = `<script nonce="n1"></script><meta content="t1">${'<li>Paracord 550</li>'.repeat(500)}<script nonce="n1"></script>`;
    await cache.store(key, html(page), { shown: [], nonce: 'n1', csrfToken: 't1', renderedAt: cache.generation, sharedWithShoppers: false });
    const sizes: number[] = [];
    for (const [nonce, csrfToken] of ['n2', 'another-nonce', 'n4', 'n5', 'n6', 'n7'].map((nonce, index) => [nonce, `token-${index}`])) {
      const hit = cache.get(key, { nonce: nonce!, csrfToken: csrfToken!, shopper: false, acceptsGzip: true });
      expect(hit?.headers).toContainEqual(['content-encoding', 'gzip']);
      expect(gunzipSync(hit!.body).toString()).toBe(page.replaceAll('n1', nonce!).replaceAll('t1', csrfToken!));
      sizes.push(hit!.body.length);
    }
    expect(sizes[0]).toBeLessThan(page.length / 10);
    // From the fifth gzip hit on, compressed harder once.
    expect(sizes[5]).toBeLessThan(sizes[0]!);
    const plain = cache.get(key, { nonce: 'n3', csrfToken: 't3', shopper: false });
    expect(plain?.headers.some(([name]) => name === 'content-encoding')).toBe(false);
    expect(plain?.body.toString()).toBe(page.replaceAll('n1', 'n3').replaceAll('t1', 't3'));
  });

  it('keys on the preferences that change a page and tells shoppers apart', () => {
    const cache = new PageCache();
    const plain = cache.keyOf(request('/en/paracord'));
    expect(cache.keyOf(request('/en/paracord', 'currency=GBP'))).not.toBe(plain);
    expect(cache.keyOf(request('/en/paracord', 'csrf=abc'))).toBe(plain);
    expect(cache.keyOf({ ...request('/en/paracord'), acceptLanguage: 'sv-SE' })).not.toBe(plain);
    expect(cache.keyOf({ ...request('/en/paracord', 'locale=en'), acceptLanguage: 'sv-SE' })).toBe(cache.keyOf(request('/en/paracord', 'locale=en')));
    // A shopper's pages share the key; what they show of the shopper picks the variant.
    expect(cache.keyOf(request('/en/paracord', 'cart=0b6c6a2e-1c1f-4f59-9d7c-3d2c1a7e9b11'))).toBe(plain);
    expect(cache.isShopper('cart=0b6c6a2e-1c1f-4f59-9d7c-3d2c1a7e9b11')).toBe(true);
    expect(cache.isShopper('session=abc; currency=GBP')).toBe(true);
    expect(cache.isShopper('currency=GBP; csrf=abc')).toBe(false);
    expect(cache.keyOf(request('/en/paracord', undefined, 'POST'))).toBeNull();
    expect(cache.keyOf(request('/api/route?url=/en'))).toBeNull();
    expect(cache.keyOf(request('/api/search/suggest?q=par&locale=en'))).not.toBeNull();
    expect(cache.keyOf(request('/admin/orders'))).toBeNull();
  });

  it('does not keep personal pages, marked private or no-store', async () => {
    const cache = new PageCache();
    const key = cache.keyOf(request('/en/checkout/success?order=EU100001&token=abc'))!;
    await cache.store(key, new Response('order', { headers: { 'content-type': 'text/html', 'cache-control': 'private, no-store' } }), {
      shown: [],
      nonce: 'n',
      csrfToken: 't',
      renderedAt: cache.generation,
      sharedWithShoppers: false,
    });
    expect(cache.get(key, anonymous)).toBeNull();
    await cache.store(key, new Response('reset', { headers: { 'content-type': 'text/html', 'cache-control': 'no-store' } }), {
      shown: [],
      nonce: 'n',
      csrfToken: 't',
      renderedAt: cache.generation,
      sharedWithShoppers: false,
    });
    expect(cache.get(key, anonymous)).toBeNull();
  });

  it('does not keep errors or responses that set cookies', async () => {
    const cache = new PageCache();
    const key = cache.keyOf(request('/en/x'))!;
    await cache.store(key, new Response('nope', { status: 404, headers: { 'content-type': 'text/html' } }), {
      shown: [],
      nonce: 'n',
      csrfToken: 't',
      renderedAt: cache.generation,
      sharedWithShoppers: false,
    });
    expect(cache.get(key, anonymous)).toBeNull();
    await cache.store(key, new Response('x', { headers: { 'content-type': 'text/html', 'set-cookie': 'currency=GBP' } }), {
      shown: [],
      nonce: 'n',
      csrfToken: 't',
      renderedAt: cache.generation,
      sharedWithShoppers: false,
    });
    expect(cache.get(key, anonymous)).toBeNull();
  });

  it('forgets every page on clear() and does not keep a page rendered across a clear', async () => {
    const cache = new PageCache();
    const key = cache.keyOf(request('/en/paracord'))!;
    await cache.store(key, html('old'), { shown: [], nonce: 'n', csrfToken: 't', renderedAt: cache.generation, sharedWithShoppers: false });
    expect(cache.get(key, anonymous)).not.toBeNull();
    const renderedAt = cache.generation;
    cache.clear();
    expect(cache.get(key, anonymous)).toBeNull();
    // Rendered from what was there before the change, finished after it: sent, not kept.
    const sent = await cache.store(key, html('read before the change'), {
      shown: [],
      nonce: 'n',
      csrfToken: 't',
      renderedAt: renderedAt,
      sharedWithShoppers: false,
    });
    expect(await sent.text()).toBe('read before the change');
    expect(cache.get(key, anonymous)).toBeNull();
  });

  it('keeps one page per set of values it showed of the visitor, and remembers which inputs to read', async () => {
    const cache = new PageCache();
    const key = cache.keyOf(request('/en/paracord'))!;
    const cartCount = { key: 'cart-items', read: async () => 0 };
    expect(cache.inputsOf(key)).toBeUndefined();
    await cache.store(key, html('two items'), {
      shown: [{ input: cartCount, value: 2 }],
      nonce: 'n',
      csrfToken: 't',
      renderedAt: cache.generation,
      sharedWithShoppers: false,
    });
    await cache.store(key, html('five items'), {
      shown: [{ input: cartCount, value: 5 }],
      nonce: 'n',
      csrfToken: 't',
      renderedAt: cache.generation,
      sharedWithShoppers: false,
    });
    expect(cache.inputsOf(key)).toEqual([cartCount]);
    expect(cache.get(cache.variantKey(key, [{ input: cartCount, value: 2 }]), anonymous)?.body.toString()).toBe('two items');
    expect(cache.get(cache.variantKey(key, [{ input: cartCount, value: 5 }]), anonymous)?.body.toString()).toBe('five items');
    expect(cache.get(cache.variantKey(key, [{ input: cartCount, value: 3 }]), anonymous)).toBeNull();
    cache.clear();
    expect(cache.inputsOf(key)).toBeUndefined();
  });

  it('finds the page whatever order the loaders read the inputs in', async () => {
    const cache = new PageCache();
    const key = cache.keyOf(request('/en/paracord'))!;
    const cartCount = { key: 'cart-items', read: async () => 0 };
    const firstName = { key: 'first-name', read: async () => null };
    await cache.store(key, html('page'), {
      shown: [
        { input: firstName, value: 'Ada' },
        { input: cartCount, value: 1 },
      ],
      nonce: 'n',
      csrfToken: 't',
      renderedAt: cache.generation,
      sharedWithShoppers: false,
    });
    const inputs = cache.inputsOf(key)!;
    expect(inputs).toEqual([cartCount, firstName]);
    expect(
      cache.get(
        cache.variantKey(key, [
          { input: cartCount, value: 1 },
          { input: firstName, value: 'Ada' },
        ]),
        anonymous,
      ),
    ).not.toBeNull();
  });

  it('gives a shopper only pages their route shares, and tells inputs apart by name', async () => {
    const cache = new PageCache();
    const key = cache.keyOf(request('/en/checkout'))!;
    const cartCount = { key: 'cart-items', read: async () => 0 };
    const inCart = { key: 'in-cart:7', read: async () => 0 };
    const shopper = { ...anonymous, shopper: true };
    // The cart page as an anonymous visitor saw it: not for a shopper whose values happen to match.
    await cache.store(key, html('empty cart'), {
      shown: [{ input: cartCount, value: 0 }],
      nonce: 'n',
      csrfToken: 't',
      renderedAt: cache.generation,
      sharedWithShoppers: false,
    });
    expect(cache.get(cache.variantKey(key, [{ input: cartCount, value: 0 }]), anonymous)).not.toBeNull();
    expect(cache.get(cache.variantKey(key, [{ input: cartCount, value: 0 }]), shopper)).toBeNull();
    // The same value under another input is another page.
    expect(cache.variantKey(key, [{ input: cartCount, value: 0 }])).not.toBe(cache.variantKey(key, [{ input: inCart, value: 0 }]));
  });
});
