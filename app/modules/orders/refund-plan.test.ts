import { describe, expect, it } from 'vitest';
import { planRefund, type RefundableOrder } from './refund-plan.ts';

// 2 × €40.00 and 1 × €20.00, 10 % discount, €5.00 shipping, 21 % VAT: net 90.00 + 5.00, VAT 19.95, total 114.95.
const order: RefundableOrder = {
  subtotalCents: 10_000,
  discountCents: 1_000,
  shippingCents: 500,
  taxCents: 1_995,
  totalCents: 11_495,
  items: [
    { id: 1, quantity: 2, rowTotalCents: 8_000, vatRateBp: 2100 },
    { id: 2, quantity: 1, rowTotalCents: 2_000, vatRateBp: 2100 },
  ],
};

describe('planRefund', () => {
  it('gives back a line after the order discount, with its VAT', () => {
    expect(planRefund(order, [], { mode: 'lines', lines: [{ orderItemId: 1, quantity: 1 }], shipping: false })).toEqual({
      ok: true,
      amountCents: 3_600 + 756,
      taxCents: 756,
      lines: [{ kind: 'item', orderItemId: 1, quantity: 1, netCents: 3_600, taxCents: 756, vatRateBp: 2100, restock: false }],
    });
  });

  it('refunds exactly what is left in full, after earlier refunds', () => {
    const first = planRefund(order, [], { mode: 'lines', lines: [{ orderItemId: 1, quantity: 1 }], shipping: true });
    if (!first.ok) throw new Error(first.error);
    const rest = planRefund(order, first.lines, { mode: 'full' });
    if (!rest.ok) throw new Error(rest.error);
    expect(first.amountCents + rest.amountCents).toBe(11_495);
    expect(first.taxCents + rest.taxCents).toBe(1_995);
    expect(rest.lines.map((line) => [line.kind, line.orderItemId, line.quantity])).toEqual([
      ['item', 1, 1],
      ['item', 2, 1],
    ]);
    expect(planRefund(order, [...first.lines, ...rest.lines], { mode: 'full' })).toEqual({ ok: false, error: 'nothing-to-refund' });
  });

  it('refuses more than was paid or ordered, and lines of other orders', () => {
    expect(planRefund(order, [], { mode: 'amount', amountCents: 11_496 })).toEqual({ ok: false, error: 'refund-too-large' });
    expect(planRefund(order, [], { mode: 'lines', lines: [{ orderItemId: 2, quantity: 2 }], shipping: false })).toEqual({
      ok: false,
      error: 'refund-too-large',
    });
    expect(planRefund(order, [], { mode: 'lines', lines: [{ orderItemId: 3, quantity: 1 }], shipping: false })).toEqual({ ok: false, error: 'invalid-lines' });
    expect(planRefund(order, [], { mode: 'lines', lines: [{ orderItemId: 1, quantity: -1 }], shipping: false })).toEqual({ ok: false, error: 'invalid-lines' });
    expect(planRefund(order, [], { mode: 'lines', lines: [], shipping: false })).toEqual({ ok: false, error: 'nothing-to-refund' });
    expect(planRefund(order, [], { mode: 'amount', amountCents: 1.5 })).toEqual({ ok: false, error: 'nothing-to-refund' });
  });

  it('splits a chosen amount into net and VAT, and gives back no VAT where none was charged', () => {
    expect(planRefund(order, [], { mode: 'amount', amountCents: 1_210 })).toMatchObject({ ok: true, amountCents: 1_210, taxCents: 210 });
    const reverseCharge = { ...order, taxCents: 0, totalCents: 9_500 };
    expect(planRefund(reverseCharge, [], { mode: 'full' })).toMatchObject({ ok: true, amountCents: 9_500, taxCents: 0 });
  });
});
