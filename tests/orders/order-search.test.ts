import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '#app/db/schema.ts';
import { type OrderInput, recordOrder } from '#app/modules/orders/record-order.server.ts';
import { parseOrderFilters } from '#app/modules/orders/order-filters.ts';
import { csvCell, ordersCsv, searchOrders } from '#app/modules/orders/order-search.server.ts';
import { createTestDatabase, type TestDatabase, testDrivers } from '../support/database.ts';

const address = (firstName: string, lastName: string) => ({
  firstName,
  lastName,
  street: 'Dorpsstraat',
  houseNumber: '1',
  zipCode: '3511 AB',
  city: 'Utrecht',
  countryCode: 'NL',
});

describe('CSV cells', () => {
  it('quotes separators, quotes and line breaks, and defuses formulas', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell(12)).toBe('12');
    expect(csvCell('Jansen, Anna')).toBe('"Jansen, Anna"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('=HYPERLINK("http://evil.example","click")')).toBe(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
    for (const start of ['+', '-', '@', '\t']) expect(csvCell(`${start}1+1`)).toMatch(/^"?'/);
    // Numbers are written as numbers (a negative amount stays one).
    expect(csvCell(-5)).toBe('-5');
  });
});

describe('order list filters from a query string', () => {
  it('keeps what it understands and drops the rest', () => {
    expect(
      parseOrderFilters(new URLSearchParams('store=nl-NL&status=paid&payment=ideal&from=2026-11-01&to=2026-11-30&q=anna&sort=total&direction=asc&page=3')),
    ).toEqual({
      store: 'nl-NL',
      status: 'paid',
      payment: 'ideal',
      from: '2026-11-01',
      to: '2026-11-30',
      q: 'anna',
      sort: 'total',
      direction: 'asc',
      page: 3,
    });
    expect(parseOrderFilters(new URLSearchParams('store=xx&status=lost&from=2026-13-45&sort=password&direction=up&page=-1&q='))).toEqual({
      store: undefined,
      status: undefined,
      payment: undefined,
      from: undefined,
      to: undefined,
      q: undefined,
      sort: 'createdAt',
      direction: 'desc',
      page: 1,
    });
  });
});

describe.each(testDrivers)('searching orders on %s', (driver) => {
  let database: TestDatabase;
  const numbers: Record<string, string> = {};

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    const base: Omit<OrderInput, 'locale' | 'email' | 'status' | 'paymentMethod' | 'totalCents' | 'billingAddress' | 'shippingAddress'> = {
      customerId: null,
      currencyCode: 'EUR',
      exchangeRate: '1',
      subtotalCents: 0,
      discountCents: 0,
      shippingCents: 0,
      taxCents: 0,
      isBusiness: false,
      vatNumber: null,
      reverseCharge: false,
      couponCode: null,
      ownReference: null,
      remarks: null,
      shippingMethod: 'home_delivery',
      idempotencyKey: null,
      lines: [
        {
          variantId: null,
          sku: 'CORD',
          name: 'Cord',
          quantity: 1,
          lengthCm: null,
          isSample: false,
          unitPriceCents: 0,
          rowTotalCents: 0,
          vatRateBp: 0,
          taxCents: 0,
        },
      ],
    };
    const rows: [string, Partial<OrderInput>, string][] = [
      [
        'anna',
        { locale: 'nl-NL', email: 'anna@example.com', status: 'paid', paymentMethod: 'ideal', totalCents: 5000, billingAddress: address('Anna', 'Jansen') },
        '2026-11-01T10:00:00Z',
      ],
      [
        'bert',
        {
          locale: 'de-DE',
          email: 'bert@example.de',
          status: 'pending_payment',
          paymentMethod: 'bank_transfer',
          totalCents: 1500,
          billingAddress: address('Bert', 'Müller'),
        },
        '2026-11-10T10:00:00Z',
      ],
      [
        'formula',
        {
          locale: 'nl-NL',
          email: 'evil@example.com',
          status: 'shipped',
          paymentMethod: 'bank_transfer',
          totalCents: 99_999,
          billingAddress: address('=cmd|', '"Quote", 100%_'),
        },
        '2026-11-20T23:30:00Z',
      ],
    ];
    for (const [key, order, createdAt] of rows) {
      const created = await database.db.transaction((tx) => recordOrder(tx, { ...base, shippingAddress: order.billingAddress!, ...order } as OrderInput));
      await database.db
        .update(orders)
        .set({ createdAt: new Date(createdAt) })
        .where(eq(orders.id, created.id));
      numbers[key] = created.orderNumber;
    }
  });
  afterAll(() => database?.destroy());

  const search = async (query: string, pageSize?: number) =>
    (await searchOrders(database.db, parseOrderFilters(new URLSearchParams(query)), pageSize)).orders.map((order) => order.orderNumber);

  it('filters by store, status, payment method, days and what staff type', async () => {
    expect(await search('')).toEqual([numbers.formula, numbers.bert, numbers.anna]);
    expect(await search('store=nl-NL')).toEqual([numbers.formula, numbers.anna]);
    expect(await search('status=pending_payment')).toEqual([numbers.bert]);
    expect(await search('payment=bank_transfer')).toEqual([numbers.formula, numbers.bert]);
    expect(await search('from=2026-11-05&to=2026-11-20')).toEqual([numbers.formula, numbers.bert]);
    expect(await search('to=2026-11-09')).toEqual([numbers.anna]);
    expect(await search(`q=${numbers.bert}`)).toEqual([numbers.bert]);
    expect(await search('q=ANNA@EXAMPLE')).toEqual([numbers.anna]);
    expect(await search('q=bert müller')).toEqual([numbers.bert]);
    // LIKE wildcards are taken literally.
    expect(await search('q=100%25_')).toEqual([numbers.formula]);
    expect(await search('q=%25')).toEqual([numbers.formula]);
    expect(await search('q=nobody')).toEqual([]);
  });

  it('sorts and pages on the server', async () => {
    expect(await search('sort=total&direction=asc')).toEqual([numbers.bert, numbers.anna, numbers.formula]);
    expect(await search('sort=email&direction=asc')).toEqual([numbers.anna, numbers.bert, numbers.formula]);
    const second = await searchOrders(database.db, parseOrderFilters(new URLSearchParams('sort=total&direction=asc&page=2')), 2);
    expect(second.orders.map((order) => order.orderNumber)).toEqual([numbers.formula]);
    expect(second.window).toMatchObject({ page: 2, pageCount: 2, from: 3, to: 3, total: 3 });
    const beyond = await searchOrders(database.db, parseOrderFilters(new URLSearchParams('page=99')), 2);
    expect(beyond.window.page).toBe(2);
  });

  it('exports every matching order as CSV, escaped and safe to open in a spreadsheet', async () => {
    const csv = await ordersCsv(database.db, parseOrderFilters(new URLSearchParams('store=nl-NL&sort=total&direction=desc')), 1);
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe('order_number,created_at,store,status,email,customer,payment_method,shipping_method,currency,total,vat');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toBe(
      `${numbers.formula},2026-11-20T23:30:00.000Z,nl-NL,shipped,evil@example.com,"'=cmd| ""Quote"", 100%_",bank_transfer,home_delivery,EUR,999.99,0.00`,
    );
    expect(lines[2]).toBe(`${numbers.anna},2026-11-01T10:00:00.000Z,nl-NL,paid,anna@example.com,Anna Jansen,ideal,home_delivery,EUR,50.00,0.00`);
  });
});
