import { useEffect, useRef } from 'react';
import { useLocation, useNavigation } from 'react-router';
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

/**
 * Records an ecommerce event when the page's form is accepted, from what was sent: its action
 * redirects to another page. A refused form (400) or a search within the form stays on its page
 * and records nothing. An action that redirects off the shop (a payment provider's page) leaves
 * the document instead of loading a route: that counts too.
 */
export function useEcommerceEventOnAccepted(name: EcommerceEvent['name'], params: (form: FormData) => EcommerceEvent['params'] | null): void {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const latest = useRef(params);
  latest.current = params;
  const recorded = useRef<FormData | null>(null);
  useEffect(() => {
    const form = navigation.formData;
    if (!form || recorded.current === form) return;
    const record = () => {
      if (recorded.current === form) return;
      recorded.current = form;
      const payload = latest.current(form);
      if (payload) trackEcommerce(name, payload);
    };
    if (navigation.state === 'loading' && navigation.location.pathname !== pathname) return record();
    if (navigation.state !== 'submitting') return;
    window.addEventListener('pagehide', record, { once: true });
    return () => window.removeEventListener('pagehide', record);
  }, [navigation, pathname, name]);
}
