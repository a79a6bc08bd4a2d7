import { useEffect, useRef } from 'react';
import type { EcommerceEvent } from './ecommerce-events.ts';
import { trackEcommerce } from './tracking.ts';

/**
 * Records an ecommerce event once per `key` (a product, a listing page, an order): on mount and
 * when the key changes, not on every render. `params` null: nothing to record.
 */
export function useEcommerceEvent(name: EcommerceEvent['name'], key: string | null, params: () => EcommerceEvent['params'] | null): void {
  const latest = useRef(params);
  latest.current = params;
  useEffect(() => {
    if (key === null) return;
    const payload = latest.current();
    if (payload) trackEcommerce(name, payload);
  }, [name, key]);
}
