import { describe, expect, it } from 'vitest';
import { safeReturnTo } from './account-paths.ts';

describe('safeReturnTo', () => {
  it('keeps a path inside the storefront, with its query', () => {
    expect(safeReturnTo('/en/paracord/black?length=5#reviews', 'en')).toBe('/en/paracord/black?length=5#reviews');
  });

  it('sends everything else to the account, also paths that only normalise to another site', () => {
    const elsewhere = [
      null,
      '',
      'https://evil.example/en/',
      '//evil.example/en/',
      '/de-de/customer',
      '/en\\..\\//evil.example',
      '/en/..//evil.example',
      '/en/%2e%2e//evil.example',
      '/en/../..//evil.example/x',
      '/en/./..//evil.example',
    ];
    expect(elsewhere.map((value) => safeReturnTo(value, 'en'))).toEqual(elsewhere.map(() => '/en/customer'));
  });
});
