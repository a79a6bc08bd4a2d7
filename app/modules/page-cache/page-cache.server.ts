/**
 * A full-page cache: the rendered HTML (or client-navigation data) of a GET is kept for a minute
 * per URL, per the preferences that change what a page shows, and per what the page showed of the
 * visitor (decision 0020: cart count, first name, what of a product is in the cart...). Anonymous
 * visitors share pages as before; shoppers with a cart or a session share the pages of routes that
 * read them only through personal inputs. The per-visitor parts that every page has, the CSP nonce
 * and the CSRF token, are cut out and filled in on every hit. Changes in the database
 * empty the cache (decision 0019). The React Router middleware stores pages; the Express layer
 * serves hits without routing.
 */
import { readCookie } from '#app/lib/http/cookies.server.ts';
import { deflateParts, gzipTemplate } from '#app/lib/http/gzip-template.ts';
import type { PersonalInput } from './personal-inputs.ts';

const ttlMs = 60_000;
const maxBytes = 64 * 1024 * 1024;
/** Page keys whose inputs are remembered (each a few references; query strings make many keys). */
const maxKeys = 100_000;
/** Keys of pages asked for once that are remembered, to store them at their second ask. */
const maxAskedOnce = 20_000;
/** The gzip hit of a page at which its parts are compressed again at level 6 instead of 1. */
const hitsBeforeHarderCompression = 5;
/** Cookies of a shopper: pages read what they mean through personal inputs. */
const personalCookies = ['cart', 'session'];
const preferenceCookies = ['locale', 'currency', 'vat_display', 'consent'];

interface CachedPage {
  at: number;
  status: number;
  headers: [string, string][];
  /** The page as UTF-8, cut where the nonce and token go: parts[0] slot[0] parts[1] slot[1] ... */
  parts: Buffer[];
  slots: ('nonce' | 'csrf')[];
  /** The parts compressed, made at the first hit that takes gzip (a page only ever rendered once is not compressed twice). */
  deflated?: Buffer[];
  gzipHits: number;
  bytes: number;
  /** Its route shares it with shoppers (decision 0020); otherwise only anonymous visitors get it. */
  sharedWithShoppers: boolean;
}

/** Who asks for a cached page: their CSP nonce and CSRF token, whether they have a cart or session, and whether they take gzip. */
export interface CacheVisitor {
  nonce: string;
  csrfToken: string;
  shopper: boolean;
  acceptsGzip?: boolean;
}

const byteLength = (parts: Buffer[]) => parts.reduce((sum, part) => sum + part.length, 0);

/** The page cut where this visitor's nonce and token were, in one pass over it (no copy with markers). */
function cut(body: string, values: { nonce: string; csrf: string }): Pick<CachedPage, 'parts' | 'slots' | 'bytes'> {
  const parts: Buffer[] = [];
  const slots: ('nonce' | 'csrf')[] = [];
  const next = (slot: 'nonce' | 'csrf', from: number) => (values[slot] ? body.indexOf(values[slot], from) : -1);
  let last = 0;
  let at = { nonce: next('nonce', 0), csrf: next('csrf', 0) };
  for (;;) {
    const slot = at.nonce >= 0 && (at.csrf < 0 || at.nonce <= at.csrf) ? 'nonce' : at.csrf >= 0 ? 'csrf' : null;
    if (!slot) break;
    parts.push(Buffer.from(body.slice(last, at[slot])));
    slots.push(slot);
    last = at[slot] + values[slot].length;
    at = { nonce: at.nonce < last ? next('nonce', last) : at.nonce, csrf: at.csrf < last ? next('csrf', last) : at.csrf };
  }
  parts.push(Buffer.from(body.slice(last)));
  return { parts, slots, bytes: byteLength(parts) };
}

/** What a page showed of the visitor, in the order it was read. */
export type PersonalValues = { input: PersonalInput<unknown>; value: unknown }[];

/**
 * What the page key needs from the shop, passed in so this cache knows no domain (issue 13: no
 * import cycle with i18n or the admin): the paths never cached, and the store a browser's
 * languages suggest (a page without a chosen store invites the visitor to it), '' for none.
 */
