import { z } from 'zod';
import { optionalRecordIdField, recordIdField } from '#app/lib/forms/record-id.ts';

const invalidQuantity = 'cart.quantityInvalid';
const lineId = recordIdField(invalidQuantity);

/** The cart page's forms, one schema per intent. An empty quantity is 0, which removes the line. */
export const cartChangeSchema = z.discriminatedUnion(
  'intent',
  [
    z.object({
      intent: z.literal('update'),
      lineId,
      quantity: z
        .string()
        .default('')
        .transform(Number)
        .pipe(z.number(invalidQuantity).int(invalidQuantity).min(0, invalidQuantity).max(9_999, invalidQuantity)),
    }),
    z.object({ intent: z.literal('remove'), lineId }),
    z.object({ intent: z.literal('apply-coupon'), couponCode: z.string('validation.required').trim().min(1, 'validation.required') }),
    z.object({ intent: z.literal('remove-coupon') }),
  ],
  { error: 'errors.general' },
);
export type CartChangeInput = z.output<typeof cartChangeSchema>;

/**
 * The add-to-cart and sample buttons of product pages and listings: a variant, a quantity and,
 * for cut-to-length products, the metres of each piece (checked against the product later). A
 * listing says which of its products; a product page adds its own. Any bad number is the
 * "quantity not available" answer the form shows.
 */
const addQuantity = z
  .string()
  .default('1')
  .transform(Number)
  .pipe(z.number(invalidQuantity).int(invalidQuantity).min(1, invalidQuantity).max(9_999, invalidQuantity));
export const addToCartIntents = [
  z.object({
    intent: z.literal('add-to-cart'),
    productId: optionalRecordIdField,
    variantId: recordIdField(invalidQuantity),
    quantity: addQuantity,
    metres: z.string().default('').transform(Number),
  }),
  z.object({ intent: z.literal('sample'), productId: optionalRecordIdField, variantId: recordIdField(invalidQuantity) }),
] as const;
export type AddToCartFormInput = z.output<(typeof addToCartIntents)[number]>;
