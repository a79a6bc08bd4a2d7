/**
 * Order operations from the command line, with the same module functions as the back office:
 *   npm run orders -- list [--status paid] [--store nl-NL] [--q anna]   the newest 25 matching orders
 *   npm run orders -- export [filters] > orders.csv                      every matching order as CSV
 *   npm run orders -- status NL100003 paid                              (also processing, completed, cancelled)
 *   npm run orders -- ship NL100003 postnl 3SABCD1234567                 queues the shipped mail
 *   npm run orders -- refund NL100003 [amount-in-cents]                  everything left, or an amount
 *   npm run orders -- note NL100003 "Called the customer"
 *   npm run orders -- resend NL100003 confirmation|invoice
 *   npm run orders -- expire-unpaid                                    reminders and cancellations of unpaid bank transfers now
 * Uses DATABASE_URL, or the embedded database in DATA_DIR (stop the shop first: only one process
 * can open an embedded database). Mails wait in the outbox until the shop runs; Stripe refunds
 * need STRIPE_SECRET_KEY.
 */
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '#app/db/client.server.ts';
import { createLogger } from '#app/lib/observability/logger.server.ts';
import { carrierCodes, type CarrierCode } from '#app/modules/orders/carriers.ts';
import { addOrderNote } from '#app/modules/orders/order-notes.server.ts';
import { parseOrderFilters } from '#app/modules/orders/order-filters.ts';
import { ordersCsv, searchOrders } from '#app/modules/orders/order-search.server.ts';
import { applyOrderChange, type OrderChange, type OrderChangeResult } from '#app/modules/orders/order-status.server.ts';
import { resendOrderMail } from '#app/modules/orders/resend-order-mail.server.ts';
import { runUnpaidOrderRules } from '#app/modules/orders/unpaid-orders.server.ts';
import { loadConfig } from '../server/env.server.ts';
import { createStripeGateway } from '#app/modules/payments/stripe-gateway.server.ts';

const usage = `usage: npm run orders -- list|export [--status S] [--store nl-NL] [--payment M] [--from YYYY-MM-DD] [--to YYYY-MM-DD] [--q TEXT]
       npm run orders -- status ORDER paid|processing|completed|cancelled
       npm run orders -- ship ORDER (${carrierCodes.join('|')}) TRACKING_NUMBER
       npm run orders -- refund ORDER [AMOUNT_IN_MINOR_UNITS]
       npm run orders -- note ORDER TEXT
       npm run orders -- resend ORDER confirmation|invoice
       npm run orders -- expire-unpaid`;

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    status: { type: 'string' },
    store: { type: 'string' },
    payment: { type: 'string' },
    from: { type: 'string' },
    to: { type: 'string' },
    q: { type: 'string' },
  },
});
const [command, orderNumber = '', ...rest] = positionals;

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

/** The change a command asks for, checked before the database is opened. */
function requestedChange(): OrderChange | null {
  if (command === 'status') {
    const status = rest[0];
    if (status === 'paid' || status === 'processing' || status === 'completed' || status === 'cancelled') return { kind: status };
    fail(usage);
  }
  if (command === 'ship') {
    const [carrier, trackingNumber] = rest;
    if (!carrierCodes.includes(carrier as CarrierCode) || !trackingNumber) fail(usage);
    return { kind: 'shipped', carrier: carrier as CarrierCode, trackingNumber };
  }
  if (command === 'refund') {
    if (rest[0] === undefined) return { kind: 'refund', request: { mode: 'full' } };
    const amountCents = Number(rest[0]);
    if (!Number.isSafeInteger(amountCents) || amountCents <= 0) fail(usage);
    return { kind: 'refund', request: { mode: 'amount', amountCents } };
  }
  return null;
}

const errors: Record<Exclude<OrderChangeResult, { ok: true }>['error'], string> = {
  'not-found': 'No such order.',
  'not-allowed': 'The order cannot take this change from its current status.',
  'version-conflict': 'The order changed meanwhile; try again.',
  'invalid-shipment': 'Unknown carrier or tracking number.',
  'refund-too-large': 'That is more than is left to refund.',
  'nothing-to-refund': 'There is nothing to refund.',
  'invalid-lines': 'Those lines are not on the order.',
  'payment-provider-failed': 'Stripe did not take the refund (is STRIPE_SECRET_KEY set?); nothing changed.',
  'gift-card-spent': 'A gift card sold with this order has already paid for something: it cannot be taken back.',
};

