import { describe, expect, it } from 'vitest';
import { storefronts } from '#app/modules/i18n/locales.ts';
import { vatLabelKey } from './price-display.ts';
import { displayVatRateBp, euStandardVatBp, importChargesOnArrival, ukConsignmentLimitPence, vatNumberCountry, vatTreatment } from './vat.ts';

const consumer = (destinationCountry: string) => ({ destinationCountry, businessVatNumber: null });
const business = (destinationCountry: string, businessVatNumber: string) => ({ destinationCountry, businessVatNumber });

describe('VAT shown in each store', () => {
  it.each([
    // store, rate, label with the store's own default (prices excl. VAT except Italy)
    ['en-US', 0, 'vat.salesTax'],
    ['en', 2100, 'vat.exclVat'],
    ['pl-PL', 2300, 'vat.exclVat'],
    ['nl-NL', 2100, 'vat.exclVat'],
    ['de-DE', 1900, 'vat.exclVat'],
    ['da-DK', 2500, 'vat.exclVat'],
    ['en-GB', 2000, 'vat.exclVat'],
    ['es-ES', 2100, 'vat.exclVat'],
    ['fr-FR', 2000, 'vat.exclVat'],
    ['it-IT', 2200, 'vat.inclVat'],
    ['sv-SE', 2500, 'vat.exclVat'],
  ] as const)('%s shows %i bp, labelled %s', (code, rateBp, label) => {
    const store = storefronts.find((candidate) => candidate.code === code)!;
    expect(displayVatRateBp[code]).toBe(rateBp);
    expect(vatLabelKey({ vatRateBp: displayVatRateBp[code], includeVat: store.pricesIncludeVat })).toBe(label);
    // A visitor may switch the display; only the US never shows VAT.
    expect(vatLabelKey({ vatRateBp: rateBp, includeVat: true })).toBe(rateBp === 0 ? 'vat.salesTax' : 'vat.inclVat');
  });

  it('covers every store, and shows the rate a shopper in the store’s own country pays', () => {
    expect(Object.keys(displayVatRateBp).sort()).toEqual(storefronts.map((store) => store.code).sort());
    for (const store of storefronts) {
      if (!store.countryCode || store.countryCode === 'US') continue;
      expect(vatTreatment(consumer(store.countryCode), 0).rateBp, store.code).toBe(displayVatRateBp[store.code]);
    }
  });
});

describe('VAT of a sale', () => {
  it.each(Object.entries(euStandardVatBp))('a consumer in %s pays %i bp', (country, rateBp) => {
    expect(vatTreatment(consumer(country), 0)).toEqual({ kind: 'standard', rateBp });
  });

  it.each([
    // reverse charge only for a VAT number of the member state the goods go to, never in the shop's own country
    ['DE', 'DE123456789', { kind: 'reverse-charge', rateBp: 0 }],
    ['GR', 'EL 094259216', { kind: 'reverse-charge', rateBp: 0 }],
    ['BE', 'be0411905847', { kind: 'reverse-charge', rateBp: 0 }],
    ['NL', 'NL004495445B01', { kind: 'standard', rateBp: 2100 }],
    ['DE', 'NL004495445B01', { kind: 'standard', rateBp: 1900 }],
    ['DE', 'FR40303265045', { kind: 'standard', rateBp: 1900 }],
    ['DE', 'GB980780684', { kind: 'standard', rateBp: 1900 }],
    ['DE', '', { kind: 'standard', rateBp: 1900 }],
    ['CH', 'CHE-116.281.710', { kind: 'export', rateBp: 0 }],
    ['US', '12-3456789', { kind: 'export', rateBp: 0 }],
  ] as const)('a business delivered in %s with %s', (country, vatNumber, expected) => {
    expect(vatTreatment(business(country, vatNumber), 0)).toEqual(expected);
  });

  it.each(['US', 'CH', 'NO', 'JP', 'XX'])('no VAT on exports to %s', (country) => {
    expect(vatTreatment(consumer(country), 0)).toEqual({ kind: 'export', rateBp: 0 });
  });

  it.each([
    // the UK: VAT at the sale up to £135 of goods, import VAT at the border above
    [0, consumer('GB'), { kind: 'standard', rateBp: 2000 }],
    [13_499, consumer('GB'), { kind: 'standard', rateBp: 2000 }],
    [13_500, consumer('GB'), { kind: 'standard', rateBp: 2000 }],
    [13_501, consumer('GB'), { kind: 'export', rateBp: 0 }],
    [50_000, consumer('GB'), { kind: 'export', rateBp: 0 }],
    [13_500, business('GB', 'GB980780684'), { kind: 'reverse-charge', rateBp: 0 }],
    [13_501, business('GB', 'GB980780684'), { kind: 'export', rateBp: 0 }],
    // a VAT number of another country is no UK business
    [13_500, business('GB', 'DE123456789'), { kind: 'standard', rateBp: 2000 }],
    // the limit is the UK's alone
    [99_999, consumer('DE'), { kind: 'standard', rateBp: 1900 }],
  ] as const)('£%i of goods to %o', (pence, customer, expected) => {
    expect(vatTreatment(customer, pence)).toEqual(expected);
  });

  it('sets the UK limit at £135', () => expect(ukConsignmentLimitPence).toBe(13_500));

  it.each([
    ['EL 094259216', 'GR'],
    ['de 123 456 789', 'DE'],
    ['CHE-116.281.710', 'CH'],
  ])('%s is registered in %s', (vatNumber, country) => expect(vatNumberCountry(vatNumber)).toBe(country));

  it.each([
    [{ destinationCountry: 'CH', taxCents: 0, reverseCharge: false }, true],
    [{ destinationCountry: 'US', taxCents: 0, reverseCharge: false }, true],
    [{ destinationCountry: 'GB', taxCents: 0, reverseCharge: false }, true], // over £135
    [{ destinationCountry: 'GB', taxCents: 1_566, reverseCharge: false }, false], // VAT charged at the sale
    [{ destinationCountry: 'GB', taxCents: 0, reverseCharge: true }, false],
    [{ destinationCountry: 'DE', taxCents: 0, reverseCharge: true }, false],
    [{ destinationCountry: 'NL', taxCents: 2_100, reverseCharge: false }, false],
  ])('import charges on arrival for %o: %s', (order, expected) => {
    expect(importChargesOnArrival(order)).toBe(expected);
  });
});
