import type { LocaleCode } from '#app/modules/i18n/locales.ts';
import { type CouponRule, couponDiscount, givesFreeShipping } from './coupons.ts';
import { convertFromEur } from './currency-conversion.ts';
import { basisPointsOf, scaleRounded } from './rounding.ts';
import { type ShippingMethod, shippingPriceEurCents } from './shipping.ts';
import { pieceEurCents } from './unit-price.ts';
import { type VatCustomer, type VatTreatment, vatTreatment } from './vat.ts';

/** Cart-wide discount tiers on the goods value (EUR cents excl. VAT): 5 % from €50, 10 % from €100. */
export const volumeDiscountTiers = [
  { fromEurCents: 5_000, rateBp: 500 },
  { fromEurCents: 10_000, rateBp: 1_000 },
] as const;

/** Minimum goods value per store (EUR cents excl. VAT); carts with only free samples are exempt. */
export const minimumOrderEurCents: Record<LocaleCode, number> = {
  'en-US': 2_500,
  en: 1_500,
  'pl-PL': 1_000,
  'nl-NL': 1_000,
  'de-DE': 1_000,
  'da-DK': 1_000,
  'en-GB': 1_500,
  'es-ES': 1_000,
  'fr-FR': 1_000,
  'it-IT': 1_000,
  'sv-SE': 1_000,
};

export interface PricingLine {
  id: number;
  /** net EUR cents per price unit (piece, pack, or metre for cut-to-length lines), after quantity tiers (unitPriceEurCents) */
  unitPriceEurCents: number;
  quantity: number;
  lengthCm: number | null;
  isSample: boolean;
  /** a gift card: a multi-purpose voucher, outside VAT (the VAT is due when it is spent), discounts and shipping */
  isVoucher?: boolean;
  weightGrams: number;
}

export interface PricingInput {
  lines: PricingLine[];
  currency: { code: string; rate: string; minorUnits: number };
  coupon: CouponRule | null;
  /** who buys and where the goods go (without an address yet: the store's country) */
  customer: VatCustomer;
  /** 1 EUR in pounds: the UK's VAT depends on the consignment's value in pounds */
  poundsPerEuro: string;
  shipping: { method: ShippingMethod; countryCode: string } | null;
  minimumOrderEurCents: number;
  /** free shipping from this goods value after discounts (freeShippingThresholdEurCents); null or absent: none */
  freeShippingFromEurCents?: number | null;
}

export interface PricedLine {
  id: number;
  /** one piece as bought (a cut piece of the line's length for cut-to-length lines), excl. VAT */
  unitPrice: number;
  /** unitPrice × quantity */
  rowTotal: number;
  /** 0 for a gift card (a multi-purpose voucher), else the cart's rate */
  vatRateBp: number;
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
  vat: VatTreatment;
  vatRateBp: number;
  tax: number;
  total: number;
  /** the next volume tier: how much more to spend for which rate; null at the top tier */
  nextVolumeTier: { remaining: number; rateBp: number } | null;
  /** set when the goods are below the store's minimum order value */
  minimumOrder: { amount: number; remaining: number } | null;
  /** the store's free-shipping threshold for this destination and how much is still missing (0: reached); null when there is none */
  freeShippingProgress: { threshold: number; remaining: number } | null;
}

/** One piece of a line in EUR cents excl. VAT (samples are free). */
const linePieceEurCents = (line: Pick<PricingLine, 'unitPriceEurCents' | 'lengthCm' | 'isSample'>) =>
  line.isSample ? 0 : pieceEurCents(line.unitPriceEurCents, line.lengthCm);

/** A line's value in EUR cents excl. VAT (samples are free). */
export function rowEurCents(line: Pick<PricingLine, 'unitPriceEurCents' | 'quantity' | 'lengthCm' | 'isSample'>): number {
  return linePieceEurCents(line) * line.quantity;
}

/** The goods value of a cart in EUR cents excl. VAT, before discounts: what coupon minimums and volume tiers look at. */
export const goodsEurCents = (lines: Pick<PricingLine, 'unitPriceEurCents' | 'quantity' | 'lengthCm' | 'isSample' | 'isVoucher'>[]) =>
  lines.reduce((sum, line) => sum + (line.isVoucher ? 0 : rowEurCents(line)), 0);

