import { describe, expect, it } from 'vitest';
import { isSuccessToken, successLinkSeconds, successToken } from './order-confirmation.server.ts';

const secret = 'a-secret-of-at-least-thirty-two-characters';
const placedAt = Date.UTC(2026, 10, 25, 8, 0);

describe('the success page link', () => {
  const token = successToken(secret, 'NL100007', placedAt);

  it('opens the order it was made for, with the secret it was made with', () => {
    expect(isSuccessToken(secret, 'NL100007', token, placedAt + 60_000)).toBe(true);
    expect(isSuccessToken(secret, 'NL100008', token, placedAt)).toBe(false);
    expect(isSuccessToken('another-secret-of-thirty-two-characters!', 'NL100007', token, placedAt)).toBe(false);
    expect(isSuccessToken(secret, 'NL100007', 'forged', placedAt)).toBe(false);
  });

  it('expires after its lifetime, and a later expiry breaks the signature', () => {
    expect(isSuccessToken(secret, 'NL100007', token, placedAt + successLinkSeconds * 1000 + 1000)).toBe(false);
    const [expires, signature] = token.split('.');
    expect(isSuccessToken(secret, 'NL100007', `${Number(expires) + 86_400}.${signature}`, placedAt + successLinkSeconds * 1000 + 1000)).toBe(false);
  });
});
