import { data, Link } from 'react-router';
import type { Route } from './+types/customer';
import { AdminActionForm, ConfirmBox } from '#app/components/admin/admin-action-form.tsx';
import { AdminNotice, AdminPageHeader } from '#app/components/admin/admin-ui.tsx';
import { CreditLimitForm } from '#app/components/admin/credit-limit-form.tsx';
import { OrderHistoryTable } from '#app/components/admin/order-history-table.tsx';
import { servicesContext } from '#app/context.ts';
import { orUnavailable } from '#app/db/with-database.server.ts';
import { idOf, intentOf } from '#app/modules/admin/admin-forms.server.ts';
import { adminLocaleOf } from '#app/modules/admin/admin-locale.ts';
import { adminPath } from '#app/modules/admin/admin-paths.ts';
import { recordAudit } from '#app/lib/observability/audit.server.ts';
import { can } from '#app/modules/admin/permissions.ts';
import { requireStaff } from '#app/modules/admin/require-staff.server.ts';
import { listAddresses } from '#app/modules/customers/addresses.server.ts';
import { businessStanding, setBusinessApproval, setCreditLimit } from '#app/modules/customers/business-standing.server.ts';
import { deleteCustomerData, getCustomerRecord, setCustomerBlocked } from '#app/modules/customers/customer-admin.server.ts';
import { listCustomerReviews } from '#app/modules/customers/customer-reviews.server.ts';
import { createPasswordResetToken } from '#app/modules/customers/password-reset.server.ts';
import { sendPasswordResetMail } from '#app/modules/customers/password-reset-mail.server.ts';
import { formatCurrencyAmount } from '#app/modules/currency/money.ts';
import { useI18n } from '#app/modules/i18n/i18n.tsx';
import { storefrontByCode, storefronts } from '#app/modules/i18n/locales.ts';
import { defaultBusinessRules } from '#app/modules/config/business-rules.ts';
import { listCustomerOrders } from '#app/modules/orders/customer-orders.server.ts';
import { getWishlists } from '#app/modules/wishlists/wishlists.server.ts';

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const me = await requireStaff(request, context, 'customers.read');
  const { db } = context.get(servicesContext);
  const customerId = idOf(params.customerId);
  const customer = await orUnavailable(() => getCustomerRecord(db, customerId));
  if (!customer) throw data(null, { status: 404 });
  const [addresses, orderPage, reviews, wishlists, standing] = await orUnavailable(() =>
    Promise.all([
      listAddresses(db, customerId),
      listCustomerOrders(db, customerId, { pageSize: 50 }),
      listCustomerReviews(db, customerId, adminLocaleOf(me.locale)),
      getWishlists(db, customerId),
      businessStanding(db, customerId, context.get(servicesContext).businessRules),
    ]),
  );
  return {
    customer,
    addresses,
    orders: orderPage.orders,
    orderTotal: orderPage.window.total,
    reviews,
    standing,
    defaultCreditLimitEurCents: (context.get(servicesContext).businessRules ?? defaultBusinessRules).invoiceCreditLimitEurCents,
    wishlists: wishlists.map((list) => ({ id: list.id, name: list.name, isDefault: list.isDefault, items: list.items.length })),
    canWrite: can(me.role, 'customers.write'),
    notice: new URL(request.url).searchParams.get('notice'),
  };
}

const intents = ['reset-mail', 'block', 'unblock', 'delete', 'business-approve', 'business-revoke', 'credit-limit'] as const;

