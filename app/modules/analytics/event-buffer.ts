/**
 * The browser's ecommerce event buffer (issue 17, spec §4): events wait in local storage until the
 * sender is loaded, which happens only with analytics consent; it looks every second and sends
 * what waits, then clears the buffer. Refused consent: nothing is kept.
 */
import type { EcommerceEvent } from './ecommerce-events.ts';

export const analyticsBufferKey = 'cordial:analytics-events';
/** Spec §9: the analytics buffer retry. */
export const analyticsFlushIntervalMs = 1000;
/** A visitor who never answers the banner does not fill their storage. */
export const analyticsBufferLimit = 100;

export type AnalyticsMode = 'buffer' | 'send' | 'off';

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function readBuffer(storage: Store): EcommerceEvent[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(analyticsBufferKey) ?? '[]');
    return Array.isArray(parsed) ? (parsed as EcommerceEvent[]) : [];
  } catch {
    return [];
  }
}

/** Adds an event (the oldest go first past the limit); nothing when analytics is refused. */
export function bufferEvent(storage: Store, event: EcommerceEvent, mode: AnalyticsMode): void {
  if (mode === 'off') return;
  const events = [...readBuffer(storage), event].slice(-analyticsBufferLimit);
  try {
    storage.setItem(analyticsBufferKey, JSON.stringify(events));
  } catch {
    // Storage full or blocked: the event is lost, the page goes on.
  }
}

/** Takes up to `batch` waiting events out of the buffer, oldest first. */
export function takeBuffered(storage: Store, batch = 50): EcommerceEvent[] {
  const events = readBuffer(storage);
  const taken = events.slice(0, batch);
  const rest = events.slice(batch);
  if (rest.length > 0) storage.setItem(analyticsBufferKey, JSON.stringify(rest));
  else storage.removeItem(analyticsBufferKey);
  return taken;
}

export function clearBuffer(storage: Store): void {
  storage.removeItem(analyticsBufferKey);
}
