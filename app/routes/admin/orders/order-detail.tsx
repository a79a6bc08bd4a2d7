import type { ReactNode } from 'react';
import { data, Form, Link, useNavigation } from 'react-router';
import { AdminActionForm } from '#app/components/admin/admin-action-form.tsx';
import type { Route } from './+types/order-detail';
import { AdminNotice, AdminPageHeader } from '#app/components/admin/admin-ui.tsx';
import { CsrfField, FieldMessage } from '#app/components/forms/form-fields.tsx';
import { OrderLinesTable } from '#app/components/orders/order-lines-table.tsx';
import { servicesContext } from '#app/context.ts';
import { orUnavailable } from '#app/db/with-database.server.ts';
import { adminLocaleOf } from '#app/modules/admin/admin-locale.ts';
import { adminPath } from '#app/modules/admin/admin-paths.ts';
import { recordAudit } from '#app/lib/observability/audit.server.ts';
import { can } from '#app/modules/admin/permissions.ts';
import { requireStaff } from '#app/modules/admin/require-staff.server.ts';
import { countryName } from '#app/modules/customers/countries.ts';
import { formatCurrencyAmount } from '#app/modules/currency/money.ts';
import type { FieldError } from '#app/lib/forms/field-errors.ts';
import { useI18n } from '#app/modules/i18n/i18n.tsx';
import { carrierCodes, carriers } from '#app/modules/orders/carriers.ts';
import {
  orderIntentOf,
  orderIntentPermission,
  runOrderAction,
  type OrderActionOutcome,
  type OrderIntent,
} from '#app/modules/orders/order-admin-actions.server.ts';
import { getOrderDetail, type OrderDetail, type TimelineEntry } from '#app/modules/orders/order-detail.server.ts';
import type { OrderAddress } from '#app/modules/orders/record-order.server.ts';
import '#app/styles/admin-orders.css';

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const me = await requireStaff(request, context, 'orders.read');
  const { db } = context.get(servicesContext);
  const order = await orUnavailable(() => getOrderDetail(db, params.orderNumber));
  if (!order) throw data(null, { status: 404 });
  return {
    order,
    may: { write: can(me.role, 'orders.write'), notes: can(me.role, 'orders.notes'), resend: can(me.role, 'mails.resend') },
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  await requireStaff(request, context, 'orders.read');
  const form = await request.formData();
  const intent = orderIntentOf(form);
  if (!intent) throw data(null, { status: 400 });
  // Each form needs its own permission: support may add notes and send mails again, not change the status.
  const me = await requireStaff(request, context, orderIntentPermission[intent]);
  const services = context.get(servicesContext);
  const order = await orUnavailable(() => getOrderDetail(services.db, params.orderNumber));
  if (!order) throw data(null, { status: 404 });
  const outcome = await orUnavailable(() =>
    runOrderAction(services, {
      order,
      intent,
      form,
      actor: me.email,
      locale: adminLocaleOf(me.locale),
      audit: (tx, entry) => recordAudit(tx, { staffId: me.id, entity: 'order', entityId: order.orderNumber, ...entry }),
    }),
  );
  return outcome.ok ? outcome : data(outcome, { status: outcome.status });
}

type Failure = Extract<OrderActionOutcome, { ok: false }>;

