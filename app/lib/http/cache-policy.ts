/**
 * What shared caches (a CDN, nginx) may keep, decided once for every answer (decision 0024).
 * Pages carry a per-response CSP nonce and the visitor's CSRF token, so HTML and client-navigation
 * data are never shared: `private, no-cache` for anonymous visitors (the browser revalidates) and
 * `private, no-store` for shoppers with a session or cart. Answers a route marked public (JSON
 * APIs, sitemaps, feeds, images) get `s-maxage` and `stale-while-revalidate` for shared caches;
 * an answer that sets a cookie is never shared, whatever its route said.
 */

export interface AnswerFacts {
  method: string;
  status: number;
  /** The Cache-Control the route set, if any. */
  cacheControl: string | undefined;
  contentType: string | undefined;
  setsCookie: boolean;
  /** The visitor has a session or cart cookie. */
  shopper: boolean;
}

const pageTypes = /text\/html|text\/x-script/;
const sharedDirectives = /\b(public|s-maxage)\b/;

/** The Cache-Control to send instead of the route's, or undefined to keep the route's (or send none). */
export function cacheControlFor(answer: AnswerFacts): string | undefined {
  const given = answer.cacheControl?.toLowerCase();
  if (answer.setsCookie) return given && /no-store/.test(given) ? undefined : 'private, no-store';
  if (given === undefined) {
    if (!pageTypes.test(answer.contentType ?? '')) return undefined;
    return answer.shopper ? 'private, no-store' : 'private, no-cache';
  }
  // A page may be public only if it shows nothing of the visitor: never, here (the nonce and token).
  if (pageTypes.test(answer.contentType ?? '') && sharedDirectives.test(given)) return answer.shopper ? 'private, no-store' : 'private, no-cache';
  // A public answer to a read, fit for a shared cache: how long there, and how long stale while it refreshes.
  const maxAge = /\bmax-age=(\d+)/.exec(given)?.[1];
  if (
    /\bpublic\b/.test(given) &&
    maxAge &&
    !/s-maxage/.test(given) &&
    !/immutable/.test(given) &&
    (answer.method === 'GET' || answer.method === 'HEAD') &&
    answer.status === 200
  ) {
    return `${answer.cacheControl}, s-maxage=${maxAge}, stale-while-revalidate=${Number(maxAge) * 5}`;
  }
  return undefined;
}
