import { data } from 'react-router';
import { isDatabaseUnavailable } from './errors.ts';

/**
 * Runs a loader's database work; when the database cannot be reached the page answers
 * 503 Service Unavailable (with Retry-After) instead of a generic 500.
 */
export async function orUnavailable<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isDatabaseUnavailable(error)) throw data(null, { status: 503, headers: { 'Retry-After': '30' } });
    throw error;
  }
}
