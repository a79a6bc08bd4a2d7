/**
 * The analytics sender (issue 17), loaded only with analytics consent: every second it sends what
 * waits in the buffer to POST /api/events, and it sends the page's web vitals with sendBeacon to
 * POST /api/vitals. Failures are only logged (spec §8).
 */
import { analyticsFlushIntervalMs, takeBuffered } from './event-buffer.ts';

const csrfToken = () => document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? '';

export function startSending(storefront: string): () => void {
  const flush = async () => {
    const events = takeBuffered(localStorage);
    if (events.length === 0) return;
    try {
      const response = await fetch('/api/events', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': csrfToken() },
        body: JSON.stringify({ storefront, events }),
        keepalive: true,
      });
      if (!response.ok) console.warn(`analytics events not accepted (${response.status})`);
    } catch (error) {
      console.warn('analytics events could not be sent', error);
    }
  };
  void flush();
  const timer = setInterval(() => void flush(), analyticsFlushIntervalMs);
  return () => clearInterval(timer);
}

/** Web vitals of this page view, sent once when the page is hidden (sendBeacon survives unloading). */
export async function reportWebVitals(storefront: string, pageType: string): Promise<void> {
  const { onCLS, onFCP, onINP, onLCP, onTTFB } = await import('web-vitals');
  const metrics = new Map<string, number>();
  const remember = ({ name, value }: { name: string; value: number }) => metrics.set(name, value);
  for (const on of [onCLS, onFCP, onINP, onLCP, onTTFB]) on(remember);
  addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'hidden' || metrics.size === 0) return;
    const body = new URLSearchParams({
      _csrf: csrfToken(),
      payload: JSON.stringify({ storefront, pageType, metrics: [...metrics].map(([name, value]) => ({ name, value })) }),
    });
    metrics.clear();
    if (!navigator.sendBeacon('/api/vitals', body)) console.warn('web vitals could not be queued');
  });
}
