import type { OrderAddress } from '#app/modules/orders/record-order.server.ts';
import type { ShippingMethod } from '#app/modules/pricing/shipping.ts';
import { warehouse } from '#app/modules/orders/seller.ts';

export const paymentMethods = ['card', 'ideal', 'bancontact', 'bank_transfer', 'invoice', 'gift_card', 'free'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

/** What the shopper entered in the checkout steps, kept on the cart (carts.checkout). */
export interface CheckoutDetails {
  email?: string;
  isBusiness?: boolean;
  companyName?: string | null;
  vatNumber?: string | null;
  shippingAddress?: OrderAddress;
  shippingMethod?: ShippingMethod;
  /** the chosen pickup point, as it was when chosen (shipping method pickup_point) */
  pickupPoint?: { id: number; name: string; street: string; houseNumber: string; zipCode: string; city: string; countryCode: string; openingHours: string };
  billingSameAsShipping?: boolean;
  billingAddress?: OrderAddress;
  /** a gift card code entered on the payment step */
  giftCardCode?: string | null;
  /** the order's own reference of spec §3 (e.g. a purchase order number), entered on the billing step */
  ownReference?: string | null;
}

export const checkoutSteps = ['customer', 'shipping', 'billing', 'payment'] as const;
export type CheckoutStep = (typeof checkoutSteps)[number];

/**
 * The first step that still needs input; 'payment' when everything before it is there. The billing
 * address is chosen on the shipping step ("same as shipping" or another one); the billing step
 * holds only the optional reference and remarks.
 */
export function firstOpenStep(details: CheckoutDetails): CheckoutStep {
  if (!details.email) return 'customer';
  if (!details.shippingAddress || !details.shippingMethod) return 'shipping';
  if (details.shippingMethod === 'pickup_point' && !details.pickupPoint) return 'shipping';
  if (details.billingSameAsShipping === undefined || (!details.billingSameAsShipping && !details.billingAddress)) return 'shipping';
  return 'payment';
}

export const billingAddressOf = (details: CheckoutDetails): OrderAddress | undefined =>
  details.billingSameAsShipping ? details.shippingAddress : details.billingAddress;

/** Where the goods are handed over: the warehouse or a pickup point (in the shopper's name), or the shipping address. */
export function deliveryAddressOf(details: CheckoutDetails): OrderAddress | undefined {
  const address = details.shippingAddress;
  // Collected at the warehouse: handed over (and taxed) in the Netherlands, wherever the shopper lives.
  if (address && details.shippingMethod === 'warehouse_pickup') return { ...address, state: undefined, ...warehouse };
  const point = details.shippingMethod === 'pickup_point' ? details.pickupPoint : undefined;
  if (!address || !point) return address;
  return {
    ...address,
    companyName: point.name,
    street: point.street,
    houseNumber: point.houseNumber,
    zipCode: point.zipCode,
    city: point.city,
    countryCode: point.countryCode,
  };
}
