import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed links that need no stored secret of their own: a JSON payload in base64url, a dot, and an
 * HMAC-SHA256 of purpose and payload with the session secret. A changed payload, signature or
 * purpose fails the check; `expiresAt` (milliseconds), when present, is checked too. Whether a
 * link was used already is for the caller to decide from the state it changes (single use).
 */
export type SignedTokenCheck<Payload> = { ok: true; payload: Payload } | { ok: false; reason: 'invalid' | 'expired' };

const signature = (secret: string, purpose: string, body: string) => createHmac('sha256', secret).update(`${purpose}:${body}`).digest('base64url');

export function signToken(secret: string, purpose: string, payload: Record<string, string | number>): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${signature(secret, purpose, body)}`;
}

/** The payload of a genuine, unexpired token of this purpose; `isPayload` checks its shape. */
export function readSignedToken<Payload extends Record<string, unknown>>(
  secret: string,
  purpose: string,
  token: string,
  isPayload: (value: Record<string, unknown>) => value is Payload,
  now = Date.now(),
): SignedTokenCheck<Payload> {
  const [body, sent, extra] = token.split('.');
  if (!body || !sent || extra !== undefined || token.length > 2000) return { ok: false, reason: 'invalid' };
  const expected = Buffer.from(signature(secret, purpose, body));
  const actual = Buffer.from(sent);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return { ok: false, reason: 'invalid' };
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  if (typeof payload !== 'object' || payload === null || !isPayload(payload as Record<string, unknown>)) return { ok: false, reason: 'invalid' };
  const expiresAt = (payload as Record<string, unknown>).expiresAt;
  if (expiresAt !== undefined && !(typeof expiresAt === 'number' && expiresAt > now)) return { ok: false, reason: 'expired' };
  return { ok: true, payload: payload as Payload };
}
