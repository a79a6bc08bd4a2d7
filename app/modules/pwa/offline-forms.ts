/**
 * Offline, an add to cart goes to the service worker's queue and any other form stays as typed
 * with a notice (issue 17). Part of the shell every page starts with, not of the lazily loaded
 * worker code: a shopper on a slow phone may tap "Add to cart" before that code has arrived.
 */
import { appStatus } from './app-status.ts';
import { queueWhenOfflineHeader } from './offline-rules.ts';

const queuedIntents = new Set(['add-to-cart', 'sample']);

export function holdFormOffline(event: Event): void {
  if (navigator.onLine || event.defaultPrevented || !(event instanceof SubmitEvent)) return;
  const form = event.target;
  if (!(form instanceof HTMLFormElement) || form.method === 'dialog') return;
  event.preventDefault();
  event.stopPropagation();
  const submitter = event.submitter as HTMLButtonElement | null;
  if (!navigator.serviceWorker?.controller || !queuedIntents.has(submitter?.value ?? '')) {
    appStatus.update({ formNeedsConnection: true });
    return;
  }
  const body = new URLSearchParams();
  for (const [name, value] of new FormData(form, submitter)) if (typeof value === 'string') body.append(name, value);
  appStatus.update((current) => ({ queuedAdditions: current.queuedAdditions + 1 }));
  fetch(form.action, { method: 'POST', body, headers: { [queueWhenOfflineHeader]: '1' }, redirect: 'manual' }).then(
    // The connection was back after all: it reached the cart.
    () => appStatus.update((current) => ({ queuedAdditions: current.queuedAdditions - 1, sentAdditions: current.sentAdditions + 1 })),
    // Queued by the worker (it rejects after storing the request).
    () => undefined,
  );
}
