import { describe, expect, it } from 'vitest';
import type { OrderAddress } from '#app/modules/orders/record-order.server.ts';
import { billingAddressOf, type CheckoutDetails, checkoutSteps, deliveryAddressOf, firstOpenStep } from './checkout-details.ts';

const address: OrderAddress = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  street: 'Dorpsstraat',
  houseNumber: '1',
  zipCode: '1234 AB',
  city: 'Utrecht',
  countryCode: 'NL',
};
const billing: OrderAddress = { ...address, street: 'Kerkstraat', houseNumber: '9' };
const pickupPoint = {
  id: 7,
  name: 'Tabakshop Jansen',
  street: 'Markt',
  houseNumber: '3',
  zipCode: '3511 AA',
  city: 'Utrecht',
  countryCode: 'NL',
  openingHours: '9–18',
};

describe('checkout step order', () => {
  it('goes customer → shipping → billing → payment', () => {
    expect(checkoutSteps).toEqual(['customer', 'shipping', 'billing', 'payment']);
  });

  it.each<[string, CheckoutDetails, (typeof checkoutSteps)[number]]>([
    ['nothing yet', {}, 'customer'],
    ['an address but no e-mail', { shippingAddress: address, shippingMethod: 'home_delivery' }, 'customer'],
    ['an e-mail', { email: 'ada@example.com' }, 'shipping'],
    ['an address without a method', { email: 'ada@example.com', shippingAddress: address }, 'shipping'],
    ['a pickup point method without a point', { email: 'ada@example.com', shippingAddress: address, shippingMethod: 'pickup_point' }, 'shipping'],
    // The billing address is chosen on the shipping step (issue 22); the billing step's reference and remarks are optional.
    ['no billing choice yet', { email: 'ada@example.com', shippingAddress: address, shippingMethod: 'home_delivery' }, 'shipping'],
    [
      'billing elsewhere without the address',
      { email: 'ada@example.com', shippingAddress: address, shippingMethod: 'home_delivery', billingSameAsShipping: false },
      'shipping',
    ],
    [
      'billing same as shipping',
      { email: 'ada@example.com', shippingAddress: address, shippingMethod: 'home_delivery', billingSameAsShipping: true },
      'payment',
    ],
    [
      'billing elsewhere',
      { email: 'ada@example.com', shippingAddress: address, shippingMethod: 'home_delivery', billingSameAsShipping: false, billingAddress: billing },
      'payment',
    ],
    [
      'a pickup point chosen',
      { email: 'ada@example.com', shippingAddress: address, shippingMethod: 'pickup_point', pickupPoint, billingSameAsShipping: true },
      'payment',
    ],
  ])('with %s the first open step is %s', (_case, details, step) => {
    expect(firstOpenStep(details)).toBe(step);
  });
});

describe('addresses of a checkout', () => {
  it('bills the shipping address unless another one was given', () => {
    expect(billingAddressOf({ shippingAddress: address, billingSameAsShipping: true, billingAddress: billing })).toEqual(address);
    expect(billingAddressOf({ shippingAddress: address, billingSameAsShipping: false, billingAddress: billing })).toEqual(billing);
  });

  it('delivers to the pickup point in the shopper’s name', () => {
    expect(deliveryAddressOf({ shippingAddress: address, shippingMethod: 'pickup_point', pickupPoint })).toMatchObject({
      firstName: 'Ada',
      companyName: 'Tabakshop Jansen',
      street: 'Markt',
      city: 'Utrecht',
    });
    expect(deliveryAddressOf({ shippingAddress: address, shippingMethod: 'home_delivery' })).toEqual(address);
  });
});
