/**
 * The company that sells and invoices: printed on every invoice. These are the demo company's
 * details; a shop going live puts its own registered details here.
 */
export const seller = {
  legalNameSuffix: 'B.V.',
  street: 'Touwslagersweg 8',
  postalCity: '3011 AB Rotterdam',
  countryCode: 'NL',
  vatNumber: 'NL004495445B01',
  registration: 'KvK 81234567',
  iban: 'NL91 ABNA 0417 1643 00',
  email: 'service@cordial.example',
} as const;