export default function OrderDetailPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const { order, may } = loaderData;
  const money = (cents: number) => formatCurrencyAmount(cents, order.currencyCode, locale);
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const failure = actionData && !actionData.ok ? (actionData as Failure) : undefined;
  const failureOf = (intent: OrderIntent) => (failure?.intent === intent ? failure : undefined);
  return (
    <>
      <p className="order-back">
        <Link to={adminPath('orders')}>← {t('fulfilment.admin.detail.back')}</Link>
      </p>
      <AdminPageHeader title={t('fulfilment.admin.detail.title', { orderNumber: order.orderNumber })}>
        <span className={`admin-badge order-status--${order.status}`}>{t(`order.status.${order.status}`)}</span>
      </AdminPageHeader>
      <p className="admin-muted">{t('fulfilment.admin.detail.placed', { date: date.format(new Date(order.createdAt)), store: order.locale })}</p>
      {actionData?.ok && <AdminNotice>{t(actionData.message.key, actionData.message.values)}</AdminNotice>}
      {failure?.formError && <AdminNotice tone="error">{t(failure.formError.key, failure.formError.values)}</AdminNotice>}
      <div className="order-layout">
        <div className="order-layout__main">
          <OrderLines order={order} money={money} />
          <div className="order-grid">
            <Panel title={t('fulfilment.admin.detail.customer')}>
              <p>
                <a href={`mailto:${order.email}`}>{order.email}</a>
              </p>
              {order.vatNumber && <p>{order.vatNumber}</p>}
              <p className="admin-muted">
                {t('fulfilment.admin.detail.shippingMethod')}: {t(`shipping.method.${order.shippingMethod}`)}
              </p>
              {order.ownReference && (
                <p className="admin-muted">
                  {t('fulfilment.admin.detail.ownReference')}: {order.ownReference}
                </p>
              )}
              {order.remarks && (
                <p className="admin-muted">
                  {t('fulfilment.admin.detail.remarks')}: {order.remarks}
                </p>
              )}
            </Panel>
            <Panel title={t('fulfilment.admin.detail.shippingAddress')}>
              <Address address={order.shippingAddress} />
            </Panel>
            <Panel title={t('fulfilment.admin.detail.billingAddress')}>
              <Address address={order.billingAddress} />
            </Panel>
          </div>
          <div className="order-grid">
            <Panel title={t('fulfilment.admin.detail.payment')}>
              <dl className="order-facts">
                <dt>{t('fulfilment.admin.detail.byMethod', { method: t(`payment.method.${order.payment.method}`) })}</dt>
                <dd>{money(order.payment.byMethodCents)}</dd>
                {order.payment.giftCardCents > 0 && (
                  <>
                    <dt>{t('fulfilment.admin.detail.giftCard')}</dt>
                    <dd>{money(order.payment.giftCardCents)}</dd>
                  </>
                )}
                <dt>{t('fulfilment.admin.detail.paidAt')}</dt>
                <dd>{order.payment.paidAt ? date.format(new Date(order.payment.paidAt)) : t('fulfilment.admin.detail.notPaid')}</dd>
                {order.payment.reference && (
                  <>
                    <dt>{t('fulfilment.admin.detail.reference')}</dt>
                    <dd className="order-code">{order.payment.reference}</dd>
                  </>
                )}
                {order.payment.refundedCents > 0 && (
                  <>
                    <dt>{t('fulfilment.admin.detail.refunded')}</dt>
                    <dd>{money(order.payment.refundedCents)}</dd>
                  </>
                )}
              </dl>
            </Panel>
            <Panel title={t('fulfilment.admin.detail.documents')}>
              {order.invoices.length === 0 && order.refunds.length === 0 ? (
                <p className="admin-muted">{t('fulfilment.admin.detail.noDocuments')}</p>
              ) : (
                <ul className="order-list">
                  {order.invoices.map((invoice) => (
                    <li key={invoice.invoiceNumber}>
                      <a href={adminPath(`orders/${order.orderNumber}/documents/${invoice.invoiceNumber}`)}>
                        {t('fulfilment.admin.detail.invoice', { number: invoice.invoiceNumber })}
                      </a>{' '}
                      <span className="admin-muted">{money(invoice.totalCents)}</span>
                    </li>
                  ))}
                  {order.refunds.map((refund) => (
                    <li key={refund.creditNoteNumber}>
                      <a href={adminPath(`orders/${order.orderNumber}/documents/${refund.creditNoteNumber}`)}>
                        {t('fulfilment.admin.detail.creditNote', { number: refund.creditNoteNumber })}
                      </a>{' '}
                      <span className="admin-muted">−{money(refund.amountCents)}</span>
                    </li>
                  ))}
                </ul>
              )}
            </Panel>
            <Panel title={t('fulfilment.admin.detail.shipments')}>
              {order.shipments.length === 0 ? (
                <p className="admin-muted">–</p>
              ) : (
                <ul className="order-list">
                  {order.shipments.map((shipment) => (
                    <li key={shipment.id}>
                      {shipment.carrierName} <span className="order-code">{shipment.trackingNumber}</span>{' '}
                      {shipment.url && (
                        <a href={shipment.url} target="_blank" rel="noreferrer noopener">
                          {t('fulfilment.admin.detail.track')}
                        </a>
                      )}
                    </li>
                  ))}
                </ul>
              )}
            </Panel>
          </div>
          <Panel title={t('fulfilment.admin.detail.mails')}>
            {order.mails.length === 0 ? (
              <p className="admin-muted">{t('fulfilment.admin.detail.noMails')}</p>
            ) : (
              <ul className="order-list">
                {order.mails.map((mail) => (
                  <li key={mail.id}>
                    <strong>{t(`fulfilment.admin.mailKind.${mail.kind}`)}</strong> <span className="admin-muted">{mail.subject}</span>{' '}
                    {mail.sentAt ? (
                      <span className="admin-badge admin-badge--sent">
                        {t('fulfilment.admin.detail.mailSent', { date: date.format(new Date(mail.sentAt)) })}
                      </span>
                    ) : mail.nextAttemptAt === null && mail.lastError ? (
                      <span className="admin-badge admin-badge--failed">{t('fulfilment.admin.detail.mailFailed', { error: mail.lastError })}</span>
                    ) : (
                      <span className="admin-badge admin-badge--pending">{t('fulfilment.admin.detail.mailPending')}</span>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </Panel>
          <Timeline entries={order.timeline} money={money} date={new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' })} />
        </div>
        <div className="order-layout__side">
          <StatusForms order={order} may={may.write} failureOf={failureOf} money={money} />
          {may.write && order.canRefund && <RefundForm order={order} failure={failureOf('refund')} money={money} />}
          {may.resend && <ResendForm failure={failureOf('resend')} />}
          <NotesPanel order={order} mayAdd={may.notes} failure={failureOf('note')} date={date} />
        </div>
      </div>
    </>
  );
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  const id = `panel-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <section className="admin-panel order-panel" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

function Address({ address }: { address: OrderAddress }) {
  const { locale } = useI18n();
  return (
    <address className="order-address">
      {address.companyName && (
        <>
          {address.companyName}
          <br />
        </>
      )}
      {address.firstName} {address.lastName}
      <br />
      {address.street} {address.houseNumber}
      <br />
      {[address.zipCode, address.city, address.state].filter(Boolean).join(' ')}
      <br />
      {countryName(address.countryCode, locale)}
      {address.phone && (
        <>
          <br />
          <a href={`tel:${address.phone.replace(/[^\d+]/g, '')}`}>{address.phone}</a>
        </>
      )}
    </address>
  );
}

function OrderLines({ order, money }: { order: OrderDetail; money: (cents: number) => string }) {
  const { t } = useI18n();
  return (
    <section aria-labelledby="order-items">
      <OrderLinesTable
        heading={
          <h2 id="order-items" className="order-table-title">
            {t('fulfilment.admin.detail.items')}
          </h2>
        }
        look="admin"
        items={order.items}
        totals={order}
        money={money}
        caption={t('fulfilment.admin.detail.items')}
        labels={{
          product: t('invoice.item'),
          quantity: t('invoice.quantity'),
          unitPrice: t('invoice.unitPrice'),
          vatRate: t('invoice.vatRate'),
          rowTotal: t('invoice.amount'),
          subtotal: t('invoice.subtotal'),
          discount: t('invoice.discount'),
          shipping: t('invoice.shipping'),
          vat: t('invoice.vat'),
          vatReverseCharge: t('cart.vatReverseCharge'),
          total: t('invoice.total'),
        }}
        details={(item) => (
          <>
            {item.sku}
            {item.refundedQuantity > 0 && (
              <span className="admin-badge admin-badge--failed">{t('fulfilment.admin.detail.refundedQuantity', { count: item.refundedQuantity })}</span>
            )}
          </>
        )}
      />
    </section>
  );
}

/** The buttons for the statuses the order may move to now, each a form of its own carrying the version it was shown at. */
function StatusForms({
  order,
  may,
  failureOf,
  money,
}: {
  order: OrderDetail;
  may: boolean;
  failureOf: (intent: OrderIntent) => Failure | undefined;
  money: (cents: number) => string;
}) {
  const { t } = useI18n();
  const busy = useNavigation().state === 'submitting';
  if (!may) {
    return (
      <Panel title={t('fulfilment.admin.actions.title')}>
        <p className="admin-muted">{t('fulfilment.admin.actions.readOnly')}</p>
      </Panel>
    );
  }
  const next = order.nextStatuses;
  const shipped = failureOf('shipped');
  const paid = failureOf('paid');
  const cancelled = failureOf('cancelled');
  return (
    <Panel title={t('fulfilment.admin.actions.title')}>
      {next.length === 0 && !order.invoicePayable && <p className="admin-muted">{t('fulfilment.admin.actions.none')}</p>}
      <div className="order-actions">
        {order.invoicePayable && (
          <Form method="post" className="order-action">
            <CsrfField />
            <input type="hidden" name="version" value={order.version} />
            <button type="submit" name="intent" value="invoice-paid" className="button admin-button button--primary" disabled={busy}>
              {t('businessRisks.admin.invoicePaid')} ({money(order.payment.byMethodCents)})
            </button>
          </Form>
        )}
        {next.includes('paid') && (
          <Form method="post" className="admin-form order-action">
            <CsrfField />
            <input type="hidden" name="version" value={order.version} />
            <Field id="paid-reason" label={t('fulfilment.admin.actions.paidNote')} error={paid?.fieldErrors.reason}>
              <input
                id="paid-reason"
                name="reason"
                aria-invalid={Boolean(paid?.fieldErrors.reason)}
                aria-describedby={paid?.fieldErrors.reason ? 'paid-reason-error' : undefined}
                maxLength={500}
                defaultValue={paid?.values.reason}
              />
            </Field>
            <button type="submit" name="intent" value="paid" className="button admin-button button--primary" disabled={busy}>
              {t('fulfilment.admin.actions.paid')} ({money(order.payment.byMethodCents)})
            </button>
          </Form>
        )}
        {next.includes('processing') && (
          <AdminActionForm
            intent="processing"
            label={order.status === 'on_hold' ? t('businessRisks.admin.approveOrder') : t('fulfilment.admin.actions.processing')}
            tone={order.status === 'on_hold' ? 'primary' : 'plain'}
            fields={{ version: order.version }}
            className="order-action"
            disabled={busy}
          >
            {order.status === 'on_hold' && <p className="admin-muted order-hint">{t('businessRisks.admin.reviewHint')}</p>}
          </AdminActionForm>
        )}
        {next.includes('shipped') && (
          <Form method="post" noValidate className="admin-form order-action">
            <CsrfField />
            <input type="hidden" name="version" value={order.version} />
            <div className="order-action__row">
              <Field id="ship-carrier" label={t('fulfilment.admin.actions.carrier')} error={shipped?.fieldErrors.carrier}>
                <select
                  id="ship-carrier"
                  name="carrier"
                  aria-invalid={Boolean(shipped?.fieldErrors.carrier)}
                  aria-describedby={shipped?.fieldErrors.carrier ? 'ship-carrier-error' : undefined}
                  defaultValue={shipped?.values.carrier ?? 'postnl'}
                >
                  {carrierCodes.map((code) => (
                    <option key={code} value={code}>
                      {carriers[code].name}
                    </option>
                  ))}
                </select>
              </Field>
              <Field id="ship-tracking" label={t('fulfilment.admin.actions.trackingNumber')} error={shipped?.fieldErrors.trackingNumber}>
                <input
                  id="ship-tracking"
                  name="trackingNumber"
                  aria-invalid={Boolean(shipped?.fieldErrors.trackingNumber)}
                  aria-describedby={shipped?.fieldErrors.trackingNumber ? 'ship-tracking-error' : undefined}
                  required
                  autoComplete="off"
                  spellCheck={false}
                  defaultValue={shipped?.values.trackingNumber}
                />
              </Field>
            </div>
            <p className="admin-muted order-hint">{t('fulfilment.admin.actions.shippedHint')}</p>
            <button type="submit" name="intent" value="shipped" className="button admin-button button--primary" disabled={busy}>
              {t('fulfilment.admin.actions.shipped')}
            </button>
          </Form>
        )}
        {next.includes('completed') && (
          <AdminActionForm
            intent="completed"
            label={t('fulfilment.admin.actions.completed')}
            fields={{ version: order.version }}
            className="order-action"
            disabled={busy}
          />
        )}
        {next.includes('cancelled') && (
          <details className="order-action order-action--danger" open={Boolean(cancelled)}>
            <summary>{t('fulfilment.admin.actions.cancelled')}</summary>
            <Form method="post" className="admin-form">
              <CsrfField />
              <input type="hidden" name="version" value={order.version} />
              <p className="admin-muted order-hint">{t('fulfilment.admin.actions.cancelHint')}</p>
              <Field id="cancel-reason" label={t('fulfilment.admin.actions.reason')} error={cancelled?.fieldErrors.reason}>
                <input
                  id="cancel-reason"
                  name="reason"
                  aria-invalid={Boolean(cancelled?.fieldErrors.reason)}
                  aria-describedby={cancelled?.fieldErrors.reason ? 'cancel-reason-error' : undefined}
                  maxLength={500}
                  defaultValue={cancelled?.values.reason}
                />
              </Field>
              <button type="submit" name="intent" value="cancelled" className="button admin-button button--danger" disabled={busy}>
                {t('fulfilment.admin.actions.cancelled')}
              </button>
            </Form>
          </details>
        )}
      </div>
    </Panel>
  );
}

function Field({ id, label, error, children }: { id: string; label: string; error?: FieldError; children: ReactNode }) {
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      {children}
      <FieldMessage id={`${id}-error`} error={error} />
    </div>
  );
}

function RefundForm({ order, failure, money }: { order: OrderDetail; failure?: Failure; money: (cents: number) => string }) {
  const { t } = useI18n();
  const busy = useNavigation().state === 'submitting';
  const mode = failure?.values.mode ?? 'full';
  const linesError = failure?.fieldErrors.lines;
  return (
    <Panel title={t('fulfilment.admin.refund.title')}>
      <Form method="post" noValidate className="admin-form">
        <CsrfField />
        <input type="hidden" name="version" value={order.version} />
        <fieldset className="order-fieldset">
          <legend>{t('fulfilment.admin.refund.what')}</legend>
          <label className="order-choice">
            <input type="radio" name="mode" value="full" defaultChecked={mode === 'full'} />{' '}
            {t('fulfilment.admin.refund.full', { amount: money(order.payment.refundableCents) })}
          </label>
          <label className="order-choice">
            <input type="radio" name="mode" value="lines" defaultChecked={mode === 'lines'} /> {t('fulfilment.admin.refund.lines')}
          </label>
          <div className="order-refund-lines" aria-describedby={linesError ? 'refund-lines-error' : undefined}>
            {order.items
              .filter((item) => item.quantity > item.refundedQuantity && item.rowTotalCents > 0)
              .map((item) => (
                <div key={item.id} className="order-refund-line">
                  <label htmlFor={`refund-qty-${item.id}`}>
                    {t('fulfilment.admin.refund.quantity', { name: item.name, max: item.quantity - item.refundedQuantity })}
                  </label>
                  <input
                    id={`refund-qty-${item.id}`}
                    name={`qty-${item.id}`}
                    type="number"
                    inputMode="numeric"
                    min={0}
                    max={item.quantity - item.refundedQuantity}
                    defaultValue={failure?.values[`qty-${item.id}`] ?? ''}
                  />
                  <label className="order-choice">
                    <input type="checkbox" name={`restock-${item.id}`} defaultChecked={failure ? failure.values[`restock-${item.id}`] === 'on' : true} />{' '}
                    {t('admin.refundRestock.label', { name: item.name })}
                  </label>
                </div>
              ))}
            {order.shippingCents > 0 && !order.shippingRefunded && (
              <label className="order-choice">
                <input type="checkbox" name="shipping" defaultChecked={failure?.values.shipping === 'on'} />{' '}
                {t('fulfilment.admin.refund.shipping', { amount: money(order.shippingCents) })}
              </label>
            )}
            <FieldMessage id="refund-lines-error" error={linesError} />
          </div>
          <label className="order-choice">
            <input type="radio" name="mode" value="amount" defaultChecked={mode === 'amount'} /> {t('fulfilment.admin.refund.amountMode')}
          </label>
          <Field id="refund-amount" label={t('fulfilment.admin.refund.amount', { currency: order.currencyCode })} error={failure?.fieldErrors.amount}>
            <input
              id="refund-amount"
              name="amount"
              inputMode="decimal"
              autoComplete="off"
              defaultValue={failure?.values.amount}
              aria-describedby={failure?.fieldErrors.amount ? 'refund-amount-error' : undefined}
            />
          </Field>
        </fieldset>
        <Field id="refund-reason" label={t('fulfilment.admin.actions.reason')} error={failure?.fieldErrors.reason}>
          <input
            id="refund-reason"
            name="reason"
            aria-invalid={Boolean(failure?.fieldErrors.reason)}
            aria-describedby={failure?.fieldErrors.reason ? 'refund-reason-error' : undefined}
            maxLength={500}
            defaultValue={failure?.values.reason}
          />
        </Field>
        <p className="admin-muted order-hint">{t('fulfilment.admin.refund.hint')}</p>
        <button type="submit" name="intent" value="refund" className="button admin-button button--danger" disabled={busy}>
          {t('fulfilment.admin.refund.submit')}
        </button>
      </Form>
    </Panel>
  );
}

function ResendForm({ failure }: { failure?: Failure }) {
  const { t } = useI18n();
  const busy = useNavigation().state === 'submitting';
  return (
    <Panel title={t('fulfilment.admin.resend.title')}>
      <Form method="post" className="admin-form admin-form--row">
        <CsrfField />
        <Field id="resend-mail" label={t('fulfilment.admin.resend.mail')} error={failure?.fieldErrors.mail}>
          <select
            id="resend-mail"
            name="mail"
            defaultValue={failure?.values.mail ?? 'confirmation'}
            aria-describedby={failure?.fieldErrors.mail ? 'resend-mail-error' : undefined}
          >
            <option value="confirmation">{t('fulfilment.admin.mailKind.confirmation')}</option>
            <option value="invoice">{t('fulfilment.admin.mailKind.invoice')}</option>
          </select>
        </Field>
        <button type="submit" name="intent" value="resend" className="button admin-button" disabled={busy}>
          {t('fulfilment.admin.resend.submit')}
        </button>
      </Form>
    </Panel>
  );
}

function NotesPanel({ order, mayAdd, failure, date }: { order: OrderDetail; mayAdd: boolean; failure?: Failure; date: Intl.DateTimeFormat }) {
  const { t } = useI18n();
  const busy = useNavigation().state === 'submitting';
  return (
    <Panel title={t('fulfilment.admin.notes.title')}>
      {order.notes.length === 0 ? (
        <p className="admin-muted">{t('fulfilment.admin.notes.empty')}</p>
      ) : (
        <ul className="order-notes">
          {[...order.notes].reverse().map((note) => (
            <li key={note.id}>
              <p>{note.body}</p>
              <p className="admin-muted">
                {date.format(new Date(note.createdAt))} · {note.actor ?? t('fulfilment.admin.detail.system')}
              </p>
            </li>
          ))}
        </ul>
      )}
      {mayAdd && (
        <Form method="post" noValidate className="admin-form">
          <CsrfField />
          <Field id="note-body" label={t('fulfilment.admin.notes.label')} error={failure?.fieldErrors.body}>
            <textarea
              id="note-body"
              name="body"
              rows={3}
              maxLength={2000}
              required
              defaultValue={failure?.values.body}
              aria-describedby={failure?.fieldErrors.body ? 'note-body-error' : undefined}
            />
          </Field>
          <button type="submit" name="intent" value="note" className="button admin-button" disabled={busy}>
            {t('fulfilment.admin.notes.submit')}
          </button>
        </Form>
      )}
    </Panel>
  );
}

function Timeline({ entries, money, date }: { entries: TimelineEntry[]; money: (cents: number) => string; date: Intl.DateTimeFormat }) {
  const { t } = useI18n();
  const describe = (entry: TimelineEntry): string => {
    switch (entry.kind) {
      case 'status':
        return t('fulfilment.admin.timeline.status', { status: t(`order.status.${entry.status}`) }) + (entry.note ? ` · ${entry.note}` : '');
      case 'shipment':
        return t('fulfilment.admin.timeline.shipment', { carrier: entry.carrier, trackingNumber: entry.trackingNumber });
      case 'refund':
        return (
          t('fulfilment.admin.timeline.refund', { amount: money(entry.amountCents), creditNoteNumber: entry.creditNoteNumber }) +
          (entry.reason ? ` · ${entry.reason}` : '')
        );
      case 'mail':
        return t('fulfilment.admin.timeline.mail', { kind: t(`fulfilment.admin.mailKind.${entry.mailKind}`) });
      case 'note':
        return `${t('fulfilment.admin.timeline.note')}: ${entry.body}`;
    }
  };
  return (
    <Panel title={t('fulfilment.admin.detail.timeline')}>
      <ol className="order-timeline">
        {entries.map((entry, index) => (
          <li key={index} className={`order-timeline__entry order-timeline__entry--${entry.kind}`}>
            <time dateTime={new Date(entry.at).toISOString()}>{date.format(new Date(entry.at))}</time>
            <span>{describe(entry)}</span>
            <span className="admin-muted">{entry.actor ? t('fulfilment.admin.detail.by', { actor: entry.actor }) : t('fulfilment.admin.detail.system')}</span>
          </li>
        ))}
      </ol>
    </Panel>
  );
}
