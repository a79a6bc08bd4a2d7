/** The carriers staff can ship with, and where a shopper follows the parcel. */
export const carriers = {
  postnl: {
    name: 'PostNL',
    trackingUrl: (code: string, postcode: string, country: string) => `https://jouw.postnl.nl/track-and-trace/${code}-${country}-${postcode}`,
  },
  dhl: { name: 'DHL', trackingUrl: (code: string) => `https://www.dhl.com/global-en/home/tracking/tracking-parcel.html?submit=1&tracking-id=${code}` },
  dpd: { name: 'DPD', trackingUrl: (code: string) => `https://tracking.dpd.de/status/en_US/parcel/${code}` },
  ups: { name: 'UPS', trackingUrl: (code: string) => `https://www.ups.com/track?tracknum=${code}` },
  gls: { name: 'GLS', trackingUrl: (code: string) => `https://gls-group.com/track/${code}` },
  bpost: { name: 'bpost', trackingUrl: (code: string) => `https://track.bpost.cloud/btr/web/#/search?itemCode=${code}` },
} as const;

export type CarrierCode = keyof typeof carriers;
export const carrierCodes = Object.keys(carriers) as CarrierCode[];

/** Letters, digits and dashes, as carriers print them (spaces taken out, upper case). */
export const trackingNumberPattern = /^[A-Z0-9-]{4,40}$/;
export const normaliseTrackingNumber = (input: string) => input.replace(/\s+/g, '').toUpperCase();

/** The carrier's page for a parcel; every part is URL-encoded (the postcode without spaces: 3511AB). */
export function trackingLink(carrier: CarrierCode, trackingNumber: string, address: { zipCode?: string; countryCode?: string }): string {
  const postcode = (address.zipCode ?? '').replace(/\s+/g, '');
  return carriers[carrier].trackingUrl(encodeURIComponent(trackingNumber), encodeURIComponent(postcode), encodeURIComponent(address.countryCode ?? ''));
}
