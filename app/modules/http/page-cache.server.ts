/**
 * A full-page cache shared by every visitor: the rendered HTML (or client-navigation data) of a
 * GET is kept for a minute per URL and per the preferences that change what a page shows. The
 * per-visitor parts of a page are stored as markers and filled in on every hit: the CSP nonce,
 * the CSRF token and the personal text parts (personalisation/personal-parts.server.ts). What a
 * page showed of a visitor's cart or login picks one of its variants, so a shopper with a cart
 * is served like an anonymous visitor (decision 0019). A page past its minute is served once more
 * while it is rendered again in the background, so no visitor waits for a rebuild.
 * The React Router middleware stores pages; the Express layer serves hits without routing.
 */
import { parseAcceptLanguage, storefrontForLanguages } from '../i18n/locale-detection.ts';
import { adminBase } from '../admin/admin-paths.ts';
import { type Dependency, type TextPart, textPartMarker, textParts } from '../personalisation/personal-parts.server.ts';
import { readCookie } from './cookies.server.ts';

const ttlMs = 60_000;
/** A page past its minute is still served, once per render in the background, until this age. */
const staleMs = 10 * 60_000;
/** A background render that has not stored its page by then may be tried again. */
const refreshTimeoutMs = 30_000;
const maxBytes = 64 * 1024 * 1024;
const nonceMarker = '__CORDIAL_CSP_NONCE__';
const csrfMarker = '__CORDIAL_CSRF_TOKEN__';
const preferenceCookies = ['locale', 'currency', 'vat_display', 'consent'];

type Slot = 'nonce' | 'csrf' | TextPart;

/** What fills the markers of a page for one visitor. */
export type SlotValues = { nonce: string; csrf: string } & Partial<Record<TextPart, string>>;

interface CachedPage {
  at: number;
  status: number;
  headers: [string, string][];
  /** The page as UTF-8, cut where the markers go: parts[0] slot[0] parts[1] slot[1] ... */
  parts: Buffer[];
  slots: Slot[];
  bytes: number;
  /** May be served to shoppers with a cart or a login (PersonalParts.shareWithShoppers). */
  shared: boolean;
  /** When a background render of this page was started (0: none). */
  refreshStartedAt: number;
}

/** One URL's renderings: what they depended on, and one page per variant of those values. */
interface CachedEntry {
  dependencies: Dependency[];
  variants: Map<string, CachedPage>;
}

const markers = new Map<string, Slot>([[nonceMarker, 'nonce'], [csrfMarker, 'csrf'], ...textParts.map((part) => [textPartMarker(part), part] as const)]);
const markerPattern = new RegExp([...markers.keys()].join('|'), 'g');

function cut(body: string): Pick<CachedPage, 'parts' | 'slots' | 'bytes'> {
  const parts: Buffer[] = [];
  const slots: Slot[] = [];
  let last = 0;
  for (const match of body.matchAll(markerPattern)) {
    parts.push(Buffer.from(body.slice(last, match.index)));
    slots.push(markers.get(match[0])!);
    last = match.index + match[0].length;
  }
  parts.push(Buffer.from(body.slice(last)));
  return { parts, slots, bytes: parts.reduce((sum, part) => sum + part.length, 0) };
}

function fill(page: Pick<CachedPage, 'parts' | 'slots'>, values: SlotValues): Buffer {
  const pieces: Buffer[] = [];
  page.parts.forEach((part, index) => {
    pieces.push(part);
    const slot = page.slots[index];
    if (slot) pieces.push(Buffer.from(values[slot] ?? ''));
  });
  return Buffer.concat(pieces);
}

const isTextResponse = (response: Response) => /text\/html|text\/x-script|application\/json/.test(response.headers.get('content-type') ?? '');

export class PageCache {
  #entries = new Map<string, CachedEntry>();
  #bytes = 0;
  hits = 0;
  misses = 0;

