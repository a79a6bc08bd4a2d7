import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed newsletter links: the payload in base64url, a dot, and an HMAC-SHA256 of it with the
 * session secret. Nothing is stored for them; a changed payload or signature fails the check.
 * - confirm: for one confirmation request (its time), valid for `confirmLinkValidityMs`.
 * - unsubscribe: for one subscription, without expiry (an old newsletter's link must keep working).
 */
export type NewsletterTokenPayload =
  { purpose: 'confirm'; subscriptionId: number; requestedAt: number; expiresAt: number } | { purpose: 'unsubscribe'; subscriptionId: number };

export const confirmLinkValidityMs = 7 * 24 * 60 * 60 * 1000;

const signature = (secret: string, body: string) => createHmac('sha256', secret).update(`newsletter:${body}`).digest('base64url');

export function signNewsletterToken(secret: string, payload: NewsletterTokenPayload): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${signature(secret, body)}`;
}

export type TokenCheck<Purpose extends NewsletterTokenPayload['purpose']> =
  { ok: true; payload: Extract<NewsletterTokenPayload, { purpose: Purpose }> } | { ok: false; reason: 'invalid' | 'expired' };

/** The payload of a token with a valid signature and the expected purpose that has not expired. */
export function verifyNewsletterToken<Purpose extends NewsletterTokenPayload['purpose']>(
  secret: string,
  token: string,
  purpose: Purpose,
  now = Date.now(),
): TokenCheck<Purpose> {
  const [body, sent, extra] = token.split('.');
  if (!body || !sent || extra !== undefined) return { ok: false, reason: 'invalid' };
  const expected = Buffer.from(signature(secret, body));
  const actual = Buffer.from(sent);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return { ok: false, reason: 'invalid' };
  let payload: NewsletterTokenPayload;
  try {
    payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as NewsletterTokenPayload;
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  if (payload.purpose !== purpose || !Number.isSafeInteger(payload.subscriptionId)) return { ok: false, reason: 'invalid' };
  if (payload.purpose === 'confirm' && !(payload.expiresAt > now)) return { ok: false, reason: 'expired' };
  return { ok: true, payload: payload as Extract<NewsletterTokenPayload, { purpose: Purpose }> };
}