export interface PageKeyRules {
  isNeverCached(pathname: string): boolean;
  suggestedStore(acceptLanguage: string | undefined): string;
  /**
   * Pages most visitors ask for once (search results for their own words): stored at their second
   * ask, so a one-off page costs no storing and pushes out no page that is asked for often.
   */
  isMostlyAskedOnce?(pathname: string): boolean;
}

export class PageCache {
  readonly #rules: PageKeyRules;
  #pages = new Map<string, CachedPage>();
  /** Per page key: the personal inputs its pages read (the same route reads the same inputs). */
  #inputs = new Map<string, PersonalInput<unknown>[]>();
  #bytes = 0;
  #generation = 0;
  /** Renders under way per page key: the visitors behind the first wait for its page instead of rendering it too. */
  #renders = new Map<string, Promise<void>>();
  /** Keys of pages mostly asked for once that were rendered once, oldest first. */
  #askedOnce = new Set<string>();
  hits = 0;
  misses = 0;

  constructor(rules: PageKeyRules) {
    this.#rules = rules;
  }

  /** Changes with every `clear()`: a page rendered across a clear may show what was cleared. */
  get generation(): number {
    return this.#generation;
  }

  /** Forgets every page (what they show changed in the database). */
  clear(): void {
    this.#pages.clear();
    this.#inputs.clear();
    this.#bytes = 0;
    this.#generation++;
  }

