import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { readCookie, serializeCookie } from '#app/lib/http/cookies.server.ts';

export const csrfCookieName = 'csrf';
export const csrfFieldName = '_csrf';
export const csrfHeaderName = 'x-csrf-token';

export interface CsrfState {
  /** The token forms and scripts send back; derived from the cookie, so it needs no storage. */
  token: string;
  /** Set-Cookie header when the visitor had no CSRF cookie yet. */
  setCookie?: string;
}

const sign = (secret: string, nonce: string) => createHmac('sha256', secret).update(`csrf:${nonce}`).digest('base64url');

/** Double-submit tokens: a random cookie, and an HMAC of it that the page embeds in its forms. */
export function csrfState(request: Request | string | undefined, secret: string, secure: boolean): CsrfState {
  const existing = readCookie(request, csrfCookieName);
  if (existing && /^[\w-]{32,64}$/.test(existing)) return { token: sign(secret, existing) };
  const nonce = randomBytes(24).toString('base64url');
  return { token: sign(secret, nonce), setCookie: serializeCookie(csrfCookieName, nonce, { secure }) };
}

const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** True when the request changes state and does not carry the token that matches its cookie. */
export async function failsCsrfCheck(request: Request, secret: string): Promise<boolean> {
  if (!unsafeMethods.has(request.method)) return false;
  const nonce = readCookie(request, csrfCookieName);
  if (!nonce) return true;
  let sent = request.headers.get(csrfHeaderName);
  if (!sent) {
    const type = request.headers.get('content-type') ?? '';
    if (type.includes('form')) {
      const form = await request
        .clone()
        .formData()
        .catch(() => null);
      const field = form?.get(csrfFieldName);
      sent = typeof field === 'string' ? field : null;
    }
  }
  if (!sent) return true;
  const expected = Buffer.from(sign(secret, nonce));
  const actual = Buffer.from(sent);
  return expected.length !== actual.length || !timingSafeEqual(expected, actual);
}
