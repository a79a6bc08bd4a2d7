import Holidays from 'date-holidays';
import { shopTimeZone } from '#app/modules/i18n/locales.ts';
import { type ShippingMethod, type ShippingZone, shippingZoneOf } from '#app/modules/pricing/shipping.ts';
import { shopCountry } from '#app/modules/pricing/vat.ts';

/** Orders placed before 15:00 in Amsterdam on a working day leave the warehouse the same day. */
const cutOffHour = 15;
/** Working days on the road after dispatch, per zone. */
const transitDays: Record<ShippingZone, number> = { domestic: 1, neighbours: 2, eu: 4, europe: 4, world: 6 };

/** Public holidays per country; null for a country date-holidays does not know. */
const calendars = new Map<string, Holidays | null>();
function calendar(countryCode: string): Holidays | null {
  if (!calendars.has(countryCode)) {
    const known = countryCode in new Holidays().getCountries();
    calendars.set(countryCode, known ? new Holidays(countryCode) : null);
  }
  return calendars.get(countryCode)!;
}

/** A calendar day as a Date at 12:00 UTC, which lies inside that day in every European zone. */
const dayOf = (year: number, month: number, day: number) => new Date(Date.UTC(year, month - 1, day, 12));
const nextDay = (date: Date) => new Date(date.getTime() + 86_400_000);

function isWorkingDay(date: Date, holidays: Holidays): boolean {
  const weekday = date.getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  const holiday = holidays.isHoliday(date);
  return !(holiday && holiday.some((entry) => entry.type === 'public'));
}

function addWorkingDays(from: Date, days: number, holidays: Holidays): Date {
  let date = from;
  for (let left = days; left > 0;) {
    date = nextDay(date);
    if (isWorkingDay(date, holidays)) left--;
  }
  return date;
}

/**
 * The expected delivery (or pickup) day as YYYY-MM-DD, counting working days, the cut-off time
 * and public holidays of the Netherlands (dispatch) and of the destination (delivery). Null when
 * it cannot be computed: the page then says "Delivery date unknown".
 */
export function expectedDeliveryDate(method: ShippingMethod, countryCode: string, now: Date = new Date()): string | null {
  const dispatchCalendar = calendar(shopCountry);
  const destinationCalendar = method === 'warehouse_pickup' ? dispatchCalendar : calendar(countryCode);
  if (!dispatchCalendar || !destinationCalendar) return null;
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone: shopTimeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', hourCycle: 'h23' })
      .formatToParts(now)
      .map((part) => [part.type, part.value]),
  );
  const today = dayOf(Number(parts.year), Number(parts.month), Number(parts.day));
  // Dispatch today when it is a working day before the cut-off, else on the next working day.
  const dispatch = isWorkingDay(today, dispatchCalendar) && Number(parts.hour) < cutOffHour ? today : addWorkingDays(today, 1, dispatchCalendar);
  // Pickup at the warehouse: ready on the next working day (spec §9).
  const arrival =
    method === 'warehouse_pickup'
      ? addWorkingDays(today, 1, dispatchCalendar)
      : addWorkingDays(dispatch, transitDays[shippingZoneOf(countryCode)], destinationCalendar);
  return arrival.toISOString().slice(0, 10);
}
