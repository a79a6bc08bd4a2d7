import { data, Form, Link } from 'react-router';
import type { Route } from './+types/gift-card';
import { AdminNotice, AdminPageHeader } from '#app/components/admin/admin-ui.tsx';
import { OrderHistoryTable } from '#app/components/admin/order-history-table.tsx';
import { CsrfField } from '#app/components/forms/form-fields.tsx';
import { servicesContext } from '#app/context.ts';
import { orUnavailable } from '#app/db/with-database.server.ts';
import { idOf, intentOf } from '#app/modules/admin/admin-forms.server.ts';
import { adminPath } from '#app/modules/admin/admin-paths.ts';
import { can } from '#app/modules/admin/permissions.ts';
import { requireStaff } from '#app/modules/admin/require-staff.server.ts';
import { formatMoney } from '#app/modules/currency/money.ts';
import { useI18n } from '#app/modules/i18n/i18n.tsx';
import { giftCardHistory, setGiftCardDisabled } from '#app/modules/promotions/promotions-admin.server.ts';

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const me = await requireStaff(request, context, 'giftcards.read');
  const { db } = context.get(servicesContext);
  const history = await orUnavailable(() => giftCardHistory(db, idOf(params.giftCardId)));
  if (!history) throw data(null, { status: 404 });
  return { ...history, canWrite: can(me.role, 'giftcards.write') };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const me = await requireStaff(request, context, 'giftcards.write');
  const { db } = context.get(servicesContext);
  const intent = intentOf(await request.formData(), ['disable', 'enable'] as const);
  if (!(await orUnavailable(() => setGiftCardDisabled(db, me.id, idOf(params.giftCardId), intent === 'disable')))) throw data(null, { status: 404 });
  return { message: intent === 'disable' ? 'admin.giftCards.disabledNow' : 'admin.giftCards.enabledNow' };
}

export default function GiftCardPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const { card, uses, canWrite } = loaderData;
  const euros = (cents: number) => formatMoney(cents, 'EUR', locale);
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
  return (
    <>
      <AdminPageHeader title={card.code}>
        {canWrite && (
          <Form method="post">
            <CsrfField />
            <button
              type="submit"
              name="intent"
              value={card.disabledAt ? 'enable' : 'disable'}
              className={`button admin-button${card.disabledAt ? '' : ' button--danger'}`}
            >
              {t(card.disabledAt ? 'admin.giftCards.enable' : 'admin.giftCards.disable')}
            </button>
          </Form>
        )}
      </AdminPageHeader>
      <p>
        <Link to={adminPath('gift-cards')}>{t('admin.giftCards.back')}</Link>
      </p>
      {actionData && <AdminNotice>{t(actionData.message)}</AdminNotice>}
      <section className="admin-panel" aria-labelledby="card-heading">
        <h2 id="card-heading">{t('admin.giftCards.details')}</h2>
        <dl className="admin-facts">
          <dt>{t('admin.giftCards.balance')}</dt>
          <dd>
            <strong>{euros(card.balanceCents)}</strong> / {euros(card.initialCents)}
          </dd>
          <dt>{t('admin.giftCards.issuedOn')}</dt>
          <dd>{date.format(new Date(card.createdAt))}</dd>
          <dt>{t('admin.giftCards.expiresAt')}</dt>
          <dd>{card.expiresAt ? date.format(new Date(card.expiresAt)) : t('admin.giftCards.never')}</dd>
          <dt>{t('admin.giftCards.recipient')}</dt>
          <dd>{card.recipientEmail ?? '—'}</dd>
          <dt>{t('admin.giftCards.state')}</dt>
          <dd>{card.disabledAt ? t('admin.giftCards.disabled') : t('admin.giftCards.active')}</dd>
        </dl>
      </section>
      <section className="admin-panel" aria-labelledby="uses-heading">
        <h2 id="uses-heading">{t('admin.giftCards.history')}</h2>
        {uses.length === 0 ? (
          <p>{t('admin.giftCards.unused')}</p>
        ) : (
          <OrderHistoryTable
            labelledBy="uses-heading"
            amountHeading={t('admin.giftCards.paid')}
            rows={uses.map((use) => ({ ...use, amount: euros(use.amountCents) }))}
          />
        )}
      </section>
    </>
  );
}
