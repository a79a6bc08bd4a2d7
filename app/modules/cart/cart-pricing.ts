import { convertFromEur } from '../currency/convert.ts';
import type { VatTreatment } from '../checkout/tax-rules.ts';
import { type ShippingMethod, shippingPriceEurCents } from '../checkout/shipping-rates.ts';
import { volumeDiscountTiers } from './store-rules.ts';

export interface PricingLine {
  id: number;
  /** net EUR cents per piece, or per metre for cut-to-length lines, after quantity tiers */
  unitPriceEurCents: number;
  quantity: number;
  lengthCm: number | null;
  isSample: boolean;
  weightGrams: number;
}

export interface CouponRule {
  code: string;
  kind: 'percent' | 'fixed' | 'free_shipping';
  /** basis points for percent, EUR cents for fixed */
  value: number;
}

export interface PricingInput {
  lines: PricingLine[];
  currency: { code: string; rate: string; minorUnits: number };
  coupon: CouponRule | null;
  vat: VatTreatment;
  shipping: { method: ShippingMethod; countryCode: string } | null;
  minimumOrderEurCents: number;
}

export interface PricedLine {
  id: number;
  unitPrice: number;
  rowTotal: number;
  taxCents: number;
}

/** Amounts in minor units of the order currency; EUR figures only where rules are set in EUR. */
export interface CartTotals {
  currency: string;
  minorUnits: number;
  lines: PricedLine[];
  subtotal: number;
  volumeDiscountBp: number;
  volumeDiscount: number;
  couponDiscount: number;
  discount: number;
  freeShipping: boolean;
  /** null until a shipping method and destination are known */
  shipping: number | null;
  vatRateBp: number;
  tax: number;
  total: number;
  /** the next volume tier: how much more to spend for which rate; null at the top tier */
  nextVolumeTier: { remaining: number; rateBp: number } | null;
  /** set when the goods are below the store's minimum order value */
  minimumOrder: { amount: number; remaining: number } | null;
}

const share = (amount: number, rateBp: number) => Math.round((amount * rateBp) / 10_000);

/** A line's value in EUR cents excl. VAT (samples are free). */
export function rowEurCents(line: Pick<PricingLine, 'unitPriceEurCents' | 'quantity' | 'lengthCm' | 'isSample'>): number {
  if (line.isSample) return 0;
  const perPiece = line.lengthCm === null ? line.unitPriceEurCents : Math.round((line.unitPriceEurCents * line.lengthCm) / 100);
  return perPiece * line.quantity;
}

/**
 * The money of a cart, computed once for the cart page, every checkout step and the order
 * itself: rows, cart-wide volume discount, coupon, shipping, VAT and total. Every row is priced in
 * EUR cents, then converted, so the rows add up exactly to the subtotal shown.
 */
export function priceCart({ lines, currency, coupon, vat, shipping, minimumOrderEurCents }: PricingInput): CartTotals {
  const convert = (eurCents: number) => convertFromEur(eurCents, currency.rate, currency.minorUnits);
  const rowsEur = lines.map(rowEurCents);
  const pricedLines = lines.map((line, index) => {
    const rowTotal = convert(rowsEur[index]!);
    return { id: line.id, unitPrice: line.isSample ? 0 : convert(line.unitPriceEurCents), rowTotal, taxCents: share(rowTotal, vat.rateBp) };
  });
  const subtotalEur = rowsEur.reduce((sum, row) => sum + row, 0);
  const subtotal = pricedLines.reduce((sum, line) => sum + line.rowTotal, 0);

  const tier = [...volumeDiscountTiers].reverse().find((candidate) => subtotalEur >= candidate.fromEurCents);
  const next = volumeDiscountTiers.find((candidate) => subtotalEur < candidate.fromEurCents);
  const volumeDiscountBp = tier?.rateBp ?? 0;
  const volumeDiscount = share(subtotal, volumeDiscountBp);
  const afterVolume = subtotal - volumeDiscount;
  const couponDiscount =
    coupon?.kind === 'percent' ? share(afterVolume, coupon.value) : coupon?.kind === 'fixed' ? Math.min(convert(coupon.value), afterVolume) : 0;
  const discount = volumeDiscount + couponDiscount;
  const goodsEurAfterDiscount = Math.round((subtotalEur * (subtotal - discount)) / Math.max(subtotal, 1));
  const freeShipping = coupon?.kind === 'free_shipping';
  const weight = lines.reduce((sum, line) => sum + line.weightGrams * line.quantity, 0);
  const shippingCost = shipping === null ? null : freeShipping ? 0 : convert(shippingPriceEurCents(shipping.method, shipping.countryCode, weight, goodsEurAfterDiscount));
  const net = subtotal - discount + (shippingCost ?? 0);
  const tax = share(net, vat.rateBp);
  const paidGoods = lines.some((line) => !line.isSample);
  return {
    currency: currency.code,
    minorUnits: currency.minorUnits,
    lines: pricedLines,
    subtotal,
    volumeDiscountBp,
    volumeDiscount,
    couponDiscount,
    discount,
    freeShipping,
    shipping: shippingCost,
    vatRateBp: vat.rateBp,
    tax,
    total: net + tax,
    nextVolumeTier: next ? { remaining: convert(next.fromEurCents - subtotalEur), rateBp: next.rateBp } : null,
    minimumOrder:
      paidGoods && subtotalEur < minimumOrderEurCents ? { amount: convert(minimumOrderEurCents), remaining: convert(minimumOrderEurCents - subtotalEur) } : null,
  };
}
