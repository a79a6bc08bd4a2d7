import { afterEach, describe, expect, it, vi } from 'vitest';
import { textPartMarker } from '../personalisation/personal-parts.server.ts';
import { PageCache } from './page-cache.server.ts';

const request = (path: string, cookie?: string, method = 'GET') => ({ method, url: path, cookie, acceptLanguage: 'de-DE' });
const html = (body: string, headers: Record<string, string> = {}) => new Response(body, { headers: { 'content-type': 'text/html; charset=utf-8', ...headers } });
const shared = { dependencies: [], variant: '', shared: true };

describe('PageCache', () => {
  afterEach(() => vi.useRealTimers());

  it('serves a page past its minute while one request has it rendered again, until it is too old', async () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 10, 25, 9, 0) });
    const cache = new PageCache();
    const key = cache.keyOf(request('/en/paracord'))!;
    await cache.store(key, shared, html('<p>old</p>'), { nonce: 'nonce-1', csrf: 'token-1' });
    expect(cache.get(key, { variant: '', personal: false }, { nonce: 'nonce-1', csrf: 'token-1' })?.refresh).toBe(false);
    vi.advanceTimersByTime(61_000);
    expect(cache.get(key, { variant: '', personal: false }, { nonce: 'nonce-1', csrf: 'token-1' })?.refresh).toBe(true);
    const meanwhile = cache.get(key, { variant: '', personal: false }, { nonce: 'nonce-1', csrf: 'token-1' });
    expect(meanwhile?.body.toString()).toBe('<p>old</p>');
    expect(meanwhile?.refresh).toBe(false);
    await cache.store(key, shared, html('<p>new</p>'), { nonce: 'nonce-1', csrf: 'token-1' });
    expect(cache.get(key, { variant: '', personal: false }, { nonce: 'nonce-1', csrf: 'token-1' })?.body.toString()).toBe('<p>new</p>');
    vi.advanceTimersByTime(10 * 60_000 + 1);
    expect(cache.get(key, { variant: '', personal: false }, { nonce: 'nonce-1', csrf: 'token-1' })).toBeNull();
  });

  it('serves a stored page with the next visitor’s nonce and CSRF token', async () => {
    const cache = new PageCache();
    const key = cache.keyOf(request('/de-de/paracord?color=black'))!;
    expect(cache.get(key, { variant: '', personal: false }, { nonce: 'n1', csrf: 't1' })).toBeNull();
    const sent = await cache.store(key, shared, html('<script nonce="n1"></script><meta content="t1">'), { nonce: 'n1', csrf: 't1' });
    expect(await sent.text()).toBe('<script nonce="n1"></script><meta content="t1">');
    const hit = cache.get(key, { variant: '', personal: false }, { nonce: 'n2', csrf: 't2' });
    expect(hit?.body.toString()).toBe('<script nonce="n2"></script><meta content="t2">');
    expect(hit?.headers).toContainEqual(['x-page-cache', 'hit']);
  });

  it('keys on the preferences that change a page, for visitors with or without a cart', () => {
    const cache = new PageCache();
    const plain = cache.keyOf(request('/en/paracord'));
    expect(cache.keyOf(request('/en/paracord', 'currency=GBP'))).not.toBe(plain);
    expect(cache.keyOf(request('/en/paracord', 'csrf=abc'))).toBe(plain);
    expect(cache.keyOf({ ...request('/en/paracord'), acceptLanguage: 'sv-SE' })).not.toBe(plain);
    expect(cache.keyOf({ ...request('/en/paracord', 'locale=en'), acceptLanguage: 'sv-SE' })).toBe(cache.keyOf(request('/en/paracord', 'locale=en')));
    // The cart and the session pick a variant of the page (PersonalParts), not another key.
    expect(cache.keyOf(request('/en/paracord', 'cart=0b6c6a2e-1c1f-4f59-9d7c-3d2c1a7e9b11'))).toBe(plain);
    expect(cache.keyOf(request('/en/paracord', undefined, 'POST'))).toBeNull();
    expect(cache.keyOf(request('/api/route?url=/en'))).toBeNull();
    expect(cache.keyOf(request('/api/search/suggest?q=par&locale=en'))).not.toBeNull();
  });

  it('keeps one page per variant of what it depended on, and fills in the personal texts', async () => {
    const cache = new PageCache();
    const key = cache.keyOf(request('/en/paracord-550'))!;
    const dependencies = [{ kind: 'customer' as const }, { kind: 'cartItemCount' as const }];
    const marker = textPartMarker('customerFirstName');
    await cache.store(key, { dependencies, variant: 'customer|2', shared: true }, html(`<a>Hi ${marker}</a><b>2</b><script>"${marker}"</script>`), { nonce: 'nonce-1', csrf: 'token-1', customerFirstName: 'Anna' });
    await cache.store(key, { dependencies, variant: 'guest|0', shared: true }, html('<a>Log in</a>'), { nonce: 'nonce-1', csrf: 'token-1' });
    expect(cache.dependenciesOf(key)).toEqual(dependencies);
    expect(cache.get(key, { variant: 'customer|2', personal: false }, { nonce: 'nonce-1', csrf: 'token-1', customerFirstName: 'Björn' })?.body.toString()).toBe('<a>Hi Björn</a><b>2</b><script>"Björn"</script>');
    expect(cache.get(key, { variant: 'guest|0', personal: false }, { nonce: 'nonce-1', csrf: 'token-1' })?.body.toString()).toBe('<a>Log in</a>');
    expect(cache.get(key, { variant: 'customer|3', personal: false }, { nonce: 'nonce-1', csrf: 'token-1', customerFirstName: 'Björn' })).toBeNull();
    // A page that now depends on other things starts over.
    await cache.store(key, { dependencies: [{ kind: 'cartItemCount' }], variant: '1', shared: true }, html('<b>1</b>'), { nonce: 'nonce-1', csrf: 'token-1' });
    expect(cache.get(key, { variant: 'guest|0', personal: false }, { nonce: 'nonce-1', csrf: 'token-1' })).toBeNull();
  });

  it('fills in a page it must not keep, and does not keep it', async () => {
    const cache = new PageCache();
    const key = cache.keyOf(request('/en/paracord'))!;
    const marker = textPartMarker('customerFirstName');
    const sent = await cache.store(key, { dependencies: [{ kind: 'customer' }], variant: null, shared: false }, html(`<a>Hi ${marker}</a>`), { nonce: 'nonce-1', csrf: 'token-1', customerFirstName: 'Anna' });
    expect(await sent.text()).toBe('<a>Hi Anna</a>');
    expect(cache.dependenciesOf(key)).toBeNull();
  });

  it('serves a page to shoppers with a cart or a login only when its route shares it with them', async () => {
    const cache = new PageCache();
    const key = cache.keyOf(request('/en/checkout'))!;
    await cache.store(key, { ...shared, shared: false }, html('<p>empty cart</p>'), { nonce: 'nonce-1', csrf: 'token-1' });
    expect(cache.get(key, { variant: '', personal: false }, { nonce: 'nonce-1', csrf: 'token-1' })).not.toBeNull();
    expect(cache.get(key, { variant: '', personal: true }, { nonce: 'nonce-1', csrf: 'token-1' })).toBeNull();
  });

  it('does not keep personal pages, marked private or no-store', async () => {
    const cache = new PageCache();
    const key = cache.keyOf(request('/en/checkout/success?order=EU100001&token=abc'))!;
    await cache.store(key, shared, html('order', { 'cache-control': 'private, no-store' }), { nonce: 'nonce-1', csrf: 'token-1' });
    expect(cache.get(key, { variant: '', personal: false }, { nonce: 'nonce-1', csrf: 'token-1' })).toBeNull();
    await cache.store(key, shared, html('reset', { 'cache-control': 'no-store' }), { nonce: 'nonce-1', csrf: 'token-1' });
    expect(cache.get(key, { variant: '', personal: false }, { nonce: 'nonce-1', csrf: 'token-1' })).toBeNull();
  });

  it('does not keep errors or responses that set cookies', async () => {
    const cache = new PageCache();
    const key = cache.keyOf(request('/en/x'))!;
    await cache.store(key, shared, new Response('nope', { status: 404, headers: { 'content-type': 'text/html' } }), { nonce: 'nonce-1', csrf: 'token-1' });
    expect(cache.get(key, { variant: '', personal: false }, { nonce: 'nonce-1', csrf: 'token-1' })).toBeNull();
    await cache.store(key, shared, html('x', { 'set-cookie': 'currency=GBP' }), { nonce: 'nonce-1', csrf: 'token-1' });
    expect(cache.get(key, { variant: '', personal: false }, { nonce: 'nonce-1', csrf: 'token-1' })).toBeNull();
  });
});