export async function action({ request, params, context }: Route.ActionArgs) {
  const me = await requireStaff(request, context, 'customers.write');
  const services = context.get(servicesContext);
  const { db } = services;
  const customerId = idOf(params.customerId);
  const form = await request.formData();
  const intent = intentOf(form, intents);
  const customer = await orUnavailable(() => getCustomerRecord(db, customerId));
  if (!customer || customer.anonymisedAt) throw data(null, { status: 404 });
  if (intent === 'reset-mail') {
    // The storefront's own reset, limited per account like the "forgot password" form.
    const reset = await orUnavailable(() => createPasswordResetToken(db, customer.email.toLowerCase(), `admin:${me.id}`));
    if (reset.limited || !reset.token || !reset.customer) return data({ ok: false as const, error: 'admin.customers.resetLimited' }, { status: 429 });
    const { token, customer: recipient } = reset;
    await orUnavailable(async () => {
      await sendPasswordResetMail(services, storefrontByCode(customer.locale) ?? storefronts[0]!, recipient, token);
      await recordAudit(db, { staffId: me.id, action: 'customer.reset-mail', entity: 'customer', entityId: customerId });
    });
    return { ok: true as const, message: 'admin.customers.resetSent' };
  }
  if (intent === 'delete') {
    if (form.get('confirm') !== 'yes') return data({ ok: false as const, error: 'admin.customers.confirmRequired' }, { status: 400 });
    await orUnavailable(() => deleteCustomerData(db, me.id, customerId));
    return { ok: true as const, message: 'admin.customers.deleted' };
  }
  if (intent === 'credit-limit') {
    const typed = String(form.get('creditLimit') ?? '');
    const saved = await orUnavailable(() => setCreditLimit(db, me, customerId, typed));
    if (saved.ok) return { ok: true as const, message: 'businessRisks.admin.creditLimitSaved' };
    if (saved.error === 'not-found') throw data(null, { status: 404 });
    return data({ ok: false as const, error: saved.error, creditLimit: typed }, { status: 400 });
  }
  if (intent === 'business-approve' || intent === 'business-revoke') {
    await orUnavailable(() => setBusinessApproval(db, me, customerId, intent === 'business-approve'));
    return { ok: true as const, message: intent === 'business-approve' ? 'businessRisks.admin.approvedNow' : 'businessRisks.admin.revokedNow' };
  }
  await orUnavailable(() => setCustomerBlocked(db, me.id, customerId, intent === 'block'));
  return { ok: true as const, message: intent === 'block' ? 'admin.customers.blockedNow' : 'admin.customers.unblockedNow' };
}

