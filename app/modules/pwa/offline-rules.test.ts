import { describe, expect, it } from 'vitest';
import { isCartPage, isLogout, isNeverStored, mayStore, noOfflineCopyHeader, offlinePagePath } from './offline-rules.ts';

describe('what the service worker may keep', () => {
  it('never stores checkout steps, account pages, wishlists, the back office or the API', () => {
    for (const path of [
      '/en-gb/checkout/customer',
      '/en-gb/checkout/shipping.data',
      '/de-de/checkout/payment',
      '/nl-nl/checkout/success',
      '/en-gb/customer',
      '/en-gb/customer/account/login',
      '/en-gb/customer/address.data',
      '/en-gb/createPassword',
      '/en-gb/wishlist/shared/abc',
      '/paracord_admin',
      '/paracord_admin/orders',
      '/api/consent',
      '/api/build',
    ]) {
      expect(isNeverStored(path), path).toBe(true);
    }
  });

  it('keeps catalogue pages, the cart and search suggestions', () => {
    for (const path of [
      '/en-gb',
      '/en-gb/paracord',
      '/en-gb/paracord.data',
      '/en-gb/checkout',
      '/en-gb/checkout/cart',
      '/api/search/suggest',
      '/en-gb/customers-say',
    ]) {
      expect(isNeverStored(path), path).toBe(false);
    }
  });

  it('knows the cart page and logging out', () => {
    expect(isCartPage('/en-gb/checkout')).toBe(true);
    expect(isCartPage('/en-gb/checkout/cart.data')).toBe(true);
    expect(isCartPage('/en-gb/checkout/customer')).toBe(false);
    expect(isLogout('/fr-fr/customer/account/logout')).toBe(true);
    expect(isLogout('/fr-fr/customer/account/login')).toBe(false);
  });

  it('stores only complete answers that set no cookie', () => {
    expect(mayStore({ status: 200, headers: new Headers() })).toBe(true);
    expect(mayStore({ status: 200, headers: new Headers({ [noOfflineCopyHeader]: '1' }) })).toBe(false);
    expect(mayStore({ status: 404, headers: new Headers() })).toBe(false);
    expect(mayStore({ status: 206, headers: new Headers() })).toBe(false);
  });

  it('has an offline page per store', () => {
    expect(offlinePagePath('da-dk')).toBe('/da-dk/offline');
  });
});
