import { z } from 'zod';
import type { FieldError, FieldErrors } from '#app/lib/forms/field-errors.ts';
import { carrierCodes, normaliseTrackingNumber, trackingNumberPattern } from './carriers.ts';
import type { OrderDetail } from './order-detail.server.ts';
import { markInvoicePaid } from './invoice-payments.server.ts';
import { addOrderNote } from './order-notes.server.ts';
import { applyOrderChange, type OrderAudit, type OrderChange, type OrderChangeError, type OrderServices } from './order-status.server.ts';
import { resendOrderMail } from './resend-order-mail.server.ts';
import type { RefundRequest } from './refund-plan.ts';
import type { AppServices } from '#app/context.ts';
import { formatCurrencyAmount, parseAmount } from '#app/modules/currency/money.ts';
import { currencyDefinitions } from '#app/modules/i18n/locales.ts';

/**
 * The forms of the staff order page, as plain module code: which intents exist, which permission
 * each needs, how a submitted form becomes a change, and what the page says afterwards. The
 * route only checks the permission (requireStaff), passes the audit hook and renders the outcome.
 */
export const orderIntents = ['paid', 'processing', 'shipped', 'completed', 'cancelled', 'refund', 'note', 'resend', 'invoice-paid'] as const;
export type OrderIntent = (typeof orderIntents)[number];

/** The admin permission each form needs (names of the admin's permission table). */
export const orderIntentPermission = {
  paid: 'orders.write',
  processing: 'orders.write',
  shipped: 'orders.write',
  completed: 'orders.write',
  cancelled: 'orders.write',
  refund: 'orders.write',
  note: 'orders.notes',
  resend: 'mails.resend',
  'invoice-paid': 'orders.write',
} as const satisfies Record<OrderIntent, string>;

export type OrderFormField = 'version' | 'trackingNumber' | 'carrier' | 'reason' | 'amount' | 'lines' | 'body' | 'mail';

export type OrderActionOutcome =
  | { ok: true; intent: OrderIntent; message: FieldError }
  | {
      ok: false;
      intent: OrderIntent;
      status: 400 | 404 | 409 | 502;
      formError?: FieldError;
      fieldErrors: FieldErrors<OrderFormField>;
      values: Partial<Record<string, string>>;
    };

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
};

/** The intent of a submitted order form; null for anything else (the route answers 400). */
export function orderIntentOf(form: FormData): OrderIntent | null {
  const intent = text(form, 'intent');
  return (orderIntents as readonly string[]).includes(intent) ? (intent as OrderIntent) : null;
}

const versionSchema = z.coerce.number().int().min(0).max(2_147_483_647);
const reasonSchema = z.string().trim().max(500);

const errorAnswers: Record<OrderChangeError, { status: 400 | 404 | 409 | 502; key: string; field?: OrderFormField }> = {
  'not-found': { status: 404, key: 'fulfilment.admin.error.notFound' },
  'not-allowed': { status: 409, key: 'fulfilment.admin.error.notAllowed' },
  'version-conflict': { status: 409, key: 'fulfilment.admin.error.versionConflict' },
  'invalid-shipment': { status: 400, key: 'fulfilment.admin.error.trackingNumber', field: 'trackingNumber' },
  'refund-too-large': { status: 400, key: 'fulfilment.admin.error.refundTooLarge', field: 'amount' },
  'nothing-to-refund': { status: 400, key: 'fulfilment.admin.error.nothingToRefund', field: 'amount' },
  'invalid-lines': { status: 400, key: 'fulfilment.admin.error.invalidLines', field: 'lines' },
  'payment-provider-failed': { status: 502, key: 'fulfilment.admin.error.providerFailed' },
  'gift-card-spent': { status: 409, key: 'fulfilment.admin.error.giftCardSpent' },
};

/**
 * Runs one submitted form of the order page for a staff member whose permission the route has
 * checked. Invalid input answers 400 with the field's message and what was typed; a change on an
 * outdated version answers 409 and changes nothing.
 */