  /**
   * The key of the page a request asks for, before what it shows of the visitor, or null when it
   * is never cached. Without a chosen store, a page invites the visitor by browser language, so
   * that is part of the key.
   */
  keyOf(request: { method: string; url: string; cookie: string | undefined; acceptLanguage: string | undefined }): string | null {
    if (request.method !== 'GET') return null;
    const url = new URL(request.url, 'http://x');
    // API answers are personal or change state, except the search box suggestions.
    if (url.pathname.startsWith('/api/') && url.pathname !== '/api/search/suggest') return null;
    // The admin is never cached (it also sends Cache-Control: no-store).
    if (this.#rules.isNeverCached(url.pathname)) return null;
    const preferences = preferenceCookies.map((name) => readCookie(request.cookie, name) ?? '').join('|');
    const suggestion = readCookie(request.cookie, 'locale') ? '' : this.#rules.suggestedStore(request.acceptLanguage);
    return `${url.pathname}${url.search}|${preferences}|${suggestion}`;
  }

  /**
   * Notes that a page under `key` is being rendered and returns what ends the note, once its
   * answer is done (stored or not). After a clear every visitor misses at once; without it each
   * rendered the same page (issue 16: ten renders of two pages per clear held the storefront).
   */
  beginRender(key: string): () => void {
    const { promise, resolve } = Promise.withResolvers<void>();
    this.#renders.set(key, promise);
    return () => {
      if (this.#renders.get(key) === promise) this.#renders.delete(key);
      resolve();
    };
  }

  /** The render under way for `key`, if any: its page is worth waiting for. */
  renderUnderWay(key: string): Promise<void> | undefined {
    return this.#renders.get(key);
  }

  /** True when the visitor has a cart or a session cookie (whose pages are shared only by routes that say so). */
  isShopper(cookie: string | undefined): boolean {
    return personalCookies.some((name) => readCookie(cookie, name) !== undefined);
  }

  /** The personal inputs that pages under `key` read, once one was stored; undefined before (a miss). */
  inputsOf(key: string): PersonalInput<unknown>[] | undefined {
    const inputs = this.#inputs.get(key);
    if (!inputs) this.misses++;
    return inputs;
  }

  /** The key of the page under `key` that showed these values of the visitor (named by input). */
  variantKey(key: string, shown: PersonalValues): string {
    return shown.length === 0 ? key : `${key}|${JSON.stringify(shown.map(({ input, value }) => [input.key, value]))}`;
  }

  /**
   * A cached page with this visitor's nonce and token filled in, if there is a fresh one and it
   * may go to them (a shopper gets only pages their route shares); gzipped (with a
   * `content-encoding` header) when they take gzip, from parts compressed once.
   */
  get(key: string, visitor: CacheVisitor): { status: number; headers: [string, string][]; body: Buffer } | null {
    const page = this.#pages.get(key);
    if (!page || Date.now() - page.at > ttlMs || (visitor.shopper && !page.sharedWithShoppers)) {
      this.misses++;
      return null;
    }
    this.hits++;
    const values = { nonce: Buffer.from(visitor.nonce), csrf: Buffer.from(visitor.csrfToken) };
    const slots = page.slots.map((slot) => values[slot]);
    const headers: [string, string][] = [...page.headers, ['x-page-cache', 'hit']];
    if (visitor.acceptsGzip) {
      page.gzipHits++;
      // Fast compression at the first hit (what the compression middleware did on every hit); a
      // page asked for again and again is compressed harder once, for fewer bytes on every later hit.
      if (!page.deflated || page.gzipHits === hitsBeforeHarderCompression) {
        const before = byteLength(page.deflated ?? []);
        page.deflated = deflateParts(page.parts, page.deflated ? 6 : 1);
        const added = byteLength(page.deflated) - before;
        page.bytes += added;
        this.#bytes += added;
      }
      headers.push(['content-encoding', 'gzip']);
      return { status: page.status, headers, body: gzipTemplate(page.parts, page.deflated, slots) };
    }
    const body = Buffer.concat(page.parts.flatMap((part, index) => (index < slots.length ? [part, slots[index] as Buffer] : [part])));
    return { status: page.status, headers, body };
  }

  /**
   * Stores a successful page (reading its body) under `key` and the values it showed of the
   * visitor, and returns an equivalent response to send. `renderedAt` is the `generation` read
   * before the page was rendered.
   */
  async store(
    key: string,
    response: Response,
    {
      shown,
      nonce,
      csrfToken,
      renderedAt,
      sharedWithShoppers,
    }: { shown: PersonalValues; nonce: string; csrfToken: string; renderedAt: number; sharedWithShoppers: boolean },
  ): Promise<Response> {
    const type = response.headers.get('content-type') ?? '';
    // Personal pages (an order confirmation, a password link) say private or no-store: never shared.
    const privatePage = /private|no-store/.test(response.headers.get('cache-control') ?? '');
    const outdated = renderedAt !== this.#generation;
    if (response.status !== 200 || privatePage || outdated || response.headers.has('set-cookie') || !/text\/html|text\/x-script|application\/json/.test(type))
      return response;
    if (this.#firstAskOfOneOff(key)) return response;
    const body = await response.text();
    // Loaders run side by side, so the order of reading varies: the key order is by input key.
    const ordered = shown.toSorted((a, b) => (a.input.key < b.input.key ? -1 : a.input.key > b.input.key ? 1 : 0));
    const inputs = ordered.map(({ input }) => input);
    const known = this.#inputs.get(key);
    // A route reads the same inputs on every visit; if not (a new branch of a loader), the newest set wins.
    if (!known || known.map((input) => input.key).join() !== inputs.map((input) => input.key).join()) {
      this.#inputs.delete(key);
      this.#inputs.set(key, inputs);
      if (this.#inputs.size > maxKeys) this.#inputs.delete(this.#inputs.keys().next().value as string);
    }
    const variant = this.variantKey(key, ordered);
    this.#remove(variant);
    const page = {
      at: Date.now(),
      status: response.status,
      headers: [...response.headers],
      ...cut(body, { nonce, csrf: csrfToken }),
      sharedWithShoppers,
      gzipHits: 0,
    };
    this.#pages.set(variant, page);
    this.#bytes += page.bytes;
    for (const oldest of this.#pages.keys()) {
      if (this.#bytes <= maxBytes) break;
      this.#remove(oldest);
    }
    return new Response(body, { status: response.status, headers: response.headers });
  }

  #firstAskOfOneOff(key: string): boolean {
    const pathname = key.slice(0, key.search(/[?|]/));
    if (!this.#rules.isMostlyAskedOnce?.(pathname) || this.#askedOnce.delete(key)) return false;
    this.#askedOnce.add(key);
    if (this.#askedOnce.size > maxAskedOnce) this.#askedOnce.delete(this.#askedOnce.values().next().value as string);
    return true;
  }

  #remove(key: string) {
    const page = this.#pages.get(key);
    if (!page) return;
    this.#bytes -= page.bytes;
    this.#pages.delete(key);
  }
}
