/**
 * What a refund gives back, computed from the order and what earlier refunds already gave back.
 * Pure: the database and the payment provider are the caller's business (order-status.server.ts).
 */

export type RefundRequest =
  /** Everything not refunded yet. */
  | { mode: 'full' }
  /** Quantities of order lines (`restock`: the goods came back and go back in stock), and the shipping when `shipping` is set. */
  | { mode: 'lines'; lines: { orderItemId: number; quantity: number; restock?: boolean }[]; shipping: boolean }
  /** An amount staff chose (goodwill), incl. VAT, in minor units. */
  | { mode: 'amount'; amountCents: number };

export interface RefundableOrder {
  subtotalCents: number;
  discountCents: number;
  shippingCents: number;
  taxCents: number;
  totalCents: number;
  items: { id: number; quantity: number; rowTotalCents: number; vatRateBp: number }[];
}

export interface EarlierRefundLine {
  kind: 'item' | 'shipping' | 'amount';
  orderItemId: number | null;
  quantity: number;
  netCents: number;
  taxCents: number;
}

export interface PlannedRefundLine {
  kind: 'item' | 'shipping' | 'amount';
  orderItemId: number | null;
  quantity: number;
  netCents: number;
  taxCents: number;
  vatRateBp: number;
  /** the refunded goods go back in stock (item lines of a refund per line only) */
  restock: boolean;
}

export type RefundPlan =
  | { ok: true; lines: PlannedRefundLine[]; amountCents: number; taxCents: number }
  | { ok: false; error: 'refund-too-large' | 'nothing-to-refund' | 'invalid-lines' };

/** What is left to refund on an order, incl. VAT and its VAT part. */
export function refundableRemainder(order: RefundableOrder, earlier: EarlierRefundLine[]) {
  const refunded = earlier.reduce((sum, line) => ({ net: sum.net + line.netCents, tax: sum.tax + line.taxCents }), { net: 0, tax: 0 });
  return { amountCents: order.totalCents - refunded.net - refunded.tax, taxCents: order.taxCents - refunded.tax };
}

export function planRefund(order: RefundableOrder, earlier: EarlierRefundLine[], request: RefundRequest): RefundPlan {
  const remainder = refundableRemainder(order, earlier);
  // All lines share the order's VAT rate in this shop; shipping and goodwill amounts use the first line's.
  const mainRateBp = order.items[0]?.vatRateBp ?? 0;
  // A reverse-charge or export order charged no VAT, so none is given back either.
  const taxed = order.taxCents > 0;
  const taxOf = (netCents: number, rateBp: number) => (taxed ? Math.round((netCents * rateBp) / 10_000) : 0);
  // Line prices are before the order-wide discount; a refunded line gives back its discounted share.
  const afterDiscount = (cents: number) =>
    order.subtotalCents > 0 ? Math.round((cents * (order.subtotalCents - order.discountCents)) / order.subtotalCents) : 0;
  const refundedQuantity = (itemId: number) =>
    earlier.filter((line) => line.kind === 'item' && line.orderItemId === itemId).reduce((sum, line) => sum + line.quantity, 0);
  const shippingRefunded = earlier.some((line) => line.kind === 'shipping');
  const itemLine = (item: RefundableOrder['items'][number], quantity: number, restock = false): PlannedRefundLine => {
    const netCents = afterDiscount(Math.round((item.rowTotalCents * quantity) / item.quantity));
    return { kind: 'item', orderItemId: item.id, quantity, netCents, taxCents: taxOf(netCents, item.vatRateBp), vatRateBp: item.vatRateBp, restock };
  };
  const shippingLine = (): PlannedRefundLine => ({
    kind: 'shipping',
    orderItemId: null,
    quantity: 1,
    netCents: order.shippingCents,
    taxCents: taxOf(order.shippingCents, mainRateBp),
    vatRateBp: mainRateBp,
    restock: false,
  });

  let lines: PlannedRefundLine[];
  if (request.mode === 'amount') {
    if (!Number.isSafeInteger(request.amountCents) || request.amountCents <= 0) return { ok: false, error: 'nothing-to-refund' };
    if (request.amountCents > remainder.amountCents) return { ok: false, error: 'refund-too-large' };
    const taxCents = taxed ? Math.round((request.amountCents * mainRateBp) / (10_000 + mainRateBp)) : 0;
    lines = [{ kind: 'amount', orderItemId: null, quantity: 1, netCents: request.amountCents - taxCents, taxCents, vatRateBp: mainRateBp, restock: false }];
  } else if (request.mode === 'lines') {
    lines = [];
    for (const { orderItemId, quantity, restock = false } of request.lines) {
      if (quantity === 0) continue;
      const item = order.items.find((candidate) => candidate.id === orderItemId);
      if (!item || !Number.isSafeInteger(quantity) || quantity < 0) return { ok: false, error: 'invalid-lines' };
      if (quantity > item.quantity - refundedQuantity(item.id)) return { ok: false, error: 'refund-too-large' };
      lines.push(itemLine(item, quantity, restock));
    }
    if (request.shipping) {
      if (shippingRefunded) return { ok: false, error: 'refund-too-large' };
      if (order.shippingCents > 0) lines.push(shippingLine());
    }
  } else {
    lines = order.items
      .map((item) => [item, item.quantity - refundedQuantity(item.id)] as const)
      .filter(([, left]) => left > 0)
      .map(([item, left]) => itemLine(item, left));
    if (!shippingRefunded && order.shippingCents > 0) lines.push(shippingLine());
    // Only rounding pennies left once every line went back: they go back as an amount.
    if (lines.length === 0 && remainder.amountCents > 0) {
      lines.push({
        kind: 'amount',
        orderItemId: null,
        quantity: 1,
        netCents: remainder.amountCents - remainder.taxCents,
        taxCents: remainder.taxCents,
        vatRateBp: mainRateBp,
        restock: false,
      });
    }
    // Rounding and earlier goodwill amounts: the last line takes the difference, so a full refund is exactly what is left.
    const last = lines.at(-1);
    if (last) {
      const planned = lines.reduce((sum, line) => ({ net: sum.net + line.netCents, tax: sum.tax + line.taxCents }), { net: 0, tax: 0 });
      last.taxCents += remainder.taxCents - planned.tax;
      last.netCents += remainder.amountCents - remainder.taxCents - planned.net;
    }
  }
  lines = lines.filter((line) => line.netCents + line.taxCents !== 0);
  const amountCents = lines.reduce((sum, line) => sum + line.netCents + line.taxCents, 0);
  const taxCents = lines.reduce((sum, line) => sum + line.taxCents, 0);
  if (amountCents <= 0) return { ok: false, error: 'nothing-to-refund' };
  if (amountCents > remainder.amountCents) return { ok: false, error: 'refund-too-large' };
  return { ok: true, lines, amountCents, taxCents };
}
