import { deliveryCountryByCode } from './countries.ts';

/**
 * How a country writes an address, so the form asks in the local order and a label prints the way
 * the local post expects it (UPU address formats, simplified to what a delivery form needs).
 */
export interface AddressFormat {
  /**
   * 'separate': street and house number are two fields, the number after the street
   * ("Oudegracht 10", DE/NL/…); 'in-street': one first line holding the number where it is local
   * usage ("10 Downing Street", "221B Baker Street", "10 rue de Rivoli").
   */
  houseNumber: 'separate' | 'in-street';
  /** "3511 AB Utrecht" (true) or "London SW1A 2AA" / "Springfield, IL 62704" (false). */
  postcodeFirst: boolean;
  /** whether the address has a state or province line: required where the post needs it, else not asked. */
  state: 'required' | 'none';
  /** the word for the postcode: 'zip' in the United States, 'postcode' elsewhere */
  postcodeWord: 'zip' | 'postcode';
}

/** Continental Europe: postcode before the city, the house number after the street. */
const continental: AddressFormat = { houseNumber: 'separate', postcodeFirst: true, state: 'none', postcodeWord: 'postcode' };
/** English-speaking countries: the number inside the first line, the city before the postcode. */
const english: AddressFormat = { houseNumber: 'in-street', postcodeFirst: false, state: 'none', postcodeWord: 'postcode' };

const formats: Record<string, AddressFormat> = {
  GB: english,
  IE: english,
  NZ: english,
  HK: english,
  JP: english,
  MT: english,
  CY: english,
  US: { ...english, state: 'required', postcodeWord: 'zip' },
  CA: { ...english, state: 'required' },
  AU: { ...english, state: 'required' },
  // France and Luxembourg write the number before the street ("10 rue de Rivoli"), postcode first.
  FR: { ...continental, houseNumber: 'in-street' },
  LU: { ...continental, houseNumber: 'in-street' },
};

/** The format of a country's addresses; continental European for any country not listed. */
export function addressFormatOf(countryCode: string | null | undefined): AddressFormat {
  const format = formats[countryCode ?? ''] ?? continental;
  // The delivery country list is the source of truth for which countries need a state.
  const country = countryCode ? deliveryCountryByCode(countryCode) : undefined;
  return country?.stateRequired && format.state === 'none' ? { ...format, state: 'required' } : format;
}

/** The form fields of the locality part in the order the country writes them. */
export function localityFieldOrder(format: AddressFormat): ('zipCode' | 'city' | 'state')[] {
  if (format.postcodeFirst) return format.state === 'none' ? ['zipCode', 'city'] : ['zipCode', 'city', 'state'];
  return format.state === 'none' ? ['city', 'zipCode'] : ['city', 'state', 'zipCode'];
}

export interface PostalAddress {
  companyName?: string | null;
  firstName: string;
  lastName: string;
  street: string;
  houseNumber?: string | null;
  zipCode: string;
  city: string;
  state?: string | null;
  countryCode: string;
}

/**
 * The lines of an address as the destination's post reads them, without the country (the caller
 * adds it in the reader's language): "Oudegracht 10 / 3511 AB Utrecht", "10 Downing Street /
 * London / SW1A 2AA", "1 Main St / Springfield, IL 62704".
 */
export function postalLines(address: PostalAddress): string[] {
  const format = addressFormatOf(address.countryCode);
  const number = address.houseNumber?.trim() ?? '';
  const name = `${address.firstName} ${address.lastName}`.trim();
  const street = format.houseNumber === 'separate' || !number ? [address.street, number].filter(Boolean).join(' ') : `${number} ${address.street}`;
  const state = format.state !== 'none' && address.state ? address.state : '';
  let locality: string[];
  if (format.postcodeFirst) locality = [[address.zipCode, address.city].filter(Boolean).join(' ') + (state ? `, ${state}` : '')];
  else if (address.countryCode === 'GB' || address.countryCode === 'IE') locality = [address.city, address.zipCode].filter(Boolean);
  else locality = [[address.city, [state, address.zipCode].filter(Boolean).join(' ')].filter(Boolean).join(', ')];
  return [address.companyName ?? '', name, street, ...locality].filter((line) => line.trim() !== '');
}
