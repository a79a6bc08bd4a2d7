/**
 * The GA4 payloads of the cart and the checkout steps (issue 17): view_cart, add_shipping_info
 * (the shipping step done: the method as `shipping_tier`) and add_payment_info (the payment step:
 * the method as `payment_type`), each with the cart's currency, value and items.
 */
import type { EcommerceEvent } from './ecommerce-events.ts';
import { ga4Amount, ga4Currency } from './ga4.ts';

type Params = EcommerceEvent['params'];

export interface EventTotals {
  currency: string;
  minorUnits: number;
  /** the cart's total in minor units */
  total: number;
}

export interface EventLine {
  id: number;
  sku: string;
  quantity: number;
  /** in minor units */
  unitPrice: number;
}

/** The checkout steps show row totals: the unit prices come from the priced lines, in the same order. */
export function pricedLines(lines: readonly Omit<EventLine, 'unitPrice'>[], totals: { lines: readonly { unitPrice: number }[] }): EventLine[] {
  return lines.map((line, index) => ({ ...line, unitPrice: totals.lines[index]?.unitPrice ?? 0 }));
}

export function cartEventParams(totals: EventTotals, lines: readonly EventLine[]): Params {
  return {
    currency: ga4Currency(totals.currency),
    value: ga4Amount(totals.total, totals.minorUnits),
    // GA4 takes up to 100 items; a line without a SKU (none should be) still counts.
    items: lines.slice(0, 100).map((line) => ({
      item_id: line.sku || `line-${line.id}`,
      price: ga4Amount(line.unitPrice, totals.minorUnits),
      quantity: Math.max(1, line.quantity),
    })),
  };
}

export function shippingInfoParams(totals: EventTotals, lines: readonly EventLine[], shippingTier: string): Params {
  return { ...cartEventParams(totals, lines), shipping_tier: shippingTier };
}

export function paymentInfoParams(totals: EventTotals, lines: readonly EventLine[], paymentType: string): Params {
  return { ...cartEventParams(totals, lines), payment_type: paymentType };
}
