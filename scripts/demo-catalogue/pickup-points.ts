/** Demo pickup points in the Netherlands, Belgium and Germany: real towns, invented shops. */
import type { Database } from '#app/db/client.server.ts';
import { pickupPoints } from '#app/db/schema.ts';
import { zipNumberOf } from '#app/modules/checkout/pickup-points.server.ts';

const places: [country: string, zipCode: string, city: string][] = [
  ['NL', '1012 JS', 'Amsterdam'],
  ['NL', '1053 BK', 'Amsterdam'],
  ['NL', '1094 AB', 'Amsterdam'],
  ['NL', '2011 LT', 'Haarlem'],
  ['NL', '2312 BJ', 'Leiden'],
  ['NL', '2511 CV', 'Den Haag'],
  ['NL', '3011 AD', 'Rotterdam'],
  ['NL', '3035 GA', 'Rotterdam'],
  ['NL', '3511 AB', 'Utrecht'],
  ['NL', '3521 CS', 'Utrecht'],
  ['NL', '3811 HN', 'Amersfoort'],
  ['NL', '5038 CB', 'Tilburg'],
  ['NL', '5211 JS', '’s-Hertogenbosch'],
  ['NL', '5611 EM', 'Eindhoven'],
  ['NL', '6211 CK', 'Maastricht'],
  ['NL', '6511 LT', 'Nijmegen'],
  ['NL', '6811 CG', 'Arnhem'],
  ['NL', '7511 JE', 'Enschede'],
  ['NL', '8011 CW', 'Zwolle'],
  ['NL', '9711 LM', 'Groningen'],
  ['BE', '1000', 'Bruxelles'],
  ['BE', '2000', 'Antwerpen'],
  ['BE', '3000', 'Leuven'],
  ['BE', '4000', 'Liège'],
  ['BE', '9000', 'Gent'],
  ['DE', '10115', 'Berlin'],
  ['DE', '20095', 'Hamburg'],
  ['DE', '40213', 'Düsseldorf'],
  ['DE', '50667', 'Köln'],
  ['DE', '60311', 'Frankfurt am Main'],
  ['DE', '70173', 'Stuttgart'],
  ['DE', '80331', 'München'],
  ['DE', '90402', 'Nürnberg'],
];
const shops = ['Tabak & Post', 'Buurtwinkel', 'Parcel Locker', 'Boekhandel', 'Kiosk'];
const streets = ['Marktstraat', 'Stationsweg', 'Kerkplein', 'Hoofdstraat', 'Lindenlaan'];

export async function loadDemoPickupPoints(db: Database): Promise<void> {
  await db.insert(pickupPoints).values(
    places.map(([countryCode, zipCode, city], index) => ({
      carrier: index % 2 === 0 ? 'PostNL' : 'DHL',
      name: `${shops[index % shops.length]} ${city}`,
      street: streets[index % streets.length]!,
      houseNumber: String(3 + ((index * 7) % 90)),
      zipCode,
      city,
      countryCode,
      zipNumber: zipNumberOf(zipCode)!,
      openingHours: 'Mon–Fri 09:00–18:00, Sat 10:00–17:00',
    })),
  );
}
