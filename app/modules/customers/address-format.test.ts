import { describe, expect, it } from 'vitest';
import { addressFormatOf, localityFieldOrder, postalLines } from './address-format.ts';

describe('address formats per destination', () => {
  it.each([
    // country, house number, locality fields in form order
    ['GB', 'in-street', ['city', 'zipCode']],
    ['IE', 'in-street', ['city', 'zipCode']],
    ['US', 'in-street', ['city', 'state', 'zipCode']],
    ['CA', 'in-street', ['city', 'state', 'zipCode']],
    ['AU', 'in-street', ['city', 'state', 'zipCode']],
    ['DE', 'separate', ['zipCode', 'city']],
    ['NL', 'separate', ['zipCode', 'city']],
    ['BE', 'separate', ['zipCode', 'city']],
    ['IT', 'separate', ['zipCode', 'city']],
    ['ES', 'separate', ['zipCode', 'city']],
    ['PL', 'separate', ['zipCode', 'city']],
    ['DK', 'separate', ['zipCode', 'city']],
    ['SE', 'separate', ['zipCode', 'city']],
    ['FR', 'in-street', ['zipCode', 'city']],
  ] as const)('%s: house number %s, then %j', (country, houseNumber, order) => {
    const format = addressFormatOf(country);
    expect(format.houseNumber).toBe(houseNumber);
    expect(localityFieldOrder(format)).toEqual(order);
  });

  it('asks no state where the post does not use one, and calls the US postcode a ZIP code', () => {
    expect(addressFormatOf('GB').state).toBe('none');
    expect(addressFormatOf('DE').state).toBe('none');
    expect(addressFormatOf('US')).toMatchObject({ state: 'required', postcodeWord: 'zip' });
    expect(addressFormatOf('GB').postcodeWord).toBe('postcode');
  });

  it('falls back to the continental format for an unknown or missing country', () => {
    expect(addressFormatOf('XX')).toEqual(addressFormatOf('AT'));
    expect(addressFormatOf(undefined).postcodeFirst).toBe(true);
  });

  it('prints an address the way the destination writes it', () => {
    const person = { firstName: 'Eva', lastName: 'Visser' };
    expect(postalLines({ ...person, street: 'Oudegracht', houseNumber: '10', zipCode: '3511 AB', city: 'Utrecht', countryCode: 'NL' })).toEqual([
      'Eva Visser',
      'Oudegracht 10',
      '3511 AB Utrecht',
    ]);
    expect(postalLines({ ...person, street: '10 Downing Street', houseNumber: '', zipCode: 'SW1A 2AA', city: 'London', countryCode: 'GB' })).toEqual([
      'Eva Visser',
      '10 Downing Street',
      'London',
      'SW1A 2AA',
    ]);
    // An address saved before the formats, with the number in its own field, still reads right.
    expect(postalLines({ ...person, street: 'Baker Street', houseNumber: '221B', zipCode: 'NW1 6XE', city: 'London', countryCode: 'GB' })[1]).toBe(
      '221B Baker Street',
    );
    expect(
      postalLines({
        ...person,
        companyName: 'Acme',
        street: '1 Main St',
        houseNumber: '',
        zipCode: '62704',
        city: 'Springfield',
        state: 'IL',
        countryCode: 'US',
      }),
    ).toEqual(['Acme', 'Eva Visser', '1 Main St', 'Springfield, IL 62704']);
    // A state typed for a country without states is not printed.
    expect(postalLines({ ...person, street: 'Seilweg', houseNumber: '7', zipCode: '10115', city: 'Berlin', state: 'BE', countryCode: 'DE' })).toEqual([
      'Eva Visser',
      'Seilweg 7',
      '10115 Berlin',
    ]);
  });
});
