import { z } from 'zod';
import type { OrderAddress } from '#app/modules/orders/record-order.server.ts';
import { shippingMethods } from '#app/modules/pricing/shipping.ts';
import type { CheckoutDetails } from './checkout-details.ts';

/** An optional field: a stored value of the wrong shape reads as not given, so its step asks again. */
const optional = <Schema extends z.ZodType>(schema: Schema) => schema.optional().catch(undefined);

const text = z.string();
/** Fields this schema does not name yet are kept as stored (loose), so a newer step's field is never lost on reading. */
const orderAddress = z.looseObject({
  firstName: text,
  lastName: text,
  companyName: text.optional(),
  street: text,
  houseNumber: text,
  zipCode: text,
  city: text,
  state: text.optional(),
  countryCode: text,
  phone: text.optional(),
}) satisfies z.ZodType<OrderAddress>;

const pickupPoint = z.looseObject({
  id: z.number(),
  name: text,
  street: text,
  houseNumber: text,
  zipCode: text,
  city: text,
  countryCode: text,
  openingHours: text,
});

/** carts.checkout (jsonb) as the checkout reads it: the steps' details, checked field by field. */
export const storedCheckoutDetailsSchema = z.looseObject({
  email: optional(text),
  isBusiness: optional(z.boolean()),
  companyName: optional(text.nullable()),
  vatNumber: optional(text.nullable()),
  shippingAddress: optional(orderAddress),
  shippingMethod: optional(z.enum(shippingMethods)),
  pickupPoint: optional(pickupPoint),
  billingSameAsShipping: optional(z.boolean()),
  billingAddress: optional(orderAddress),
  giftCardCode: optional(text.nullable()),
  ownReference: optional(text.nullable()),
}) satisfies z.ZodType<CheckoutDetails>;

/** The stored checkout details of a cart; anything that is not an object reads as nothing entered yet. */
export function readCheckoutDetails(stored: unknown): CheckoutDetails {
  const parsed = storedCheckoutDetailsSchema.safeParse(stored ?? {});
  return parsed.success ? parsed.data : {};
}
