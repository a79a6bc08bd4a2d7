import { describe, expect, it } from 'vitest';
import { type AnswerFacts, cacheControlFor } from './cache-policy.ts';

const answer = (facts: Partial<AnswerFacts>): AnswerFacts => ({
  method: 'GET',
  status: 200,
  cacheControl: undefined,
  contentType: 'text/html; charset=utf-8',
  setsCookie: false,
  shopper: false,
  ...facts,
});

describe('what shared caches may keep', () => {
  it('never a page: it holds the visitor’s CSRF token and a one-time nonce', () => {
    expect(cacheControlFor(answer({}))).toBe('private, no-cache');
    expect(cacheControlFor(answer({ contentType: 'text/x-script' }))).toBe('private, no-cache');
    expect(cacheControlFor(answer({ shopper: true }))).toBe('private, no-store');
    // Even when a route calls its page public.
    expect(cacheControlFor(answer({ cacheControl: 'public, max-age=60' }))).toBe('private, no-cache');
  });

  it('never an answer that sets a cookie, whatever its route said', () => {
    expect(cacheControlFor(answer({ setsCookie: true }))).toBe('private, no-store');
    expect(cacheControlFor(answer({ setsCookie: true, contentType: 'application/json', cacheControl: 'public, max-age=60' }))).toBe('private, no-store');
    expect(cacheControlFor(answer({ setsCookie: true, cacheControl: 'no-store' }))).toBeUndefined();
  });

  it('public answers to reads, with a shared lifetime and a stale window', () => {
    expect(cacheControlFor(answer({ contentType: 'application/json', cacheControl: 'public, max-age=60' }))).toBe(
      'public, max-age=60, s-maxage=60, stale-while-revalidate=300',
    );
    expect(cacheControlFor(answer({ contentType: 'image/webp', cacheControl: 'public, max-age=604800' }))).toBe(
      'public, max-age=604800, s-maxage=604800, stale-while-revalidate=3024000',
    );
    // Assets are immutable already; errors and posts are not for keeping; routes that said private stay so.
    expect(cacheControlFor(answer({ contentType: 'text/javascript', cacheControl: 'public, max-age=31536000, immutable' }))).toBeUndefined();
    expect(cacheControlFor(answer({ contentType: 'application/json', status: 404, cacheControl: 'public, max-age=60' }))).toBeUndefined();
    expect(cacheControlFor(answer({ contentType: 'application/json', method: 'POST', cacheControl: 'public, max-age=60' }))).toBeUndefined();
    expect(cacheControlFor(answer({ cacheControl: 'private, no-store' }))).toBeUndefined();
    expect(cacheControlFor(answer({ contentType: 'text/css' }))).toBeUndefined();
  });
});
