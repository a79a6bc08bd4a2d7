import { describe, expect, it } from 'vitest';
import { giftCardBalancePath, giftCardPagePath, giftCardRouteSegments, isOwnGiftCardPath } from './gift-card-paths.ts';

describe('gift-card paths', () => {
  it('give each store its own words, with the balance page below the gift-card page', () => {
    expect(giftCardPagePath('de-DE')).toBe('geschenkgutschein');
    expect(giftCardBalancePath('nl-NL')).toBe('cadeaubon/saldo');
    expect(giftCardBalancePath('en-GB')).toBe('gift-card/balance');
    expect(giftCardRouteSegments).toContainEqual({ page: 'presentkort', balance: 'saldo' });
  });

  it('take a data request (a loader revalidated after a form) as the same page, and another store’s word as none', () => {
    expect(isOwnGiftCardPath('/nl-nl/cadeaubon/saldo', 'nl-nl', 'cadeaubon/saldo')).toBe(true);
    expect(isOwnGiftCardPath('/nl-nl/cadeaubon/saldo.data', 'nl-nl', 'cadeaubon/saldo')).toBe(true);
    expect(isOwnGiftCardPath('/nl-nl/cadeaubon/', 'nl-nl', 'cadeaubon')).toBe(true);
    expect(isOwnGiftCardPath('/nl-nl/gift-card', 'nl-nl', 'cadeaubon')).toBe(false);
  });
});