if (!['list', 'export', 'status', 'ship', 'refund', 'note', 'resend', 'expire-unpaid'].includes(command ?? '')) fail(usage);
if (command !== 'list' && command !== 'export' && command !== 'expire-unpaid' && !orderNumber) fail(usage);
const change = requestedChange();

const logger = createLogger('warn');
const database = await openDatabase(
  process.env.DATABASE_URL
    ? { driver: 'postgres', url: process.env.DATABASE_URL }
    : { driver: 'pglite', dataDir: join(resolve(process.env.DATA_DIR ?? './data'), 'pglite') },
);
const payments = process.env.STRIPE_SECRET_KEY
  ? createStripeGateway({ secretKey: process.env.STRIPE_SECRET_KEY, webhookSecret: undefined, apiUrl: process.env.STRIPE_API_URL })
  : null;
// Links in mails and documents point at the shop's public address, as the server's configuration says.
const siteUrl = process.env.SITE_URL ?? `http://localhost:${process.env.PORT ?? '3000'}`;
const services = { db: database.db, logger, shopName: process.env.SHOP_NAME ?? 'Cordial', siteUrl, payments };
// Mails wait in the outbox for the shop's delivery rounds; here they are only queued.
const queueOnly = { send: () => Promise.reject(new Error('the command line only queues mails')) };

try {
  if (command === 'list' || command === 'export') {
    const filters = parseOrderFilters(new URLSearchParams(Object.entries(values).filter((entry): entry is [string, string] => typeof entry[1] === 'string')));
    if (command === 'export') process.stdout.write(await ordersCsv(database.db, filters));
    else {
      const { window, orders } = await searchOrders(database.db, filters);
      for (const order of orders)
        console.log(
          [
            order.orderNumber,
            order.createdAt.toISOString().slice(0, 16),
            order.status,
            order.email,
            order.customerName,
            `${order.currencyCode} ${order.totalCents}`,
          ].join('  '),
        );
      console.log(`${window.from}–${window.to} of ${window.total}`);
    }
  } else if (change) {
    const result = await applyOrderChange(services, { orderNumber, expectedVersion: null, actor: 'command line', change });
    if (result.ok) {
      const extra = [
        result.invoiceNumber && `invoice ${result.invoiceNumber}`,
        result.creditNoteNumber && `credit note ${result.creditNoteNumber} (${result.refundedCents})`,
      ].filter(Boolean);
      console.log(`Order ${orderNumber} is now ${result.status}${extra.length ? `; ${extra.join(', ')}` : ''}.`);
    } else console.error(`${orderNumber}: ${errors[result.error]}`);
    process.exitCode = result.ok ? 0 : 1;
  } else if (command === 'expire-unpaid') {
    // The days come from the same settings as the shop's hourly job (UNPAID_ORDER_REMINDER_DAYS, UNPAID_ORDER_EXPIRY_DAYS).
    const { reminded, cancelled } = await runUnpaidOrderRules({ ...services, businessRules: loadConfig().businessRules });
    console.log(`Payment reminders queued: ${reminded.join(', ') || 'none'}. Cancelled unpaid: ${cancelled.join(', ') || 'none'}.`);
  } else if (command === 'note') {
    const result = await addOrderNote(database.db, { orderNumber, body: rest.join(' '), actor: 'command line' });
    if (result.ok) console.log(`Note added to ${orderNumber}.`);
    else console.error(result.error === 'not-found' ? `No order ${orderNumber}.` : 'A note needs text (at most 2000 characters).');
    process.exitCode = result.ok ? 0 : 1;
  } else {
    const kind = rest[0];
    if (kind !== 'confirmation' && kind !== 'invoice') fail(usage);
    const result = await resendOrderMail({ ...services, mailer: queueOnly }, { orderNumber, kind, actor: 'command line' });
    if (result.ok) console.log(`The ${kind} mail of ${orderNumber} is queued; the shop sends it.`);
    else console.error(result.error === 'not-found' ? `No order ${orderNumber}.` : `${orderNumber} has no invoice yet.`);
    process.exitCode = result.ok ? 0 : 1;
  }
} finally {
  await database.close();
}
