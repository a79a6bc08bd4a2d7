/**
 * A full-page cache for anonymous visitors: the rendered HTML (or client-navigation data) of a
 * GET is kept for a minute per URL and per the preferences that change what a page shows.
 * The per-visitor parts of a page, the CSP nonce and the CSRF token, are stored as markers and
 * filled in on every hit. Visitors with a cart (and later a session) always get a fresh page.
 */
import { readCookie } from './cookies.server.ts';

const ttlMs = 60_000;
const maxBytes = 64 * 1024 * 1024;
const nonceMarker = '__CORDIAL_CSP_NONCE__';
const csrfMarker = '__CORDIAL_CSRF_TOKEN__';
/** Cookies whose value changes the page; a visitor with any of these is not served from cache. */
const personalCookies = ['cart', 'session'];
const preferenceCookies = ['locale', 'currency', 'vat_display', 'consent'];

interface CachedPage {
  at: number;
  status: number;
  headers: [string, string][];
  body: string;
}

export class PageCache {
  #pages = new Map<string, CachedPage>();
  #bytes = 0;
  hits = 0;
  misses = 0;

  /** The cache key of a request, or null when the request must be rendered for this visitor. */
  keyOf(request: Request, extra: string): string | null {
    if (request.method !== 'GET') return null;
    if (personalCookies.some((name) => readCookie(request, name) !== undefined)) return null;
    const url = new URL(request.url);
    if (url.pathname.startsWith('/api/')) return null;
    const preferences = preferenceCookies.map((name) => readCookie(request, name) ?? '').join('|');
    return `${url.pathname}${url.search}|${preferences}|${extra}`;
  }

  /** A cached response with this visitor's nonce and token filled in, if there is a fresh one. */
  get(key: string, nonce: string, csrfToken: string): Response | null {
    const page = this.#pages.get(key);
    if (!page || Date.now() - page.at > ttlMs) {
      this.misses++;
      return null;
    }
    this.hits++;
    const body = page.body.replaceAll(nonceMarker, nonce).replaceAll(csrfMarker, csrfToken);
    const headers = new Headers(page.headers);
    headers.set('X-Page-Cache', 'hit');
    return new Response(body, { status: page.status, headers });
  }

  /** Stores a successful page (reading its body) and returns an equivalent response to send. */
  async store(key: string, response: Response, nonce: string, csrfToken: string): Promise<Response> {
    const type = response.headers.get('content-type') ?? '';
    if (response.status !== 200 || response.headers.has('set-cookie') || !/text\/html|text\/x-script/.test(type)) return response;
    const body = await response.text();
    const templated = body.replaceAll(nonce, nonceMarker).replaceAll(csrfToken, csrfMarker);
    this.#remove(key);
    this.#pages.set(key, { at: Date.now(), status: response.status, headers: [...response.headers], body: templated });
    this.#bytes += templated.length;
    for (const oldest of this.#pages.keys()) {
      if (this.#bytes <= maxBytes) break;
      this.#remove(oldest);
    }
    return new Response(body, { status: response.status, headers: response.headers });
  }

  #remove(key: string) {
    const page = this.#pages.get(key);
    if (!page) return;
    this.#bytes -= page.body.length;
    this.#pages.delete(key);
  }
}
