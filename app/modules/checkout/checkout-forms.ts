import { z } from 'zod';
import { addressSchema } from '#app/modules/customers/address-form.ts';
import { checkbox, emailField, minimumLength, optionalText } from '#app/modules/customers/customer-forms.ts';
import { isValidVatNumber } from '#app/modules/customers/vat-number.ts';
import { type FieldErrors, fieldErrorsOf } from '#app/lib/forms/field-errors.ts';
import { shippingMethods } from '#app/modules/pricing/shipping.ts';

/**
 * The forms of the checkout steps, shared by the server (which decides) and the browser (which
 * clears an error as soon as the field is fixed).
 */

export const customerStepFields = ['email', 'isBusiness', 'companyName', 'vatNumber'] as const;
/** Customer step: an e-mail address, and for a business order the company (VAT number optional); the business fields count only when ticked. */
export const customerStepSchema = z
  .object({ email: emailField, isBusiness: checkbox, companyName: optionalText(minimumLength.companyName), vatNumber: optionalText(minimumLength.vatNumber) })
  .superRefine((form, context) => {
    if (form.isBusiness && !form.companyName) context.addIssue({ code: 'custom', path: ['companyName'], message: 'validation.required' });
    if (form.isBusiness && form.vatNumber && !isValidVatNumber(form.vatNumber))
      context.addIssue({ code: 'custom', path: ['vatNumber'], message: 'validation.vatFormat' });
  })
  // Company fields typed and then unticked are not a business order.
  .transform((form) => (form.isBusiness ? form : { ...form, companyName: null, vatNumber: null }));

/** Every named field, '' when the form did not send it (an unticked checkbox). */
const complete = <Field extends string>(fields: Record<string, string>, names: readonly Field[]) =>
  Object.fromEntries(names.map((name) => [name, fields[name] ?? ''])) as Record<Field, string>;

export function customerStepFieldErrors(fields: Record<string, string>): FieldErrors {
  const parsed = customerStepSchema.safeParse(complete(fields, customerStepFields));
  return parsed.success ? {} : fieldErrorsOf(parsed.error);
}

const addressOnly = ['firstName', 'lastName', 'companyName', 'street', 'houseNumber', 'city', 'state', 'countryCode', 'zipCode', 'phone'] as const;
/** The billing address sits in the same form as the shipping address, its fields named with this prefix. */
export const billingFieldPrefix = 'billing_';
const billingFields = addressOnly.map((field) => `${billingFieldPrefix}${field}` as const);
/** Every field of the shipping step's form, for reading it and for keeping what was typed. */
export const shippingStepFields = [...addressOnly, 'shippingMethod', 'billingSame', 'pickupZip', 'pickupPointId', ...billingFields] as const;
export type ShippingStepField = (typeof shippingStepFields)[number];
export const shippingMethodSchema = z.object({ shippingMethod: z.enum(shippingMethods, 'checkout.chooseShipping') });

/** The shipping address, method and (unless "same as shipping" is ticked) billing address of the shipping step, parsed. */
export function parseShippingStep(fields: Record<ShippingStepField, string>) {
  // The account's address flags and VAT number are not part of a checkout address.
  const notAsked = { vatNumber: '', isDefaultBilling: '', isDefaultShipping: '' };
  const address = addressSchema.safeParse({ ...fields, ...notAsked });
  const method = shippingMethodSchema.safeParse(fields);
  const billingSame = fields.billingSame === 'on';
  const billing = billingSame
    ? null
    : addressSchema.safeParse({ ...Object.fromEntries(addressOnly.map((field) => [field, fields[`${billingFieldPrefix}${field}`]])), ...notAsked });
  const fieldErrors: FieldErrors = {
    ...(address.success ? {} : fieldErrorsOf(address.error)),
    ...(method.success ? {} : fieldErrorsOf(method.error)),
    ...(billing && !billing.success
      ? Object.fromEntries(Object.entries(fieldErrorsOf(billing.error)).map(([field, error]) => [`${billingFieldPrefix}${field}`, error]))
      : {}),
  };
  return { address, method, billing, fieldErrors };
}

export const shippingStepFieldErrors = (fields: Record<string, string>) => parseShippingStep(complete(fields, shippingStepFields)).fieldErrors;

/**
 * Spec §3: the order's own reference (a purchase order number, printed on the invoice) and the
 * cart's order remarks, both optional. The spec gives no limits: 35 characters is the reference
 * field of invoicing standards (UN/EDIFACT an..35), 500 leaves room for a delivery instruction.
 */
export const orderNotesLimits = { ownReference: 35, remarks: 500 } as const;
export const orderNotesFields = ['ownReference', 'remarks'] as const;
const upTo = (max: number) =>
  z
    .string()
    .trim()
    .max(max, 'validation.maxLength')
    .transform((value) => value || null);
export const orderNotesSchema = z.object({
  // One line: a pasted line break would split the reference on the invoice.
  ownReference: upTo(orderNotesLimits.ownReference).transform((value) => value?.replace(/\s+/g, ' ') ?? null),
  remarks: upTo(orderNotesLimits.remarks),
});
export type OrderNotes = z.output<typeof orderNotesSchema>;

export function orderNotesFieldErrors(fields: Record<string, string>): FieldErrors {
  const parsed = orderNotesSchema.safeParse(complete(fields, orderNotesFields));
  return parsed.success ? {} : fieldErrorsOf(parsed.error);
}
