import type { Database } from '#app/db/client.server.ts';
import type { FieldErrors } from '#app/lib/forms/field-errors.ts';
import { recordId } from '#app/lib/forms/record-id.ts';
import type { ShippingMethod } from '#app/modules/pricing/shipping.ts';
import type { CheckoutDetails } from './checkout-details.ts';
import { parseShippingStep, type ShippingStepField } from './checkout-forms.ts';
import { orderAddressFrom } from './checkout-steps.server.ts';
import { getPickupPoint } from './pickup-points.server.ts';

export type ShippingStepResult = { ok: true; details: CheckoutDetails } | { ok: false; fieldErrors: FieldErrors };

/**
 * Checks the shipping step: the address, a method this destination is offered (a method not
 * offered there, such as pickup at the warehouse for a shopper abroad, is refused), a pickup point
 * when that method is chosen, and the billing address unless it is the shipping address. Returns
 * the checkout details to save, or the errors per field (billing fields under their prefixed names).
 */
export async function checkShippingStep(
  db: Database,
  fields: Record<ShippingStepField, string>,
  offeredMethods: (countryCode: string) => ShippingMethod[],
): Promise<ShippingStepResult> {
  const { address, method, billing, fieldErrors } = parseShippingStep(fields);
  if (address.success && method.success && !offeredMethods(address.data.countryCode).includes(method.data.shippingMethod)) {
    fieldErrors.shippingMethod = { key: 'checkout.methodNotOffered' };
  }
  let pickupPoint: CheckoutDetails['pickupPoint'];
  if (method.success && method.data.shippingMethod === 'pickup_point') {
    const pointId = recordId(fields.pickupPointId);
    const point = pointId === null ? null : await getPickupPoint(db, pointId);
    if (!point) fieldErrors.pickupPointId = { key: 'checkout.choosePickupPoint' };
    else
      pickupPoint = {
        id: point.id,
        name: point.name,
        street: point.street,
        houseNumber: point.houseNumber,
        zipCode: point.zipCode,
        city: point.city,
        countryCode: point.countryCode,
        openingHours: point.openingHours,
      };
  }
  if (!address.success || !method.success || (billing && !billing.success) || Object.keys(fieldErrors).length > 0) return { ok: false, fieldErrors };
  return {
    ok: true,
    details: {
      shippingAddress: orderAddressFrom(address.data),
      shippingMethod: method.data.shippingMethod,
      pickupPoint,
      ...(billing?.success ? { billingSameAsShipping: false, billingAddress: orderAddressFrom(billing.data) } : { billingSameAsShipping: true }),
    },
  };
}
