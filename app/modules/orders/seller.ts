/** The warehouse, also where shoppers collect "pickup at our warehouse" orders (so they are taxed in NL). */
export const warehouse = { street: 'Touwslagersweg', houseNumber: '8', zipCode: '3011 AB', city: 'Rotterdam', countryCode: 'NL' } as const;

/**
 * The company that sells and invoices: printed on every invoice. These are the demo company's
 * details; a shop going live puts its own registered details here.
 */
export const seller = {
  legalNameSuffix: 'B.V.',
  street: `${warehouse.street} ${warehouse.houseNumber}`,
  postalCity: `${warehouse.zipCode} ${warehouse.city}`,
  countryCode: warehouse.countryCode,
  vatNumber: 'NL004495445B01',
  registration: 'KvK 81234567',
  email: 'service@cordial.example',
} as const;