  /**
   * The cache key of a request, or null when it is never shared. Without a chosen store, a page
   * invites the visitor by browser language, so that is part of the key.
   */
  keyOf(request: { method: string; url: string; cookie: string | undefined; acceptLanguage: string | undefined }): string | null {
    if (request.method !== 'GET') return null;
    const url = new URL(request.url, 'http://x');
    // API answers are personal or change state, except the search box suggestions.
    if (url.pathname.startsWith('/api/') && url.pathname !== '/api/search/suggest') return null;
    // The admin is never cached (it also sends Cache-Control: no-store).
    if (url.pathname === adminBase || url.pathname.startsWith(`${adminBase}/`)) return null;
    const preferences = preferenceCookies.map((name) => readCookie(request.cookie, name) ?? '').join('|');
    const suggestion = readCookie(request.cookie, 'locale') ? '' : (storefrontForLanguages(parseAcceptLanguage(request.acceptLanguage ?? null))?.code ?? '');
    return `${url.pathname}${url.search}|${preferences}|${suggestion}`;
  }

  /** What the stored renderings of a key depended on, when there are fresh ones. */
  dependenciesOf(key: string): readonly Dependency[] | null {
    const entry = this.#entries.get(key);
    return entry && entry.variants.size > 0 ? entry.dependencies : null;
  }

  /**
   * A cached page with this visitor's values filled in, if there is one for the variant. `refresh`
   * is true for the one request that should have it rendered again (in the background).
   */
  get(key: string, visitor: { variant: string; personal: boolean }, values: SlotValues): { status: number; headers: [string, string][]; body: Buffer; refresh: boolean } | null {
    const page = this.#entries.get(key)?.variants.get(visitor.variant);
    const now = Date.now();
    if (!page || now - page.at > staleMs || (visitor.personal && !page.shared)) {
      this.misses++;
      return null;
    }
    this.hits++;
    const refresh = now - page.at > ttlMs && now - page.refreshStartedAt > refreshTimeoutMs;
    if (refresh) page.refreshStartedAt = now;
    return { status: page.status, headers: [...page.headers, ['x-page-cache', 'hit']], body: fill(page, values), refresh };
  }

  /**
   * Stores a page rendered with markers (when it may be shared) and returns it with this
   * visitor's values filled in. `variant` is null when the rendering must not be shared.
   */
  async store(key: string, rendered: { dependencies: Dependency[]; variant: string | null; shared: boolean }, response: Response, values: SlotValues): Promise<Response> {
    if (!isTextResponse(response)) return response;
    const body = await response.text();
    const templated = cut(body.replaceAll(values.nonce, nonceMarker).replaceAll(values.csrf, csrfMarker));
    // Personal pages (an order confirmation, a password link) say private or no-store: never shared.
    const personal = /private|no-store/.test(response.headers.get('cache-control') ?? '');
    if (response.status === 200 && !personal && !response.headers.has('set-cookie') && rendered.variant !== null) {
      this.#keep(key, rendered.dependencies, rendered.variant, { at: Date.now(), status: response.status, headers: [...response.headers], ...templated, shared: rendered.shared, refreshStartedAt: 0 });
    }
    const headers = new Headers(response.headers);
    headers.delete('content-length');
    return new Response(new Uint8Array(fill(templated, values)), { status: response.status, statusText: response.statusText, headers });
  }

  #keep(key: string, dependencies: Dependency[], variant: string, page: CachedPage) {
    let entry = this.#entries.get(key);
    // A page that now depends on other things (it changed kind) starts over.
    if (!entry || JSON.stringify(entry.dependencies) !== JSON.stringify(dependencies)) {
      this.#remove(key);
      entry = { dependencies, variants: new Map() };
      this.#entries.set(key, entry);
    }
    this.#bytes -= entry.variants.get(variant)?.bytes ?? 0;
    entry.variants.set(variant, page);
    this.#bytes += page.bytes;
    for (const oldest of this.#entries.keys()) {
      if (this.#bytes <= maxBytes) break;
      this.#remove(oldest);
    }
  }

  #remove(key: string) {
    const entry = this.#entries.get(key);
    if (!entry) return;
    for (const page of entry.variants.values()) this.#bytes -= page.bytes;
    this.#entries.delete(key);
  }
}
