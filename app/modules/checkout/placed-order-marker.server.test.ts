import { describe, expect, it } from 'vitest';
import { hasPlacedOrderMarker, placedOrderMarkerCookie, placedOrderMarkerSeconds } from './placed-order-marker.server.ts';

const secret = 'a-secret-of-at-least-thirty-two-characters';
const cartId = '6f1c1f4e-8f0a-4a43-9d53-2f5d4f1d2c11';
const browser = (csrf: string, marker?: string) =>
  new Request('http://shop.test/en/checkout/payment', { headers: { cookie: [`csrf=${csrf}`, marker].filter(Boolean).join('; ') } });
const markerOf = (setCookie: string) => setCookie.split(';')[0]!;

describe('the placed-order marker', () => {
  const placedAt = Date.UTC(2026, 10, 25, 3, 0);
  const marker = markerOf(placedOrderMarkerCookie(secret, browser('browser-one-nonce-aaaaaaaaaaaaaaaa'), cartId, 'NL100007', false, placedAt));

  it('answers for the same browser, cart and order within its lifetime only', () => {
    expect(hasPlacedOrderMarker(secret, browser('browser-one-nonce-aaaaaaaaaaaaaaaa', marker), cartId, 'NL100007', placedAt + 60_000)).toBe(true);
    expect(
      hasPlacedOrderMarker(secret, browser('browser-one-nonce-aaaaaaaaaaaaaaaa', marker), cartId, 'NL100007', placedAt + placedOrderMarkerSeconds * 1000 + 1),
    ).toBe(false);
    expect(hasPlacedOrderMarker(secret, browser('browser-two-nonce-bbbbbbbbbbbbbbbb', marker), cartId, 'NL100007', placedAt)).toBe(false);
    expect(hasPlacedOrderMarker(secret, browser('browser-one-nonce-aaaaaaaaaaaaaaaa', marker), cartId, 'NL100008', placedAt)).toBe(false);
    expect(
      hasPlacedOrderMarker('another-secret-of-thirty-two-characters!', browser('browser-one-nonce-aaaaaaaaaaaaaaaa', marker), cartId, 'NL100007', placedAt),
    ).toBe(false);
    expect(hasPlacedOrderMarker(secret, browser('browser-one-nonce-aaaaaaaaaaaaaaaa'), cartId, 'NL100007', placedAt)).toBe(false);
  });

  it('cannot be stretched: a later expiry breaks the signature', () => {
    const [cart, order, expires, signature] = marker.slice('order-placed='.length).split('.');
    const stretched = `order-placed=${cart}.${order}.${Number(expires) + 86_400}.${signature}`;
    expect(
      hasPlacedOrderMarker(
        secret,
        browser('browser-one-nonce-aaaaaaaaaaaaaaaa', stretched),
        cartId,
        'NL100007',
        placedAt + placedOrderMarkerSeconds * 1000 + 1,
      ),
    ).toBe(false);
  });
});
