import { z } from 'zod';

/**
 * The payment step's forms, one schema per intent: a gift card code applied or removed, and the
 * order placed (its button carries no intent). The payment method is checked against the options
 * of the cart when the order is placed.
 */
export const paymentStepSchema = z.discriminatedUnion(
  'intent',
  [
    z.object({ intent: z.literal('apply-gift-card'), giftCardCode: z.string('validation.required').trim().min(1, 'validation.required') }),
    z.object({ intent: z.literal('remove-gift-card') }),
    z.object({
      intent: z.literal('place-order'),
      paymentMethod: z.string().default(''),
      terms: z
        .string()
        .optional()
        .transform((value) => value === 'on'),
    }),
  ],
  { error: 'errors.general' },
);
export type PaymentStepInput = z.output<typeof paymentStepSchema>;
