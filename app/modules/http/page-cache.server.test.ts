import { describe, expect, it } from 'vitest';
import { PageCache } from './page-cache.server.ts';

const request = (path: string, cookie?: string, method = 'GET') => ({ method, url: path, cookie, acceptLanguage: 'de-DE' });
const html = (body: string) => new Response(body, { headers: { 'content-type': 'text/html; charset=utf-8' } });

describe('PageCache', () => {
  it('serves a stored page with the next visitor’s nonce and CSRF token', async () => {
    const cache = new PageCache();
    const key = cache.keyOf(request('/de-de/paracord?color=black'))!;
    expect(cache.get(key, 'n1', 't1')).toBeNull();
    const sent = await cache.store(key, [], html('<script nonce="n1"></script><meta content="t1">'), 'n1', 't1', cache.generation);
    expect(await sent.text()).toBe('<script nonce="n1"></script><meta content="t1">');
    const hit = cache.get(key, 'n2', 't2');
    expect(hit?.body.toString()).toBe('<script nonce="n2"></script><meta content="t2">');
    expect(hit?.headers).toContainEqual(['x-page-cache', 'hit']);
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
  });

  it('does not keep personal pages, marked private or no-store', async () => {
    const cache = new PageCache();
    const key = cache.keyOf(request('/en/checkout/success?order=EU100001&token=abc'))!;
    await cache.store(key, [], new Response('order', { headers: { 'content-type': 'text/html', 'cache-control': 'private, no-store' } }), 'n', 't', cache.generation);
    expect(cache.get(key, 'n', 't')).toBeNull();
    await cache.store(key, [], new Response('reset', { headers: { 'content-type': 'text/html', 'cache-control': 'no-store' } }), 'n', 't', cache.generation);
    expect(cache.get(key, 'n', 't')).toBeNull();
  });

  it('does not keep errors or responses that set cookies', async () => {
    const cache = new PageCache();
    const key = cache.keyOf(request('/en/x'))!;
    await cache.store(key, [], new Response('nope', { status: 404, headers: { 'content-type': 'text/html' } }), 'n', 't', cache.generation);
    expect(cache.get(key, 'n', 't')).toBeNull();
    await cache.store(key, [], new Response('x', { headers: { 'content-type': 'text/html', 'set-cookie': 'currency=GBP' } }), 'n', 't', cache.generation);
    expect(cache.get(key, 'n', 't')).toBeNull();
  });

  it('forgets every page on clear() and does not keep a page rendered across a clear', async () => {
    const cache = new PageCache();
    const key = cache.keyOf(request('/en/paracord'))!;
    await cache.store(key, [], html('old'), 'n', 't', cache.generation);
    expect(cache.get(key, 'n', 't')).not.toBeNull();
    const renderedAt = cache.generation;
    cache.clear();
    expect(cache.get(key, 'n', 't')).toBeNull();
    // Rendered from what was there before the change, finished after it: sent, not kept.
    const sent = await cache.store(key, [], html('read before the change'), 'n', 't', renderedAt);
    expect(await sent.text()).toBe('read before the change');
    expect(cache.get(key, 'n', 't')).toBeNull();
  });

  it('keeps one page per set of values it showed of the visitor, and remembers which inputs to read', async () => {
    const cache = new PageCache();
    const key = cache.keyOf(request('/en/paracord'))!;
    const cartCount = { key: 'cart-items', read: async () => 0 };
    expect(cache.inputsOf(key)).toBeUndefined();
    await cache.store(key, [{ input: cartCount, value: 2 }], html('two items'), 'n', 't', cache.generation);
    await cache.store(key, [{ input: cartCount, value: 5 }], html('five items'), 'n', 't', cache.generation);
    expect(cache.inputsOf(key)).toEqual([cartCount]);
    expect(cache.get(cache.variantKey(key, [2]), 'n', 't')?.body.toString()).toBe('two items');
    expect(cache.get(cache.variantKey(key, [5]), 'n', 't')?.body.toString()).toBe('five items');
    expect(cache.get(cache.variantKey(key, [3]), 'n', 't')).toBeNull();
    cache.clear();
    expect(cache.inputsOf(key)).toBeUndefined();
  });

  it('finds the page whatever order the loaders read the inputs in', async () => {
    const cache = new PageCache();
    const key = cache.keyOf(request('/en/paracord'))!;
    const cartCount = { key: 'cart-items', read: async () => 0 };
    const firstName = { key: 'first-name', read: async () => null };
    await cache.store(key, [{ input: firstName, value: 'Ada' }, { input: cartCount, value: 1 }], html('page'), 'n', 't', cache.generation);
    const inputs = cache.inputsOf(key)!;
    expect(inputs).toEqual([cartCount, firstName]);
    expect(cache.get(cache.variantKey(key, [1, 'Ada']), 'n', 't')).not.toBeNull();
  });
});
