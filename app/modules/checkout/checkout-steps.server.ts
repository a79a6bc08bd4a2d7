import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client.server.ts';
import { carts } from '../../db/schema.ts';
import { addressSchema } from '../customers/address-form.ts';
import { checkbox, emailField, minimumLength, optionalText } from '../customers/customer-forms.ts';
import { isValidVatNumber } from '../customers/vat-number.ts';
import type { OrderAddress } from '../orders/record-order.server.ts';
import type { CheckoutDetails } from './checkout-details.ts';
import { shippingMethods } from '../pricing/shipping.ts';

export const customerStepFields = ['email', 'isBusiness', 'companyName', 'vatNumber'] as const;
/** Customer step: an e-mail address, and for a business order the company (VAT number optional). */
export const customerStepSchema = z
  .object({ email: emailField, isBusiness: checkbox, companyName: optionalText(minimumLength.companyName), vatNumber: optionalText(minimumLength.vatNumber) })
  .superRefine((form, context) => {
    if (form.isBusiness && !form.companyName) context.addIssue({ code: 'custom', path: ['companyName'], message: 'validation.required' });
    if (form.vatNumber && !isValidVatNumber(form.vatNumber)) context.addIssue({ code: 'custom', path: ['vatNumber'], message: 'validation.vatFormat' });
  });

const addressOnly = ['firstName', 'lastName', 'companyName', 'street', 'houseNumber', 'city', 'state', 'countryCode', 'zipCode', 'phone'] as const;
export const shippingStepFields = [...addressOnly, 'vatNumber', 'isDefaultBilling', 'isDefaultShipping', 'shippingMethod'] as const;
export const shippingStepSchema = z.object({ shippingMethod: z.enum(shippingMethods, 'checkout.chooseShipping') });
export const billingStepFields = [...addressOnly, 'vatNumber', 'isDefaultBilling', 'isDefaultShipping', 'billingSame'] as const;

/**
 * Spec §3: the order's own reference (a purchase order number, printed on the invoice) and the
 * cart's order remarks, both optional. The spec gives no limits: 35 characters is the reference
 * field of invoicing standards (UN/EDIFACT an..35), 500 leaves room for a delivery instruction.
 */
export const orderNotesLimits = { ownReference: 35, remarks: 500 } as const;
export const orderNotesFields = ['ownReference', 'remarks'] as const;
const upTo = (max: number) => z.string().trim().max(max, 'validation.maxLength').transform((value) => value || null);
export const orderNotesSchema = z.object({
  // One line: a pasted line break would split the reference on the invoice.
  ownReference: upTo(orderNotesLimits.ownReference).transform((value) => value?.replace(/\s+/g, ' ') ?? null),
  remarks: upTo(orderNotesLimits.remarks),
});
export type OrderNotes = z.output<typeof orderNotesSchema>;

/** The address part of a checkout form as stored on the order (no account flags). */
export function orderAddressFrom(address: z.output<typeof addressSchema>): OrderAddress {
  const { isDefaultBilling: _billing, isDefaultShipping: _shipping, vatNumber: _vat, companyName, state, ...rest } = address;
  return { ...rest, ...(companyName ? { companyName } : {}), ...(state ? { state } : {}) };
}

/** Merges one step's answers into the cart's checkout details; the remarks are the cart's own field (spec §3 cart). */
export async function saveCheckoutDetails(db: Database, cartId: string, patch: CheckoutDetails, remarks?: string | null): Promise<void> {
  await db
    .update(carts)
    .set({ checkout: sql`${carts.checkout} || ${JSON.stringify(patch)}::jsonb`, ...(remarks === undefined ? {} : { remarks }), updatedAt: sql`now()` })
    .where(eq(carts.id, cartId));
}

export { addressSchema };
