import Holidays from 'date-holidays';
import { shopTimeZone } from '#app/modules/i18n/locales.ts';
import { seller, warehouse } from '#app/modules/orders/seller.ts';

/** Days of the week as in Date#getUTCDay (0 = Sunday). */
type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;

export interface PhysicalStore {
  code: string;
  /** the showroom sits at the warehouse, where online orders are collected too */
  kind: 'showroom' | 'store';
  name: string;
  street: string;
  zipCode: string;
  city: string;
  countryCode: string;
  phone: string;
  email: string;
  latitude: number;
  longitude: number;
  /** opening hours per weekday as 'HH:MM' pairs; a missing day is closed */
  hours: Partial<Record<Weekday, readonly [string, string]>>;
}

/**
 * The shop's physical locations. The showroom is at the warehouse (seller.ts); the Utrecht store
 * is a second demo location. A shop going live lists its own here.
 */
export const physicalStores: readonly PhysicalStore[] = [
  {
    code: 'rotterdam-showroom',
    kind: 'showroom',
    name: 'Showroom Rotterdam',
    street: `${warehouse.street} ${warehouse.houseNumber}`,
    zipCode: warehouse.zipCode,
    city: warehouse.city,
    countryCode: warehouse.countryCode,
    phone: '+31 10 808 4455',
    email: seller.email,
    latitude: 51.9167,
    longitude: 4.4861,
    hours: { 1: ['09:00', '17:00'], 2: ['09:00', '17:00'], 3: ['09:00', '17:00'], 4: ['09:00', '17:00'], 5: ['09:00', '17:00'], 6: ['10:00', '16:00'] },
  },
  {
    code: 'utrecht-store',
    kind: 'store',
    name: 'Store Utrecht',
    street: 'Oudegracht 112',
    zipCode: '3511 AW',
    city: 'Utrecht',
    countryCode: 'NL',
    phone: '+31 30 808 4456',
    email: seller.email,
    latitude: 52.0894,
    longitude: 5.1196,
    hours: { 2: ['10:00', '18:00'], 3: ['10:00', '18:00'], 4: ['10:00', '18:00'], 5: ['10:00', '20:00'], 6: ['10:00', '17:00'] },
  },
];

/** Customer service (spec §9): written channels 08:30–16:30 CET, phone 09:00–16:00, on working days. */
export const supportContacts = {
  email: seller.email,
  phone: '+31 10 808 4450',
  whatsapp: '+31 6 1234 5678',
  writtenHours: ['08:30', '16:30'] as const,
  phoneHours: ['09:00', '16:00'] as const,
  timeZone: shopTimeZone,
};

/** The wa.me link of a phone number (digits only, country code first). */
export const whatsappLink = (phone: string) => `https://wa.me/${phone.replace(/\D/g, '')}`;

export interface StoreClosure {
  /** YYYY-MM-DD */
  date: string;
  /** the holiday's name in the visitor's language where date-holidays has it */
  name: string;
}

/**
 * The public holidays of the store's country in the coming `days` on which it would otherwise be
 * open: it is closed then. Names come from date-holidays in the given language.
 */
export function upcomingClosures(store: PhysicalStore, language: string, from: Date = new Date(), days = 120): StoreClosure[] {
  const holidays = new Holidays(store.countryCode, { languages: [language, 'en'], types: ['public'] });
  const until = from.getTime() + days * 86_400_000;
  const closures: StoreClosure[] = [];
  for (const year of new Set([from.getUTCFullYear(), new Date(until).getUTCFullYear()])) {
    for (const holiday of holidays.getHolidays(year, language)) {
      if (holiday.type !== 'public') continue;
      const date = holiday.date.slice(0, 10);
      const day = new Date(`${date}T12:00:00Z`);
      if (day.getTime() < from.getTime() - 86_400_000 || day.getTime() > until) continue;
      if (!store.hours[day.getUTCDay() as Weekday]) continue;
      if (!closures.some((closure) => closure.date === date)) closures.push({ date, name: holiday.name });
    }
  }
  return closures.sort((a, b) => a.date.localeCompare(b.date));
}

/** The weekly hours in Monday-first order, for tables and JSON-LD. */
export function weeklyHours(store: PhysicalStore): { weekday: Weekday; opens: string; closes: string }[] {
  const order: Weekday[] = [1, 2, 3, 4, 5, 6, 0];
  return order.flatMap((weekday) => {
    const hours = store.hours[weekday];
    return hours ? [{ weekday, opens: hours[0], closes: hours[1] }] : [];
  });
}

const schemaDays = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** schema.org LocalBusiness of a store, with its opening hours and the closed public holidays. */
export function localBusinessJsonLd(store: PhysicalStore, shopName: string, siteUrl: string, closures: readonly StoreClosure[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Store',
    '@id': `${siteUrl}/#${store.code}`,
    name: `${shopName} ${store.name}`,
    url: siteUrl,
    telephone: store.phone,
    email: store.email,
    address: {
      '@type': 'PostalAddress',
      streetAddress: store.street,
      postalCode: store.zipCode,
      addressLocality: store.city,
      addressCountry: store.countryCode,
    },
    geo: { '@type': 'GeoCoordinates', latitude: store.latitude, longitude: store.longitude },
    openingHoursSpecification: [
      ...weeklyHours(store).map(({ weekday, opens, closes }) => ({ '@type': 'OpeningHoursSpecification', dayOfWeek: schemaDays[weekday], opens, closes })),
      // A day with opens = closes = 00:00 is schema.org's way of saying closed.
      ...closures.map(({ date }) => ({ '@type': 'OpeningHoursSpecification', validFrom: date, validThrough: date, opens: '00:00', closes: '00:00' })),
    ],
  };
}
