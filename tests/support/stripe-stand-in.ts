/**
 * A local HTTP stand-in for the part of Stripe the shop uses: the Checkout Sessions API (create,
 * retrieve, expire), the hosted payment page (pay or cancel), the signed webhook that follows a
 * payment, and refunds of a paid session's PaymentIntent (never more than was paid; the same
 * idempotency key answers the first refund again). It keeps the API requests, so tests see
 * exactly what the shop sent.
 */
import { createServer, type Server } from 'node:http';
import Stripe from 'stripe';

export interface StripeStandIn {
  url: string;
  requests: { path: string; form: URLSearchParams; idempotencyKey: string | undefined }[];
  /** The next `times` API requests answer 500 (the SDK retries twice). */
  failNext(times: number): void;
  /** Marks a session paid without the hosted page (for orders paid in a test's setup). */
  completeSession(sessionId: string): void;
  /** The refunds made so far, in order. */
  refunds: StoredRefund[];
  close(): Promise<void>;
}

export interface StandInOptions {
  /** where "Pay" delivers the signed checkout.session.completed event */
  webhook?: { url: string; secret: string };
}

export interface StoredRefund {
  id: string;
  paymentIntent: string;
  amount: number;
  idempotencyKey: string | undefined;
}

interface StoredSession {
  id: string;
  successUrl: string;
  cancelUrl: string;
  orderNumber: string;
  amount: number;
  currency: string;
  status: 'open' | 'complete' | 'expired';
}

/** The session as Stripe's API and events describe it. */
const sessionObject = (session: StoredSession, url: string) => ({
  id: session.id,
  object: 'checkout.session',
  url: session.status === 'open' ? url : null,
  status: session.status,
  payment_status: session.status === 'complete' ? 'paid' : 'unpaid',
  payment_intent: session.status === 'complete' ? paymentIntentOf(session) : null,
  amount_total: session.amount,
  currency: session.currency,
  client_reference_id: session.orderNumber,
  metadata: { orderNumber: session.orderNumber },
});

const paymentIntentOf = (session: StoredSession) => session.id.replace('cs_test_', 'pi_test_');

const page = (session: StoredSession) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Stripe stand-in</title></head>
<body><main><h1>Pay order ${session.orderNumber}</h1>
<p><a href="/pay/${session.id}/complete">Pay now</a></p>
<p><a href="/pay/${session.id}/cancel">Cancel payment</a></p></main></body></html>`;

const refundObject = (refund: StoredRefund) => ({
  id: refund.id,
  object: 'refund',
  amount: refund.amount,
  payment_intent: refund.paymentIntent,
  status: 'succeeded',
});

export async function startStripeStandIn(options: StandInOptions = {}): Promise<StripeStandIn> {
  const requests: StripeStandIn['requests'] = [];
  const sessions = new Map<string, StoredSession>();
  const refunds: StoredRefund[] = [];
  let failures = 0;
  let base = '';
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', async () => {
      const path = request.url ?? '';
      const hosted = /^\/pay\/(cs_test_\d+)(?:\/(complete|cancel))?$/.exec(path);
      if (request.method === 'GET' && hosted) {
        const session = sessions.get(hosted[1]!);
        if (!session) return response.writeHead(404).end();
        if (session.status !== 'open') return response.writeHead(410, { 'content-type': 'text/plain' }).end(`This payment page is ${session.status}.`);
        if (!hosted[2]) return response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page(session));
        if (hosted[2] === 'cancel') return response.writeHead(303, { location: session.cancelUrl }).end();
        session.status = 'complete';
        if (options.webhook) {
          const payload = JSON.stringify({
            id: `evt_${session.id}`,
            object: 'event',
            type: 'checkout.session.completed',
            data: { object: sessionObject(session, '') },
          });
          const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: options.webhook.secret });
          await fetch(options.webhook.url, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, body: payload });
        }
        return response.writeHead(303, { location: session.successUrl }).end();
      }
      const form = new URLSearchParams(body);
      requests.push({ path, form, idempotencyKey: request.headers['idempotency-key'] as string | undefined });
      response.setHeader('content-type', 'application/json');
      if (failures > 0) {
        failures--;
        response.statusCode = 500;
        return response.end(JSON.stringify({ error: { type: 'api_error', message: 'stand-in failure' } }));
      }
      if (request.method === 'POST' && path === '/v1/checkout/sessions') {
        const session: StoredSession = {
          id: `cs_test_${sessions.size + 1}`,
          successUrl: form.get('success_url') ?? '',
          cancelUrl: form.get('cancel_url') ?? '',
          orderNumber: form.get('metadata[orderNumber]') ?? '',
          amount: Number(form.get('line_items[0][price_data][unit_amount]')),
          currency: form.get('line_items[0][price_data][currency]') ?? '',
          status: 'open',
        };
        sessions.set(session.id, session);
        return response.end(JSON.stringify(sessionObject(session, `${base}/pay/${session.id}`)));
      }
      if (request.method === 'POST' && path === '/v1/refunds') {
        const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
        const repeated = idempotencyKey ? refunds.find((refund) => refund.idempotencyKey === idempotencyKey) : undefined;
        if (repeated) return response.end(JSON.stringify(refundObject(repeated)));
        const paymentIntent = form.get('payment_intent') ?? '';
        const paid = [...sessions.values()].find((candidate) => candidate.status === 'complete' && paymentIntentOf(candidate) === paymentIntent);
        const alreadyRefunded = refunds.filter((refund) => refund.paymentIntent === paymentIntent).reduce((sum, refund) => sum + refund.amount, 0);
        const amount = Number(form.get('amount') ?? (paid ? paid.amount - alreadyRefunded : 0));
        if (!paid || !Number.isSafeInteger(amount) || amount <= 0 || amount > paid.amount - alreadyRefunded) {
          response.statusCode = 400;
          const message = paid
            ? `Refund amount (${amount}) is greater than unrefunded amount on charge (${paid.amount - alreadyRefunded})`
            : `No such payment_intent: '${paymentIntent}'`;
          return response.end(JSON.stringify({ error: { type: 'invalid_request_error', message } }));
        }
        const refund: StoredRefund = { id: `re_test_${refunds.length + 1}`, paymentIntent, amount, idempotencyKey };
        refunds.push(refund);
        return response.end(JSON.stringify(refundObject(refund)));
      }
      const api = /^\/v1\/checkout\/sessions\/(cs_test_\d+)(\/expire)?$/.exec(path);
      const session = api ? sessions.get(api[1]!) : undefined;
      if (session && request.method === 'GET' && !api![2]) return response.end(JSON.stringify(sessionObject(session, `${base}/pay/${session.id}`)));
      if (session && request.method === 'POST' && api![2]) {
        if (session.status !== 'open') {
          response.statusCode = 400;
          return response.end(
            JSON.stringify({ error: { type: 'invalid_request_error', message: `Only Checkout Sessions with a status in ["open"] can be expired.` } }),
          );
        }
        session.status = 'expired';
        return response.end(JSON.stringify(sessionObject(session, '')));
      }
      response.statusCode = 404;
      response.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'unknown path' } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    url: base,
    requests,
    failNext: (times) => (failures = times),
    refunds,
    completeSession(sessionId) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      session.status = 'complete';
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
