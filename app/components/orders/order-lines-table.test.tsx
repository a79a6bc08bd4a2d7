import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import en from '../../../locales/en.json' with { type: 'json' };
import { I18nProvider } from '#app/modules/i18n/i18n.tsx';
import { type OrderLinesLabels, OrderLinesTable, type OrderLinesTotals } from './order-lines-table.tsx';

const labels: OrderLinesLabels = {
  product: 'Product',
  quantity: 'Qty',
  unitPrice: 'Price',
  rowTotal: 'Amount',
  subtotal: 'Subtotal',
  discount: 'Discount',
  shipping: 'Shipping',
  vat: 'VAT',
  vatReverseCharge: 'VAT reverse charged',
  total: 'Total',
  vatRate: 'VAT rate',
};
const totals: OrderLinesTotals = { subtotalCents: 2000, discountCents: 0, shippingCents: 495, taxCents: 434, totalCents: 2495, reverseCharge: false };

/** The rows under the lines as [label, amount]. */
function totalRows(overrides: Partial<OrderLinesTotals>) {
  const html = renderToStaticMarkup(
    <I18nProvider locale="en" messages={en}>
      <OrderLinesTable
        items={[]}
        totals={{ ...totals, ...overrides }}
        money={(cents) => `€${cents}`}
        caption="Lines"
        labels={labels}
        look="admin"
        details={() => null}
      />
    </I18nProvider>,
  );
  const foot = /<tfoot>(.*)<\/tfoot>/.exec(html)![1]!;
  return [...foot.matchAll(/<tr[^>]*><th scope="row" colSpan="4"[^>]*>(.*?)<\/th><td[^>]*>(.*?)<\/td><\/tr>/gi)].map((match) => [match[1], match[2]]);
}

describe('the totals under an order’s lines', () => {
  it('lists subtotal, shipping, VAT and total; a discount only when there is one', () => {
    expect(totalRows({})).toEqual([
      ['Subtotal', '€2000'],
      ['Shipping', '€495'],
      ['VAT', '€434'],
      ['Total', '€2495'],
    ]);
    expect(totalRows({ discountCents: 200, totalCents: 2295 })).toEqual([
      ['Subtotal', '€2000'],
      ['Discount', '−€200'],
      ['Shipping', '€495'],
      ['VAT', '€434'],
      ['Total', '€2295'],
    ]);
    expect(totalRows({ reverseCharge: true, taxCents: 0 })[2]).toEqual(['VAT reverse charged', '€0']);
  });
});
