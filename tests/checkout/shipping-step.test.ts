import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pickupPoints } from '#app/db/schema.ts';
import { shippingStepFields, type ShippingStepField } from '#app/modules/checkout/checkout-forms.ts';
import { offeredShippingMethods } from '#app/modules/checkout/shipping-options.server.ts';
import { checkShippingStep } from '#app/modules/checkout/shipping-step.server.ts';
import { defaultShippingRules } from '#app/modules/pricing/shipping.ts';
import { createTestDatabase, type TestDatabase, testDrivers } from '../support/database.ts';

/** A shipping step form as the browser sends it: every field, '' where nothing was typed. */
const form = (fields: Partial<Record<ShippingStepField, string>>): Record<ShippingStepField, string> =>
  ({ ...Object.fromEntries(shippingStepFields.map((name) => [name, ''])), ...fields }) as Record<ShippingStepField, string>;
const dutch = {
  firstName: 'Eva',
  lastName: 'Visser',
  street: 'Oudegracht',
  houseNumber: '10',
  zipCode: '3511 AB',
  city: 'Utrecht',
  countryCode: 'NL',
  phone: '030 123 4567',
};
const british = {
  firstName: 'Oliver',
  lastName: 'Smith',
  street: '10 Downing Street',
  zipCode: 'SW1A 2AA',
  city: 'London',
  countryCode: 'GB',
  phone: '+44 20 7946 0000',
};
const offered = (country: string) => offeredShippingMethods(country, defaultShippingRules);

describe('offered shipping methods per destination (issue 22)', () => {
  it.each([
    ['NL', ['home_delivery', 'pickup_point', 'warehouse_pickup']],
    ['BE', ['home_delivery', 'pickup_point', 'warehouse_pickup']],
    ['DE', ['home_delivery', 'pickup_point']],
    ['GB', ['home_delivery']],
    ['US', ['home_delivery']],
  ])('%s is offered %j', (country, methods) => {
    expect(offered(country)).toEqual(methods);
  });

  it('offers the warehouse where configured', () => {
    expect(offeredShippingMethods('DE', { warehousePickupCountries: ['NL', 'DE'] })).toContain('warehouse_pickup');
    expect(offeredShippingMethods('NL', { warehousePickupCountries: [] })).not.toContain('warehouse_pickup');
  });
});

describe.each(testDrivers)('the shipping step on %s', (driver) => {
  let database: TestDatabase;
  let pointId: number;
  beforeAll(async () => {
    database = await createTestDatabase(driver);
    const [point] = await database.db
      .insert(pickupPoints)
      .values({
        carrier: 'PostNL',
        name: 'Tabakshop Jansen',
        street: 'Markt',
        houseNumber: '3',
        zipCode: '3511 AA',
        city: 'Utrecht',
        countryCode: 'NL',
        zipNumber: 3511,
      })
      .returning({ id: pickupPoints.id });
    pointId = point!.id;
  });
  afterAll(() => database?.destroy());
  const check = (fields: Partial<Record<ShippingStepField, string>>) => checkShippingStep(database.db, form(fields), offered);

  it('refuses pickup at the Dutch warehouse for a UK address, and takes it for a Dutch one', async () => {
    expect(await check({ ...british, shippingMethod: 'warehouse_pickup', billingSame: 'on' })).toEqual({
      ok: false,
      fieldErrors: { shippingMethod: { key: 'checkout.methodNotOffered' } },
    });
    expect(await check({ ...dutch, shippingMethod: 'warehouse_pickup', billingSame: 'on' })).toMatchObject({
      ok: true,
      details: { shippingMethod: 'warehouse_pickup' },
    });
  });

  it('takes a UK address with the house number in its first line and no state', async () => {
    const result = await check({ ...british, shippingMethod: 'home_delivery', billingSame: 'on' });
    expect(result).toMatchObject({
      ok: true,
      details: { shippingAddress: { street: '10 Downing Street', houseNumber: '', city: 'London', countryCode: 'GB' }, billingSameAsShipping: true },
    });
    expect(result.ok && result.details.shippingAddress).not.toHaveProperty('state');
  });

  it('asks a Dutch address for its house number and a US one for its state', async () => {
    expect(await check({ ...dutch, houseNumber: '', shippingMethod: 'home_delivery', billingSame: 'on' })).toEqual({
      ok: false,
      fieldErrors: { houseNumber: { key: 'validation.required' } },
    });
    const american = {
      firstName: 'Amy',
      lastName: 'Lee',
      street: '1 Main St',
      zipCode: '62704',
      city: 'Springfield',
      countryCode: 'US',
      phone: '+1 217 555 0100',
    };
    expect(await check({ ...american, shippingMethod: 'home_delivery', billingSame: 'on' })).toEqual({
      ok: false,
      fieldErrors: { state: { key: 'validation.required' } },
    });
    expect(await check({ ...american, state: 'IL', shippingMethod: 'home_delivery', billingSame: 'on' })).toMatchObject({
      ok: true,
      details: { shippingAddress: { state: 'IL' } },
    });
  });

  it('bills the shipping address when ticked, and asks for the billing address under its own names when not', async () => {
    const missing = await check({ ...dutch, shippingMethod: 'home_delivery' });
    expect(missing.ok).toBe(false);
    expect(!missing.ok && Object.keys(missing.fieldErrors).sort()).toEqual([
      'billing_city',
      'billing_countryCode',
      'billing_firstName',
      'billing_lastName',
      'billing_phone',
      'billing_street',
      'billing_zipCode',
    ]);
    const billing = Object.fromEntries(Object.entries({ ...british, companyName: 'Knots Ltd' }).map(([name, value]) => [`billing_${name}`, value]));
    expect(await check({ ...dutch, shippingMethod: 'home_delivery', ...billing })).toMatchObject({
      ok: true,
      details: {
        billingSameAsShipping: false,
        billingAddress: { companyName: 'Knots Ltd', street: '10 Downing Street', countryCode: 'GB' },
        shippingAddress: { city: 'Utrecht' },
      },
    });
  });

  it('needs a pickup point for that method, and keeps the chosen one', async () => {
    expect(await check({ ...dutch, shippingMethod: 'pickup_point', billingSame: 'on' })).toEqual({
      ok: false,
      fieldErrors: { pickupPointId: { key: 'checkout.choosePickupPoint' } },
    });
    expect(await check({ ...dutch, shippingMethod: 'pickup_point', pickupPointId: String(pointId), billingSame: 'on' })).toMatchObject({
      ok: true,
      details: { pickupPoint: { id: pointId, name: 'Tabakshop Jansen' } },
    });
  });
});
