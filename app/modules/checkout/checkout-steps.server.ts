import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '#app/db/client.server.ts';
import { carts } from '#app/db/schema.ts';
import type { addressSchema } from '#app/modules/customers/address-form.ts';
import type { OrderAddress } from '#app/modules/orders/record-order.server.ts';
import type { CheckoutDetails } from './checkout-details.ts';

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