/** The volume discount a goods value (EUR cents) earns, and the next tier up (null at the top). */
export function volumeDiscountFor(goodsEur: number) {
  const tier = [...volumeDiscountTiers].reverse().find((candidate) => goodsEur >= candidate.fromEurCents);
  const next = volumeDiscountTiers.find((candidate) => goodsEur < candidate.fromEurCents);
  return { rateBp: tier?.rateBp ?? 0, next: next ?? null };
}

/**
 * The money of a cart, computed once for the cart page, every checkout step and the order
 * itself: rows, cart-wide volume discount, coupon, shipping, VAT and total. Each piece is
 * priced in EUR cents and converted once, and a row is that piece price × quantity, so the
 * product page's price × quantity is the row and the rows add up exactly to the subtotal.
 */
export function priceCart({
  lines,
  currency,
  coupon,
  customer,
  poundsPerEuro,
  shipping,
  minimumOrderEurCents,
  freeShippingFromEurCents = null,
}: PricingInput): CartTotals {
  const convert = (eurCents: number) => convertFromEur(eurCents, currency.rate, currency.minorUnits);
  const rows = lines.map((line) => {
    const unitPrice = convert(linePieceEurCents(line));
    return { id: line.id, unitPrice, rowTotal: unitPrice * line.quantity, isVoucher: line.isVoucher ?? false };
  });
  // Gift cards (vouchers) are paid at their face value: no discount, no VAT, nothing to ship.
  const subtotalEur = goodsEurCents(lines);
  const subtotal = rows.reduce((sum, line) => sum + line.rowTotal, 0);
  const vouchers = rows.reduce((sum, line) => sum + (line.isVoucher ? line.rowTotal : 0), 0);
  const goods = subtotal - vouchers;

  const volume = volumeDiscountFor(subtotalEur);
  const volumeDiscount = basisPointsOf(goods, volume.rateBp);
  const couponTakes = couponDiscount(coupon, goods - volumeDiscount, convert);
  const discount = volumeDiscount + couponTakes;
  // The discounted goods in EUR: free-shipping lines and the UK's consignment limit are set on it.
  const goodsEurAfterDiscount = scaleRounded(subtotalEur, goods - discount, Math.max(goods, 1));
  const vat = vatTreatment(customer, convertFromEur(goodsEurAfterDiscount, poundsPerEuro, 2));
  const freeShipping = givesFreeShipping(coupon);
  const physical = lines.some((line) => !line.isVoucher);
  const weight = lines.reduce((sum, line) => sum + line.weightGrams * line.quantity, 0);
  const shippingCost =
    shipping === null
      ? null
      : freeShipping || !physical
        ? 0
        : convert(shippingPriceEurCents(shipping.method, shipping.countryCode, weight, goodsEurAfterDiscount, freeShippingFromEurCents));
  const net = goods - discount + (shippingCost ?? 0);
  const tax = basisPointsOf(net, vat.rateBp);
  const paidGoods = lines.some((line) => !line.isSample && !line.isVoucher);
  return {
    currency: currency.code,
    minorUnits: currency.minorUnits,
    lines: rows.map(({ isVoucher, ...row }) => ({
      ...row,
      vatRateBp: isVoucher ? 0 : vat.rateBp,
      taxCents: isVoucher ? 0 : basisPointsOf(row.rowTotal, vat.rateBp),
    })),
    subtotal,
    volumeDiscountBp: volume.rateBp,
    volumeDiscount,
    couponDiscount: couponTakes,
    discount,
    freeShipping,
    shipping: shippingCost,
    vat,
    vatRateBp: vat.rateBp,
    tax,
    total: net + tax + vouchers,
    // Gift cards do not count towards the volume discount: a cart of cards alone is not nudged.
    nextVolumeTier: volume.next && physical ? { remaining: convert(volume.next.fromEurCents - subtotalEur), rateBp: volume.next.rateBp } : null,
    minimumOrder:
      paidGoods && subtotalEur < minimumOrderEurCents
        ? { amount: convert(minimumOrderEurCents), remaining: convert(minimumOrderEurCents - subtotalEur) }
        : null,
    // Measured on the goods after discounts, as the threshold itself is; a free-shipping coupon makes it moot.
    freeShippingProgress:
      freeShippingFromEurCents !== null && paidGoods && !freeShipping
        ? { threshold: convert(freeShippingFromEurCents), remaining: convert(Math.max(0, freeShippingFromEurCents - goodsEurAfterDiscount)) }
        : null,
  };
}
