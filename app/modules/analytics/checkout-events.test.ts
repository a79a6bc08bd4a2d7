import { describe, expect, it } from 'vitest';
import { cartEventParams, paymentInfoParams, pricedLines, shippingInfoParams } from './checkout-events.ts';
import { ecommerceEventBatch } from './ecommerce-events.ts';

const totals = { currency: 'EUR', minorUnits: 2, total: 4_838, lines: [{ unitPrice: 1_250 }, { unitPrice: 399 }] };
const lines = pricedLines(
  [
    { id: 7, sku: 'PC550-RED', quantity: 3 },
    { id: 8, sku: 'KARABINER-S', quantity: 2 },
  ],
  totals,
);
const items = [
  { item_id: 'PC550-RED', price: 12.5, quantity: 3 },
  { item_id: 'KARABINER-S', price: 3.99, quantity: 2 },
];

describe('the checkout steps’ GA4 payloads', () => {
  it('add_shipping_info: currency, value, the method as shipping tier and the items', () => {
    const params = shippingInfoParams(totals, lines, 'pickup_point');
    expect(params).toEqual({ currency: 'EUR', value: 48.38, shipping_tier: 'pickup_point', items });
    expect(ecommerceEventBatch.parse({ storefront: 'nl-nl', events: [{ name: 'add_shipping_info', params, pageType: 'checkout' }] }).events[0]!.params).toEqual(
      params,
    );
  });

  it('add_payment_info: currency, value, the method as payment type and the items', () => {
    const params = paymentInfoParams(totals, lines, 'bank_transfer');
    expect(params).toEqual({ currency: 'EUR', value: 48.38, payment_type: 'bank_transfer', items });
    expect(ecommerceEventBatch.safeParse({ storefront: 'nl-nl', events: [{ name: 'add_payment_info', params }] }).success).toBe(true);
  });

  it('takes amounts in the currency’s own minor units and sends no more than 100 items', () => {
    const yen = { currency: 'JPY', minorUnits: 0, total: 12_000 };
    const many = Array.from({ length: 120 }, (_, index) => ({ id: index, sku: '', quantity: 0, unitPrice: 100 }));
    const params = cartEventParams(yen, many);
    expect(params.value).toBe(12_000);
    expect(params.items).toHaveLength(100);
    expect(params.items![5]).toEqual({ item_id: 'line-5', price: 100, quantity: 1 });
    expect(ecommerceEventBatch.safeParse({ storefront: 'ja-jp', events: [{ name: 'view_cart', params }] }).success).toBe(true);
  });
});
