import { data } from 'react-router';
import { isDatabaseUnavailable, isRefusedValue } from './errors.ts';

/** How soon a visitor may try again when the database is unavailable. */
export const unavailableRetryAfter = '30';

/**
 * Runs a loader's or action's database work; when the database cannot be reached the page
 * answers 503 Service Unavailable (with Retry-After) instead of a generic 500, and a value the
 * database refuses to store (a NUL character, an id beyond the column's range) is a 400.
 */
export async function orUnavailable<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isDatabaseUnavailable(error)) throw data(null, { status: 503, headers: { 'Retry-After': unavailableRetryAfter } });
    if (isRefusedValue(error)) throw data(null, { status: 400 });
    throw error;
  }
}
