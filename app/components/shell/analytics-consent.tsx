import { useEffect, useLayoutEffect } from 'react';
import { useMatches } from 'react-router';
import { pageTypeOf } from '#app/modules/analytics/page-type.ts';
import { setAnalyticsMode } from '#app/modules/analytics/tracking.ts';
import type { ConsentState } from '#app/modules/privacy/consent.ts';

/**
 * First-party analytics by the visitor's cookie choice (issue 17): before they choose, events wait
 * in the buffer; with analytics consent the sender (events every second, web vitals) is loaded;
 * refused, nothing is kept or sent.
 */
export function AnalyticsConsent({ consent, prefix }: { consent: ConsentState | null; prefix: string }) {
  const matches = useMatches();
  const page = matches[matches.length - 1];
  const pageType = pageTypeOf(page?.id, page?.loaderData);
  const granted = consent?.analytics === true;
  // Layout effect: set before the page's own effects record their events (children's effects run first).
  useLayoutEffect(() => {
    setAnalyticsMode(consent === null ? 'buffer' : granted ? 'send' : 'off', pageType);
  }, [consent, granted, pageType]);
  useEffect(() => {
    if (!granted) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    void import('#app/modules/analytics/analytics-sender.ts').then((sender) => {
      if (cancelled) return;
      stop = sender.startSending(prefix);
      void sender.reportWebVitals(prefix, pageType);
    });
    return () => {
      cancelled = true;
      stop?.();
    };
    // The sender starts once per page load and store; page type changes do not restart it.
  }, [granted, prefix]);
  return null;
}
