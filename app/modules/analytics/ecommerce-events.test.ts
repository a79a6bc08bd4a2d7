import { describe, expect, it } from 'vitest';
import { ecommerceEventBatch } from './ecommerce-events.ts';
import { ecommerceEventNames, ga4Amount, minorFromGa4 } from './ga4.ts';

const addToCart = {
  name: 'add_to_cart',
  params: { currency: 'EUR', value: 25, items: [{ item_id: 'PC550-RED', item_name: 'Paracord 550 red', price: 12.5, quantity: 2 }] },
};

describe('the ecommerce event schema (GA4 names and payloads)', () => {
  it('has the GA4 ecommerce names the issue lists', () => {
    expect([...ecommerceEventNames].sort()).toEqual(
      [
        'add_payment_info',
        'add_shipping_info',
        'add_to_cart',
        'begin_checkout',
        'purchase',
        'remove_from_cart',
        'search',
        'select_item',
        'view_cart',
        'view_item',
        'view_item_list',
      ].sort(),
    );
  });

  it('takes a batch of GA4 events of one store', () => {
    const batch = {
      storefront: 'de-de',
      events: [
        addToCart,
        { name: 'search', params: { search_term: 'karabiner' } },
        { name: 'view_item_list', params: { item_list_id: 'paracord', items: [{ item_id: 'A', index: 0 }] }, pageType: 'category' },
      ],
    };
    expect(ecommerceEventBatch.parse(batch)).toEqual(batch);
  });

  it('refuses unknown names, unknown currencies, negative amounts and any field it does not know', () => {
    const refused = [
      { ...addToCart, name: 'sign_up' },
      { ...addToCart, params: { ...addToCart.params, currency: 'XYZ' } },
      { ...addToCart, params: { ...addToCart.params, value: -1 } },
      { ...addToCart, params: { ...addToCart.params, user_email: 'a@b.c' } },
      { ...addToCart, params: { ...addToCart.params, items: [{ item_id: 'A', customer: 'Anna' }] } },
      { ...addToCart, params: { ...addToCart.params, items: [{ item_id: 'A', quantity: 0 }] } },
      { ...addToCart, pageType: 'Product Page!' },
    ];
    for (const event of refused) expect(ecommerceEventBatch.safeParse({ storefront: 'de-de', events: [event] }).success, JSON.stringify(event)).toBe(false);
    expect(ecommerceEventBatch.safeParse({ storefront: 'de-de', events: [] }).success).toBe(false);
    expect(ecommerceEventBatch.safeParse({ storefront: 'de-de', events: Array.from({ length: 51 }, () => addToCart) }).success).toBe(false);
    expect(ecommerceEventBatch.safeParse({ storefront: 'DE', events: [addToCart] }).success).toBe(false);
  });

  it('converts between the shop’s minor units and GA4 amounts', () => {
    expect(ga4Amount(1250, 2)).toBe(12.5);
    expect(ga4Amount(1250, 0)).toBe(1250);
    expect(minorFromGa4(12.5, 2)).toBe(1250);
    expect(minorFromGa4(0.1 + 0.2, 2)).toBe(30);
  });
});
