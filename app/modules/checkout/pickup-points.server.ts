import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '#app/db/client.server.ts';
import { pickupPoints } from '#app/db/schema.ts';

export type PickupPoint = typeof pickupPoints.$inferSelect;

/** Countries with pickup points, and how far (in postcode numbers) "in your neighbourhood" reaches. */
const searchRange: Record<string, number> = { NL: 40, BE: 40, DE: 400 };
export const pickupCountries = Object.keys(searchRange);

/** The numeric part of a postcode ("3511 AB" → 3511, "10115" → 10115), or null. */
export function zipNumberOf(zipCode: string): number | null {
  const digits = /\d{4,5}/.exec(zipCode.replace(/\s/g, ''))?.[0];
  return digits ? Number(digits) : null;
}

/**
 * Pickup points near a postcode: in the same country, the closest postcodes first. Postcodes in
 * these countries run by region, so a small numeric distance means a nearby place; an empty list
 * gives "We couldn't locate any pickup points in your neighborhood".
 */
export async function findPickupPoints(db: Database, countryCode: string, zipCode: string, limit = 5): Promise<PickupPoint[]> {
  const range = searchRange[countryCode];
  const zip = zipNumberOf(zipCode);
  if (range === undefined || zip === null) return [];
  return db
    .select()
    .from(pickupPoints)
    .where(and(eq(pickupPoints.countryCode, countryCode), eq(pickupPoints.isActive, true), sql`abs(${pickupPoints.zipNumber} - ${zip}) <= ${range}`))
    .orderBy(sql`abs(${pickupPoints.zipNumber} - ${zip})`, asc(pickupPoints.id))
    .limit(limit);
}

export async function getPickupPoint(db: Database, id: number): Promise<PickupPoint | null> {
  const [point] = await db
    .select()
    .from(pickupPoints)
    .where(and(eq(pickupPoints.id, id), eq(pickupPoints.isActive, true)));
  return point ?? null;
}
