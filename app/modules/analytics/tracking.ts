/**
 * What pages call to record an ecommerce event (issue 17): small and synchronous, it only writes
 * to the buffer; the sender (analytics-sender.ts) is loaded with analytics consent only.
 */
import type { EcommerceEvent } from './ecommerce-events.ts';
import { type AnalyticsMode, bufferEvent, clearBuffer } from './event-buffer.ts';

let mode: AnalyticsMode = 'buffer';
let pageType = 'other';

/** Set by the shell from the visitor's cookie choice: none yet (buffer), analytics (send), refused (off). */
export function setAnalyticsMode(next: AnalyticsMode, currentPageType: string): void {
  mode = next;
  pageType = currentPageType;
  if (next === 'off') clearBuffer(localStorage);
}

export function trackEcommerce(name: EcommerceEvent['name'], params: EcommerceEvent['params']): void {
  if (typeof window === 'undefined') return;
  bufferEvent(localStorage, { name, params, pageType }, mode);
}
