import { data } from 'react-router';
import type { Route } from './+types/payment-webhook';
import { servicesContext } from '#app/context.ts';
import { orUnavailable } from '#app/db/with-database.server.ts';
import { handlePaymentWebhook } from '#app/modules/checkout/online-payment.server.ts';
import { methodNotAllowed } from '#app/lib/http/method-not-allowed.ts';

/** POST /api/payments/stripe: signed by Stripe (no CSRF token; the signature is the proof). */
export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const outcome = await orUnavailable(async () => handlePaymentWebhook(services, await request.text(), request.headers.get('stripe-signature') ?? ''));
  return data(outcome.status === 200 ? { received: true, handled: outcome.handled } : { error: outcome.error }, { status: outcome.status });
}

/** Stripe only posts here; a browser or a probe that GETs it learns which method is taken. */
export function loader() {
  return methodNotAllowed('POST');
}
