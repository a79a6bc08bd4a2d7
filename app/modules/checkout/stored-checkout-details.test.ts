import { describe, expect, it } from 'vitest';
import { firstOpenStep } from './checkout-details.ts';
import { readCheckoutDetails } from './stored-checkout-details.ts';

const address = { firstName: 'Ada', lastName: 'Lovelace', street: 'Dorpsstraat', houseNumber: '1', zipCode: '1234 AB', city: 'Utrecht', countryCode: 'NL' };

describe('checkout details stored on the cart', () => {
  it('reads what the steps stored', () => {
    const stored = { email: 'ada@example.com', shippingAddress: address, shippingMethod: 'home_delivery', billingSameAsShipping: true, giftCardCode: null };
    expect(readCheckoutDetails(stored)).toEqual(stored);
    expect(firstOpenStep(readCheckoutDetails(stored))).toBe('payment');
  });

  it('reads nothing entered from an empty or broken value', () => {
    expect(readCheckoutDetails(null)).toEqual({});
    expect(readCheckoutDetails('not an object')).toEqual({});
    expect(readCheckoutDetails([])).toEqual({});
  });

  it('drops a field of the wrong shape, so its step opens again', () => {
    const details = readCheckoutDetails({
      email: 'ada@example.com',
      shippingAddress: { ...address, zipCode: 1234 },
      shippingMethod: 'teleport',
      billingSameAsShipping: 'yes',
    });
    expect(details).toEqual({ email: 'ada@example.com' });
    expect(firstOpenStep(details)).toBe('shipping');
  });

  it('keeps a field it does not name yet and an address line a newer step adds', () => {
    const details = readCheckoutDetails({ email: 'ada@example.com', newerField: 1, shippingAddress: { ...address, addressLine2: 'Flat 2' } });
    expect(details).toMatchObject({ newerField: 1, shippingAddress: { addressLine2: 'Flat 2' } });
  });
});