export async function runOrderAction(
  services: OrderServices & Pick<AppServices, 'mailer'>,
  {
    order,
    intent,
    form,
    actor,
    audit,
    locale,
  }: {
    order: Pick<OrderDetail, 'orderNumber' | 'items' | 'currencyCode'>;
    intent: OrderIntent;
    form: FormData;
    actor: string;
    audit: OrderAudit;
    /** the staff member's language, for amounts in messages */ locale: string;
  },
): Promise<OrderActionOutcome> {
  const minorUnits = currencyDefinitions.find((definition) => definition.code === order.currencyCode)?.minorUnits ?? 2;
  const values = Object.fromEntries([...form.entries()].filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  const invalid = (field: OrderFormField, key: string): OrderActionOutcome => ({ ok: false, intent, status: 400, fieldErrors: { [field]: { key } }, values });
  const { orderNumber } = order;

  if (intent === 'note') {
    const result = await addOrderNote(services.db, { orderNumber, body: text(form, 'body'), actor, audit });
    if (result.ok) return { ok: true, intent, message: { key: 'fulfilment.admin.done.note' } };
    if (result.error === 'not-found') return { ok: false, intent, status: 404, formError: { key: errorAnswers['not-found'].key }, fieldErrors: {}, values };
    return invalid('body', result.message === 'tooLong' ? 'fulfilment.admin.error.noteTooLong' : 'fulfilment.admin.error.noteRequired');
  }
  if (intent === 'resend') {
    const kind = text(form, 'mail');
    if (kind !== 'confirmation' && kind !== 'invoice') return invalid('mail', 'fulfilment.admin.error.mailKind');
    const result = await resendOrderMail(services, { orderNumber, kind, actor, audit });
    if (result.ok) return { ok: true, intent, message: { key: `fulfilment.admin.done.resend.${kind}` } };
    return result.error === 'no-invoice'
      ? invalid('mail', 'fulfilment.admin.error.noInvoice')
      : { ok: false, intent, status: 404, formError: { key: errorAnswers['not-found'].key }, fieldErrors: {}, values };
  }

  const version = versionSchema.safeParse(text(form, 'version'));
  if (!version.success) return { ok: false, intent, status: 400, formError: { key: 'fulfilment.admin.error.versionConflict' }, fieldErrors: {}, values };
  if (intent === 'invoice-paid') {
    const result = await markInvoicePaid(services.db, { orderNumber, expectedVersion: version.data, audit });
    if (result.ok) return { ok: true, intent, message: { key: 'businessRisks.admin.invoicePaidNow' } };
    const answer = errorAnswers[result.error];
    return { ok: false, intent, status: answer.status as 404 | 409, formError: { key: answer.key }, fieldErrors: {}, values };
  }
  const reason = reasonSchema.safeParse(text(form, 'reason'));
  if (!reason.success) return invalid('reason', 'fulfilment.admin.error.reasonTooLong');

  let change: OrderChange;
  if (intent === 'shipped') {
    const carrier = carrierCodes.find((code) => code === text(form, 'carrier'));
    if (!carrier) return invalid('carrier', 'fulfilment.admin.error.carrier');
    const trackingNumber = normaliseTrackingNumber(text(form, 'trackingNumber'));
    if (!trackingNumberPattern.test(trackingNumber)) return invalid('trackingNumber', 'fulfilment.admin.error.trackingNumber');
    change = { kind: 'shipped', carrier, trackingNumber };
  } else if (intent === 'refund') {
    const request = refundRequestOf(form, order.items, minorUnits);
    if ('error' in request) return invalid(request.field, request.error);
    change = { kind: 'refund', request, reason: reason.data || null };
  } else if (intent === 'cancelled') {
    change = { kind: 'cancelled', reason: reason.data || null };
  } else if (intent === 'paid') {
    change = { kind: 'paid', note: reason.data || null };
  } else {
    change = { kind: intent };
  }

  const result = await applyOrderChange(services, { orderNumber, expectedVersion: version.data, actor, change, audit });
  if (!result.ok) {
    const answer = errorAnswers[result.error];
    return answer.field
      ? { ok: false, intent, status: answer.status, fieldErrors: { [answer.field]: { key: answer.key } }, values }
      : { ok: false, intent, status: answer.status, formError: { key: answer.key }, fieldErrors: {}, values };
  }
  if (intent === 'processing' && result.invoiceNumber) {
    // A held invoice order approved (decision 0018): its invoice goes to the customer now.
    await resendOrderMail(services, { orderNumber, kind: 'invoice', actor, audit });
    return { ok: true, intent, message: { key: 'businessRisks.admin.reviewApproved', values: { invoiceNumber: result.invoiceNumber } } };
  }
  if (result.creditNoteNumber) {
    const key = intent === 'refund' ? 'fulfilment.admin.done.refund' : 'fulfilment.admin.done.cancelledRefunded';
    return {
      ok: true,
      intent,
      message: { key, values: { creditNoteNumber: result.creditNoteNumber, amount: formatCurrencyAmount(result.refundedCents, order.currencyCode, locale) } },
    };
  }
  return {
    ok: true,
    intent,
    message: {
      key: `fulfilment.admin.done.${intent}`,
      values: { invoiceNumber: result.invoiceNumber ?? '', trackingNumber: intent === 'shipped' ? (change as { trackingNumber: string }).trackingNumber : '' },
    },
  };
}

/** The refund form: everything left, chosen quantities per line (qty-<line id>, restock-<line id>) and the shipping, or an amount. */
function refundRequestOf(form: FormData, items: { id: number }[], minorUnits: number): RefundRequest | { error: string; field: OrderFormField } {
  const mode = text(form, 'mode');
  if (mode === 'full') return { mode: 'full' };
  if (mode === 'amount') {
    const amountCents = parseAmount(text(form, 'amount'), minorUnits);
    return amountCents === null || amountCents <= 0 ? { error: 'fulfilment.admin.error.amount', field: 'amount' } : { mode: 'amount', amountCents };
  }
  if (mode === 'lines') {
    const lines: { orderItemId: number; quantity: number; restock: boolean }[] = [];
    for (const item of items) {
      const raw = text(form, `qty-${item.id}`).trim();
      if (raw === '') continue;
      const quantity = Number(raw);
      if (!Number.isSafeInteger(quantity) || quantity < 0) return { error: 'fulfilment.admin.error.invalidLines', field: 'lines' };
      // The form ticks "return to stock" for every line; staff untick goods that did not come back.
      lines.push({ orderItemId: item.id, quantity, restock: form.get(`restock-${item.id}`) === 'on' });
    }
    return { mode: 'lines', lines, shipping: form.get('shipping') === 'on' };
  }
  return { error: 'fulfilment.admin.error.refundMode', field: 'amount' };
}
