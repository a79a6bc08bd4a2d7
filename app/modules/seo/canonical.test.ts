import { describe, expect, it } from 'vitest';
import { canonicalUrl } from './canonical.ts';

describe('canonicalUrl', () => {
  it('keeps only whitelisted parameters, sorted alphabetically', () => {
    expect(canonicalUrl('https://shop.example', '/de-de/paracord', '?utm_source=x&sort=price&color=red&page=2&currency=CHF')).toBe(
      'https://shop.example/de-de/paracord?color=red&page=2&sort=price',
    );
  });

  it('has no question mark without parameters', () => {
    expect(canonicalUrl('https://shop.example', '/en', '?gclid=abc')).toBe('https://shop.example/en');
  });
});
