/**
 * GA4 event names and amounts (issue 17) for the pages, without zod (the schemas are in
 * ecommerce-events.ts, for the server): GA4 wants decimal amounts, the shop counts minor units.
 */
import { type CurrencyCode, currencyCodes } from '#app/modules/i18n/locales.ts';

export const ecommerceEventNames = [
  'view_item_list',
  'select_item',
  'view_item',
  'add_to_cart',
  'remove_from_cart',
  'view_cart',
  'begin_checkout',
  'add_shipping_info',
  'add_payment_info',
  'purchase',
  'search',
] as const;
export type EcommerceEventName = (typeof ecommerceEventNames)[number];

/** A GA4 amount from minor units (the shop's money), for the payload. */
export function ga4Amount(minor: number, minorUnits: number): number {
  return minor / 10 ** minorUnits;
}

/** Back to minor units for storage (integer money). */
export function minorFromGa4(value: number, minorUnits: number): number {
  return Math.round(value * 10 ** minorUnits);
}

/** The GA4 currency of a code the shop uses (all of them are ISO 4217); undefined for anything else. */
export function ga4Currency(code: string): CurrencyCode | undefined {
  return (currencyCodes as readonly string[]).includes(code) ? (code as CurrencyCode) : undefined;
}

/** Digits after the decimal point of a currency (JPY 0, most 2), from Intl like every price shown. */
export function currencyFractionDigits(code: string): number {
  return new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions().maximumFractionDigits ?? 2;
}