export default function CustomerPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const { customer, addresses, orders, reviews, wishlists, canWrite } = loaderData;
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
  const name = customer.anonymisedAt ? t('admin.customers.anonymised') : `${customer.firstName} ${customer.lastName}`;
  const deleteError = actionData && !actionData.ok && actionData.error === 'admin.customers.confirmRequired';
  return (
    <>
      <AdminPageHeader title={name}>
        {canWrite && !customer.anonymisedAt && (
          <a className="button admin-button" href={adminPath(`customers/${customer.id}/export`)} download>
            {t('admin.customers.export')}
          </a>
        )}
      </AdminPageHeader>
      <p>
        <Link to={adminPath('customers')}>{t('admin.customers.back')}</Link>
      </p>
      {actionData?.ok && <AdminNotice>{t(actionData.message)}</AdminNotice>}
      {actionData && !actionData.ok && !deleteError && !('creditLimit' in actionData) && <AdminNotice tone="error">{t(actionData.error)}</AdminNotice>}
      <div className="admin-columns">
        <section className="admin-panel" aria-labelledby="customer-data">
          <h2 id="customer-data">{t('admin.customers.data')}</h2>
          <dl className="admin-facts">
            <dt>{t('admin.customers.email')}</dt>
            <dd>{customer.email}</dd>
            <dt>{t('admin.customers.store')}</dt>
            <dd>{storefrontByCode(customer.locale)?.name ?? customer.locale}</dd>
            {customer.companyName && (
              <>
                <dt>{t('admin.customers.company')}</dt>
                <dd>
                  {customer.companyName} {customer.vatNumber && <code>{customer.vatNumber}</code>}
                </dd>
              </>
            )}
            <dt>{t('businessRisks.admin.verification')}</dt>
            <dd>
              {loaderData.standing.how ? t(`businessRisks.admin.verified.${loaderData.standing.how}`) : t('businessRisks.admin.notVerified')}
              {customer.businessApprovedBy && ` (${customer.businessApprovedBy})`}
            </dd>
            {loaderData.standing.verified && (
              <>
                <dt>{t('businessRisks.admin.credit')}</dt>
                <dd>
                  {t('businessRisks.admin.creditUse', {
                    open: formatCurrencyAmount(loaderData.standing.openInvoicesEurCents, 'EUR', locale),
                    limit: formatCurrencyAmount(loaderData.standing.creditLimitEurCents, 'EUR', locale),
                  })}
                </dd>
              </>
            )}
            <dt>{t('admin.customers.newsletter')}</dt>
            <dd>{customer.newsletterSubscribed ? t('admin.customers.subscribed') : t('admin.customers.notSubscribed')}</dd>
            <dt>{t('admin.customers.since')}</dt>
            <dd>{date.format(new Date(customer.createdAt))}</dd>
            <dt>{t('admin.customers.status')}</dt>
            <dd>
              {customer.anonymisedAt ? (
                t('admin.customers.anonymised')
              ) : customer.blockedAt ? (
                <span className="admin-badge admin-badge--blocked">{t('admin.customers.blocked')}</span>
              ) : (
                <span className="admin-badge admin-badge--active">{t('admin.customers.active')}</span>
              )}
            </dd>
          </dl>
        </section>
        {canWrite && !customer.anonymisedAt && (
          <section className="admin-panel" aria-labelledby="customer-actions">
            <h2 id="customer-actions">{t('admin.customers.actions')}</h2>
            <div className="admin-stack">
              <AdminActionForm intent="reset-mail" label={t('admin.customers.sendReset')} />
              {customer.blockedAt ? (
                <AdminActionForm intent="unblock" label={t('admin.customers.unblock')} />
              ) : (
                <AdminActionForm intent="block" label={t('admin.customers.block')} tone="danger" />
              )}
              {customer.businessApprovedAt ? (
                <AdminActionForm intent="business-revoke" label={t('businessRisks.admin.revoke')} />
              ) : (
                <AdminActionForm intent="business-approve" label={t('businessRisks.admin.approve')} />
              )}
              <AdminActionForm intent="delete" label={t('admin.customers.delete')} tone="danger" className="admin-danger-zone">
                <ConfirmBox label={t('admin.customers.confirmDelete')} error={deleteError ? { key: 'admin.customers.confirmRequired' } : undefined} />
              </AdminActionForm>
            </div>
          </section>
        )}
      </div>
      {canWrite && !customer.anonymisedAt && (
        <CreditLimitForm
          creditLimitCents={customer.creditLimitCents}
          defaultEurCents={loaderData.defaultCreditLimitEurCents}
          failed={
            actionData && !actionData.ok && 'creditLimit' in actionData
              ? { error: { key: actionData.error }, value: String(actionData.creditLimit) }
              : undefined
          }
        />
      )}
      <section className="admin-panel" aria-labelledby="customer-orders">
        <h2 id="customer-orders">{t('admin.customers.ordersTitle', { count: loaderData.orderTotal })}</h2>
        {orders.length > 0 && (
          <OrderHistoryTable
            labelledBy="customer-orders"
            amountHeading={t('admin.customers.total')}
            rows={orders.map((order) => ({ ...order, amount: formatCurrencyAmount(order.totalCents, order.currencyCode, locale) }))}
          />
        )}
      </section>
      <div className="admin-columns">
        <section className="admin-panel" aria-labelledby="customer-addresses">
          <h2 id="customer-addresses">{t('admin.customers.addresses')}</h2>
          {addresses.length === 0 && <p>{t('admin.customers.noneYet')}</p>}
          <ul className="admin-list">
            {addresses.map((address) => (
              <li key={address.id}>
                <address>
                  {address.firstName} {address.lastName}
                  {address.companyName && `, ${address.companyName}`}
                  <br />
                  {address.street} {address.houseNumber}, {address.zipCode} {address.city}, {address.countryCode}
                  <br />
                  {address.phone}
                </address>
              </li>
            ))}
          </ul>
        </section>
        <section className="admin-panel" aria-labelledby="customer-wishlists">
          <h2 id="customer-wishlists">{t('admin.customers.wishlists')}</h2>
          {wishlists.length === 0 && <p>{t('admin.customers.noneYet')}</p>}
          <ul className="admin-list">
            {wishlists.map((list) => (
              <li key={list.id}>
                {list.name} · {t('admin.customers.items', { count: list.items })}
              </li>
            ))}
          </ul>
        </section>
      </div>
      <section className="admin-panel" aria-labelledby="customer-reviews">
        <h2 id="customer-reviews">{t('admin.customers.reviews')}</h2>
        {reviews.length === 0 && <p>{t('admin.customers.noneYet')}</p>}
        <ul className="admin-list">
          {reviews.map((review) => (
            <li key={review.id}>
              <strong>{review.title}</strong> ({review.rating}/5, {review.productName}) ·{' '}
              <span className={`admin-badge admin-badge--${review.status}`}>{t(`admin.reviews.statuses.${review.status}`)}</span>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
